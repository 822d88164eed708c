import BadgerDeck
import BadgerMemory

extension CollectionConfig {
    /// The scheduler the collection's settings choose.
    ///
    /// - Throws: `CollectionError.badConfig` when FSRS rejects the settings.
    public func makeScheduler() throws -> any Scheduler {
        switch scheduler {
        case "sm2": return SM2()
        case "leitner": return Leitner()
        default:
            do {
                return try FSRS6(
                    parameters: fsrsParameters ?? FSRS6.defaultParameters, desiredRetention: desiredRetention, learningSteps: learningSteps,
                    relearningSteps: relearningSteps,
                    maximumInterval: maximumInterval)
            } catch {
                throw CollectionError.badConfig(path: CollectionConfig.fileName, problem: "\(error)")
            }
        }
    }
}
