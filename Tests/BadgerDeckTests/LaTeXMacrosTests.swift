import Testing

@testable import BadgerDeck

/// User LaTeX macros: `macros:` in badger.yml, `macros.tex` beside it, and what lint makes of them.
@Suite struct LaTeXMacrosTests {
    private func problem(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as CollectionError {
            return error.description
        } catch {
            return "\(error)"
        }
    }

    // MARK: - badger.yml

    @Test func configMacrosAreReadWithOrWithoutTheBackslash() throws {
        let config = try CollectionConfig(
            yaml: #"""
                fuzz: true
                macros:
                  \R: \mathbb{R}
                  norm: '\lVert #1\rVert'
                  "\\ket": \left|#1\right\rangle  # a comment
                """#, path: "/c/badger.yml")
        #expect(config.macros.expansions == [#"\R"#: #"\mathbb{R}"#, #"\norm"#: #"\lVert #1\rVert"#, #"\ket"#: #"\left|#1\right\rangle"#])
        #expect(config.macros.definitions[#"\norm"#]?.line == 4)
        #expect(config.macros.definitions[#"\norm"#]?.path == "/c/badger.yml")
        #expect(config.macros.commandNames == ["R", "norm", "ket"])
    }

    @Test func unquotedArgumentThatYAMLWouldTakeForACommentIsAnError() {
        #expect(
            problem {
                _ = try CollectionConfig(yaml: "macros:\n  norm: \\lVert #1\\rVert\n", path: "badger.yml")
            } == "badger.yml: line 2: `macros`: quote the expansion of `\\norm` ('…'): YAML reads ` #1` as the start of a comment")
    }

    @Test func emptyMacrosAreNone() throws {
        #expect(try CollectionConfig(yaml: "macros:\n", path: "badger.yml").macros.isEmpty)
    }

    @Test func macrosThatAreNotAMappingAreAnErrorAtTheirLine() {
        #expect(
            problem { _ = try CollectionConfig(yaml: "fuzz: true\nmacros: [R]\n", path: "badger.yml") }
                == #"badger.yml: line 2: `macros` must be a mapping of macro names to expansions, such as `\R: \mathbb{R}`"#)
    }

    @Test func badMacroNameIsAnErrorAtItsLine() {
        #expect(
            problem { _ = try CollectionConfig(yaml: "macros:\n  \\R: x\n  not a name: y\n", path: "badger.yml") }
                == #"badger.yml: line 3: `macros`: "not a name" is not a command name such as `\R: \mathbb{R}`"#)
    }

    @Test func expansionThatIsNotTextIsAnErrorAtItsLine() {
        #expect(
            problem { _ = try CollectionConfig(yaml: "macros:\n  \\R:\n    - x\n", path: "badger.yml") }
                == #"badger.yml: line 2: `macros`: the expansion of `\R` must be a string, such as `\R: \mathbb{R}`"#)
    }

    @Test func nameDefinedTwiceIsAnError() {
        #expect(
            problem { _ = try CollectionConfig(yaml: "macros:\n  \\R: x\n  R: y\n", path: "badger.yml") }
                == #"badger.yml: line 3: `macros`: `\R` is defined twice"#)
    }

    // MARK: - macros.tex

    @Test func texFileDefinitionsAreRead() throws {
        let macros = try LaTeXMacros(
            tex: #"""
                % Number sets
                \newcommand{\R}{\mathbb{R}}
                \newcommand\N{\mathbb{N}}   % no braces around the name
                \renewcommand*{\norm}[1]{\lVert #1
                  \rVert}
                \def\abs#1{\lvert #1\rvert}
                \providecommand{\inner}[2]{\langle #1, #2 \rangle}
                \newcommand{\set}[1]{\{ #1 \}}
                """#, path: "/c/macros.tex")
        #expect(
            macros.expansions == [
                #"\R"#: #"\mathbb{R}"#, #"\N"#: #"\mathbb{N}"#, #"\norm"#: "\\lVert #1\n  \\rVert", #"\abs"#: #"\lvert #1\rvert"#,
                #"\inner"#: #"\langle #1, #2 \rangle"#, #"\set"#: #"\{ #1 \}"#,
            ])
        #expect(macros.definitions[#"\norm"#]?.line == 4)
        #expect(macros.definitions[#"\abs"#]?.line == 6)
    }

    @Test(arguments: [
        (
            "\\newcommand{\\R}{\\mathbb{R}}\nR = reals\n",
            "line 2: expected a definition such as \\newcommand{\\R}{\\mathbb{R}}, found `R = reals`"
        ),
        ("\n\\DeclareMathOperator{\\tr}{tr}\n", "line 2: expected \\newcommand, \\renewcommand or \\def, found `\\DeclareMathOperator`"),
        ("\\newcommand{\\norm}[1]{\\lVert #2\\rVert}\n", "line 1: `\\norm` uses #2 but takes 1 argument"),
        ("\\newcommand{\\R}\n", "line 1: `\\R`: the definition must follow in braces, as in {\\mathbb{R}}"),
        ("%\n%\n\\newcommand{\\R}{\\mathbb{R}\n", "line 3: `\\R`: the definition's opening brace is never closed"),
        ("\\newcommand{\\norm}[x]{#1}\n", "line 1: `\\norm`: the number of arguments must be 0 to 9, as in [1]"),
        (
            "\\newcommand{\\opt}[1][0]{#1}\n",
            "line 1: `\\opt`: a default for an optional argument is not supported (KaTeX's macros have none)"
        ),
    ])
    func texFileMistakeIsAnErrorWithFileAndLine(tex: String, expected: String) {
        #expect(problem { _ = try LaTeXMacros(tex: tex, path: "/c/macros.tex") } == "/c/macros.tex: " + expected)
    }

    @Test func configWinsOverTheTexFileAndBothAreRead() throws {
        let fs = InMemoryFileSystem()
        fs.write("/c/badger.yml", "macros:\n  \\R: \\mathbf{R}\n")
        fs.write("/c/macros.tex", "\\newcommand{\\R}{\\mathbb{R}}\n\\newcommand{\\N}{\\mathbb{N}}\n")
        let config = try CollectionLoader(fileAccess: fs).configuration(forRoot: "/c")
        #expect(config.macros.expansions == [#"\R"#: #"\mathbf{R}"#, #"\N"#: #"\mathbb{N}"#])
        #expect(config.macros.definitions[#"\R"#]?.path == "/c/badger.yml")
        #expect(config.macros.definitions[#"\N"#]?.path == "/c/macros.tex")
    }

    @Test func texFileMistakeStopsLoadingTheCollection() {
        let fs = InMemoryFileSystem()
        fs.write("/c/badger.yml", "fuzz: true\n")
        fs.write("/c/macros.tex", "\\newcommand{\\R}{\\mathbb{R}}\noops\n")
        #expect(
            problem { _ = try CollectionLoader(fileAccess: fs).configuration(forRoot: "/c") }
                == "/c/macros.tex: line 2: expected a definition such as \\newcommand{\\R}{\\mathbb{R}}, found `oops`")
    }

    // MARK: - Lint

    @Test func macroUseIsNotFlagged() throws {
        let found = try lint(
            deck(#"Q: Is $\norm{x} \in \R$ and $\N \subset \R$?\#nA: $\abs{-1} = 1$\#n"#),
            extraFiles: [
                "badger.yml": Array("macros:\n  R: \\mathbb{R}\n  \\norm: '\\lVert #1\\rVert'\n".utf8),
                "macros.tex": Array("\\newcommand{\\N}{\\mathbb{N}}\n\\def\\abs#1{\\lvert #1\\rvert}\n".utf8),
            ])
        #expect(found.isEmpty, "\(describe(found))")
    }

    @Test func macroIsUnknownWithoutTheConfig() throws {
        let found = try lint(deck(#"Q: Is $\norm{x}$ positive?\#nA: yes\#n"#))
        #expect(diagnostics(found, of: "LaTeXCommandKnown").map(\.message) == ["unknown LaTeX command `\\norm`"])
    }

    @Test func aTypoOfAMacroGetsTheMacroSuggested() throws {
        let found = try lint(
            deck(#"Q: Is $\nrom{x}$ positive?\#nA: yes\#n"#),
            extraFiles: ["macros.tex": Array("\\newcommand{\\norm}[1]{\\lVert #1\\rVert}\n".utf8), "badger.yml": []])
        #expect(
            diagnostics(found, of: "LaTeXCommandKnown").map(\.message) == ["unknown LaTeX command `\\nrom`; did you mean `\\norm`?"],
            "\(describe(found))")
    }

    @Test func unknownCommandInAMacroIsReportedAtItsDefinition() throws {
        let found = try lint(
            deck("Q: Is $\\R$ a set?\nA: yes\n"),
            extraFiles: [
                "badger.yml": Array("fuzz: true\nmacros:\n  R: \\mathbbb{R}\n  ok: \\R \\times \\R\n  env: \\begin{#1} x \\end{#1}\n".utf8),
                "macros.tex": Array("%\n\\newcommand{\\norm}[1]{\\lVrt #1\\rVert}\n".utf8),
            ])
        let reported = diagnostics(found, of: "LaTeXCommandKnown")
        #expect(
            reported.map { "\($0.file):\($0.range.start.line): \($0.message)" } == [
                "badger.yml:3: in the macro `\\R`: unknown LaTeX command `\\mathbbb`; did you mean `\\mathbb`?",
                "macros.tex:2: in the macro `\\norm`: unknown LaTeX command `\\lVrt`; did you mean `\\lVert`?",
            ], "\(describe(found))")
        #expect(reported.allSatisfy { $0.severity == .warning })
    }

    @Test func configPathIsShownTheWayTheDeckPathIs() {
        let deck = DeckFile(displayPath: "Decks/sets/a.md", absolutePath: "/w/Decks/sets/a.md", collectionRoot: "/w/Decks")
        #expect(MacroCheck.displayPath("/w/Decks/badger.yml", besides: deck) == "Decks/badger.yml")
        let absolute = DeckFile(displayPath: "/w/Decks/a.md", absolutePath: "/w/Decks/a.md", collectionRoot: "/w/Decks")
        #expect(MacroCheck.displayPath("/w/Decks/macros.tex", besides: absolute) == "/w/Decks/macros.tex")
    }

    @Test func randomTexFilesNeverCrashTheReader() {
        var state: UInt64 = 7
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let pieces = [#"\newcommand"#, #"\def"#, "{", "}", "[", "]", "#", "1", "9", #"\R"#, " ", "\n", "%", #"\"#, "*", "é", "x"]
        for _ in 0..<3000 {
            let tex = (0..<Int(next() % 12)).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined()
            _ = try? LaTeXMacros(tex: tex, path: "macros.tex")
        }
    }
}
