import BadgerTestSupport
import Foundation
import Testing

@testable import BadgerDeck

/// badger.yml's fitted FSRS parameters: reading them, and `badger optimize --apply`'s rewrite,
/// which must keep everything else in the file.
@Suite struct CollectionConfigTests {
    static let fitted = (0..<21).map { 0.1 + Double($0) / 100 }

    @Test func fittedParametersAreReadBack() throws {
        let text = CollectionConfig.settingFittedParameters(
            in: "fuzz: false\n", parameters: Self.fitted, fitted: "2026-11-22", reviews: 1234)
        let config = try CollectionConfig(yaml: text, path: "badger.yml")
        #expect(config.fuzz == false)
        #expect(config.fsrsParameters?.count == 21)
        #expect(zip(config.fsrsParameters ?? [], Self.fitted).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(config.fsrsParametersFitted == "2026-11-22")
        #expect(config.fsrsParametersReviews == 1234)
    }

    @Test func rewritingKeepsEveryOtherLineAndReplacesOldValues() throws {
        let original = """
            # Settings for my decks
            exclude:
              - README.md   # not a deck
            fsrs_parameters:
              - 1
              - 2
            desired_retention: 0.85
            fsrs_parameters_reviews: 10
            fuzz: true
            """
        let text = CollectionConfig.settingFittedParameters(in: original, parameters: Self.fitted, fitted: "2026-11-22", reviews: 99)
        #expect(
            text.hasPrefix(
                "# Settings for my decks\nexclude:\n  - README.md   # not a deck\ndesired_retention: 0.85\nfuzz: true\nfsrs_parameters: [0.1000, "
            ))
        #expect(text.hasSuffix("fsrs_parameters_fitted: \"2026-11-22\"\nfsrs_parameters_reviews: 99\n"))
        let config = try CollectionConfig(yaml: text, path: "badger.yml")
        #expect(config.desiredRetention == 0.85 && config.exclude == ["README.md"])
        #expect(config.fsrsParametersReviews == 99)
        // Empty and missing files get just the new keys.
        #expect(
            CollectionConfig.settingFittedParameters(in: "", parameters: Self.fitted, fitted: "d", reviews: 1).hasPrefix(
                "fsrs_parameters: ["))
    }

    @Test(arguments: ["fsrs_parameters: [1, 2]", "fsrs_parameters: oops", "fsrs_parameters_reviews: -3", "fsrs_parameters_fitted: []"])
    func badFittedValuesAreExplained(_ yaml: String) {
        #expect(throws: CollectionError.self) { try CollectionConfig(yaml: yaml, path: "badger.yml") }
    }
}

/// A fit rewrites its own keys of badger.yml whatever the file's line endings and block scalars.
@Suite struct ConfigRewriteTests {
    @Test func aFileWithWindowsLineEndingsHasItsFittedKeysReplacedNotRepeated() throws {
        let original = "desired_retention: auto\r\nfsrs_parameters: [1, 2]\r\nfsrs_parameters_reviews: 200\r\nadaptive_retention: 0.86\r\n"
        let refitted = CollectionConfig.settingAdaptiveChoice(
            in: CollectionConfig.settingFittedParameters(in: original, parameters: [3, 4], fitted: "2026-11-25", reviews: 407),
            retention: 0.87, learningSteps: [], relearningSteps: [600], reason: "because")
        #expect(
            refitted
                == "desired_retention: auto\r\nfsrs_parameters: [3.0000, 4.0000]\r\nfsrs_parameters_fitted: \"2026-11-25\"\r\nfsrs_parameters_reviews: 407\r\nadaptive_retention: 0.87\r\nadaptive_learning_steps: []\r\nadaptive_relearning_steps: [10m]\r\nadaptive_reason: \"because\"\r\n"
        )
        #expect(refitted.components(separatedBy: "fsrs_parameters:").count == 2)
    }

    @Test func aBlockScalarWithABlankLineIsReplacedWhole() throws {
        let original = "adaptive_reason: >\n  retention 0.86\n\n  chosen because\nfuzz: true\n"
        let refitted = CollectionConfig.settingAdaptiveChoice(
            in: original, retention: 0.87, learningSteps: [], relearningSteps: [], reason: "new")
        #expect(!refitted.contains("chosen because"), "\(refitted)")
        #expect(refitted.hasPrefix("fuzz: true\n"))
        _ = try CollectionConfig(yaml: refitted, path: "badger.yml")
    }
}

/// Grammar/Config.schema.json, which editors validate badger.yml with, names every key the
/// reader takes and no other.
@Suite struct ConfigSchemaTests {
    @Test func theSchemaNamesExactlyTheKeysBadgerReads() throws {
        let data = try Data(contentsOf: PackagePaths.url("Grammar/Config.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(CollectionConfig.keys))
        #expect(schema["additionalProperties"] as? Bool == false)
    }
}
