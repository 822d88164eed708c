import BadgerDeck
import Testing

/// One display width for every terminal layout: CJK and emoji take two columns, combining marks
/// none.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3), ("日本語", 6), ("한국", 4), ("e\u{301}", 1), ("👍", 2), ("👩‍💻", 2), ("🇫🇷", 2), ("a\u{200B}b", 2), ("\t", 1),
    ])
    func widths(_ text: String, _ expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
    }

    @Test func clippingCountsColumnsNotCharacters() {
        #expect(DisplayWidth.clipped("日本語のテキスト", to: 7) == "日本語…")
        #expect(DisplayWidth.of(DisplayWidth.clipped("日本語のテキスト", to: 7)) <= 7)
        #expect(DisplayWidth.clipped("short", to: 10) == "short")
        #expect(DisplayWidth.padded("日本", to: 6) == "日本  ")
    }
}
