import Testing

@testable import BadgerDeck

/// What a new collection's badger.yml gets before its first review: `auto` for each of the
/// retention and steps it does not set, below every line it has, nothing else changed.
@Suite struct AutomaticDefaultsConfigTests {
    static let block =
        "# Chosen at each fit, the default for a new collection (write a value of your own to choose it yourself):\n"

    @Test func withoutAFileAllThreeAreAuto() throws {
        let text = try #require(try CollectionConfig.addingAutomaticDefaults(to: nil, path: "badger.yml"))
        #expect(text == Self.block + "desired_retention: auto\nlearning_steps: auto\nrelearning_steps: auto\n")
        let config = try CollectionConfig(yaml: text, path: "badger.yml")
        #expect(config.adaptiveRetention && config.adaptiveLearningSteps && config.adaptiveRelearningSteps)
        // Until a fit: what the fixed defaults schedule (py-fsrs's).
        #expect(config.desiredRetention == 0.9 && config.learningSteps == [60, 600] && config.relearningSteps == [600])
        #expect(!config.sameDayIntervals)
    }

    @Test func settingsOfYourOwnStayAndOnlyTheUnsetOnesAreAdded() throws {
        let yaml = "exclude:\n  - README.md\ndesired_retention: 0.85   # mine\n"
        let text = try #require(try CollectionConfig.addingAutomaticDefaults(to: yaml, path: "badger.yml"))
        #expect(text == yaml + Self.block + "learning_steps: auto\nrelearning_steps: auto\n")
        let config = try CollectionConfig(yaml: text, path: "badger.yml")
        #expect(!config.adaptiveRetention && config.desiredRetention == 0.85 && config.adaptiveLearningSteps)
    }

    @Test func lineEndingsAndAMissingLastNewlineAreKept() throws {
        let yaml = "fuzz: false\r\nday_start_hour: 5"
        let text = try #require(try CollectionConfig.addingAutomaticDefaults(to: yaml, path: "badger.yml"))
        #expect(text.hasPrefix(yaml + "\r\n# Chosen at each fit"))
        #expect(text.hasSuffix("learning_steps: auto\r\nrelearning_steps: auto\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(try CollectionConfig(yaml: text, path: "badger.yml").adaptiveRelearningSteps)
    }

    @Test func aFileEndingInCRLFGetsNoBlankLine() throws {
        for yaml in ["fuzz: true\r\nday_start_hour: 4\r\n", "\u{FEFF}fuzz: true\r\n", "fuzz: true\nday_start_hour: 4\r\n"] {
            let text = try #require(try CollectionConfig.addingAutomaticDefaults(to: yaml, path: "badger.yml"))
            #expect(text.hasPrefix(yaml + "# Chosen at each fit"), "\(Array(text.utf8))")
        }
    }

    @Test func nothingIsAddedWhenAllAreSetOrTheSchedulerIsNotFSRS() throws {
        #expect(
            try CollectionConfig.addingAutomaticDefaults(
                to: "desired_retention: 0.9\nlearning_steps: [1m]\nrelearning_steps: auto\n", path: "badger.yml") == nil)
        #expect(try CollectionConfig.addingAutomaticDefaults(to: "scheduler: sm2\n", path: "badger.yml") == nil)
    }

    @Test func aFileTheyCannotBeAddedToIsRefusedNotBroken() {
        #expect(throws: CollectionError.self) { try CollectionConfig.addingAutomaticDefaults(to: "{fuzz: true}\n", path: "badger.yml") }
        #expect(throws: CollectionError.self) { try CollectionConfig.addingAutomaticDefaults(to: "fuzz: [\n", path: "badger.yml") }
    }

    /// Two clones that each added them merge (git's union driver) into a file that has them
    /// twice: alike, they are read once; a setting set twice differently is still an error.
    @Test func aSettingWrittenTwiceAlikeIsReadOnce() throws {
        let once = try #require(try CollectionConfig.addingAutomaticDefaults(to: "fuzz: true\n", path: "badger.yml"))
        let twice = try CollectionConfig(yaml: once + once.replacingOccurrences(of: "fuzz: true\n", with: ""), path: "badger.yml")
        #expect(twice.adaptiveRetention && twice.adaptiveLearningSteps && !twice.mergedFits)
        #expect(throws: CollectionError.self) {
            try CollectionConfig(yaml: "desired_retention: auto\nfuzz: true\ndesired_retention: 0.9\n", path: "badger.yml")
        }
    }
}
