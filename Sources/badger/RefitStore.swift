import BadgerDeck
import BadgerMemory
import BadgerStudy
import Foundation

extension AdaptiveRefit {
    /// Writes the refit's files in the collection `root`, in order, each atomically; a file
    /// that is a link to another in the collection is written through. Where every file goes,
    /// and that badger.yml still reads, is settled first, so a link out of the collection or a
    /// file the fit would break refuses them all.
    func store(in root: String) throws {
        let targets = try writes.map { try AtomicFile.target(ofCollectionFile: $0.path, within: root) }
        for target in targets { try AtomicFile.requireWritable(target) }
        // A badger.yml (or badger.fits) saved by an editor or a `git pull` while the fit ran is
        // never written over with the text the fit was added to (the edit was lost without a
        // word): checked before anything is written, and again just before each file is
        // renamed into place.
        func requireUnchanged(_ writes: [Write]) throws {
            guard let changed = AdaptiveRefit.changed(writes, fileAccess: LocalFileSystem()) else { return }
            throw StorageError.writeFailed(
                path: changed.path,
                reason:
                    "it was changed while the fit ran (an editor, a git pull), so the fit was not stored and your version stays; a fit run again uses it"
            )
        }
        try requireUnchanged(writes)
        // A badger.yml written in a form a fit cannot add to (a flow mapping, `...`, quoted
        // keys) is refused, never broken.
        for write in writes where write.path.hasSuffix("/" + CollectionConfig.fileName) {
            do {
                _ = try CollectionConfig(yaml: write.text, path: write.path)
            } catch {
                throw StorageError.writeFailed(
                    path: write.path,
                    reason:
                        "badger cannot add the fit to it and keep it valid (\(error)); write its settings as plain `key: value` lines")
            }
        }
        for (index, (write, target)) in zip(writes, targets).enumerated() {
            let writer = try AtomicFile.Writer(replacing: target)
            do {
                try writer.write(write.bytes)
                // This file and those after it, at the last moment before this one is replaced.
                try writer.commit(beforeRename: { try requireUnchanged(Array(writes[index...])) })
            } catch {
                writer.discard()
                // The fit is stored whole or not at all: a file already replaced (the fit log,
                // before a badger.yml found changed) is put back as it was.
                for (earlier, earlierTarget) in zip(writes, targets).prefix(index) {
                    if let before = earlier.madeFrom, before.isEmpty {
                        try? FileManager.default.removeItem(atPath: earlierTarget)
                    } else if let before = earlier.madeFrom {
                        try? AtomicFile.write(before, to: earlierTarget)
                    }
                }
                throw error
            }
        }
    }
}
