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
        let hint = suggestion.map { "did you mean `\($0)`?" } ?? "`\(parent) help` lists its commands"
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
            guard !configuration.subcommands.isEmpty, configuration.defaultSubcommand == nil || arguments.first == "help" else {
                return nil
            }
            if let next = configuration.subcommands.first(where: { $0._commandName == word || $0.configuration.aliases.contains(word) }) {
                command = next
                path.append(word)
                continue
            }
            if word == "help" { return nil }
            var names: [String] = []
            for subcommand in configuration.subcommands where subcommand.configuration.shouldDisplay {
                names.append(subcommand._commandName)
            }
            return UnknownCommand(
                word: word, parent: path.joined(separator: " "), suggestion: DidYouMean.suggestion(for: word, among: names), known: names)
        }
        return nil
    }
}
