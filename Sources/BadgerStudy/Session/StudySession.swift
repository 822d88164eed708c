import BadgerMemory
import Foundation

/// One study session as a pure state machine: which card is shown, what is revealed, what comes
/// next, and what each rating changed. It never reads the clock (every event carries `now`) and
/// never writes files: `rate` returns what to persist, `undo` what to take back.
public struct StudySession: Sendable {
    /// What of the current card is shown.
    public enum Phase: Sendable, Equatable {
        /// The question (and the hint, once asked for).
        case question
        /// The answer too; the feedback buttons are active.
        case answer
    }

    /// The card on screen.
    public struct Current: Sendable, Equatable {
        public var entry: StudyQueue.Entry
        public var phase: Phase
        public var hintShown: Bool
        public var explanationShown: Bool
        /// When the card appeared; the answer duration runs from here to the rating.
        public var shownAt: Date
        /// Whether the card was already rated in this session (a failed or learning card back
        /// after its short step); it does not count again towards the session's size.
        public var isRepeat: Bool
        /// For a repeat shown before its step has passed (nothing else was left): the time it
        /// is due. Nil when it is due.
        public var earlyUntil: Date?

        public var cardID: String { entry.cardID }
    }

    /// A rated card waiting for its short (re)learning step to pass.
    public struct Requeued: Sendable, Equatable {
        public var entry: StudyQueue.Entry
        public var dueAt: Date
    }

    /// One rating made in the session, as the caller persists it.
    public struct Review: Sendable, Equatable {
        public var cardID: String
        public var rating: Rating
        public var time: Date
        /// From when the card was shown to the rating.
        public var answerMilliseconds: Int

        public init(cardID: String, rating: Rating, time: Date, answerMilliseconds: Int) {
            self.cardID = cardID
            self.rating = rating
            self.time = time
            self.answerMilliseconds = answerMilliseconds
        }
    }

    /// The result of a rating: what to persist and the card's new memory.
    public struct RatingOutcome: Sendable, Equatable {
        public var review: Review
        /// The card's memory before the rating; nil for a new card.
        public var before: MemoryState?
        public var after: MemoryState
        /// Whether the card comes back later in this session.
        public var requeued: Bool
        /// Whether the rated card was a repeat.
        public var wasRepeat: Bool
        public var cardID: String { review.cardID }
    }

    /// The result of an undo: the review to take out of the log and the memory restored.
    public struct UndoOutcome: Sendable, Equatable {
        public var review: Review
        /// The card's memory before the undone rating; nil when the card was new.
        public var restoredState: MemoryState?
        public var cardID: String { review.cardID }
    }

    /// Everything that changes; an undo restores a copy of it.
    struct Progress: Sendable, Equatable {
        var current: Current?
        var remaining: [StudyQueue.Entry]
        /// Cards moved to the end by a skip while being a repeat, by id.
        var skippedRepeats: Set<String>
        var requeued: [Requeued]
        var states: [String: MemoryState]
        var reviews: [Review]
        var endedAt: Date?
    }

    /// A rated card comes back in the session when it is still learning and due within this long.
    public static let requeueHorizon: TimeInterval = 86_400

    public let scheduler: any Scheduler
    public let fuzzFor: @Sendable (String, Int) -> Fuzz?
    public let startedAt: Date
    /// The queue the session started from.
    public let queue: StudyQueue
    private var progress: Progress
    private var undoStack: [Progress] = []

    /// A session over `queue`, showing its first card at `startedAt`.
    ///
    /// - Parameter fuzzFor: the fuzz for a card's review, given its id and how many times it was
    ///   already rated in this session (the caller adds the reviews logged before); nil for none.
    public init(
        queue: StudyQueue, scheduler: any Scheduler, fuzzFor: @escaping @Sendable (String, Int) -> Fuzz? = { _, _ in nil },
        startedAt: Date
    ) {
        self.queue = queue
        self.scheduler = scheduler
        self.fuzzFor = fuzzFor
        self.startedAt = startedAt
        var states: [String: MemoryState] = [:]
        for entry in queue.entries { if let state = entry.state { states[entry.cardID] = state } }
        progress = Progress(
            current: nil, remaining: queue.entries, skippedRepeats: [], requeued: [], states: states, reviews: [],
            endedAt: nil)
        showNext(at: startedAt)
    }

    // MARK: - State

    /// The card on screen; nil once the session is over.
    public var current: Current? { progress.current }
    /// The cards still to show for the first time, in order (the current card excluded).
    public var remaining: [StudyQueue.Entry] { progress.remaining }
    /// Rated cards waiting to come back, earliest first.
    public var requeued: [Requeued] { progress.requeued }
    /// The memory of the session's cards, with every rating applied (new cards have none until rated).
    public var states: [String: MemoryState] { progress.states }
    /// Every rating made, in order (undone ones removed).
    public var reviews: [Review] { progress.reviews }
    /// When the session ended (the last card rated, or quit); nil while it runs.
    public var endedAt: Date? { progress.endedAt }
    public var isFinished: Bool { progress.endedAt != nil }
    /// Whether there is a rating to undo.
    public var canUndo: Bool { !undoStack.isEmpty }

    /// For a repeat shown early: how long until it is due, at `now`; nil when it is due.
    public func timeUntilDue(at now: Date) -> TimeInterval? {
        guard let until = progress.current?.earlyUntil, until > now else { return nil }
        return until.timeIntervalSince(now)
    }

    // MARK: - Events

    /// Shows the answer of the current card.
    public mutating func showAnswer(at now: Date) {
        guard progress.current != nil else { return }
        progress.current?.phase = .answer
    }

    /// Shows the hint, before the answer, when the card has one. Returns whether it did.
    @discardableResult
    public mutating func showHint() -> Bool {
        guard let current = progress.current, current.entry.hasHint, current.phase == .question else { return false }
        progress.current?.hintShown = true
        return true
    }

    /// Shows the explanation once the answer is shown, when the card has one. Returns whether it did.
    @discardableResult
    public mutating func showExplanation() -> Bool {
        guard let current = progress.current, current.entry.hasExplanation, current.phase == .answer else { return false }
        progress.current?.explanationShown = true
        return true
    }

    /// Rates the current card at `now` and shows the next. Nil when no card is shown.
    @discardableResult
    public mutating func rate(_ rating: Rating, at now: Date) -> RatingOutcome? {
        guard let current = progress.current else { return nil }
        undoStack.append(progress)
        let id = current.cardID
        let before = progress.states[id]
        let after = scheduler.review(before ?? .new(at: now), rating: rating, at: now, fuzz: fuzzFor(id, sessionReviewCount(of: id)))
        let milliseconds = max(0, Int((now.timeIntervalSince(current.shownAt) * 1000).rounded()))
        let review = Review(cardID: id, rating: rating, time: now, answerMilliseconds: milliseconds)
        progress.states[id] = after
        progress.reviews.append(review)
        let comesBack = Self.comesBack(after, at: now)
        if comesBack {
            var entry = current.entry
            entry.state = after
            // By due time; among cards due at the same moment (ratings within one second), after
            // those already waiting, so a card failed again does not jump ahead of the others.
            let position = progress.requeued.firstIndex { $0.dueAt > after.due } ?? progress.requeued.endIndex
            progress.requeued.insert(Requeued(entry: entry, dueAt: after.due), at: position)
        }
        progress.current = nil
        showNext(at: now)
        return RatingOutcome(review: review, before: before, after: after, requeued: comesBack, wasRepeat: current.isRepeat)
    }

    /// Takes back the last rating: the card, its memory, the queue and the counts return to what
    /// they were just before it. The restored card's clock is moved so that the time between the
    /// rating and the undo does not count towards its answer duration. Nil when there is nothing
    /// to undo.
    @discardableResult
    public mutating func undo(at now: Date) -> UndoOutcome? {
        guard let previous = undoStack.popLast(), let review = progress.reviews.last else { return nil }
        progress = previous
        progress.current?.shownAt = now.addingTimeInterval(-Double(review.answerMilliseconds) / 1000)
        return UndoOutcome(review: review, restoredState: previous.states[review.cardID])
    }

    /// Moves the current card to the end of the queue and shows the next. Returns false when
    /// there is no other card to show (the card stays on screen).
    @discardableResult
    public mutating func skip(at now: Date) -> Bool {
        guard let current = progress.current else { return false }
        guard !progress.remaining.isEmpty || !progress.requeued.isEmpty else { return false }
        if current.isRepeat {
            // Goes after the cards not yet shown; still a repeat when it comes back.
            progress.skippedRepeats.insert(current.cardID)
        }
        var entry = current.entry
        entry.state = progress.states[current.cardID]
        progress.remaining.append(entry)
        progress.current = nil
        // With only the skipped card and repeats not yet due left, show the earliest repeat.
        if progress.remaining.count == 1, let first = progress.requeued.first {
            progress.requeued.removeFirst()
            show(first.entry, repeat: true, earlyUntil: first.dueAt > now ? first.dueAt : nil, at: now)
        } else {
            showNext(at: now)
        }
        return true
    }

    /// Ends the session at `now`: no card is shown any more. Every rating made stays (each was
    /// returned by `rate` as it happened); `undo` can still take the last one back.
    public mutating func quit(at now: Date) {
        guard progress.endedAt == nil else { return }
        progress.current = nil
        progress.endedAt = now
    }

    // MARK: - Previews

    /// The interval each rating of the current card would give at `now`.
    public func previews(at now: Date) -> [Rating: TimeInterval] {
        guard let id = progress.current?.cardID else { return [:] }
        let states = scheduler.nextStates(progress.states[id] ?? .new(at: now), at: now, fuzz: fuzzFor(id, sessionReviewCount(of: id)))
        return states.mapValues { $0.due.timeIntervalSince(now) }
    }

    /// The feedback buttons' labels, Fail to Easy: "Fail · 1m", "Good · 10m", "Easy · 8d".
    public func previewLabels(at now: Date) -> [String] {
        let previews = previews(at: now)
        return Rating.allCases.compactMap { rating in
            previews[rating].map { Self.label(rating, interval: $0) }
        }
    }

    /// "Good · 4d".
    public static func label(_ rating: Rating, interval: TimeInterval) -> String {
        "\(rating.productName) · \(IntervalFormatter.short(interval))"
    }

    // MARK: - Summary

    /// The session's summary, timed up to its end (or `now` while it runs).
    public func summary(at now: Date) -> SessionSummary {
        SessionSummary(reviews: progress.reviews, states: progress.states, startedAt: startedAt, endedAt: progress.endedAt ?? now)
    }

    // MARK: - Moving on

    private func sessionReviewCount(of cardID: String) -> Int {
        progress.reviews.count { $0.cardID == cardID }
    }

    /// Whether a card rated into `state` at `now` comes back in this session.
    static func comesBack(_ state: MemoryState, at now: Date) -> Bool {
        !state.retired && state.state != .review && state.due.timeIntervalSince(now) < requeueHorizon
    }

    /// Shows the next card: a repeat whose step has passed, else the next new-to-the-session card,
    /// else the earliest repeat even though it is early; ends the session when none is left.
    private mutating func showNext(at now: Date) {
        if let first = progress.requeued.first, first.dueAt <= now {
            progress.requeued.removeFirst()
            show(first.entry, repeat: true, earlyUntil: nil, at: now)
        } else if !progress.remaining.isEmpty {
            let entry = progress.remaining.removeFirst()
            let isRepeat = progress.skippedRepeats.remove(entry.cardID) != nil
            show(entry, repeat: isRepeat, earlyUntil: nil, at: now)
        } else if let first = progress.requeued.first {
            progress.requeued.removeFirst()
            show(first.entry, repeat: true, earlyUntil: first.dueAt > now ? first.dueAt : nil, at: now)
        } else {
            progress.current = nil
            progress.endedAt = progress.endedAt ?? now
        }
    }

    private mutating func show(_ entry: StudyQueue.Entry, repeat isRepeat: Bool, earlyUntil: Date?, at now: Date) {
        progress.current = Current(
            entry: entry, phase: .question, hintShown: false, explanationShown: false, shownAt: now, isRepeat: isRepeat,
            earlyUntil: earlyUntil)
    }
}
