import BadgerDeck
import BadgerMemory
import BadgerStudy
import BadgerTestSupport

extension TemporaryDirectory {
    /// The decks under this directory and the memory of their collection (FSRS-6, fuzz on),
    /// its record ids drawn from `seed`.
    func loadMemory(seed: UInt64) throws -> (DeckCollection, CollectionMemory) {
        let fileAccess = LocalFileSystem()
        let files = try CollectionLoader(fileAccess: fileAccess).deckFiles(paths: [url.path])
        let collection = try DeckCollection.load(files, fileAccess: fileAccess)
        let memory = try CollectionMemory(
            collection: collection, root: files[0].collectionRoot, scheduler: try FSRS6(), fuzzing: true, fileAccess: fileAccess,
            generator: SeededGenerator(seed: seed))
        return (collection, memory)
    }
}
