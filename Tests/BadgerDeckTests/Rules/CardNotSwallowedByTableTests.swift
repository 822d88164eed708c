import Testing

@testable import BadgerDeck

@Suite struct CardNotSwallowedByTableTests {
    static let rule = "CardNotSwallowedByTable"

    @Test func labelLinesGluedUnderATableAreWarnedAbout() throws {
        let found = try assertFindings(
            """
            ---
            topic: Units
            ---
            | unit | symbol |
            |------|--------|
            | metre | m |
            1️⃣Q: What is the symbol of the second?
            2️⃣A: s
            """, ["1️⃣": Self.rule, "2️⃣": Self.rule], rule: Self.rule)
        for diagnostic in found { #expect(diagnostic.message.contains("add a blank line after the table")) }
    }

    @Test func severityIsWarning() throws {
        let found = diagnostics(try lint(deck("| a |\n|---|\n| 1 |\nQ: x\n")), of: Self.rule)
        expectSeverity(found, .warning, rule: Self.rule)
    }

    @Test func blankLineAfterTheTableHasNoFinding() throws {
        try assertNoFinding(
            of: Self.rule,
            in: deck(
                """
                Q: Which unit is m?
                A:

                | unit | symbol |
                |------|--------|
                | metre | m |

                Q: Which unit is s?
                A: second
                """))
    }

    @Test func labelInsideATableCellIsText() throws {
        try assertNoFinding(
            of: Self.rule,
            in: deck(
                """
                Q: Read the table.
                A:

                | field | meaning |
                |-------|---------|
                | Q: x | a question |

                Q: Next?
                A: yes
                """))
    }

    @Test func indentedLabelLineIsReportedAtTheLabel() throws {
        try assertFindings(deck("| a | b |\n|---|---|\n  1️⃣Q: glued?\n"), ["1️⃣": Self.rule], rule: Self.rule)
    }
}
