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
                    relearningSteps: relearningSteps, maximumInterval: maximumInterval, sameDayIntervals: sameDayIntervals)
            } catch let error as FSRS6.ConfigurationError {
                // A parameter out of range is reported at the line that writes the parameters.
                if case .parameterOutOfBounds = error, let source = fsrsParametersSource {
                    throw CollectionError.badConfig(
                        path: source.path,
                        problem:
                            "line \(source.line): \(error) Remove `fsrs_parameters` (FSRS then uses its defaults; `badger optimize --apply` fits new ones)."
                    )
                }
                throw CollectionError.badConfig(path: CollectionConfig.fileName, problem: "\(error)")
            } catch {
                throw CollectionError.badConfig(path: CollectionConfig.fileName, problem: "\(error)")
            }
        }
    }
}
