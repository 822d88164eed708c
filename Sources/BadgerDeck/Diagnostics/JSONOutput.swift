import Foundation

/// How badger writes every JSON document: pretty-printed, keys sorted (so output is stable and
/// diffs well), slashes unescaped, ending with a newline.
public enum JSONOutput {
    /// `value` as badger's JSON text.
    public static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
