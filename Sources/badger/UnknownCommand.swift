import ArgumentParser
import BadgerDeck

/// A command line naming a subcommand that does not exist (`badger stduy`, `badger help nosuch`),
/// found before ArgumentParser parses it, so the message names the word and suggests the closest
/// command, and the exit status is 2.
struct UnknownCommand: Error, CustomStringConvertible {
    /// The unknown word, as typed.
    var word: String
    /// The command it was given to (`badger`, `badger state`).
    var parent: String
    /// The closest command name, when close enough to be a typo.
    var suggestion: String?
    /// The names `parent` knows, for the message when nothing is close.
    var known: [String]

    var description: String {
        // `badger help state`: ArgumentParser has no `badger state help`.
        let helpCommand = (["badger", "help"] + parent.split(separator: " ").dropFirst().map(String.init)).joined(separator: " ")
        if known.isEmpty {
            return "badger: error: `\(parent)` has no command `\(UntrustedText.sanitized(word))`; `\(helpCommand)` shows its help"
        }
        let hint = suggestion.map { "did you mean `\($0)`?" } ?? "`\(helpCommand)` lists its commands"
        return "badger: error: unknown command `\(UntrustedText.sanitized(word))` for `\(parent)`; \(hint)"
    }

    /// The unknown command in `arguments` (without the program name), if any.
    ///
    /// `help` is followed through the command path it names; otherwise each word in command
    /// position is checked, through nested commands, until an option or a command without
    /// subcommands. A command with a default subcommand takes other words as its arguments.
    static func find(in arguments: [String], root: ParsableCommand.Type) -> UnknownCommand? {
        var words = arguments[...]
        if words.first == "help" { words = words.dropFirst() }
        var command = root
        var path = [root._commandName]
        for word in words {
            if word.hasPrefix("-") { return nil }
            let configuration = command.configuration
            if configuration.subcommands.isEmpty, arguments.first == "help" {
                // `badger help study nosuch`: help takes a command path and nothing else.
                return UnknownCommand(word: word, parent: path.joined(separator: " "), suggestion: nil, known: [])
            }
            guard !configuration.subcommands.isEmpty, configuration.defaultSubcommand == nil || arguments.first == "help" else {
                return nil
            }
            if let next = configuration.subcommands.first(where: { $0._commandName == word || $0.configuration.aliases.contains(word) }) {
                command = next
                path.append(word)
                continue
            }
            if word == "help" { return nil }  // `badger state help`: see `helpPath(in:)`.
            var names: [String] = []
            for subcommand in configuration.subcommands where subcommand.configuration.shouldDisplay {
                names.append(subcommand._commandName)
            }
            return UnknownCommand(
                word: word, parent: path.joined(separator: " "), suggestion: DidYouMean.suggestion(for: word, among: names), known: names)
        }
        return nil
    }

    /// The command path of `badger PATH… help` (`badger state help`), which users type and
    /// ArgumentParser does not know, to show as `badger help PATH…`; nil otherwise.
    static func helpPath(in arguments: [String], root: ParsableCommand.Type) -> [String]? {
        guard arguments.count >= 2, arguments.last == "help", arguments.first != "help" else { return nil }
        var command = root
        for word in arguments.dropLast() {
            guard let next = command.configuration.subcommands.first(where: { $0._commandName == word }) else { return nil }
            command = next
        }
        return command.configuration.subcommands.isEmpty ? nil : Array(arguments.dropLast())
    }
}
