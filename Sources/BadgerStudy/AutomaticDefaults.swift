import BadgerDeck
import BadgerMemory
import Foundation

/// A new collection adapts to its learner: a command that records reviews in a collection whose
/// logs hold none writes, just before its first review, `auto` into `badger.yml` (created if
/// need be) for each of `desired_retention`, `learning_steps` and `relearning_steps` it does not
/// set (`CollectionConfig.addingAutomaticDefaults`), below every line it has. Until the first fit
/// `auto` schedules exactly as the fixed defaults do (py-fsrs's 0.9, steps 1m 10m and 10m, whole
/// days), so nothing changes before there are reviews to adapt to; a collection that holds
/// reviews already keeps the settings it has.
public struct AutomaticDefaults: Sendable {
    /// The collection root.
    public let root: String
    /// The file written: badger.yml, or the file in the collection it links to.
    public let path: String
    /// Its text with the automatic settings.
    public let text: String
    /// Its text when they were planned (nil: there was none).
    let original: String?
    /// The collection's settings with them (and the macros it had).
    public let config: CollectionConfig

    /// What the collection at `root`, whose logs hold no review and whose settings are `config`,
    /// would write; nil when there is nothing to add (every key set, or not FSRS).
    ///
    /// - Throws: `AutomaticDefaults.Refusal` saying why they cannot be written: a badger.yml
    ///   that is a folder, a link out of the collection or to nothing, or a form they cannot be
    ///   added to; or, without a badger.yml, a collection of its own in a folder below that a
    ///   new badger.yml would make part of this one.
    public static func planned(root: String, config: CollectionConfig, loader: CollectionLoader) throws -> AutomaticDefaults? {
        let path = (root == "/" ? "" : root) + "/" + CollectionConfig.fileName
        let text: String?
        let target: String
        do {
            target = try AtomicFile.target(ofCollectionFile: path, within: root)
            text = FileManager.default.contents(atPath: target).map { String(decoding: $0, as: UTF8.self) }
        } catch {
            throw Refusal(reason: "\(error)")
        }
        let added: String?
        do {
            added = try CollectionConfig.addingAutomaticDefaults(to: text, path: path)
        } catch {
            throw Refusal(reason: "\(error)")
        }
        guard let added else { return nil }
        if text == nil, let joined = (try? loader.rootsJoined(byAConfigAt: root))?.first {
            throw Refusal(
                reason:
                    "a badger.yml in \(root) would make the collection in \(joined) part of it (write one yourself if that is what you want)"
            )
        }
        var adopted = try CollectionConfig(yaml: added, path: path)
        adopted.macros = config.macros
        return AutomaticDefaults(root: root, path: target, text: added, original: text, config: adopted)
    }

    /// Writes badger.yml (atomically). A file changed since they were planned (edited while a
    /// session was open, a `git pull`) gets them added to what it holds now, if it still lacks
    /// them; nothing of it is lost.
    public func write() throws {
        let current = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        guard current != original else { return try AtomicFile.write(text, to: path) }
        let added: String?
        do {
            added = try CollectionConfig.addingAutomaticDefaults(to: current, path: path)
        } catch {
            throw Refusal(reason: "\(error)")
        }
        if let added { try AtomicFile.write(added, to: path) }
    }

    /// Why a new collection keeps the fixed defaults.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public var reason: String
        public var description: String { reason }
    }
}
