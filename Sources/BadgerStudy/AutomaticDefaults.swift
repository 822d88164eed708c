import BadgerDeck
import BadgerMemory
import Foundation

/// A new collection adapts to its learner: before its first review is recorded, its `badger.yml`
/// (created if need be) gets `auto` for each of `desired_retention`, `learning_steps` and
/// `relearning_steps` it does not set (`CollectionConfig.addingAutomaticDefaults`), below every
/// line it has. Until the first fit `auto` schedules exactly as the fixed defaults do (py-fsrs's
/// 0.9, steps 1m 10m and 10m, whole days), so nothing changes before there are reviews to adapt
/// to; a collection that holds reviews already keeps the settings it has.
public enum AutomaticDefaults {
    /// Writes the automatic settings into the badger.yml of the collection at `root` (its logs
    /// hold no review: the caller checked, under the collection's lock); a badger.yml that is a
    /// link to a file in the collection is written through. Returns whether it wrote.
    ///
    /// - Throws: a badger.yml that is not valid, could not take them (a flow mapping), is a
    ///   folder or a link out of the collection or to nothing, or a failed write.
    public static func adopt(inRoot root: String) throws -> Bool {
        let path = (root == "/" ? "" : root) + "/" + CollectionConfig.fileName
        let target = try AtomicFile.target(ofCollectionFile: path, within: root)
        let text = FileManager.default.contents(atPath: target).map { String(decoding: $0, as: UTF8.self) }
        guard let added = try CollectionConfig.addingAutomaticDefaults(to: text, path: path) else { return false }
        try AtomicFile.write(added, to: target)
        return true
    }
}
