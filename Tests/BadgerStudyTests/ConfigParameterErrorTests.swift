import BadgerDeck
import BadgerStudy
import Testing

/// An FSRS parameter outside the range FSRS-6 allows is reported at the line of badger.yml
/// that writes it, like every other mistake in the file.
@Suite struct ConfigParameterErrorTests {
    @Test func aParameterOutOfRangeNamesTheFileAndLine() throws {
        let parameters = [
            "0.2", "1.2", "3.2", "15.7", "7.2", "0.5", "1.5", "0.005", "1.5", "0.1", "1.0", "1.9", "0.1", "0.3", "2.3", "0.2", "2.9",
            "0.5", "0.1", "0.1", "99",
        ].joined(separator: ", ")
        let config = try CollectionConfig(yaml: "scheduler: fsrs\n\nfsrs_parameters: [\(parameters)]\n", path: "/c/badger.yml")
        #expect(config.fsrsParametersSource?.line == 3)
        do {
            _ = try config.makeScheduler()
            Issue.record("a parameter out of range was accepted")
        } catch {
            #expect("\(error)".hasPrefix("/c/badger.yml: line 3: FSRS parameter w[20] is 99.0, outside its allowed range"))
        }
    }
}
