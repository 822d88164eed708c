import Testing

@testable import BadgerDeck

@Suite struct UntrustedTextTests {
    @Test(arguments: [
        ("\u{1B}", #"\u{1B}"#),
        ("\u{1B}[31mred\u{1B}[0m", #"\u{1B}[31mred\u{1B}[0m"#),
        ("\u{1B}[2J\u{1B}[H", #"\u{1B}[2J\u{1B}[H"#),
        ("\u{1B}]0;pwned\u{07}", #"\u{1B}]0;pwned\u{7}"#),
        ("\u{1B}]8;;https://x.y\u{1B}\\link", #"\u{1B}]8;;https://x.y\u{1B}\link"#),
        ("a\u{9B}31mb", #"a\u{9B}31mb"#),
        ("a\u{85}b", #"a\u{85}b"#),
        ("del\u{7F}", #"del\u{7F}"#),
        ("nul\u{0}", #"nul\u{0}"#),
        ("bell\u{07}", #"bell\u{7}"#),
        ("back\u{08}space", #"back\u{8}space"#),
        ("cr\rline", #"cr\u{D}line"#),
        ("abc\u{202E}cba", #"abc\u{202E}cba"#),
        ("x\u{2066}y\u{2069}", #"x\u{2066}y\u{2069}"#),
        ("\u{202A}\u{202B}\u{202C}\u{202D}", #"\u{202A}\u{202B}\u{202C}\u{202D}"#),
        ("\u{200E}\u{200F}\u{061C}", #"\u{200E}\u{200F}\u{61C}"#),
    ])
    func controlCharactersAreShownAsEscapes(input: String, expected: String) {
        #expect(UntrustedText.sanitized(input) == expected)
        #expect(UntrustedText.sanitized(input, keepNewlines: true) == expected)
    }

    @Test func escapedOutputContainsNoControlCharacters() {
        let hostile = "\u{1B}[31m\u{9B}\u{7F}\u{202E}\u{2067}title\u{1B}]2;x\u{07}"
        let safe = UntrustedText.sanitized(hostile)
        #expect(safe.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) })
        #expect(!safe.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
    }

    @Test func tabIsKept() {
        #expect(UntrustedText.sanitized("a\tb") == "a\tb")
        #expect(UntrustedText.sanitized("a\tb", keepNewlines: true) == "a\tb")
    }

    @Test func newlineIsEscapedByDefault() {
        #expect(UntrustedText.sanitized("one\ntwo") == #"one\u{A}two"#)
    }

    @Test func newlineIsKeptWhenAsked() {
        #expect(UntrustedText.sanitized("one\ntwo", keepNewlines: true) == "one\ntwo")
        #expect(UntrustedText.sanitized("one\n\u{1B}[1mtwo", keepNewlines: true) == "one\n\\u{1B}[1mtwo")
    }

    @Test(arguments: [
        "",
        "plain text",
        "Q: What is $x^2$? {braces} [brackets] \\ backslash",
        "café résumé é",
        "日本語のテキスト",
        "emoji 🦡🎓👩‍👩‍👧 flags 🇫🇷",
        "Arabic مرحبا and Hebrew שלום",
        "zero\u{200B}width joiner\u{200D}",
        "\u{A0}nbsp and \u{2028}",
    ])
    func ordinaryTextIsUnchanged(text: String) {
        #expect(UntrustedText.sanitized(text) == text)
        #expect(UntrustedText.sanitized(text, keepNewlines: true) == text)
    }

    @Test func combiningMarksNextToEscapesSurvive() {
        // A combining accent after an escaped control stays attached to the visible text.
        #expect(UntrustedText.sanitized("e\u{301}\u{1B}") == "e\u{301}\\u{1B}")
    }
}
