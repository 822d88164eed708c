import BadgerDeck
import BadgerMemory
import Foundation

/// One study session as every front end drives it: actions in (a key, a line, a tap), the
/// screen's state and a message out. It persists through the `StudyService`; a front end only
/// draws `screen(at:)` and maps its input to `Action`s, so the full-screen and line-by-line
/// modes (and an app) behave and word things alike.
public struct StudyController {
    /// What the learner can do on the card screen.
    public enum Action: Sendable, Equatable {
        case showAnswer, showHint, showExplanation, skip, undo, quit
        case rate(Rating)
    }

    /// What the card screen shows.
    public struct Screen: Sendable, Equatable {
        public var cardID: String
        public var phase: StudySession.Phase
        public var hintShown: Bool
        public var explanationShown: Bool
        public var hasHint: Bool
        public var hasExplanation: Bool
        /// "card 4 of 10", "card 10 of 10 · again · 3 left", "… · early by 4m".
        public var progress: String
        /// The rating buttons with their intervals, Fail to Easy, once the answer is shown.
        public var buttons: [Button]
    }

    /// A rating button: "Good · 4d".
    public struct Button: Sendable, Equatable {
        public var rating: Rating
        public var label: String
    }

    public let service: StudyService
    public let topic: String
    public private(set) var session: StudySession
    /// How many cards the session started with.
    public var total: Int { session.queue.entries.count }

    /// A session of `queue` for `topic`, its first card shown at `now`.
    public init(service: StudyService, queue: StudyQueue, topic: String, at now: Date) {
        self.service = service
        self.topic = topic
        session = service.session(queue, at: now)
    }

    /// Whether the session is over (every card rated, or quit).
    public var isFinished: Bool { session.current == nil }

    /// The card on screen, if any.
    public var card: Card? { session.current.flatMap { service.card($0.cardID) } }

    /// Which card this is: the distinct cards rated so far, plus the one on screen (a repeat
    /// does not count again, an undo counts back).
    public var position: Int {
        var ids = Set(session.reviews.map(\.cardID))
        if let current = session.current { ids.insert(current.cardID) }
        return min(max(1, ids.count), max(1, total))
    }

    /// How many cards are still to be shown, the one on screen and repeats included.
    public var left: Int { (session.current == nil ? 0 : 1) + session.remaining.count + session.requeued.count }

    /// The progress line: "card 4 of 10"; with repeats pending, how many are left in all.
    public func progress(at now: Date) -> String {
        guard let current = session.current else { return "" }
        var text = "card \(position) of \(total)"
        if current.isRepeat { text += " · again" }
        let firstTimeLeft = total - position + (current.isRepeat ? 0 : 1)
        if current.isRepeat || left != firstTimeLeft { text += " · \(left) left" }
        if let wait = session.timeUntilDue(at: now) { text += " · early by \(IntervalFormatter.short(wait))" }
        return text
    }

    /// The card screen at `now`; nil once the session is over.
    public func screen(at now: Date) -> Screen? {
        guard let current = session.current else { return nil }
        let previews = current.phase == .answer ? session.previews(at: now) : [:]
        return Screen(
            cardID: current.cardID, phase: current.phase, hintShown: current.hintShown, explanationShown: current.explanationShown,
            hasHint: current.entry.hasHint, hasExplanation: current.entry.hasExplanation, progress: progress(at: now),
            buttons: Rating.allCases.compactMap { rating in
                previews[rating].map { Button(rating: rating, label: StudySession.label(rating, interval: $0)) }
            })
    }

    /// Does `action` at `now`: persists a rating (or takes one back) before returning, and
    /// returns the message to show, if any.
    ///
    /// - Throws: what writing the log throws (`StorageError`, `MemoryError`); the rating is then
    ///   not counted.
    @discardableResult
    public mutating func handle(_ action: Action, at now: Date) throws -> String? {
        guard let current = session.current else { return nil }
        switch action {
        case .showAnswer:
            session.showAnswer(at: now)
            return nil
        case .showHint:
            if session.showHint() { return nil }
            return current.entry.hasHint ? "The hint is for before the answer." : "This card has no hint."
        case .showExplanation:
            if session.showExplanation() { return nil }
            return current.entry.hasExplanation ? Self.answerFirst : "This card has no explanation."
        case .skip:
            return session.skip(at: now) ? "Skipped." : "No other card to skip to."
        case .undo:
            let before = session
            guard service.canUndo, let undone = session.undo(at: now) else { return "Nothing to undo." }
            do {
                try service.undoLast()
            } catch {
                // The log still holds the rating: so does the session.
                session = before
                throw error
            }
            return "Undid \(undone.review.rating.productName)."
        case .quit:
            session.quit(at: now)
            return nil
        case .rate(let rating):
            guard current.phase == .answer else { return Self.answerFirst }
            let before = session
            guard let outcome = session.rate(rating, at: now) else { return nil }
            do {
                let state = try service.record(outcome.review)
                return "Rated \(rating.productName); next review in \(IntervalFormatter.short(state.due.timeIntervalSince(now)))."
            } catch {
                session = before
                throw error
            }
        }
    }

    /// Ends the session at `now` (if it is still running) and writes the state files.
    public mutating func finish(at now: Date) {
        if !session.isFinished { session.quit(at: now) }
        service.flushStates()
    }

    /// The summary's lines: cards and ratings counted apart, the next due time in `timeZone`.
    public func summaryLines(at now: Date, timeZone: TimeZone) -> [String] {
        Self.summaryLines(session.summary(at: now), at: now, timeZone: timeZone)
    }

    /// "Cards studied: 10", "Ratings: 21 (20 correct, 1 failed)", the average, the time spent
    /// and when the next card is due, in local time.
    public static func summaryLines(_ summary: SessionSummary, at now: Date, timeZone: TimeZone) -> [String] {
        var lines = [
            "Cards studied: \(summary.cardsStudied)",
            "Ratings: \(summary.reviews) (\(summary.correct) correct, \(summary.failed) failed)",
            "Average rating: " + (summary.averageRating.map { String(format: "%.2f", $0) + " (0 Fail to 3 Easy)" } ?? "-"),
            "Time spent: \(IntervalFormatter.duration(summary.timeSpent))",
        ]
        if let due = summary.nextDue {
            lines.append("Next due: \(localTime(due, timeZone: timeZone)) (in \(IntervalFormatter.short(due.timeIntervalSince(now))))")
        } else {
            lines.append("Next due: -")
        }
        return lines
    }

    /// "2026-11-25 14:03", on the clock of `timeZone`.
    public static func localTime(_ time: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: time)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
    }

    static let answerFirst = "Show the answer first."
}
