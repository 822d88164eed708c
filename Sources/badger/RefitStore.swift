import BadgerMemory
import BadgerStudy

extension AdaptiveRefit {
    /// Writes the refit's files in the collection `root`, in order, each atomically; a file
    /// that is a link to another in the collection is written through. Where every file goes
    /// is settled first, so a link out of the collection refuses them all.
    func store(in root: String) throws {
        let targets = try writes.map { try AtomicFile.target(ofCollectionFile: $0.path, within: root) }
        for (write, target) in zip(writes, targets) { try AtomicFile.write(write.text, to: target) }
    }
}
