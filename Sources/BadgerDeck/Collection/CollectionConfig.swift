import Foundation
import Yams

/// The collection config file, `badger.yml`, at the collection root. Its presence marks the root.
public struct CollectionConfig: Sendable, Equatable {
    /// The file name that marks a collection root.
    public static let fileName = "badger.yml"

    /// The path of the config file of the collection rooted at `root`.
    public static func path(inRoot root: String) -> String { (root == "/" ? "" : root) + "/" + fileName }

    /// Glob patterns, relative to the root, of Markdown files that are not decks.
    public var exclude: [String] = []
    /// `fsrs` (the default), `sm2` or `leitner`.
    public var scheduler: String = "fsrs"
    /// FSRS's target probability of recall when a card comes due, 0.70 to 0.99.
    public var desiredRetention: Double = 0.9
    /// FSRS's short steps before a new card's first day, in seconds.
    public var learningSteps: [Double] = [60, 600]
    /// FSRS's short steps after a lapse, in seconds.
    public var relearningSteps: [Double] = [600]
    /// The longest interval, in days.
    public var maximumInterval: Int = 36_500
    /// The hour (local time, 0–23) at which a study day starts.
    public var dayStartHour: Int = 4
    /// Whether intervals get a small deterministic random spread.
    public var fuzz: Bool = true
    /// FSRS-6's 21 parameters fitted by `badger optimize --apply`; nil means the defaults.
    public var fsrsParameters: [Double]?
    /// Where `fsrs_parameters` is written (the file and its line), for errors found later (a
    /// parameter outside the range FSRS-6 allows).
    public var fsrsParametersSource: (path: String, line: Int)? {
        get { fsrsParametersPlace.map { ($0.path, $0.line) } }
        set { fsrsParametersPlace = newValue.map { Place(path: $0.path, line: $0.line) } }
    }
    private var fsrsParametersPlace: Place?
    private struct Place: Sendable, Equatable {
        var path: String
        var line: Int
    }
    /// The day the parameters were fitted, `YYYY-MM-DD`.
    public var fsrsParametersFitted: String?
    /// How many reviews the logs held when the parameters were fitted.
    public var fsrsParametersReviews: Int?
    /// How many reviews the logs held when a fit was refused (too few left after the optimizer's
    /// outlier filter): the next try waits until they are half as many again. The next fit
    /// removes it.
    public var fsrsFitRefusedReviews: Int?
    /// `desired_retention: auto`: the retention is chosen by a workload simulation with the fitted
    /// parameters, within `retentionBounds`; `desiredRetention` then holds the last choice.
    public var adaptiveRetention = false
    /// `desired_retention_bounds`: the range `desired_retention: auto` chooses from.
    public var retentionBounds: ClosedRange<Double> = 0.85...0.95
    /// `learning_steps: auto`: the steps are chosen at each fit; `learningSteps` holds the choice.
    public var adaptiveLearningSteps = false
    /// `relearning_steps: auto`: as `adaptiveLearningSteps`, for `relearningSteps`.
    public var adaptiveRelearningSteps = false
    /// `same_day_intervals`: whether FSRS schedules a card that would be forgotten within hours
    /// for later the same day (`FSRS6.sameDayIntervals`); nil follows the steps: on when either
    /// step setting is `auto` and there are parameters (a fit's, or `fsrs_parameters` of yours).
    public var sameDayIntervalsSetting: Bool?
    /// Whether FSRS schedules within the day a card it expects to be forgotten within hours:
    /// `same_day_intervals`, else on with automatic steps once there are parameters (the
    /// defaults' stabilities describe no one learner, so until the first fit intervals are whole
    /// days, as py-fsrs schedules).
    public var sameDayIntervals: Bool { sameDayIntervalsSetting ?? (sameDayIntervalsWhenFitted && fsrsParameters != nil) }
    /// Whether any of `desired_retention`, `learning_steps` and `relearning_steps` is `auto`.
    public var hasAutomaticSettings: Bool { adaptiveRetention || adaptiveLearningSteps || adaptiveRelearningSteps }
    /// `sameDayIntervals` with parameters: what the automatic settings are chosen with.
    public var sameDayIntervalsWhenFitted: Bool { sameDayIntervalsSetting ?? (adaptiveLearningSteps || adaptiveRelearningSteps) }
    /// The top-level keys the file sets.
    public internal(set) var writtenKeys: Set<String> = []
    /// `adapt`: whether `badger study` re-fits stale parameters at the end of a session.
    public var adapt = true
    /// Why the last fit chose the automatic settings (`adaptive_reason`, written with them).
    public var adaptiveReason: String?
    /// The retention the last fit chose for the learner to observe (`adaptive_target_retention`),
    /// when `desired_retention` is auto; FSRS may schedule for another (`desiredRetention`,
    /// corrected by the calibration gap). Nil before a fit chose one.
    public var targetRetention: Double?
    /// The retention the learner should observe with the settings in force: the chosen target,
    /// or, for one chosen within other bounds (until it is chosen afresh) or none, what FSRS
    /// schedules for.
    public var targetInForce: Double { targetRetention.flatMap { retentionBounds.contains($0) ? $0 : nil } ?? desiredRetention }
    /// Whether a fit has chosen every setting that is `auto` (its `adaptive_*` keys are there)
    /// for the settings as they are now: the chosen target and what FSRS schedules for it within
    /// `retentionBounds` (and those bounds the ones it was chosen within), `same_day_intervals`
    /// and `maximum_interval` as they were at that fit (`adaptive_same_day_intervals`,
    /// `adaptive_maximum_interval`), and automatic steps chosen for the retention set by hand:
    /// if not, the automatic settings are due to be chosen afresh even when the parameters are
    /// fresh (`adaptiveChoiceStaleness` says why).
    public var adaptiveChoiceCurrent: Bool { adaptiveChoiceStaleness.isEmpty }
    /// Why the automatic settings are due to be chosen afresh (`adaptiveChoiceCurrent`), one
    /// phrase each, such as "`maximum_interval` is 365 days and the automatic settings were
    /// chosen with 36500 days"; empty when they are current.
    public var adaptiveChoiceStaleness: [String] = []
    /// Whether the file holds more than one fit (a git union merge of two clones that both
    /// re-fitted): the values used are chosen key by key, so the parameters are stale.
    public var mergedFits = false
    /// LaTeX macros: the `macros:` mapping, and (read by `CollectionLoader`) `macros.tex` beside
    /// the file, whose definitions `macros:` overrides.
    public var macros = LaTeXMacros()

    /// Every key the file may have.
    public static let keys = [
        "exclude", "scheduler", "desired_retention", "learning_steps", "relearning_steps", "maximum_interval", "day_start_hour",
        "fuzz", "fsrs_parameters", "fsrs_parameters_fitted", "fsrs_parameters_reviews", "fsrs_fit_refused_reviews", "macros",
        "desired_retention_bounds", "adapt",
        "adaptive_retention", "adaptive_learning_steps", "adaptive_relearning_steps", "adaptive_reason", "same_day_intervals",
        "adaptive_target_retention", "adaptive_same_day_intervals", "adaptive_retention_bounds", "adaptive_maximum_interval",
    ]

    /// Whether `text` is a day as a fit writes `fsrs_parameters_fitted`: `2026-11-22`, a day
    /// that exists, from 1970 to 9999.
    static func isFitDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.map(\.count) == [4, 2, 2], parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), year >= 1970, (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    /// The keys only a fit writes (`badger optimize --apply`, a refit after `badger study`).
    public static let fittedKeys =
        ["fsrs_parameters", "fsrs_parameters_fitted", "fsrs_parameters_reviews", "fsrs_fit_refused_reviews"] + adaptiveKeys

    /// `yaml` with all but one of each fit-written key blanked out (lines kept, so errors name
    /// the right line), and whether any was written more than once: two clones that both
    /// re-fitted merge `badger.yml` with git's union driver into a file holding both fits (or
    /// three, or parts of them: a line both wrote the same appears once). Of each key the
    /// greatest value is kept (`fitChosen`), whatever the order of the lines, so every clone
    /// schedules alike whichever way it merged, until the next fit replaces them all (merged
    /// fits make the parameters stale). A setting written twice otherwise is an error naming
    /// both lines, as such a merge may leave it.
    static func uniting(_ yaml: String, path: String) throws -> (yaml: String, mergedFits: Bool) {
        let (lines, endings) = linesWithEndings(yaml)
        let (unused, merged) = try mergedFitLines(lines, path: path)
        guard !unused.isEmpty else { return (yaml, merged) }
        return (lines.indices.map { (unused.contains($0) ? "" : lines[$0]) + endings[$0] }.joined(), merged)
    }

    /// The lines of fit-written keys written more than once that are not used (`fitChosen`), and
    /// whether any was; a setting of yours written twice is an error naming both lines, unless
    /// both are alike (then the later is not used).
    private static func mergedFitLines(_ lines: [Substring], path: String) throws -> (unused: Set<Int>, merged: Bool) {
        // Each top-level key's blocks: the line it starts on and the line after its last; the
        // keys in the order they first come, so the error names the same one every run.
        let all = topLevelBlocks(lines)
        var blocks: [String: [Range<Int>]] = [:]
        var order: [String] = []
        for block in all {
            guard let key = block.key else { continue }
            if blocks[key] == nil { order.append(key) }
            blocks[key, default: []].append(block.lines)
        }
        let repeated = order.compactMap { key in blocks[key].flatMap { $0.count > 1 ? (key, $0) : nil } }
        var unused: Set<Int> = []
        func text(_ range: Range<Int>) -> String { lines[range].joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines) }
        for (key, ranges) in repeated where !fittedKeys.contains(key) {
            // The same setting twice, alike (both clones added it): read once.
            if Set(ranges.map(text)).count == 1 {
                for range in ranges.dropFirst() { unused.formUnion(range) }
                continue
            }
            let numbers = ranges.map { String($0.lowerBound + 1) }.joined(separator: " and ")
            throw CollectionError.badConfig(
                path: path,
                problem:
                    "`\(key)` is set more than once (lines \(numbers)), as merging two versions of the file can leave it; keep the one you want"
            )
        }
        // Parameters of yours (no `fsrs_parameters_fitted` beside them) written twice, or beside
        // a fit's (pasted above its markers, or merged from a clone where you wrote them), are
        // not two clones' fits: which to use is yours to say. They were used or passed over by
        // the order of their texts, and the next fit dropped them unrecorded.
        if let ranges = blocks["fsrs_parameters"], ranges.count > 1,
            let yours = ranges.first(where: { !fitRun(around: $0, in: all, of: lines).contains("fsrs_parameters_fitted") })
        {
            let numbers = ranges.map { String($0.lowerBound + 1) }.joined(separator: " and ")
            throw CollectionError.badConfig(
                path: path,
                problem:
                    "`fsrs_parameters` is set more than once (lines \(numbers)), and line \(yours.lowerBound + 1) has no `fsrs_parameters_fitted` beside it (parameters of yours, not a fit's); keep the one you want"
            )
        }
        var merged = false
        for (key, ranges) in repeated where fittedKeys.contains(key) {
            merged = true
            // Compared without the blank lines a block may end with (the file's last has one).
            let chosen = fitChosen(ranges.map(text))
            for (index, range) in ranges.enumerated() where index != chosen {
                unused.formUnion(range)
                // Each copy is checked as the one used is (on its own line number): a copy written
                // wrong by hand is an error, not passed over.
                let alone = String(repeating: "\n", count: range.lowerBound) + lines[range].joined(separator: "\n") + "\n"
                _ = try CollectionConfig(yaml: alone, path: path)
            }
        }
        return (unused, merged)
    }

    /// The keys of the run of fit-written keys `block` (its lines) belongs to: the blocks
    /// around it that are fit-written keys, blank lines or comments, up to anything else (a
    /// setting of yours, a marker line). A fit writes its keys together, so its
    /// `fsrs_parameters` has `fsrs_parameters_fitted` in its run, whichever badger wrote it
    /// (with the markers, or before them) and however a union merge interleaved two fits.
    static func fitRun(around block: Range<Int>, in blocks: [(key: String?, lines: Range<Int>)], of lines: [Substring]) -> Set<String> {
        guard let index = blocks.firstIndex(where: { $0.lines == block }) else { return [] }
        func belongs(_ other: (key: String?, lines: Range<Int>)) -> Bool {
            if let key = other.key { return fittedKeys.contains(key) }
            return lines[other.lines].allSatisfy { line in
                let trimmed = line.trimmingCharacters(in: markerTrimmed)
                return trimmed.isEmpty || (trimmed.hasPrefix("#") && !isFitsMarker(line))
            }
        }
        var first = index
        while first > 0, belongs(blocks[first - 1]) { first -= 1 }
        var last = index
        while last + 1 < blocks.count, belongs(blocks[last + 1]) { last += 1 }
        return Set(blocks[first...last].compactMap(\.key))
    }

    /// Whether the first `fsrs_parameters` of `text` has neither `fsrs_parameters_fitted` nor
    /// `fsrs_parameters_reviews` in its run of fit-written keys (`fitRun`).
    static func parametersStandAlone(in text: String) -> Bool {
        let lines = linesWithEndings(text).lines
        let blocks = topLevelBlocks(lines)
        guard let block = blocks.first(where: { $0.key == "fsrs_parameters" }) else { return false }
        return fitRun(around: block.lines, in: blocks, of: lines).isDisjoint(with: ["fsrs_parameters_fitted", "fsrs_parameters_reviews"])
    }

    /// Every `fsrs_parameters` value `text` holds (merged fits' too, and copies of yours), as
    /// stored; values that cannot be read are left out (the file's reading reports them).
    public static func parameterCopies(in text: String) -> [[Double]] {
        let (lines, _) = linesWithEndings(text)
        return topLevelBlocks(lines).filter { $0.key == "fsrs_parameters" }.compactMap { block in
            (try? CollectionConfig(yaml: lines[block.lines].joined(separator: "\n") + "\n", path: fileName))?.fsrsParameters.map(asStored)
        }
    }

    /// Which of a fit-written key's occurrences (their text, `key: value` and continuation
    /// lines) counts: the greatest number (review counts), else the greatest text (dates,
    /// parameters, choices), so the choice does not depend on the order of the lines.
    static func fitChosen(_ occurrences: [String]) -> Int {
        func number(_ text: String) -> Int? {
            let value = text.split(separator: ":", maxSplits: 1).dropFirst().first?.split(separator: "#", maxSplits: 1).first
            return value.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        return occurrences.indices.max {
            (number(occurrences[$0]) ?? Int.min, occurrences[$0]) < (number(occurrences[$1]) ?? Int.min, occurrences[$1])
        } ?? 0
    }

    /// A YAML file's lines in top-level blocks: each starts at a line at the left margin (a key,
    /// a comment, anything else) and holds the indented, list and blank lines after it; lines
    /// before the first are a block of their own. `key` is a key's name (`name:`, or quoted as
    /// `"name":` or `'name':`, which YAML reads alike), nil for comments and YAML's other forms
    /// (`? `, a quoted name with escapes or spaces), which are left to the parser.
    static func topLevelBlocks(_ lines: [Substring]) -> [(key: String?, lines: Range<Int>)] {
        var blocks: [(key: String?, lines: Range<Int>)] = []
        var start = 0
        var key: String?
        func isContinuation(_ line: Substring) -> Bool { line.first.map { $0 == " " || $0 == "\t" || $0 == "-" } ?? true }
        // For each line, whether the next line with content (not blank, not a comment) continues a
        // value: found in one pass from the end.
        var continuesBelow = [Bool](repeating: false, count: lines.count + 1)
        for index in lines.indices.reversed() {
            let text = lines[index].trimmingCharacters(in: .whitespaces)
            continuesBelow[index] = text.isEmpty || text.hasPrefix("#") ? continuesBelow[index + 1] : isContinuation(lines[index])
        }
        for (index, line) in lines.enumerated() {
            // A marker line starts a block wherever it is written (indented too).
            let marker = isFitsMarker(line)
            guard let first = line.first, !isContinuation(line) || marker else { continue }
            // A comment at the margin inside a value (between the items of a block list) belongs
            // to it: the next line with content continues the value. The markers never do.
            if first == "#", index > start, continuesBelow[index + 1], !marker {
                continue
            }
            if index > start { blocks.append((key, start..<index)) }
            start = index
            key = nil
            if first != "#", let colon = line.firstIndex(of: ":") {
                var name = line[..<colon]
                // Quoted: a duplicate of the plain key, or the parameters a fit replaces.
                if name.count > 2, name.first == "\"" || name.first == "'", name.last == name.first {
                    name = name.dropFirst().dropLast()
                }
                if name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { key = String(name) }
            }
        }
        if lines.count > start { blocks.append((key, start..<lines.count)) }
        return blocks
    }

    /// What is ignored around a marker line: spaces, and a byte-order mark before the first.
    static let markerTrimmed = CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\u{FEFF}"))

    /// Whether `line` is `fitsMarker` or `fitsEndMarker`, however indented.
    static func isFitsMarker(_ line: Substring) -> Bool {
        let text = line.trimmingCharacters(in: markerTrimmed)
        return text == fitsMarker || text == fitsEndMarker
    }

    /// `text`'s lines, each with its own ending ("\n", "\r\n", or "" for a last line without
    /// one; "\r\n" is one Character in Swift).
    static func linesWithEndings(_ text: String) -> (lines: [Substring], endings: [String]) {
        var lines: [Substring] = []
        var endings: [String] = []
        var lineStart = text.startIndex
        var position = text.startIndex
        while position < text.endIndex {
            let character = text[position]
            let next = text.index(after: position)
            if character == "\n" || character == "\r\n" {
                lines.append(text[lineStart..<position])
                endings.append(String(character))
                lineStart = next
            }
            position = next
        }
        if lineStart < text.endIndex {
            lines.append(text[lineStart...])
            endings.append("")
        }
        return (lines, endings)
    }

    /// `text` with every fit-written key once, as `CollectionConfig(yaml:)` reads it: the lines
    /// of merged fits it does not use are removed, so that a fit writing its keys leaves no
    /// second fit behind.
    public static func removingMergedFits(from text: String) -> String {
        let (lines, endings) = linesWithEndings(text)
        guard let (unused, merged) = try? mergedFitLines(lines, path: fileName), merged else { return text }
        // Every other line as it was, its own ending included.
        return lines.indices.filter { !unused.contains($0) }.map { lines[$0] + endings[$0] }.joined()
    }

    /// The keys a fit writes for the automatic settings.
    public static let adaptiveKeys = [
        "adaptive_retention", "adaptive_target_retention", "adaptive_learning_steps", "adaptive_relearning_steps", "adaptive_reason",
        "adaptive_same_day_intervals", "adaptive_retention_bounds", "adaptive_maximum_interval",
    ]

    public init(exclude: [String] = []) { self.exclude = exclude }

    /// Reads a config file's bytes.
    ///
    /// - Throws: `CollectionError.badConfig` for bytes that are not UTF-8 (naming where the
    ///   first bad byte is: read with replacement characters, a re-fit would write them back),
    ///   and for every mistake `init(yaml:path:)` reports.
    public init(bytes: [UInt8], path: String) throws {
        try self.init(yaml: Self.text(bytes, path: path), path: path)
    }

    /// The text of a config file's `bytes`.
    ///
    /// - Throws: `CollectionError.badConfig` naming where the first byte that is not UTF-8 is
    ///   (read with replacement characters, a rewrite would put them in the author's place).
    public static func text(_ bytes: [UInt8], path: String) throws -> String {
        if let (offset, location) = SourceText.firstInvalidUTF8(in: bytes) {
            throw CollectionError.badConfig(
                path: path,
                problem:
                    "line \(location.line), column \(location.column): not UTF-8 text (first bad byte at offset \(offset)); re-save it as UTF-8"
            )
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `desired_retention_bounds` as read: from 0.70 to 0.99, the lower first, moved inward to
    /// hundredths (the retention is chosen in hundredths, and never outside the bounds); nil for
    /// bounds out of that range or holding no hundredth.
    public static func retentionBounds(low: Double, high: Double) -> ClosedRange<Double>? {
        guard (0.70...0.99).contains(low), (0.70...0.99).contains(high), low <= high else { return nil }
        let lower = (low * 100 - 1e-6).rounded(.up) / 100
        let upper = (high * 100 + 1e-6).rounded(.down) / 100
        return lower <= upper ? lower...upper : nil
    }

    /// What `retentionBounds(low:high:)` asks for.
    public static let retentionBoundsRule =
        "two numbers from 0.70 to 0.99, the lower first, holding a hundredth (the retention is chosen in hundredths), such as [0.80, 0.95]"

    /// Reads a config file's text.
    ///
    /// - Throws: `CollectionError.badConfig` with the problem and its line, when the file is
    ///   not YAML, not a mapping, or a key is unknown or has a value of the wrong kind (such as
    ///   `exclude` not a list of strings, or a `macros` name that is not a command name).
    public init(yaml: String, path: String) throws {
        // A byte-order mark some editors write is not YAML's to read.
        let text = yaml.hasPrefix("\u{FEFF}") ? String(yaml.dropFirst()) : yaml
        // Merged without the union driver (before `.gitattributes` came with the first log).
        if let conflict = ConflictMarkers.find(SourceText(Array(text.utf8))) {
            throw CollectionError.badConfig(
                path: path,
                problem:
                    "holds git merge conflict markers (lines \(conflict.lines.lowerBound)–\(conflict.lines.upperBound)): keep what you want of both versions and remove the `<<<<<<<`, `=======` and `>>>>>>>` lines"
            )
        }
        let (yaml, mergedFits) = try Self.uniting(text, path: path)
        self.mergedFits = mergedFits
        defer {
            // Parameters with neither the date nor the count a fit writes with them in their run
            // (the fit's line deleted and yours written elsewhere) are yours, whatever a fit left
            // beside its markers: they were taken for that fit's, and replaced unrecorded.
            if fsrsParameters != nil, !mergedFits, Self.parametersStandAlone(in: yaml) {
                (fsrsParametersFitted, fsrsParametersReviews) = (nil, nil)
            }
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml)
        } catch {
            // Yams's message spans lines (the line quoted, a caret): one line here.
            let lines = String(describing: error).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            throw CollectionError.badConfig(
                path: path, problem: "not valid YAML: " + lines.filter { !$0.isEmpty && $0 != "^" }.joined(separator: "; "))
        }
        // An empty document (nothing, comments, or a lone `---`) sets nothing.
        guard let node, node.null == nil else { return }
        guard case .mapping(let mapping) = node else {
            throw CollectionError.badConfig(path: path, problem: "must be a mapping of keys to values")
        }
        var stepLines: [String: String] = [:]
        var chosenRetention: Double?
        var chosenLearningSteps: [Double]?
        var chosenRelearningSteps: [Double]?
        var chosenSameDayIntervals: Bool?
        var chosenMaximumInterval: Int?
        var chosenBounds: ClosedRange<Double>?
        for (key, value) in mapping {
            let name = key.string ?? "\(key)"
            writtenKeys.insert(name)
            // The key's line: a list or mapping written below its key starts on the next one.
            let line = (key.mark?.line ?? value.mark?.line).map { "line \($0): " } ?? ""
            func bad(_ problem: String) -> CollectionError { .badConfig(path: path, problem: line + problem) }
            switch name {
            case "exclude":
                guard case .sequence(let items) = value, items.allSatisfy({ $0.string != nil }) else {
                    throw bad("`exclude` must be a list of glob patterns")
                }
                exclude = items.compactMap(\.string)
            case "scheduler":
                guard let text = value.string, ["fsrs", "sm2", "leitner"].contains(text) else {
                    throw bad("`scheduler` must be fsrs, sm2 or leitner")
                }
                scheduler = text
            case "desired_retention":
                if value.string == "auto" {
                    adaptiveRetention = true
                    continue
                }
                guard let number = value.float, (0.70...0.99).contains(number) else {
                    throw bad("`desired_retention` must be a number from 0.70 to 0.99, such as 0.9, or auto")
                }
                desiredRetention = number
            case "adaptive_retention":
                guard let number = value.float, (0.70...0.99).contains(number) else {
                    throw bad("`adaptive_retention` must be a number from 0.70 to 0.99 (as a fit writes it)")
                }
                chosenRetention = number
            case "desired_retention_bounds":
                guard case .sequence(let items) = value, items.count == 2, let low = items[0].float, let high = items[1].float,
                    let bounds = Self.retentionBounds(low: low, high: high)
                else {
                    throw bad("`desired_retention_bounds` must be " + Self.retentionBoundsRule)
                }
                retentionBounds = bounds
            case "learning_steps", "relearning_steps", "adaptive_learning_steps", "adaptive_relearning_steps":
                let chosen = name.hasPrefix("adaptive_")
                if !chosen, value.string == "auto" {
                    if name == "learning_steps" { adaptiveLearningSteps = true } else { adaptiveRelearningSteps = true }
                    continue
                }
                let auto = chosen ? "" : ", or auto"
                guard case .sequence(let items) = value else {
                    throw bad("`\(name)` must be a list of durations such as [1m, 10m]\(auto)")
                }
                if let problem = Self.tooManySteps(items.count) { throw bad("`\(name)` " + problem) }
                var steps: [Double] = []
                for (number, item) in items.enumerated() {
                    // A step of a list written an item a line is named by its own line.
                    let itemLine = (item.mark?.line).map { "line \($0): " } ?? line
                    guard let text = item.scalar?.string, !text.isEmpty else {
                        let what = item.scalar != nil ? "is empty" : item.mapping != nil ? "is a mapping" : "is a list"
                        throw CollectionError.badConfig(
                            path: path,
                            problem: itemLine + "`\(name)`: item \(number + 1) \(what); write a duration such as 30s, 10m, 2h or 1d")
                    }
                    switch Self.step(text) {
                    case .success(let seconds): steps.append(seconds)
                    case .failure(let problem):
                        throw CollectionError.badConfig(path: path, problem: itemLine + "`\(name)`: " + problem.words(text))
                    }
                }
                stepLines[name] = line
                switch name {
                case "learning_steps": learningSteps = steps
                case "relearning_steps": relearningSteps = steps
                case "adaptive_learning_steps": chosenLearningSteps = steps
                default: chosenRelearningSteps = steps
                }
            case "adaptive_target_retention":
                guard let number = value.float, (0.70...0.99).contains(number) else {
                    throw bad("`adaptive_target_retention` must be a number from 0.70 to 0.99 (as a fit writes it)")
                }
                targetRetention = number
            case "adaptive_retention_bounds":
                guard case .sequence(let items) = value, items.count == 2, let low = items[0].float, let high = items[1].float, low <= high
                else { throw bad("`adaptive_retention_bounds` must be two numbers, the lower first (as a fit writes it)") }
                chosenBounds = low...high
            case "adaptive_same_day_intervals":
                guard let flag = value.bool else { throw bad("`adaptive_same_day_intervals` must be true or false (as a fit writes it)") }
                chosenSameDayIntervals = flag
            case "adaptive_maximum_interval":
                guard let days = value.int, (1...Self.longestInterval).contains(days) else {
                    throw bad(
                        "`adaptive_maximum_interval` must be a whole number of days from 1 to \(Self.longestInterval) (as a fit writes it)")
                }
                chosenMaximumInterval = days
            case "adaptive_reason":
                guard let text = value.string else { throw bad("`adaptive_reason` must be a string (as a fit writes it)") }
                adaptiveReason = text
            case "adapt":
                guard let flag = value.bool else { throw bad("`adapt` must be true or false") }
                adapt = flag
            case "same_day_intervals":
                guard let flag = value.bool else { throw bad("`same_day_intervals` must be true or false") }
                sameDayIntervalsSetting = flag
            case "maximum_interval":
                guard let days = value.int, (1...Self.longestInterval).contains(days) else {
                    throw bad("`maximum_interval` must be a whole number of days from 1 to \(Self.longestInterval) (100 years)")
                }
                maximumInterval = days
            case "day_start_hour":
                guard let hour = value.int, (0...23).contains(hour) else { throw bad("`day_start_hour` must be a whole hour from 0 to 23") }
                dayStartHour = hour
            case "fuzz":
                guard let flag = value.bool else { throw bad("`fuzz` must be true or false") }
                fuzz = flag
            case "fsrs_parameters":
                let rule = "`fsrs_parameters` must be a list of 21 numbers (as `badger optimize --apply` writes)"
                guard case .sequence(let items) = value else { throw bad(rule) }
                // The item that is not a number, by its own line when the list is written an item a line.
                if let number = items.firstIndex(where: { item in item.float.map { !$0.isFinite } ?? true }) {
                    let item = items[number]
                    let itemLine = (item.mark?.line).map { "line \($0): " } ?? line
                    let text =
                        item.scalar.map { "\"\($0.string.count > 40 ? $0.string.prefix(40) + "…" : $0.string)\"" }
                        ?? "a nested list or mapping"
                    throw CollectionError.badConfig(path: path, problem: itemLine + "\(rule): item \(number + 1), \(text), is not a number")
                }
                guard items.count == 21 else { throw bad("\(rule), not \(items.count)") }
                let numbers = items.compactMap(\.float)
                fsrsParameters = numbers
                fsrsParametersSource = (path, value.mark?.line ?? key.mark?.line ?? 0)
            case "fsrs_parameters_fitted":
                // As a fit writes it: the study day, year-month-day, a day that exists, from 1970.
                guard let text = value.string, Self.isFitDate(text) else {
                    throw bad("`fsrs_parameters_fitted` must be a date such as 2026-11-22 (as a fit writes it)")
                }
                fsrsParametersFitted = text
            case "fsrs_parameters_reviews":
                guard let count = value.int, count >= 0 else { throw bad("`fsrs_parameters_reviews` must be a whole number of reviews") }
                fsrsParametersReviews = count
            case "fsrs_fit_refused_reviews":
                guard let count = value.int, count >= 0 else { throw bad("`fsrs_fit_refused_reviews` must be a whole number of reviews") }
                fsrsFitRefusedReviews = count
            case "macros":
                macros = try Self.macros(value, path: path, lines: yaml.split(separator: "\n", omittingEmptySubsequences: false), bad: bad)
            default:
                let suggestion = DidYouMean.suggestion(for: name, among: Self.keys).map { "; did you mean `\($0)`?" } ?? ""
                throw bad("unknown key `\(name)`\(suggestion) (known keys: \(Self.keys.joined(separator: ", ")))")
            }
        }
        // What the last fit chose applies only where the setting is `auto`, and only with the
        // parameters it was chosen for (removed, they take the choice with them).
        if fsrsParameters == nil {
            (chosenRetention, targetRetention, chosenLearningSteps, chosenRelearningSteps, adaptiveReason) = (nil, nil, nil, nil, nil)
        }
        // A choice made within other bounds (changed since, until the next session chooses
        // afresh) schedules within the bounds as they are now.
        func within(_ value: Double) -> Double { min(retentionBounds.upperBound, max(retentionBounds.lowerBound, value)) }
        if adaptiveRetention { desiredRetention = chosenRetention.map(within) ?? Self.fallbackRetention(in: retentionBounds) }
        if !adaptiveRetention { targetRetention = nil }
        // The choice tries every hundredth within the bounds, each rounded to a hundredth.
        let swept = (retentionBounds.lowerBound * 100).rounded() - 1e-6...(retentionBounds.upperBound * 100).rounded() + 1e-6
        // Why the automatic settings are due to be chosen afresh, each reason once.
        func bounds(_ range: ClosedRange<Double>) -> String {
            "[\(Self.hundredths(range.lowerBound)), \(Self.hundredths(range.upperBound))]"
        }
        var stale: [String] = []
        if adaptiveRetention {
            if chosenRetention == nil || targetRetention == nil {
                stale.append("`desired_retention` is `auto` and no fit chose it for these parameters")
            } else if let chosenBounds, !Self.sameInHundredths(chosenBounds, retentionBounds) {
                stale.append(
                    "`desired_retention_bounds` changed from \(bounds(chosenBounds)) to \(bounds(retentionBounds))")
            } else if let chosenRetention, let targetRetention,
                !swept.contains(chosenRetention * 100) || !swept.contains(targetRetention * 100)
            {
                // The target and what FSRS schedules for it (calibrated) both within the bounds.
                stale.append(
                    swept.contains(targetRetention * 100)
                        ? "FSRS schedules for \(Self.hundredths(chosenRetention)), outside `desired_retention_bounds` \(bounds(retentionBounds)), for a target of \(Self.hundredths(targetRetention))"
                        : "the target chosen, \(Self.hundredths(targetRetention)), is outside `desired_retention_bounds` \(bounds(retentionBounds))"
                )
            }
        }
        if adaptiveLearningSteps, chosenLearningSteps == nil {
            stale.append("`learning_steps` is `auto` and no fit chose them for these parameters")
        }
        if adaptiveRelearningSteps, chosenRelearningSteps == nil {
            stale.append("`relearning_steps` is `auto` and no fit chose them for these parameters")
        }
        // The steps and retention were chosen with same-day intervals on or off as they are now, …
        if hasAutomaticSettings, let chosenSameDayIntervals, chosenSameDayIntervals != sameDayIntervalsWhenFitted {
            func onOff(_ on: Bool) -> String { on ? "on" : "off" }
            stale.append(
                "same-day intervals are \(onOff(sameDayIntervalsWhenFitted)) (`same_day_intervals`, on by default with automatic steps) and the automatic settings were chosen with them \(onOff(chosenSameDayIntervals))"
            )
        }
        // … with the longest interval as it is now (written by a fit only when not the default), …
        if hasAutomaticSettings, (chosenMaximumInterval ?? Self.longestInterval) != maximumInterval {
            stale.append(
                "`maximum_interval` is \(Self.days(maximumInterval)) and the automatic settings were chosen with \(Self.days(chosenMaximumInterval ?? Self.longestInterval))"
            )
        }
        // … and automatic steps for the retention as it is now (set by hand since).
        if !adaptiveRetention, adaptiveLearningSteps || adaptiveRelearningSteps, let chosenRetention,
            Self.hundredths(chosenRetention) != Self.hundredths(desiredRetention)
        {
            stale.append(
                "`desired_retention` is \(Self.hundredths(desiredRetention)) and the steps were chosen for \(Self.hundredths(chosenRetention))"
            )
        }
        adaptiveChoiceStaleness = stale
        if adaptiveLearningSteps, let chosenLearningSteps { learningSteps = chosenLearningSteps }
        if adaptiveRelearningSteps, let chosenRelearningSteps { relearningSteps = chosenRelearningSteps }
        // Steps are same-day repeats; none may be longer than the longest interval.
        for (name, steps) in [("learning_steps", learningSteps), ("relearning_steps", relearningSteps)] {
            if let index = Self.firstStep(in: steps, longerThan: maximumInterval) {
                throw CollectionError.badConfig(
                    path: path,
                    problem: (stepLines[name] ?? "")
                        + "`\(name)`: a step of \(Self.describe(steps[index])) is longer than `maximum_interval` (\(Self.days(maximumInterval)))"
                )
            }
        }
    }

    /// The `macros:` mapping: each name (`\R` or `R`) to its expansion, a string; empty means none.
    private static func macros(
        _ value: Node, path: String, lines: [Substring], bad: (String) -> CollectionError
    ) throws -> LaTeXMacros {
        let example = "such as `\\R: \\mathbb{R}`"
        if value.null != nil { return LaTeXMacros() }
        guard case .mapping(let entries) = value else { throw bad("`macros` must be a mapping of macro names to expansions, \(example)") }
        var macros = LaTeXMacros()
        for (key, expansion) in entries {
            let line = key.mark?.line ?? value.mark?.line ?? 0
            func badEntry(_ problem: String) -> CollectionError { .badConfig(path: path, problem: "line \(line): " + problem) }
            guard let text = key.string, let name = LaTeXMacros.normalizedName(text) else {
                throw badEntry("`macros`: \"\(key.string ?? "")\" is not a command name \(example)")
            }
            guard case .scalar(let scalar) = expansion else {
                throw badEntry("`macros`: the expansion of `\(name)` must be a string, \(example)")
            }
            if macros.definitions[name] != nil { throw badEntry("`macros`: `\(name)` is defined twice") }
            // Unquoted, `\norm: \lVert #1\rVert` would lose ` #1\rVert` to a YAML comment.
            if scalar.style == .plain, let valueLine = expansion.mark?.line, valueLine <= lines.count,
                Self.hasArgumentComment(lines[valueLine - 1])
            {
                throw badEntry("`macros`: quote the expansion of `\(name)` ('…'): YAML reads ` #1` as the start of a comment")
            }
            macros.definitions[name] = LaTeXMacros.Definition(expansion: scalar.string, path: path, line: line)
        }
        return macros
    }

    /// Whether `line` has a YAML comment that starts like a macro argument: ` #1` … ` #9`.
    private static func hasArgumentComment(_ line: Substring) -> Bool {
        let characters = Array(line)
        return characters.indices.dropFirst().contains { index in
            characters[index] == "#" && (characters[index - 1] == " " || characters[index - 1] == "\t")
                && index + 1 < characters.count && ("1"..."9").contains(characters[index + 1])
        }
    }

    /// The longest interval any setting may give: 100 years.
    public static let longestInterval = 36_500

    /// The most steps a list of learning or relearning steps may have. A card starts them over
    /// at each Fail (Again), so the repeats it can need grow exponentially with their number: with 60
    /// steps the workload simulation of one fit took minutes, with 100 000 it never ended.
    public static let mostSteps = 20

    /// Why a list of `count` steps is too long (nil when it is not), after its name.
    public static func tooManySteps(_ count: Int) -> String? {
        count <= mostSteps
            ? nil
            : "has \(count) steps; badger takes at most \(mostSteps) (a card starts them over at each Fail, so each step more multiplies the repeats it can need)"
    }

    /// A step's length in the largest unit that spells it exactly (241 hours, not "10 days").
    private static func describe(_ seconds: Double) -> String {
        func count(_ value: Double) -> String { value < 1e15 ? String(Int(value)) : String(value) }
        for (unit, size) in [("days", 86_400.0), ("hours", 3_600), ("minutes", 60)]
        where seconds >= size && seconds.truncatingRemainder(dividingBy: size) == 0 {
            return "\(count(seconds / size)) \(unit)"
        }
        return "\(count(seconds.rounded(.up))) seconds"
    }

    /// `parameters` as badger.yml stores them, four decimals: what a collection schedules with,
    /// so what a fit chooses its settings with, and what reading them back gives.
    public static func asStored(_ parameters: [Double]) -> [Double] {
        parameters.map { Double(String(format: "%.4f", $0)) ?? $0 }
    }

    /// `text` (a config file's content) with the fitted-parameter keys set to these values and
    /// every other line kept as it was: earlier lines for these keys are removed (with their
    /// indented continuation lines) and the new ones written between the fit's marker lines
    /// (`replacing`).
    public static func settingFittedParameters(in text: String, parameters: [Double], fitted: String, reviews: Int) -> String {
        // A fit replaces a refusal recorded before.
        let keys = ["fsrs_parameters", "fsrs_parameters_fitted", "fsrs_parameters_reviews", "fsrs_fit_refused_reviews"]
        let list = parameters.map { String(format: "%.4f", $0) }.joined(separator: ", ")
        let added = [
            "fsrs_parameters: [\(list)]", "fsrs_parameters_fitted: \"\(fitted)\"", "fsrs_parameters_reviews: \(reviews)",
        ]
        return replacing(keys: keys, with: added, in: text)
    }

    /// `text` with `fsrs_fit_refused_reviews` set to `reviews` and nothing else changed: the
    /// log's size when a fit was refused (too few reviews left after the optimizer's outlier
    /// filter), so that the next try waits until the log has grown by half.
    public static func settingRefusedFit(in text: String, reviews: Int) -> String {
        replacing(keys: ["fsrs_fit_refused_reviews"], with: ["fsrs_fit_refused_reviews: \(reviews)"], in: text)
    }

    /// `text` with the automatic settings a fit chose (`adaptive_retention`,
    /// `adaptive_target_retention` when given, `adaptive_learning_steps`,
    /// `adaptive_relearning_steps`, `adaptive_reason`, `adaptive_same_day_intervals`, the
    /// `same_day_intervals` they were chosen with, and `adaptive_retention_bounds`, the bounds the
    /// retention was chosen within, when given) set to these values, every other line kept as it
    /// was.
    public static func settingAdaptiveChoice(
        in text: String, retention: Double, targetRetention: Double? = nil, learningSteps: [Double], relearningSteps: [Double],
        reason: String, sameDayIntervals: Bool? = nil, bounds: ClosedRange<Double>? = nil, maximumInterval: Int = longestInterval
    ) -> String {
        func list(_ steps: [Double]) -> String { "[" + steps.map(durationText).joined(separator: ", ") + "]" }
        let quoted = reason.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let added =
            ["adaptive_retention: " + String(format: "%.2f", retention)]
            + (targetRetention.map { ["adaptive_target_retention: " + String(format: "%.2f", $0)] } ?? []) + [
                "adaptive_learning_steps: " + list(learningSteps), "adaptive_relearning_steps: " + list(relearningSteps),
                "adaptive_reason: \"\(quoted)\"",
            ] + (sameDayIntervals.map { ["adaptive_same_day_intervals: \($0)"] } ?? [])
            + (bounds.map { ["adaptive_retention_bounds: [" + hundredths($0.lowerBound) + ", " + hundredths($0.upperBound) + "]"] } ?? [])
            + (maximumInterval == longestInterval ? [] : ["adaptive_maximum_interval: \(maximumInterval)"])
        return replacing(keys: adaptiveKeys, with: added, in: text)
    }

    /// The comment lines around the keys fits write: unchanged lines between them and your own
    /// settings, above or below, so that git merges a setting changed in one clone with a fit
    /// made in the other (a change next to a fit's lines was united with it, and the setting then
    /// set twice, which stops every command).
    public static let fitsMarker = "# Written by each fit (badger optimize --apply, the end of a study session):"
    public static let fitsEndMarker = "# End of what fits write."

    /// `text` with the top-level `keys` removed (with their indented continuation lines) and
    /// `added` written with the other fit-written keys between `fitsMarker` and `fitsEndMarker`.
    /// Every line outside the markers stays exactly as it was (its line ending, blank lines, a
    /// last line without one), so a setting you change in another clone merges with the fit:
    /// only fit-written keys found outside them (a file from before the markers) move in, where
    /// the first of them was, and anything else found between them moves just below them.
    /// Without markers or fit-written keys, the run is appended at the end.
    private static func replacing(keys: [String], with added: [String], in text: String) -> String {
        let (lines, endings) = linesWithEndings(text)
        func trimmed(_ line: Substring) -> String { line.trimmingCharacters(in: .whitespaces) }
        let startMarker = lines.firstIndex { $0.trimmingCharacters(in: markerTrimmed) == fitsMarker }
        let endMarker = startMarker.flatMap { start in
            lines[(start + 1)...].firstIndex { $0.trimmingCharacters(in: markerTrimmed) == fitsEndMarker }
        }
        let newline = startMarker.map { endings[$0] }.flatMap { $0.isEmpty ? nil : $0 } ?? endings.last { !$0.isEmpty } ?? "\n"
        // Each fit-written key's own lines (blank lines after it stay where they are).
        var fitBlocks: [(key: String, lines: Range<Int>)] = []
        for block in topLevelBlocks(lines) {
            guard let key = block.key, fittedKeys.contains(key) else { continue }
            var end = block.lines.upperBound
            while end > block.lines.lowerBound + 1, trimmed(lines[end - 1]).isEmpty { end -= 1 }
            fitBlocks.append((key, block.lines.lowerBound..<end))
        }
        // The lines the fit's run replaces.
        let region: Range<Int>
        if let start = startMarker, let end = endMarker {
            region = start..<(end + 1)
        } else if let start = startMarker {
            // Only the start marker (an earlier version wrote no end): it and the keys after it.
            var end = start + 1
            for block in fitBlocks where block.lines.lowerBound >= end {
                guard lines[end..<block.lines.lowerBound].allSatisfy({ trimmed($0).isEmpty }) else { break }
                end = block.lines.upperBound
            }
            region = start..<end
        } else if let first = fitBlocks.first {
            region = first.lines
        } else {
            region = lines.count..<lines.count
        }
        var fitLines = IndexSet()
        // The marker lines as written (indented, a space after: left alone).
        var run = [startMarker.map { String(lines[$0]) } ?? fitsMarker]
        for block in fitBlocks {
            fitLines.insert(integersIn: block.lines)
            if !keys.contains(block.key) { run += lines[block.lines].map(String.init) }
        }
        run += added + [endMarker.map { String(lines[$0]) } ?? fitsEndMarker]
        let endOfRun = run.count - 1
        // Your lines found between the markers go just below them.
        run += region.filter { !fitLines.contains($0) && !isFitsMarker(lines[$0]) && !trimmed(lines[$0]).isEmpty }.map {
            String(lines[$0])
        }
        // Each line ends as the file's do; the marker lines keep their own endings.
        var runEndings = Array(repeating: newline, count: run.count)
        if let startMarker { runEndings[0] = endings[startMarker] }
        if let endMarker { runEndings[endOfRun] = endings[endMarker] }
        // Only the file's last line goes without one.
        for index in runEndings.indices where runEndings[index].isEmpty && (index < run.count - 1 || region.upperBound < lines.count) {
            runEndings[index] = newline
        }
        let runText = zip(run, runEndings).map { $0 + $1 }.joined()
        // Marker lines besides the pair used (two clones' first fits merged add two) go.
        var dropped = fitLines.union(IndexSet(integersIn: region))
        for index in lines.indices where isFitsMarker(lines[index]) { dropped.insert(index) }
        var output = ""
        for index in lines.indices {
            if index == region.lowerBound { output += runText }
            if !dropped.contains(index) { output += lines[index] + endings[index] }
        }
        if region.lowerBound == lines.count {
            if let last = endings.last, last.isEmpty { output += newline }
            output += runText
        }
        return output
    }

    /// A retention as a fit writes it: to a hundredth.
    static func hundredths(_ value: Double) -> String { String(format: "%.2f", value) }

    /// Whether two ranges of retention are the same as a fit writes them (to a hundredth), so a
    /// bound of 0.855 compares equal to the 0.85 or 0.86 written for it, not chosen afresh forever.
    static func sameInHundredths(_ one: ClosedRange<Double>, _ other: ClosedRange<Double>) -> Bool {
        hundredths(one.lowerBound) == hundredths(other.lowerBound) && hundredths(one.upperBound) == hundredths(other.upperBound)
    }

    /// The retention `desired_retention: auto` uses before any fit: 0.9 when the bounds allow it,
    /// else the nearest bound.
    public static func fallbackRetention(in bounds: ClosedRange<Double>) -> Double {
        min(max(0.9, bounds.lowerBound), bounds.upperBound)
    }

    /// A duration as the config writes it: `30s`, `10m`, `2h`, `1d` (the largest whole unit), or
    /// seconds.
    public static func durationText(_ seconds: Double) -> String {
        for (unit, size) in [("d", 86_400.0), ("h", 3600.0), ("m", 60.0)]
        where seconds >= size && seconds.truncatingRemainder(dividingBy: size) == 0 {
            return "\(Int(seconds / size))\(unit)"
        }
        return seconds == seconds.rounded() ? "\(Int(seconds))s" : "\(seconds)s"
    }

    /// Seconds in a learning or relearning step such as `30s`, `10m`, `1.5h` or `1d` (a decimal
    /// number and a unit): whole seconds, as the log keeps times, at least one (a shorter step
    /// is due the moment it is set), and no longer than the longest interval.
    public static func step(_ text: String) -> Result<Double, StepProblem> {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        guard let unit = text.last.flatMap({ units[$0] }), let value = decimal(text.dropLast()) else {
            return .failure(.notADuration)
        }
        let seconds = value * Double(unit)
        if seconds < 1 { return .failure(.shorterThanASecond) }
        if seconds > Double(longestInterval) * 86_400 { return .failure(.longerThanTheLongestInterval) }
        // Whole seconds, judged on the digits (1.0000001s is not 1s): the fraction, without its
        // trailing zeros, times the unit is a whole number.
        let fraction = text.dropLast().drop { $0 != "." }.dropFirst().reversed().drop { $0 == "0" }.reversed()
        guard fraction.count <= 9 else { return .failure(.notWholeSeconds) }
        var scale = 1
        for _ in fraction { scale *= 10 }
        guard (Int(String(fraction)) ?? 0) * unit % scale == 0 else { return .failure(.notWholeSeconds) }
        return .success(seconds.rounded())
    }

    /// A decimal number as people write one: digits, and a point between digits (`0.85`, `10`;
    /// not `.5`, `5.`, `1e3`, `+5` or `0x10`, which `Double` reads too).
    public static func decimal(_ text: Substring) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let value = Double(text), value.isFinite
        else { return nil }
        return value
    }

    /// The first of `steps` (seconds) longer than `maximumInterval` days, which no step may be.
    public static func firstStep(in steps: [Double], longerThan maximumInterval: Int) -> Int? {
        steps.firstIndex { $0 > Double(maximumInterval) * 86_400 }
    }

    /// "1 day", "36500 days".
    public static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }

    /// Why a step such as `10m` was refused.
    public enum StepProblem: Error, Equatable {
        case notADuration, shorterThanASecond, longerThanTheLongestInterval, notWholeSeconds

        /// What is wrong with `text`, for an error message (a long one cut to its first 40 characters).
        public func words(_ whole: String) -> String {
            let text = whole.count > 40 ? whole.prefix(40) + "…" : whole
            return switch self {
            case .notADuration: "\"\(text)\" is not a duration such as 30s, 10m, 2h or 1d"
            case .shorterThanASecond: "a step of \"\(text)\" is shorter than a second (steps are at least 1s)"
            case .notWholeSeconds: "a step of \"\(text)\" is not a whole number of seconds, as the review log keeps times"
            case .longerThanTheLongestInterval:
                "a step of \"\(text)\" is longer than the longest interval, \(CollectionConfig.longestInterval) days"
            }
        }
    }
}

/// Problems finding or reading a collection. These end a command with exit status 2.
public enum CollectionError: Error, CustomStringConvertible, Equatable {
    case notFound(path: String)
    case unreadable(path: String)
    case badConfig(path: String, problem: String)

    public var description: String {
        switch self {
        case .notFound(let path): return "\(path): no such file or directory"
        case .unreadable(let path): return "\(path): cannot be read"
        case .badConfig(let path, let problem): return "\(path): \(problem)"
        }
    }
}
