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
    /// The file written: badger.yml, or the file in the collection it links to.
    public let path: String
    /// Its text with the automatic settings.
    public let text: String
    /// The collection's settings with them (and the macros it had).
    public let config: CollectionConfig
    /// Its text when they were planned (nil: there was none).
    let original: String?
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
        let path = (root == "/" ? "" : root) + "/" + CollectionConfig.fileName
        do {
            let target = try AtomicFile.target(ofCollectionFile: path, within: root)
            let text = try read(target, fileAccess: fileAccess)
            guard let added = try CollectionConfig.addingAutomaticDefaults(to: text, path: path) else { return nil }
            if text == nil, let joined = (try? loader.rootsJoined(byAConfigAt: root))?.first {
                throw Refusal(
                    reason:
                        "a badger.yml in \(root) would make the collection in \(joined) part of it (write one yourself if that is what you want)"
                )
            }
            var adopted = try CollectionConfig(yaml: added, path: path)
            adopted.macros = config.macros
            return AutomaticDefaults(root: root, path: target, text: added, config: adopted, original: text, fileAccess: fileAccess)
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw Refusal(reason: "\(error)")
        }
    }

    /// Writes badger.yml (atomically). A file changed since they were planned (edited while a
    /// session was open, a `git pull`) gets them added to what it holds now, if it still lacks
    /// them; nothing of it is lost.
    ///
    /// - Throws: `Refusal` for a file that can no longer be read or take them; a failed write.
    public func write() throws {
        let current: String?
        let target: String
        do {
            // Where badger.yml leads now (it may have become a link out of the collection).
            target = try AtomicFile.target(ofCollectionFile: (root == "/" ? "" : root) + "/" + CollectionConfig.fileName, within: root)
            current = try Self.read(target, fileAccess: fileAccess)
        } catch {
            throw Refusal(reason: "\(error)")
        }
        guard target != path || current != original else { return try AtomicFile.write(text, to: path) }
        let added: String?
        do {
            added = try CollectionConfig.addingAutomaticDefaults(to: current, path: target)
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
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw CollectionError.badConfig(path: path, problem: "is not UTF-8 text, which badger would not keep byte for byte")
        }
        return text
    }

    /// Why a new collection keeps the fixed defaults.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public var reason: String
        public var description: String { reason }
    }
}
