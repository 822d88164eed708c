import BadgerDeck
import BadgerMemory
import BadgerStudy
import Foundation

extension StudyService {
    /// From how many reviews a re-fit is announced before it starts.
    static let longFit = 100_000

    /// At the end of a study session: re-fits each collection root's stale FSRS parameters
    /// (`AdaptiveRefit`), writes badger.yml and the fit log under the session's lock, and prints
    /// one line per refit. A failed write is reported and changes nothing else: every rating is
    /// already in the logs.
    ///
    /// - Parameter enabled: false with `badger study --no-adapt`.
    /// - Returns: whether new settings were stored (the state files then follow older ones).
    @discardableResult
    func adaptAfterSession(enabled: Bool) -> Bool {
        guard enabled else { return false }
        var stored = false
        for memory in memories {
            // Whether the parameters are stale is found from the logs' numbers, without a column
            // per review; the records a fit needs are only made when they are.
            // As the session read badger.yml, and as it is now (edited during the session: its
            // bounds, steps or `adapt`), which the fit's keys are added to. Both must allow a fit:
            // a file caught half-saved by an editor reads as the defaults.
            guard let started = configs[memory.root], started.adapt, started.scheduler == "fsrs" else { continue }
            // A session over several collections names the one each line is about.
            let name = memories.count > 1 ? UntrustedText.sanitized(DisplayPath.of(memory.root)) + ": " : ""
            let config: CollectionConfig
            do {
                config = try CollectionLoader(fileAccess: LocalFileSystem()).configuration(forRoot: memory.root, readingMacros: false)
            } catch {
                if ParameterFreshness(config: started, memory: memory).isStale {
                    Terminal.standardError.write(
                        "badger: warning: \(name)no fit this time: badger.yml was changed during the session, and \(UntrustedText.sanitized(String(describing: error)))\n"
                    )
                }
                continue
            }
            let freshness = ParameterFreshness(config: config, memory: memory)
            guard freshness.isStale, config.adapt, config.scheduler == "fsrs" else { continue }
            // Nothing is fitted that could not be stored (a badger.yml linked out of the collection).
            if let problem = AdaptiveRefit.storageProblem(in: memory.root, fileAccess: LocalFileSystem()) {
                let due = freshness.choiceIsStale ? "the automatic settings are due to be chosen" : "the FSRS parameters are stale"
                Terminal.standardError.write(
                    "badger: warning: \(name)\(due), but no fit can be stored: \(UntrustedText.sanitized(problem))\n")
                continue
            }
            // A fit to a long history (an imported Anki collection) takes a while: said first.
            if !freshness.choiceIsStale, freshness.reviews >= Self.longFit {
                Terminal.standardOutput.write(
                    name + "Re-fitting your FSRS parameters to \(freshness.reviews) reviews (`badger study --no-adapt` skips it)…\n")
            }
            // Ctrl-C during the fit says that nothing of it was stored; during the store it waits.
            RefitInterrupt.fitting(choosingOnly: AdaptiveRefit.choosesOnly(freshness: freshness, config: config)) {
                AdaptiveRefit.afterSession(
                    root: memory.root, config: config, logs: memory.history(sampledTo: AdaptiveRefit.sampleReviews),
                    freshness: freshness, fileAccess: LocalFileSystem(), now: Date())
            } thenStoring: { refit in
                do {
                    try refit.store(in: memory.root)
                    stored = true
                    Terminal.standardOutput.write(name + refit.message + "\n")
                } catch {
                    Terminal.standardError.write(
                        "badger: warning: could not store the new FSRS settings: \(UntrustedText.sanitized(String(describing: error)))\n")
                }
            }
        }
        return stored
    }
}
