import ArgumentParser
import BadgerDeck
import BadgerMemory
import BadgerStudy
import BadgerTerminal
import Foundation

extension Badger {
    struct Study: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "study",
            abstract: "Study cards: due cards first, then new ones, rated Fail, Difficult, Good or Easy.",
            discussion: """
                Choose a topic (or "all", every topic) and how many cards (10, 25 or 50),
                or give them with --topic and --count. Each card shows its question; show
                the answer, then rate how well you remembered it. Every rating is saved to
                the deck's review log (synced to disk) before the next card is shown.

                On a terminal, studying is full screen:
                  Space/Enter  show the answer     e  explanation     h  hint
                  0 1 2 3      Fail, Difficult, Good, Easy (--anki-keys: 1 2 3 4)
                  u  undo the last rating   s  skip   ?  help   q/Esc/Ctrl-C  quit
                  m  math as LaTeX          o  open the card's image in a viewer
                The viewer is $BADGER_IMAGE_VIEWER (a program and its arguments, run
                without a shell, the image's path added), else xdg-open (open on macOS).

                Images are drawn in the card (--images), sized to the room it leaves, or
                shown as [image: alt] when there is none. auto picks kitty graphics in
                kitty and Ghostty, iTerm2 images in iTerm2 and WezTerm, sixel when the
                terminal answers that it has it (asked once, at the first image) or TERM
                is mlterm, foot, contour or yaft, else half-block color art (also inside
                tmux or screen). Half-block art needs color (not with NO_COLOR).

                With --plain, or when standard input or output is not a terminal,
                studying is line by line, without escape codes unless --color always;
                images are named with their path. Each input line is one action: an
                empty line or a shows the answer, e the explanation, h the hint, 0-3
                rate, s skips, u undoes, q quits; menus take a number or a name. The end
                of input ends the session (every rating is already saved).

                If fewer cards are available than asked for, you are offered to learn
                ahead: cards due within the next days (7, or --ahead DAYS).

                Examples:
                  badger study
                  badger study --topic French --count 25
                  badger study --topic all --images blocks
                  BADGER_IMAGE_VIEWER="feh --scale-down" badger study --topic Anatomy
                  printf '\\n2\\nq\\n' | badger study --topic French --count 10 --plain
                """)

        @OptionGroup var collection: CollectionOptions

        @Option(help: ArgumentHelp("The topic to study, or all for every topic (skips the topic menu).", valueName: "topic"))
        var topic: String?

        @Option(help: ArgumentHelp("How many cards to study (skips the count menu).", valueName: "n"))
        var count: Int?

        @Option(help: ArgumentHelp("Also study cards due within this many days.", valueName: "days"))
        var ahead: Int?

        @Flag(help: "Study line by line without escape codes (the default when not on a terminal).")
        var plain = false

        @Option(help: "When to use color: auto (full screen, unless NO_COLOR is set), always (also with --plain) or never.")
        var color: ColorChoice = .auto

        @Option(help: "How to show images: auto, kitty, iterm, sixel, blocks (half-block color art) or none ([image: alt]).")
        var images: ImagesChoice = .auto

        @Flag(help: "Rate with 1-4 (Fail, Difficult, Good, Easy) as in Anki, instead of 0-3.")
        var ankiKeys = false

        @Flag(help: "Do not re-fit stale FSRS parameters at the end of the session (badger.yml: adapt: false).")
        var noAdapt = false

        func validate() throws {
            if let count, !(1...1000).contains(count) { throw ValidationError("--count must be from 1 to 1000") }
            if let ahead, !(0...3650).contains(ahead) { throw ValidationError("--ahead must be from 0 to 3650 days") }
        }

        func run() throws {
            let studied = try collection.loadStudied(lockingFor: "study")
            let engine = try StudyEngine(studied: studied)
            if let topic, topic != StudyEngine.allTopics, !engine.topics.contains(where: { $0.name == topic }) {
                Terminal.standardError.write("badger: error: no topic \"\(UntrustedText.sanitized(topic))\" in the collection\n")
                throw ExitStatus.usageOrIO.code
            }
            if engine.topics.isEmpty {
                Terminal.standardError.write("badger: error: the collection has no cards to study\n")
                throw ExitStatus.usageOrIO.code
            }
            let settings = StudySettings(topic: topic, count: count, ahead: ahead, ankiKeys: ankiKeys)
            let interactive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
            if plain || !interactive {
                var study = PlainStudy(engine: engine, settings: settings, usesColor: color.enabled(isTerminal: false))
                try study.run()
            } else {
                var study = FullScreenStudy(
                    engine: engine, settings: settings, usesColor: color.enabled(isTerminal: true), imagesChoice: images)
                try study.run()
            }
            engine.adaptAfterSession(enabled: !noAdapt)
        }
    }
}

/// What the command line fixed in advance.
struct StudySettings {
    var topic: String?
    var count: Int?
    var ahead: Int?
    var ankiKeys: Bool

    /// The learn-ahead window offered when none was given.
    static let defaultAheadDays = 7
    static let countChoices = [10, 25, 50]

    /// The rating for a typed digit: 0–3, or 1–4 with Anki keys.
    func rating(forDigit character: Character) -> Rating? {
        guard let value = character.wholeNumberValue else { return nil }
        return Rating(productValue: ankiKeys ? value - 1 : value).flatMap { value <= 4 ? $0 : nil }
    }

    /// "0 Fail · 1m   1 Difficult · 5.5m   2 Good · 10m   3 Easy · 8d".
    func buttons(_ session: StudySession, at now: Date) -> String {
        buttonLabels(session, at: now).joined(separator: "   ")
    }

    /// "0 Fail · 1m", … one per rating.
    func buttonLabels(_ session: StudySession, at now: Date) -> [String] {
        let previews = session.previews(at: now)
        return Rating.allCases.compactMap { rating in
            previews[rating].map { "\(rating.productValue + (ankiKeys ? 1 : 0)) " + StudySession.label(rating, interval: $0) }
        }
    }
}

/// The collection being studied and everything done to its files: queues, ratings, undo.
final class StudyEngine {
    struct Topic {
        var name: String
        var due: Int
        var new: Int
        var color: RGBColor?
    }

    /// A rating written to a log, kept to take it back.
    struct Persisted {
        var memory: Int
        var logPath: String
        var line: String
    }

    /// The topic name that stands for every topic.
    static let allTopics = "all"

    private(set) var studied: StudiedCollection
    let cardsByID: [String: Card]
    /// The collection's topics, then `all`.
    let topics: [Topic]
    let scheduler: any Scheduler
    let fuzzing: Bool
    private var persisted: [Persisted] = []

    init(studied: StudiedCollection) throws {
        self.studied = studied
        var cards: [String: Card] = [:]
        for card in studied.collection.cards where cards[card.id.description] == nil { cards[card.id.description] = card }
        cardsByID = cards
        let config = studied.configs.keys.sorted().first.flatMap { studied.configs[$0] }
        scheduler = try config?.makeScheduler() ?? FSRS6()
        fuzzing = config?.fuzz ?? true
        let now = Date()
        let states = studied.states
        var colors: [String: RGBColor] = [:]
        for deck in studied.collection.realDecks {
            if let topic = deck.topic, colors[topic] == nil, let hex = deck.color, let color = RGBColor(hex: hex) { colors[topic] = color }
        }
        var topics = studied.collection.topics.map { name in
            let cards = studied.collection.cards.filter { $0.topic == name }
            var due = 0
            var new = 0
            for card in cards {
                if let state = states[card.id.description] {
                    if !state.retired, state.due <= now { due += 1 }
                } else {
                    new += 1
                }
            }
            return Topic(name: name, due: due, new: new, color: colors[name])
        }.filter { topic in studied.collection.cards.contains { $0.topic == topic.name } }
        if !topics.isEmpty {
            topics.append(
                Topic(name: Self.allTopics, due: topics.reduce(0) { $0 + $1.due }, new: topics.reduce(0) { $0 + $1.new }, color: nil))
        }
        self.topics = topics
    }

    /// The queue for `topic` at `now`.
    func queue(topic: String, count: Int, aheadDays: Int, at now: Date) -> StudyQueue {
        StudyQueue(
            cards: studied.collection.cards, topic: topic == Self.allTopics ? nil : topic, states: studied.states, now: now, count: count,
            aheadDays: aheadDays,
            retrievability: StudyQueue.retrievability(for: scheduler))
    }

    /// A session over `queue`, its fuzz seeded as the saved state's is: from the card's first
    /// name (before any rename) and the reviews logged under all its names.
    func session(_ queue: StudyQueue, at now: Date) -> StudySession {
        var logged: [String: Int] = [:]
        var origins: [String: String] = [:]
        for id in Set(queue.entries.map(\.cardID)) {
            guard let memory = studied.memories.first(where: { $0.card(id) != nil }) else { continue }
            logged[id] = memory.reviewCount(of: id)
            origins[id] = memory.fuzzSeed(of: id)
        }
        let (counts, firstNames) = (logged, origins)
        let fuzzing = fuzzing
        return StudySession(
            queue: queue, scheduler: scheduler,
            fuzzFor: { id, n in fuzzing ? Fuzz(cardID: firstNames[id] ?? id, reviewIndex: (counts[id] ?? 0) + n) : nil }, startedAt: now)
    }

    /// Writes `review` to its deck's log (synced) and state file; returns the card's new state.
    @discardableResult
    func record(_ review: StudySession.Review) throws -> MemoryState {
        guard let index = studied.memories.firstIndex(where: { $0.card(review.cardID) != nil }) else {
            throw MemoryError.unknownCard(review.cardID)
        }
        let state = try studied.memories[index].recordReview(
            cardID: review.cardID, rating: review.rating, at: review.time, answerMilliseconds: review.answerMilliseconds)
        if let last = studied.memories[index].lastAppend, let line = last.lines.last {
            persisted.append(Persisted(memory: index, logPath: last.path, line: line))
        }
        return state
    }

    /// Takes the last recorded rating out of its log and reads that root's logs again.
    func undoLast(at now: Date) throws {
        guard let last = persisted.popLast() else { return }
        try ReviewLogUndo.removeLastLine(last.line, from: last.logPath)
        let root = studied.memories[last.memory].root
        let config = studied.configs[root]
        let memory = try CollectionMemory(
            collection: studied.collection, root: root, scheduler: try config?.makeScheduler() ?? scheduler,
            fuzzing: config?.fuzz ?? fuzzing, fileAccess: LocalFileSystem())
        studied.memories[last.memory] = memory
    }

    /// Rewrites the state files the session's ratings left stale (the logs already hold every
    /// rating); a failure here loses nothing, the next command rebuilds them.
    func flushStates() {
        for index in studied.memories.indices { _ = try? studied.memories[index].flushStates() }
    }

    func card(_ id: String) -> Card? { cardsByID[id] }

    func color(ofTopic name: String) -> RGBColor? { topics.first { $0.name == name }?.color }

    /// The LaTeX macros of `card`'s collection, for the math renderer.
    func macros(for card: Card) -> [String: String] { studied.configs[card.file.collectionRoot]?.macros.expansions ?? [:] }

    /// The rendered lines of a card field (images as `[image: alt]`), or none.
    static func lines(
        _ text: CardText?, width: Int, usesColor: Bool, accent: RGBColor?, rawMath: Bool = false, images: ImageRendering? = nil,
        macros: [String: String] = [:]
    ) -> [String] {
        guard let text, !text.markdown.isEmpty else { return [] }
        return MarkdownRenderer.render(
            markdown: text.markdown,
            style: TerminalStyle(usesColor: usesColor, width: max(10, width), showsRawMath: rawMath, macros: macros),
            accent: accent, images: images)
    }

    /// The moment to record, in whole seconds as the log keeps it.
    static func now() -> Date { Date(timeIntervalSince1970: floor(Date().timeIntervalSince1970)) }

    /// Summary lines, for both modes.
    static func summaryLines(_ summary: SessionSummary, at now: Date) -> [String] {
        var lines = [
            "Cards studied: \(summary.cardsStudied) (\(summary.reviews) rating\(summary.reviews == 1 ? "" : "s"))",
            "Correct: \(summary.correct)",
            "Failed: \(summary.failed)",
            "Average rating: " + (summary.averageRating.map { String(format: "%.2f", $0) + " (0 Fail to 3 Easy)" } ?? "-"),
            "Time spent: \(IntervalFormatter.duration(summary.timeSpent))",
        ]
        if let due = summary.nextDue {
            lines.append("Next due: \(Timestamp.format(due)) (in \(IntervalFormatter.short(due.timeIntervalSince(now))))")
        } else {
            lines.append("Next due: -")
        }
        return lines
    }
}

/// Line-by-line studying: one action per input line, no escape codes.
struct PlainStudy {
    let engine: StudyEngine
    let settings: StudySettings
    /// `--color always`: styled text (no cursor movement, no images).
    let usesColor: Bool
    static let width = 80

    /// Images as `[image: alt] (path as written)`.
    private static func image(_ image: MarkdownImage) -> RenderedImage? {
        .text("[image: \(image.alt.isEmpty ? image.source : image.alt)] (\(image.source))")
    }

    /// The lines of a field of `card` as plain text (styled with `--color always`).
    private func lines(_ text: CardText?, of card: Card) -> [String] {
        StudyEngine.lines(
            text, width: Self.width, usesColor: usesColor, accent: nil, images: Self.image, macros: engine.macros(for: card))
    }

    private func say(_ text: String) { Terminal.standardOutput.write(text + "\n") }

    private func prompt(_ text: String) -> String? {
        Terminal.standardOutput.write(text)
        guard let line = readLine(strippingNewline: true) else {
            Terminal.standardOutput.write("\n")
            return nil
        }
        return line.trimmingCharacters(in: .whitespaces)
    }

    mutating func run() throws {
        while true {
            guard let topic = chooseTopic(), let count = chooseCount() else { return }
            let now = StudyEngine.now()
            var queue = engine.queue(topic: topic, count: count, aheadDays: settings.ahead ?? 0, at: now)
            if queue.shortfall > 0 {
                say(
                    "Only \(queue.entries.count) card\(queue.entries.count == 1 ? "" : "s") to study in \(UntrustedText.sanitized(topic)) "
                        + "(\(queue.availableDue) due, \(queue.availableNew) new\(settings.ahead != nil ? ", \(queue.availableAhead) ahead" : "")); you asked for \(count)."
                )
                if settings.ahead == nil {
                    let days = StudySettings.defaultAheadDays
                    guard let answer = prompt("Learn ahead (cards due in the next \(days) days)? [y/n]: ") else { return }
                    if answer.lowercased().hasPrefix("y") {
                        queue = engine.queue(topic: topic, count: count, aheadDays: days, at: now)
                        say("With learning ahead: \(queue.entries.count) card\(queue.entries.count == 1 ? "" : "s").")
                    }
                }
            }
            if queue.entries.isEmpty {
                say("Nothing to study in \(UntrustedText.sanitized(topic)) now.")
                return
            }
            let finished = try study(queue, topic: topic)
            guard finished else { return }
            guard let choice = prompt("l: learn again · q: quit: ") else { return }
            if choice.lowercased() != "l" { return }
        }
    }

    private func chooseTopic() -> String? {
        if let topic = settings.topic { return topic }
        let topics = engine.topics
        let names = topics.map { UntrustedText.sanitized($0.name) }
        let width = names.map(\.count).max() ?? 0
        say("Topics:")
        for (index, (topic, name)) in zip(topics, names).enumerated() {
            say("  \(index + 1)  \(name)\(String(repeating: " ", count: width - name.count))  \(topic.due) due, \(topic.new) new")
        }
        while true {
            guard let answer = prompt("Topic (number or name): ") else { return nil }
            if let number = Int(answer), (1...topics.count).contains(number) { return topics[number - 1].name }
            if let topic = topics.first(where: { $0.name.lowercased() == answer.lowercased() }) { return topic.name }
            if answer.lowercased() == "q" { return nil }
            say("No topic \"\(UntrustedText.sanitized(answer))\"; type a number from 1 to \(topics.count) or a name.")
        }
    }

    private func chooseCount() -> Int? {
        if let count = settings.count { return count }
        let choices = StudySettings.countChoices
        say("How many cards? " + choices.enumerated().map { "\($0.offset + 1)) \($0.element)" }.joined(separator: "  "))
        while true {
            guard let answer = prompt("Count (number or value): ") else { return nil }
            if let number = Int(answer) {
                if (1...choices.count).contains(number) { return choices[number - 1] }
                if (1...1000).contains(number) { return number }
            }
            if answer.lowercased() == "q" { return nil }
            say("Type 1, 2 or 3, or a count such as 25.")
        }
    }

    /// Shows the current card as far as it is revealed.
    private func show(_ session: StudySession, topic: String, position: Int, total: Int, from phase: Int = 0) {
        guard let current = session.current, let card = engine.card(current.cardID) else { return }
        let now = StudyEngine.now()
        if phase == 0 {
            var header = "── \(UntrustedText.sanitized(topic)) · card \(position) of \(total)"
            if current.isRepeat { header += " · again" }
            if let wait = session.timeUntilDue(at: now) { header += " · early by \(IntervalFormatter.short(wait))" }
            say("")
            say(header + " ──")
            say("Question:")
            for line in lines(card.question, of: card) { say("  " + line) }
            var keys = ["Enter: answer"]
            if current.entry.hasHint { keys.append("h: hint") }
            keys += ["s: skip", "u: undo", "q: quit"]
            say("(" + keys.joined(separator: " · ") + ")")
        }
        if phase == 1 {
            say("Hint:")
            for line in lines(card.hint, of: card) { say("  " + line) }
        }
        if phase == 2 {
            say("Answer:")
            for line in lines(card.answer, of: card) { say("  " + line) }
            if current.entry.hasExplanation { say("(e: explanation)") }
            say(settings.buttons(session, at: now))
        }
        if phase == 3 {
            say("Explanation:")
            for line in lines(card.explanation, of: card) { say("  " + line) }
            say(settings.buttons(session, at: now))
        }
    }

    /// Runs one session; returns whether it reached its summary with input left (false at end of input).
    private func study(_ queue: StudyQueue, topic: String) throws -> Bool {
        var session = engine.session(queue, at: StudyEngine.now())
        let total = queue.entries.count
        var shownFirst = 1
        var firstShown = Set<String>()
        func showCurrent() {
            guard let id = session.current?.cardID else { return }
            firstShown.insert(id)
            shownFirst = min(total, firstShown.count)
            show(session, topic: topic, position: shownFirst, total: total)
        }
        showCurrent()
        var inputEnded = false
        while let current = session.current {
            guard let line = readLine(strippingNewline: true) else {
                inputEnded = true
                break
            }
            let action = line.trimmingCharacters(in: .whitespaces).lowercased()
            let now = StudyEngine.now()
            switch action {
            case "", "a":
                if current.phase == .question {
                    session.showAnswer(at: now)
                    show(session, topic: topic, position: shownFirst, total: total, from: 2)
                } else {
                    say(settings.buttons(session, at: now))
                }
            case "h":
                if session.showHint() {
                    show(session, topic: topic, position: shownFirst, total: total, from: 1)
                } else {
                    say(current.entry.hasHint ? "The hint is for before the answer." : "This card has no hint.")
                }
            case "e":
                if session.showExplanation() {
                    show(session, topic: topic, position: shownFirst, total: total, from: 3)
                } else {
                    say(current.entry.hasExplanation ? "Show the answer first (Enter)." : "This card has no explanation.")
                }
            case "m":
                // The card's fields as written, math in LaTeX.
                if let card = engine.card(current.cardID) {
                    say("As written:")
                    var fields = [("Question", card.question)]
                    if current.phase == .answer { fields.append(("Answer", card.answer)) }
                    for (name, text) in fields where text != nil {
                        say(
                            "  \(name): "
                                + UntrustedText.sanitized(text?.markdown ?? "", keepNewlines: true).replacingOccurrences(
                                    of: "\n", with: "\n    "))
                    }
                }
            case "s":
                if session.skip(at: now) {
                    say("Skipped.")
                    showCurrent()
                } else {
                    say("No other card to skip to.")
                }
            case "u":
                guard session.canUndo else {
                    say("Nothing to undo.")
                    continue
                }
                guard let undone = session.undo(at: now) else { continue }
                try reportingStorageErrors { try engine.undoLast(at: now) }
                say("Undid \(undone.review.rating.productName).")
                show(session, topic: topic, position: shownFirst, total: total)
                if session.current?.phase == .answer { show(session, topic: topic, position: shownFirst, total: total, from: 2) }
            case "q":
                session.quit(at: now)
            default:
                if action.count == 1, let character = action.first, let rating = settings.rating(forDigit: character) {
                    guard current.phase == .answer else {
                        say("Show the answer first (Enter).")
                        continue
                    }
                    guard let outcome = session.rate(rating, at: now) else { continue }
                    let state = try reportingStorageErrors { try engine.record(outcome.review) }
                    say("Rated \(rating.productName); next review in \(IntervalFormatter.short(state.due.timeIntervalSince(now))).")
                    showCurrent()
                } else {
                    say(
                        "Keys: Enter answer · e explanation · h hint · \(settings.ankiKeys ? "1-4" : "0-3") rate · s skip · u undo · q quit"
                    )
                }
            }
        }
        let now = StudyEngine.now()
        if !session.isFinished { session.quit(at: now) }
        engine.flushStates()
        say("")
        say("Session summary (\(UntrustedText.sanitized(topic))):")
        for line in StudyEngine.summaryLines(session.summary(at: now), at: now) { say("  " + line) }
        return !inputEnded
    }
}
