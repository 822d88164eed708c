import BadgerDeck
import BadgerMemory
import Foundation

/// A new collection adapts to its learner: a command that records reviews in a collection whose
/// logs hold none schedules with `auto` for each of `desired_retention`, `learning_steps` and
/// `relearning_steps` its `badger.yml` does not set, and writes them there (creating the file if
/// need be) just before its first review, below every line it has
/// (`CollectionConfig.addingAutomaticDefaults`). Until the first fit `auto` schedules as the
/// fixed defaults do (py-fsrs's 0.9, or the nearest retention bound; steps 1m 10m and 10m; whole
/// days), so nothing changes before there are reviews to adapt to; a collection that holds
/// reviews already keeps the settings it has.
public struct AutomaticDefaults: Sendable {
    /// The collection root.
    public let root: String
    /// The collection's settings with them (and the macros it had).
    public let config: CollectionConfig
    let fileAccess: any FileAccess

    /// What the collection at `root`, whose logs hold no review and whose settings are `config`,
    /// would write; nil when there is nothing to add (every key set, not FSRS, parameters of
    /// your own).
    ///
    /// - Throws: `AutomaticDefaults.Refusal` saying why they cannot be written: a badger.yml
    ///   that is a folder, a link out of the collection or to nothing, unreadable, or in a form
    ///   they cannot be added to; or, without a badger.yml, a collection of its own in a folder
    ///   below that a new badger.yml would make part of this one.
    public static func planned(
        root: String, config: CollectionConfig, loader: CollectionLoader, fileAccess: any FileAccess
    ) throws -> AutomaticDefaults? {
        let path = CollectionConfig.path(inRoot: root)
        do {
            let target = try AtomicFile.target(ofCollectionFile: path, within: root)
            let text = try read(target, fileAccess: fileAccess)
            guard let added = try CollectionConfig.addingAutomaticDefaults(to: text, path: path) else { return nil }
            // Only a file that would change must be writable (a read-only one that sets them all is fine).
            try AtomicFile.requireWritable(target)
            if text == nil, let joined = (try? loader.rootsJoined(byAConfigAt: root))?.first {
                throw Refusal(
                    reason:
                        "a badger.yml in \(root) would make the collection in \(joined) part of it (write one yourself if that is what you want)"
                )
            }
            var adopted = try CollectionConfig(yaml: added, path: path)
            adopted.macros = config.macros
            return AutomaticDefaults(root: root, config: adopted, fileAccess: fileAccess)
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw Refusal(reason: "\(error)")
        }
    }

    /// Writes badger.yml (atomically), adding them to what it holds now: a file changed since
    /// they were planned (edited while a session was open, a `git pull`, made a link) keeps every
    /// change, and gets them only if it still lacks them.
    ///
    /// - Throws: `Refusal` for a file that can no longer be read or take them; a failed write.
    public func write() throws {
        let target: String
        let added: String?
        do {
            target = try AtomicFile.target(ofCollectionFile: CollectionConfig.path(inRoot: root), within: root)
            added = try CollectionConfig.addingAutomaticDefaults(to: Self.read(target, fileAccess: fileAccess), path: target)
            if added != nil { try AtomicFile.requireWritable(target) }
        } catch {
            throw Refusal(reason: "\(error)")
        }
        if let added { try AtomicFile.write(added, to: target) }
    }

    /// The text of `path`, nil when there is no such file.
    ///
    /// - Throws: `CollectionError.unreadable` for a file that is there but cannot be read, and
    ///   `.badConfig` for one that is not UTF-8 (rewriting it would change its bytes).
    private static func read(_ path: String, fileAccess: any FileAccess) throws -> String? {
        guard fileAccess.kind(atPath: path) != nil else { return nil }
        guard let bytes = try? fileAccess.contents(atPath: path) else { throw CollectionError.unreadable(path: path) }
        return try CollectionConfig.text(bytes, path: path)
    }

    /// Why a new collection keeps the fixed defaults.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public var reason: String
        public var description: String { reason }
    }
}
