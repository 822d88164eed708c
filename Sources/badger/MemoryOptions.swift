import ArgumentParser
import BadgerDeck
import BadgerMemory
import BadgerStudy
import Foundation

extension CollectionOptions {
    /// Loads the collection and every root's logs and state files; problems end the command
    /// with status 2 and a message naming the file.
    ///
    /// - Parameters:
    ///   - command: for a command that writes, what to tell another badger process that finds
    ///     the collection busy; the locks are then taken before any state is read.
    ///   - rebuilding: read broken state files leniently, since they are about to be rebuilt.
    ///   - loaded: the collection, when the caller has loaded it already.
    ///   - replaying: replay the logs into card states; commands that only check the files
    ///     (`lint`) skip it, and their `states` stay empty.
    ///   - keepingReviewDetails: keep the reviews' record ids and timings in memory (Anki export
    ///     and import read them); the commands that start often on long logs (`study`, `due`,
    ///     `stats`, `list`, `topics`, `show`) let go of them, 14 bytes a review.
    func loadStudied(
        options: DeckCollection.LoadOptions = .init(), lockingFor command: String? = nil, rebuilding: Bool = false,
        replaying: Bool = true, loaded: DeckCollection? = nil, keepingReviewDetails: Bool = true, quietly: Bool = false
    ) throws -> StudiedCollection {
        // The locks are taken and the logs read while the decks are parsed.
        var prepared: StudiedCollection.Preparation?
        let collection =
            try loaded
            ?? load(
                options: { _ in options },
                beforeParsing: { files in
                    prepared = try StudiedCollection.prepare(
                        roots: files.map(\.collectionRoot), fileAccess: LocalFileSystem(), lockingFor: command,
                        keepingReviewDetails: keepingReviewDetails)
                })
        // Errors (a busy collection, a bad badger.yml, an unreadable log) reach `Badger.main`,
        // which prints them.
        let studied = try StudiedCollection.load(
            collection, fileAccess: LocalFileSystem(), lockingFor: command, rebuilding: rebuilding, replaying: replaying, now: Date(),
            prepared: prepared, keepingReviewDetails: keepingReviewDetails)
        for notice in studied.notices where !quietly {
            Terminal.standardError.write("badger: \(notice.kind.rawValue): \(UntrustedText.sanitized(notice.text))\n")
        }
        return studied
    }
}

extension CollectionOptions {
    /// After new FSRS settings were stored (a re-fit), reads the collection again so that its
    /// state files follow them now rather than at the next command. Called under the caller's
    /// lock; anything that goes wrong leaves the files to the next command, which rewrites them.
    func refreshStatesAfterNewSettings() {
        _ = try? loadStudied(keepingReviewDetails: false, quietly: true)
    }
}

extension CollectionOptions {
    /// `loadStudied` for a command that records reviews (`study`, `review`), under its lock: a
    /// collection with cards whose logs hold no review yet (a new one) is scheduled with the
    /// automatic settings (`AutomaticDefaults`), which `NewCollections.beforeFirstReview` writes
    /// into its badger.yml just before its first review.
    func loadStudiedToReview(lockingFor command: String, keepingReviewDetails: Bool = true) throws -> (
        StudiedCollection, NewCollections
    ) {
        var studied = try loadStudied(lockingFor: command, keepingReviewDetails: keepingReviewDetails)
        let new = NewCollections()
        let fileAccess = LocalFileSystem()
        let loader = CollectionLoader(fileAccess: fileAccess)
        for memory in studied.memories where !memory.holdsReview && memory.decks.contains(where: { !$0.cards.isEmpty }) {
            guard let config = studied.configs[memory.root],
                let planned = new.plan(root: memory.root, config: config, loader: loader, fileAccess: fileAccess)
            else { continue }
            // Read again only where they schedule otherwise (bounds without 0.9, say).
            let (old, adopted) = (config, planned.config)
            guard
                old.desiredRetention != adopted.desiredRetention || old.learningSteps != adopted.learningSteps
                    || old.relearningSteps != adopted.relearningSteps || old.sameDayIntervals != adopted.sameDayIntervals
            else { continue }
            do {
                try studied.use(adopted, forRoot: memory.root, fileAccess: fileAccess)
            } catch {
                new.refuse(root: memory.root, error)
            }
        }
        return (studied, new)
    }
}

/// The automatic settings of new collections, planned when a command that records reviews
/// starts and written into each badger.yml just before the first review there; one that cannot
/// be written is said in a warning then (only for a collection reviewed), and the collection
/// keeps the fixed defaults.
final class NewCollections {
    private enum Plan {
        case write(AutomaticDefaults)
        case refused(any Error)
    }
    private var plans: [String: Plan] = [:]
    /// Warnings not yet printed (a full-screen session prints them when it ends).
    private(set) var warnings: [String] = []

    /// Plans the automatic settings of the new collection at `root`; nil when it gets none.
    @discardableResult
    func plan(root: String, config: CollectionConfig, loader: CollectionLoader, fileAccess: any FileAccess) -> AutomaticDefaults? {
        do {
            guard let planned = try AutomaticDefaults.planned(root: root, config: config, loader: loader, fileAccess: fileAccess)
            else { return nil }
            plans[root] = .write(planned)
            return planned
        } catch {
            plans[root] = .refused(error)
            return nil
        }
    }

    /// Gives up the settings of `root`, for `error`, said at its first review.
    func refuse(root: String, _ error: any Error) { plans[root] = .refused(error) }

    /// Writes the planned settings of the collection at `root`, once, or says why it gets none.
    func beforeFirstReview(in root: String) {
        switch plans.removeValue(forKey: root) {
        case .write(let planned):
            do { try planned.write() } catch { warn(error) }
        case .refused(let error): warn(error)
        case nil: break
        }
    }

    private func warn(_ error: any Error) {
        warnings.append(
            "badger: warning: a new collection gets `auto` settings in badger.yml, but \(UntrustedText.sanitized(String(describing: error))); it keeps the fixed defaults\n"
        )
    }

    /// Prints the warnings gathered so far.
    func printWarnings() {
        for warning in warnings { Terminal.standardError.write(warning) }
        warnings = []
    }
}

/// Runs `body`, which writes to the collection; what it throws (a failed write) reaches
/// `Badger.main`, which prints it and ends the command with status 2.
func reportingStorageErrors<T>(_ body: () throws -> T) rethrows -> T { try body() }
