import BadgerMemory
import BadgerTestSupport
import Foundation
import Testing

@Suite struct TimestampTests {
    @Test(arguments: [
        "1970-01-01T00:00:00Z", "2026-11-21T09:30:05Z", "2000-02-29T23:59:59Z", "2200-12-31T00:00:00Z", "1969-12-31T23:59:59Z",
    ])
    func formattedTimesParseBack(text: String) throws {
        let date = try #require(Timestamp.parse(text))
        #expect(Timestamp.format(date) == text)
    }

    @Test func offsetsAndFractionsAreUnderstood() {
        #expect(Timestamp.parse("2026-11-21T10:30:05+01:00") == Timestamp.parse("2026-11-21T09:30:05Z"))
        #expect(Timestamp.parse("2026-11-21T09:30:05.75Z") == Timestamp.parse("2026-11-21T09:30:05Z"))
        #expect(Timestamp.parse("2026-11-21T09:30:05-23:59") == Timestamp.parse("2026-11-22T09:29:05Z"))
    }

    @Test(arguments: [
        "", "2026-11-21", "2026-13-01T00:00:00Z", "2026-11-21T09:30:05", "2026-11-21T09:30:05Zjunk", "yesterday",
        // Offsets beyond 23:59 (they moved the time by up to four days): RFC 3339 has none.
        "2026-11-21T09:30:05+24:00", "2026-11-21T09:30:05+00:60", "2026-11-21T09:30:05-99:99", "2026-11-21T09:30:05+14:75",
    ])
    func nonsenseIsRejected(text: String) {
        #expect(Timestamp.parse(text) == nil)
    }

    @Test func formattingMatchesFoundation() {
        let formatter = ISO8601DateFormatter()
        for seconds in stride(from: -2_000_000_000.0, through: 7_000_000_000.0, by: 123_456_789.0) {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(Timestamp.format(date) == formatter.string(from: date))
        }
    }
}

@Suite struct ReviewLogTests {
    let time = Timestamp.parse("2026-11-21T09:30:00Z")!

    @Test func recordsRoundTripThroughTheirLines() throws {
        let records: [ReviewRecord] = [
            .review(.init(time: time, cardID: "abc", rating: .good, elapsedSeconds: 600, answerMilliseconds: 4200)),
            .review(.init(time: time, cardID: "abc", rating: .again)),
            .rename(time: time, from: "abc", to: "def"),
        ]
        let log = ReviewLog(records: records)
        #expect(try ReviewLog(text: log.text) == log)
        #expect(records[0].line == "2026-11-21T09:30:00Z\treview\tabc\t3\t600\t4200")
    }

    @Test func aLastLineCutOffByACrashIsRepaired() throws {
        let text = ReviewLog(records: [.review(.init(time: time, cardID: "abc", rating: .good))]).text + "2026-11-21T09:3"
        let log = try ReviewLog(text: text)
        #expect(log.records.count == 1)
        #expect(log.repairedTruncatedLine == 3)
    }

    @Test func aGarbledLineIsReportedWithItsNumberNeverDropped() {
        let text = ReviewLog.header + "\n2026-11-21T09:30:00Z\treview\tabc\t9\t-\t-\n2026-11-21T09:31:00Z\treview\tabc\t3\t-\t-\n"
        #expect(throws: ReviewLogError.garbled(line: 2, reason: "rating must be 1 to 4")) { try ReviewLog(text: text) }
    }

    @Test func theUnionOfTwoLogsHasEveryReviewOnceInTimeOrder() {
        let a = ReviewRecord.review(.init(time: time, cardID: "a", rating: .good))
        let b = ReviewRecord.review(.init(time: time.addingTimeInterval(60), cardID: "b", rating: .easy))
        let c = ReviewRecord.review(.init(time: time.addingTimeInterval(120), cardID: "a", rating: .hard))
        let merged = ReviewLog.union([ReviewLog(records: [a]), ReviewLog(records: [a, c]), ReviewLog(records: [a, b])])
        #expect(merged.records == [a, b, c])
        #expect(
            ReviewLog.union([ReviewLog(records: [a, b]), ReviewLog(records: [a, c])])
                == ReviewLog.union([ReviewLog(records: [a, c]), ReviewLog(records: [a, b])]))
    }
}

@Suite struct SidecarStateTests {
    @Test func stateRoundTripsExactlyIncludingAwkwardQuestions() throws {
        let due = Timestamp.parse("2026-12-01T09:00:00Z")!
        var state = SidecarState()
        state.entries["b"] = .init(
            cardID: "b",
            memory: MemoryState(
                state: .review, step: nil, stability: 3.141592653589793, difficulty: 5.000000000000001, due: due,
                lastReview: due.addingTimeInterval(-86_400), lapses: 2, repetitions: 7), question: "tab\there, line\nbreak, back\\slash")
        state.entries["a"] = .init(
            cardID: "a", memory: MemoryState(due: due, ease: 2.35, intervalDays: 15, box: 3, retired: true), question: "")
        let text = state.text
        #expect(try SidecarState(text: text) == state)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix("# digest "))
        #expect(lines[2].hasPrefix("a\t") && lines[3].hasPrefix("b\t"))
    }

    @Test func aGarbledStateLineNamesItsLine() {
        #expect(throws: SidecarStateError.self) { try SidecarState(text: SidecarState.header + "\nabc\tReview\n") }
        #expect(!SidecarState.isReadable(SidecarState.header + "\nabc\tReview\n"))
    }

    /// A state file's digest line names its entries' digest and hashes the lines after it: a
    /// file read in parts of any size is found up to date exactly when its bytes are the text
    /// of those entries (one byte changed anywhere, cut short, one byte more, one entry less,
    /// one number of a state changed: not up to date).
    @Test func aStateFileIsUpToDateExactlyWhenItsBytesAreTheText() throws {
        let due = Timestamp.parse("2026-12-01T09:00:00Z")!
        let entries = (0..<40).map { index in
            SidecarState.Entry(
                cardID: NameBook.hex(UInt64(index) &* 0x9E37_79B9_7F4A_7C15),
                memory: MemoryState(
                    state: .review, stability: Double(index) / 3, due: due.addingTimeInterval(Double(index)), lapses: index),
                question: index % 7 == 0 ? "tab\there \(index)" : "question \(index)")
        }.sorted { $0.cardID < $1.cardID }
        let digest = SidecarState.digest(ofSorted: entries)
        let text = SidecarState.text(ofSorted: entries)
        let bytes = Array(text.utf8)
        #expect(text.split(separator: "\n")[1].hasPrefix("# digest "))
        #expect(SidecarState.isReadable(text))
        #expect(try SidecarState(text: text) == SidecarState(entries: Dictionary(uniqueKeysWithValues: entries.map { ($0.cardID, $0) })))
        func check(_ bytes: [UInt8], partSize: Int) -> UInt64? {
            var check = SidecarState.DigestCheck()
            for start in stride(from: 0, to: bytes.count, by: partSize) {
                bytes[start..<min(start + partSize, bytes.count)].withUnsafeBytes { check.feed($0) }
            }
            return check.finish()
        }
        for size in [1, 7, 100, 4096] {
            #expect(check(bytes, partSize: size) == digest)
            #expect(check(Array(bytes.dropLast()), partSize: size) != digest)
            #expect(check(bytes + [0x41], partSize: size) != digest)
        }
        for index in stride(from: 0, to: bytes.count, by: 97) {
            var changed = bytes
            changed[index] ^= 0x01
            #expect(check(changed, partSize: 64) != digest)
        }
        #expect(SidecarState.digest(ofSorted: entries.dropLast()) != digest)
        // Made from each card id's number, the same digest.
        var byNumber = SidecarState.Digest()
        for entry in entries { byNumber.add(cardID: UInt64(entry.cardID, radix: 16)!, memory: entry.memory, question: entry.question) }
        #expect(byNumber.value == digest)
        var later = entries
        later[3].memory.due.addTimeInterval(1)
        #expect(SidecarState.digest(ofSorted: later) != digest)
        later = entries
        later[5].question += " "
        #expect(SidecarState.digest(ofSorted: later) != digest)
        // A file written before digest lines (header, then the lines) is never up to date.
        let old =
            SidecarState.header + "\n" + text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n")
        #expect(check(Array(old.utf8), partSize: 100) == nil)
        #expect(check([], partSize: 1) == nil)
        let empty = SidecarState.text(ofSorted: [SidecarState.Entry]())
        #expect(check(Array(empty.utf8), partSize: 3) == SidecarState.digest(ofSorted: [SidecarState.Entry]()))
    }

    /// The stable hash is the same however its bytes are cut into parts, and differs when a
    /// byte does.
    @Test func stableHashIgnoresHowBytesAreCut() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        var whole = StableHasher()
        bytes.withUnsafeBytes { whole.combine($0) }
        for size in [1, 3, 8, 13, 999] {
            var parts = StableHasher()
            for start in stride(from: 0, to: bytes.count, by: size) {
                bytes[start..<min(start + size, bytes.count)].withUnsafeBytes { parts.combine($0) }
            }
            #expect(parts.finalize() == whole.finalize())
        }
        var shorter = StableHasher()
        bytes.dropLast().withUnsafeBytes { shorter.combine($0) }
        #expect(shorter.finalize() != whole.finalize())
        var zeros = StableHasher()
        [UInt8](repeating: 0, count: 8).withUnsafeBytes { zeros.combine($0) }
        var fewerZeros = StableHasher()
        [UInt8](repeating: 0, count: 7).withUnsafeBytes { fewerZeros.combine($0) }
        #expect(zeros.finalize() != fewerZeros.finalize())
    }
}

@Suite struct AtomicFileTests {
    @Test func writesReplaceAndAppendsAddLines() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("x.state").path
        try AtomicFile.write("one\n", to: path)
        try AtomicFile.write("two\n", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two\n")
        let log = directory.url.appendingPathComponent("x.reviews").path
        try AtomicFile.appendLine("first", to: log, header: "# header")
        try AtomicFile.appendLine("second", to: log, header: "# header")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "# header\nfirst\nsecond\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == ["x.reviews", "x.state"])
    }

    /// A commit's last check, between the sync and the rename, can still call it off: what it
    /// throws is thrown, the file is as it was, and no temporary file is left.
    @Test func aCommitIsCalledOffByItsLastCheck() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("badger.yml").path
        try AtomicFile.write("mine\n", to: path)
        struct Changed: Error {}
        let writer = try AtomicFile.Writer(replacing: path)
        try writer.write(Array("the fit's\n".utf8))
        #expect(throws: Changed.self) { try writer.commit(beforeRename: { throw Changed() }) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["badger.yml"])
        let second = try AtomicFile.Writer(replacing: path)
        try second.write(Array("the fit's\n".utf8))
        var checked = false
        try second.commit(beforeRename: { checked = true })
        let replaced = try String(contentsOfFile: path, encoding: .utf8)
        #expect(checked && replaced == "the fit's\n")
    }

    /// Symbolic links are never written through, except a deck's to another deck: a state file
    /// or log linked to a file elsewhere is replaced or refused, the file untouched.
    @Test func symbolicLinksAreNotWrittenThroughButADecksIs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outside = directory.url.appendingPathComponent("outside.txt").path
        try "precious\n".write(toFile: outside, atomically: false, encoding: .utf8)
        let state = directory.url.appendingPathComponent("x.state").path
        try FileManager.default.createSymbolicLink(atPath: state, withDestinationPath: outside)
        try AtomicFile.write("state\n", to: state)
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "precious\n")
        #expect(try String(contentsOfFile: state, encoding: .utf8) == "state\n")
        let log = directory.url.appendingPathComponent("x.reviews").path
        try FileManager.default.createSymbolicLink(atPath: log, withDestinationPath: outside)
        #expect(throws: StorageError.self) { try AtomicFile.appendLine("line", to: log, header: "# header") }
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "precious\n")
        let deck = directory.url.appendingPathComponent("real.md").path
        try "old\n".write(toFile: deck, atomically: false, encoding: .utf8)
        let alias = directory.url.appendingPathComponent("alias.md").path
        try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: deck)
        try AtomicFile.writeDeck("new\n", to: alias, root: directory.url.path)
        #expect(try String(contentsOfFile: deck, encoding: .utf8) == "new\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: alias)) == deck)
        let notADeck = directory.url.appendingPathComponent("linked.md").path
        try FileManager.default.createSymbolicLink(atPath: notADeck, withDestinationPath: outside)
        try AtomicFile.writeDeck("deck\n", to: notADeck, root: directory.url.path)
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "precious\n")
        // A deck linked to a deck outside the collection is replaced, not written through.
        let inner = directory.url.appendingPathComponent("collection")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        let linkedOut = inner.appendingPathComponent("away.md").path
        try FileManager.default.createSymbolicLink(atPath: linkedOut, withDestinationPath: deck)
        try AtomicFile.writeDeck("mine\n", to: linkedOut, root: inner.path)
        #expect(try String(contentsOfFile: deck, encoding: .utf8) == "new\n")
        #expect(try String(contentsOfFile: linkedOut, encoding: .utf8) == "mine\n")
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "precious\n")
    }

    @Test func aFailedWriteLeavesThePreviousFileIntact() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("x.state").path
        try AtomicFile.write("kept\n", to: path)
        chmod(directory.url.path, 0o500)
        defer { chmod(directory.url.path, 0o700) }
        // Root may write anywhere; the check only means something for ordinary users.
        if getuid() != 0 {
            #expect(throws: StorageError.self) { try AtomicFile.write("lost\n", to: path) }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept\n")
    }
}

@Suite struct CollectionLockTests {
    /// Within one process `flock` would make badger wait for itself: a collection named twice
    /// through paths that are not the same string (a link, a bind mount) is refused at once,
    /// naming the path it was first locked through. (Another process is refused with the
    /// holder's name: ConcurrencyTests.)
    @Test func theSameLockTakenTwiceByOneProcessIsRefusedAtOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let link = directory.url.path + "-link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory.url.path)
        defer { try? FileManager.default.removeItem(atPath: link) }
        let first = try CollectionLock(root: directory.url.path, holder: "study French")
        for root in [directory.url.path, link] {
            let started = Date()
            #expect {
                _ = try CollectionLock(root: root, holder: "optimize", timeout: 2)
            } throws: { error in
                guard case StorageError.lockFailed(_, let reason) = error else { return false }
                return root == link
                    ? reason.contains("it is the lock file of \(directory.url.path)/.badger.lock too")
                        && reason.contains("name the collection once")
                    : reason == "this command holds it already (the collection is named twice): name it once"
            }
            #expect(Date().timeIntervalSince(started) < 1)
        }
        first.release()
        let second = try CollectionLock(root: link, holder: "import", timeout: 0.2)
        second.release()
        let third = try CollectionLock(root: directory.url.path, holder: "import", timeout: 0.2)
        third.release()
    }
}

@Suite struct CompactLogTests {
    static let log = """
        # badger review log 1
        2026-01-01T08:00:00Z\treview\t1111111111111111\t3\t-\t-
        2026-01-01T09:00:00Z\trename\t1111111111111111\t2222222222222222
        2026-01-02T08:00:00Z\treview\thand-written\t2\t82800\t-\r
        2026-01-03T08:00:00Z\tcard\t1111111111111111\t3333333333333333\tforward\tWhat is one?\t1\t00000000000000aa
        2026-01-03T08:00:00Z\treviewed\t1111111111111111\t1\t86400\t1200\t00000000000000ab
        2026-01-04T08:00:00Z\tretired\t1111111111111111\t00000000000000ac
        2026-01-05T08:00:00Z\treviewed\t33333333
        """

    @Test func readsWhatTheRecordReaderReadsInPartsCutAnywhere() throws {
        let bytes = Array(Self.log.utf8)
        let reference = try ReviewLog(text: Self.log)
        #expect(reference.repairedTruncatedLine == 8)
        for size in [1, 2, 7, 33, 64, bytes.count] {
            let names = NameBook()
            var parser = CompactLog.Parser(names: names)
            for start in stride(from: 0, to: bytes.count, by: size) {
                try bytes[start..<min(bytes.count, start + size)].withUnsafeBytes { try parser.feed($0) }
            }
            let log = try parser.finish()
            #expect(log.count == reference.records.count, "parts of \(size)")
            #expect(log.repairedTruncatedLine == 8)
            for index in 0..<log.count { #expect(log.record(at: index, names: names) == reference.records[index], "parts of \(size)") }
        }
    }

    /// A `reviewed` line whose record id is all zeros (never drawn; a hand-made or garbled line)
    /// reads as a review without one in both readers (the fuzz target `identity` found them
    /// apart: the columnar reader keeps 0 for "no id").
    @Test func aRecordIDOfZerosIsNoIDInBothReaders() throws {
        let text = """
            2026-01-03T08:00:00Z\treviewed\t1111111111111111\t1\t86400\t1200\t0000000000000000
            2026-01-04T08:00:00Z\treviewed\t1111111111111111\t3\t86400\t900\t0000000000000000

            """
        let records = try ReviewLog(text: text).records
        let names = NameBook()
        let compact = try Array(text.utf8).withUnsafeBytes { try CompactLog(bytes: $0, names: names) }
        #expect(records.count == 2 && compact.count == 2)
        for index in 0..<2 {
            #expect(records[index].recordID == nil)
            #expect(compact.record(at: index, names: names).recordID == nil)
        }
        var zeros = ZeroGenerator()
        #expect(ReviewRecord.newRecordID(using: &zeros) == "0000000000000001")
    }

    /// Draws nothing but zeros.
    struct ZeroGenerator: RandomNumberGenerator {
        mutating func next() -> UInt64 { 0 }
    }

    /// Read without timings, a log gives the same records but for them; a format 1 review (whose
    /// copies are told apart by them) keeps them from there on.
    @Test func readWithoutTimingsGivesTheSameRecordsButForThem() throws {
        let format2 = """
            2026-01-03T08:00:00Z\tcard\t1111111111111111\t3333333333333333\tforward\tWhat is one?\t1\t00000000000000aa
            2026-01-03T08:00:00Z\treviewed\t1111111111111111\t1\t86400\t1200\t00000000000000ab
            2026-01-04T08:00:00Z\treviewed\t1111111111111111\t3\t86400\t900\t00000000000000ad

            """
        let format1 = "2026-01-05T08:00:00Z\treview\t1111111111111111\t3\t90000\t700\n"
        for (text, keepsAfter) in [(format2, false), (format2 + format1, true)] {
            let names = NameBook()
            let reference = try Array(text.utf8).withUnsafeBytes { try CompactLog(bytes: $0, names: names) }
            var parser = CompactLog.Parser(names: names, keepingTimings: false)
            try Array(text.utf8).withUnsafeBytes { try parser.feed($0) }
            let lean = try parser.finish()
            #expect(lean.keepsTimings == keepsAfter)
            #expect(lean.count == reference.count)
            for index in 0..<lean.count {
                var expected = reference.record(at: index, names: names)
                if case .review(var review) = expected, review.recordID != nil {
                    (review.elapsedSeconds, review.answerMilliseconds) = (nil, nil)
                    expected = .review(review)
                }
                #expect(lean.record(at: index, names: names) == expected)
            }
        }
    }

    @Test func aGarbledLineIsReportedWithItsNumberWhateverTheParts() {
        let text = Self.log.replacingOccurrences(of: "\t2\t82800", with: "\tgood\t82800")
        for size in [3, 1 << 20] {
            var parser = CompactLog.Parser(names: NameBook())
            let bytes = Array(text.utf8)
            #expect(throws: ReviewLogError.garbled(line: 4, reason: "rating must be 1 to 4")) {
                for start in stride(from: 0, to: bytes.count, by: size) {
                    try bytes[start..<min(bytes.count, start + size)].withUnsafeBytes { try parser.feed($0) }
                }
                _ = try parser.finish()
            }
        }
    }
}

@Suite struct ConflictedLogTests {
    static let conflicted = """
        # badger review log 2
        2026-01-01T08:00:00Z\treviewed\t1111111111111111\t3\t-\t-\t00000000000000a1
        <<<<<<< HEAD
        2026-01-02T08:00:00Z\treviewed\t1111111111111111\t3\t86400\t-\t00000000000000a2
        =======
        2026-01-02T09:00:00Z\treviewed\t2222222222222222\t1\t-\t-\t00000000000000a3
        >>>>>>> theirs

        """

    @Test func conflictMarkersAreSkippedAndBothSidesRead() throws {
        let log = try ReviewLog(text: Self.conflicted)
        #expect(log.records.count == 3)
        let names = NameBook()
        let compact = try Array(Self.conflicted.utf8).withUnsafeBytes { try CompactLog(bytes: $0, names: names) }
        #expect(compact.count == 3)
        #expect(compact.conflictMarkerLine == 3)
    }

    @Test func impossibleDatesAreNotTimes() {
        #expect(Timestamp.parse("2026-02-30T00:00:00Z") == nil)
        #expect(Timestamp.parse("1900-02-29T00:00:00Z") == nil)
        #expect(Timestamp.parse("2000-02-29T00:00:00Z") != nil)
        #expect(Timestamp.parse("2026-04-31T00:00:00Z") == nil)
    }
}
