import BadgerDeck
import BadgerMemory
import Foundation

/// FSRS-6 parameters given on the command line: a JSON array of 21 numbers, or a file holding one.
enum ParameterArgument {
    /// The parameters in `argument` (inline JSON when it starts with `[`, unless a file has that
    /// name, else a file path), checked against FSRS-6's bounds; problems end the command with
    /// status 2, naming the file.
    static func parse(_ argument: String) throws -> [Double] {
        let inline = InputFile.inlineJSON(argument)
        if let inline, inline.hasPrefix("{") {
            return try fail(
                "--params takes a JSON array of 21 numbers; this is an object (a settings object, as `badger optimize --settings` prints, goes to --settings)"
            )
        }
        let source = inline != nil ? "--params" : "--params \(UntrustedText.sanitized(argument))"
        let text: String
        if let inline {
            text = inline
        } else {
            switch InputFile.contents(of: argument) {
            case .success(let data): text = String(decoding: data, as: UTF8.self)
            case .failure(let failure): return try fail("\(source): \(failure.reason) (give a file or a JSON array)")
            }
        }
        let parameters: [Double]
        do {
            parameters = try DecodingProblem.decode([Double].self, from: Data(text.utf8))
        } catch {
            if text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("{") {
                return try fail(
                    "\(source): not a JSON array of 21 numbers such as [0.212, 1.2931, …] (the file holds an object: a settings object, as `badger optimize --settings` prints, goes to --settings)"
                )
            }
            // Where the text stops being JSON, or which number is not one (`[20]` null).
            let words = DecodingProblem.words(error, in: Data(text.utf8), expecting: .list, form: "[0.212, 1.2931, …] (21 numbers)")
            return try fail("\(source): \(UntrustedText.sanitized(words))")
        }
        if let index = parameters.firstIndex(where: { !$0.isFinite }) {
            return try fail("\(source): w[\(index)] is not a finite number")
        }
        do {
            _ = try FSRS6(parameters: parameters)
        } catch {
            return try fail("\(source): \(error)")
        }
        return parameters
    }

    private static func fail(_ message: String) throws -> [Double] {
        Terminal.standardError.write("badger: error: \(message)\n")
        throw ExitStatus.usageOrIO.code
    }
}
