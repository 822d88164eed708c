/// The user macros of the collections some decks belong to: the command names each defines,
/// for the LaTeX check of the decks, and the `LaTeXCommandKnown` findings in the expansions,
/// reported at the line of `badger.yml` or `macros.tex` that defines the macro.
struct MacroCheck {
    /// The command names (without backslash) each collection root's macros define.
    private(set) var names: [String: Set<String>] = [:]
    private(set) var diagnostics: [Diagnostic] = []

    init() {}

    /// Reads the config of every collection `files` belong to.
    ///
    /// - Throws: `CollectionError` for a config file or `macros.tex` with a mistake.
    init(files: [DeckFile], fileAccess: any FileAccess) throws {
        let loader = CollectionLoader(fileAccess: fileAccess)
        var seen: Set<String> = []
        for file in files where seen.insert(file.collectionRoot).inserted {
            let macros = try loader.configuration(forRoot: file.collectionRoot).macros
            guard !macros.isEmpty else { continue }
            let known = macros.commandNames
            names[file.collectionRoot] = known
            for (name, definition) in macros.definitions.sorted(by: { $0.key < $1.key }) {
                let shown = Self.displayPath(definition.path, besides: file)
                for problem in LaTeXScanner.problems(in: definition.expansion, macros: known) {
                    let message: String
                    switch problem {
                    case .unknownCommand(let command):
                        message = LaTeXCommandKnown.unknownCommand(
                            command, DidYouMean.suggestion(for: command, among: LaTeXCommands.known.union(known)))
                    case .unknownEnvironment(let environment) where !environment.contains("#"):  // \begin{#1} names an argument
                        message = LaTeXCommandKnown.unknownEnvironment(
                            environment, DidYouMean.suggestion(for: environment, among: LaTeXCommands.environments))
                    default: continue
                    }
                    let rule = LaTeXCommandKnown.description
                    diagnostics.append(
                        Diagnostic(
                            severity: rule.severity, ruleID: rule.id, message: LaTeXCommandKnown.inMacro(name, message), file: shown,
                            range: SourceRange(line: definition.line, column: 1, length: 1)))
                }
            }
        }
    }

    /// `path` (absolute) as the user would name it: relative the way `deck`'s display path is,
    /// when that path ends with the deck's path inside its collection.
    static func displayPath(_ path: String, besides deck: DeckFile) -> String {
        let root = deck.collectionRoot.hasSuffix("/") ? deck.collectionRoot : deck.collectionRoot + "/"
        guard path.hasPrefix(root), deck.displayPath.hasSuffix(deck.relativePath), !deck.displayPath.hasPrefix("/") else { return path }
        return String(deck.displayPath.dropLast(deck.relativePath.count)) + path.dropFirst(root.count)
    }
}
