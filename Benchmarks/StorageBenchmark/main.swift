// Storage benchmark: what one rating costs in a collection with a large deck, against the
// least any crash-safe rating can cost (appending one line to a file and syncing it), measured
// in the same run on the same disk.
//
// Usage: storage-benchmark COLLECTION [--ratings N]
//
// COLLECTION is a folder that `generate_storage_collection.py` wrote (one deck, its log). The
// benchmark loads it as `badger study` does, then records N ratings (default 200) through
// `CollectionMemory.recordReview`, each appended and synced before the next, and times them.
// The reference appends N lines of the same length to a scratch file beside the deck with
// `write` and `fsync`. The scratch file is removed; the N ratings stay in the log (run it on a
// copy). Prints milliseconds per rating for both and their ratio.

import BadgerDeck
import BadgerMemory
import BadgerStudy
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: storage-benchmark COLLECTION [--ratings N]\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: arguments[1]).standardizedFileURL.path
var ratings = 200
if let flag = arguments.firstIndex(of: "--ratings"), flag + 1 < arguments.count, let value = Int(arguments[flag + 1]) { ratings = value }

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

let fileAccess = LocalFileSystem()
var collection: DeckCollection!
var memory: CollectionMemory!
let load = try seconds {
    let files = try CollectionLoader(fileAccess: fileAccess).deckFiles(paths: [root])
    collection = try DeckCollection.load(files, fileAccess: fileAccess)
    memory = try CollectionMemory(
        collection: collection, root: files[0].collectionRoot, scheduler: try FSRS6(), fuzzing: true, fileAccess: fileAccess)
}
let ids = collection.cards.prefix(ratings).map(\.id.description)
var time = Date(timeIntervalSince1970: 1_900_000_000)
let rated = try seconds {
    for id in ids {
        _ = try memory.recordReview(cardID: id, rating: .good, at: time)
        time.addTimeInterval(60)
    }
}
// The reference: the same number of lines of a review line's length, appended and synced.
let scratch = root + "/.storage-benchmark-scratch"
let line = Array((String(repeating: "x", count: 90) + "\n").utf8)
let descriptor = open(scratch, O_WRONLY | O_CREAT | O_APPEND | O_TRUNC, 0o644)
let reference = seconds {
    for _ in 0..<ids.count {
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
        fsync(descriptor)
    }
}
close(descriptor)
unlink(scratch)
let perRating = rated / Double(ids.count) * 1000
let perAppend = reference / Double(ids.count) * 1000
print(
    String(
        format: "cards %d, log records %d, load %.2f s; %d ratings: %.3f ms each; write+fsync reference: %.3f ms each; ratio %.2f",
        collection.cards.count, memory.recordCount, load, ids.count, perRating, perAppend, perRating / perAppend))
