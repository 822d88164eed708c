import Foundation

extension CollectionConfig {
    /// The settings a new collection has `auto` for unless its badger.yml sets them: a
    /// collection starts adapting to its learner (see `AutomaticDefaults` in BadgerStudy for when).
    public static let automaticDefaultKeys = ["desired_retention", "learning_steps", "relearning_steps"]

    /// The comment line written above them.
    static let automaticDefaultsComment =
        "# Chosen at each fit, the default for a new collection (write a value of your own to choose it yourself):"

    /// The text of `badger.yml` (`text`, nil when there is none) with `key: auto` added for each
    /// of `automaticDefaultKeys` it does not set, below its last line (every line of it kept as
    /// it is, in its line endings); nil when there is nothing to add: every key is set, the
    /// scheduler is not FSRS, or the file holds `fsrs_parameters`.
    ///
    /// - Throws: `CollectionError.badConfig` when `text` is not a valid config, or would not be
    ///   one with the keys added (a flow mapping, a `...` document end).
    public static func addingAutomaticDefaults(to text: String?, path: String) throws -> String? {
        let config = try text.map { try CollectionConfig(yaml: $0, path: path) } ?? CollectionConfig()
        // Parameters of your own (pasted from Anki, say) keep the settings they were given with.
        guard config.scheduler == "fsrs", config.fsrsParameters == nil else { return nil }
        let missing = automaticDefaultKeys.filter { !config.writtenKeys.contains($0) }
        guard !missing.isEmpty else { return nil }
        var result = text ?? ""
        let ending = result.contains("\r\n") ? "\r\n" : "\n"
        // (Bytes: in Swift "\r\n" is one character, which `hasSuffix("\n")` does not match.)
        if let last = result.utf8.last, last != UInt8(ascii: "\n") { result += ending }
        result += ([automaticDefaultsComment] + missing.map { "\($0): auto" }).map { $0 + ending }.joined()
        let cannot = CollectionError.badConfig(
            path: path, problem: "badger cannot add its automatic settings to it as plain `key: value` lines (a flow mapping, `...`?)")
        guard let added = try? CollectionConfig(yaml: result, path: path) else { throw cannot }
        guard missing.allSatisfy(added.writtenKeys.contains), added.adaptiveRetention || !missing.contains("desired_retention") else {
            throw cannot
        }
        return result
    }
}
