import BadgerDeck
import Testing

@Suite struct PlainTextRendererTests {
    @Test func markdownSyntaxIsRemovedAndStructureKept() {
        let markdown = """
            Used *all* day; **bonsoir** in the `evening`, and $x^2$.

            - one
            - two

            1. first
            2. second

            > quoted

            | a | bb |
            |---|----|
            | ccc | d |

            ```
            let x = 1
            ```
            """
        #expect(
            PlainTextRenderer.render(markdown: markdown) == [
                "Used all day; bonsoir in the evening, and $x^2$.", "", "• one", "• two", "", "1. first", "2. second", "",
                "│ quoted", "", "a    bb", "ccc  d", "", "    let x = 1",
            ])
    }

    @Test func imagesShowTheirDescription() {
        #expect(PlainTextRenderer.render(markdown: "![A human heart](heart.png)") == ["[image: A human heart]"])
    }
}
