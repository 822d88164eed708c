import BadgerTestSupport
import Foundation
import Testing

@testable import BadgerLanguageServer

/// The collection's LaTeX macros in the editor: known to the diagnostics, expanded in hovers.
@Suite struct MacroFeatureTests {
    static let deck = """
        ---
        topic: Sets
        ---

        Q: Is $\\sq{x} \\in \\R$?
        A: $\\foo$

        """

    @Test func macrosAreKnownAndExpandedInTheHover() throws {
        let session = try ServerSession(files: [
            "badger.yml": "macros:\n  R: \\mathbb{R}\n", "macros.tex": "\\newcommand{\\sq}[1]{{#1}^2}\n", "sets.md": Self.deck,
        ])
        session.open("sets.md")
        let messages = (session.diagnostics("sets.md") ?? []).compactMap { $0["message"] as? String }
        #expect(messages == ["unknown LaTeX command `\\foo`"], "\(messages)")
        let hover = session.request("textDocument/hover", session.at("sets.md", 4, 4))
        let value = ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        #expect(value.contains("Is x² ∈ ℝ?"), "\(value)")
    }

    @Test func aChangedMacrosFileIsReadAgain() throws {
        let session = try ServerSession(files: ["badger.yml": "", "sets.md": Self.deck], watchingFiles: true)
        session.open("sets.md")
        #expect(session.codes("sets.md") == ["4:LaTeXCommandKnown", "5:LaTeXCommandKnown"])
        try session.directory.write("macros.tex", "\\newcommand{\\sq}[1]{{#1}^2}\n\\newcommand{\\R}{\\mathbb{R}}\n")
        session.fileChanged("macros.tex", type: 1)
        #expect(session.codes("sets.md") == ["5:LaTeXCommandKnown"])
    }
}
