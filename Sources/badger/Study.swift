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
                tmux or screen). Half-block art needs color: auto leaves it out with
                NO_COLOR or --color never, an explicit --images blocks draws it anyway.

                With --plain, or when standard input or output is not a terminal,
                studying is line by line, without escape codes unless --color always;
                images are named with their path. Each input line is one action: an
                empty line or a shows the answer, e the explanation, h the hint, 0-3
                rate, s skips, u undoes, q quits; menus take a number or a name. The end
                of input, or Ctrl-C, ends the session as q does (every rating is already
                saved; a second Ctrl-C ends badger at once).

                If fewer cards are available than asked for, you are offered to learn
                ahead: cards due within the next days (7, or --ahead DAYS).

                Scheduling adapts to you: a new collection (no review yet) gets
                desired_retention, learning_steps and relearning_steps: auto in its
                badger.yml, for each it does not set; until the first fit they schedule
                as the fixed defaults. When the parameters are stale, the end of a
                session re-fits them and says so in one line (--no-adapt skips it;
                adapt: false in badger.yml turns it off, and so keeps fsrs_parameters you
                wrote yourself).

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
            let (studied, newCollections) = try collection.loadStudiedToReview(lockingFor: "study", keepingReviewDetails: false)
            // Said when the session ends, however it ends (a full-screen one would hide them).
            defer { newCollections.printWarnings() }
            // The collection's locks live as long as `studied`: held until the session ends, not
            // released once its last use is behind (as an optimised build would).
            defer { withExtendedLifetime(studied) {} }
            let service = try StudyService(
                collection: studied.collection, memories: studied.memories, configs: studied.configs, fileAccess: LocalFileSystem(),
                timeZone: .current)
            service.beforeFirstReview = { newCollections.beforeFirstReview(in: $0) }
            let topic = try self.topic.map { try resolvedTopic($0, in: studied.collection, allowingAll: true) }
            // The notes that concern what is studied: a chosen topic's cards, and decks no card
            // could be read from (their topic is unknown).
            let notes = service.leftOut.filter { note in
                guard let topic, topic != StudyService.allTopics, let noteTopic = note.topic else { return true }
                return noteTopic == topic
            }
            for note in notes.prefix(10) { Terminal.standardError.write("badger: note: \(UntrustedText.sanitized(note.note))\n") }
            if notes.count > 10 {
                Terminal.standardError.write("badger: note: \(notes.count - 10) more left out (`badger lint` lists every error)\n")
            }
            if !service.hasCardsToStudy {
                Terminal.standardError.write(
                    "badger: error: the collection has no cards to study"
                        + (service.leftOut.isEmpty ? "" : " (every card is left out until its errors are fixed: `badger lint`)") + "\n")
                throw ExitStatus.usageOrIO.code
            }
            let settings = StudySettings(topic: topic, count: count, ahead: ahead, ankiKeys: ankiKeys)
            let interactive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
            if plain || !interactive {
                StandardInputLine.endInputOnInterrupt()
                defer { StandardInputLine.restoreInterrupt() }
                var study = PlainStudy(service: service, settings: settings, usesColor: color.enabled(isTerminal: false))
                try study.run()
            } else {
                var study = FullScreenStudy(
                    service: service, settings: settings, usesColor: color.enabled(isTerminal: true), imagesChoice: images)
                try study.run()
            }
            // New parameters or settings reschedule every card: the state files are brought up to
            // date with them now (reading the collection again, under the session's lock), not
            // by the next command.
            if service.adaptAfterSession(enabled: !noAdapt) { collection.refreshStatesAfterNewSettings() }
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
    func buttons(_ screen: StudyController.Screen) -> String {
        buttonLabels(screen).joined(separator: "   ")
    }

    /// "0 Fail · 1m", … one per rating.
    func buttonLabels(_ screen: StudyController.Screen) -> [String] {
        screen.buttons.map { "\($0.rating.productValue + (ankiKeys ? 1 : 0)) " + $0.label }
    }

    /// `rendering`, except that an image shown as text whose alt text is the answer (as in
    /// `![The heart](heart.png)` asking "The heart") is shown as `[image]`: the question must
    /// not give the answer away.
    static func hidingAnswer(_ rendering: @escaping ImageRendering, answer: CardText?) -> ImageRendering {
        func normalized(_ text: String) -> String {
            CardID.normalized(text).lowercased().trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
        }
        guard let answer = answer.map({ normalized(PlainTextRenderer.render(markdown: $0.markdown).joined(separator: " ")) }),
            !answer.isEmpty
        else {
            return rendering
        }
        return { image in
            let shown = rendering(image)
            guard normalized(image.alt) == answer else { return shown }
            switch shown {
            case .block: return shown
            case .text(let text): return .text(text.replacingOccurrences(of: "[image: \(image.alt)]", with: "[image]"))
            case nil: return .text("[image]")
            }
        }
    }

    /// The moment to record, in whole seconds as the log keeps it.
    static func now() -> Date { Date(timeIntervalSince1970: floor(Date().timeIntervalSince1970)) }

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
}

/// Line-by-line studying: one action per input line, no escape codes. A view of
/// `StudyController`: it maps lines to actions and prints what the controller shows.
struct PlainStudy {
    let service: StudyService
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
        let images =
            text == card.question
            ? StudySettings.hidingAnswer(Self.image, answer: card.cloze.map { CardText(markdown: $0.hidden, html: nil) } ?? card.answer)
            : Self.image
        return StudySettings.lines(
            text, width: Self.width, usesColor: usesColor, accent: nil, images: images, macros: service.macros(for: card))
    }

    private func say(_ text: String) { Terminal.standardOutput.write(text + "\n") }

    private func prompt(_ text: String) throws -> String? {
        Terminal.standardOutput.write(text)
        guard let line = try StandardInputLine.read() else {
            Terminal.standardOutput.write("\n")
            return nil
        }
        // A terminal echoes the answer and its Enter onto the prompt's line; otherwise (answers
        // piped in, or the output going to a file) the next output would join the prompt.
        if isatty(STDIN_FILENO) != 1 || !Terminal.standardOutput.isTerminal { Terminal.standardOutput.write("\n") }
        return line.trimmingCharacters(in: .whitespaces)
    }

    mutating func run() throws {
        while true {
            guard let topic = try chooseTopic(), let count = try chooseCount() else { return }
            let now = StudySettings.now()
            var queue = service.queue(topic: topic, count: count, aheadDays: settings.ahead ?? 0, at: now)
            if queue.shortfall > 0 {
                say(
                    "Only \(queue.entries.count) card\(queue.entries.count == 1 ? "" : "s") to study in \(UntrustedText.sanitized(topic)) "
                        + "(\(queue.availableDue) due, \(queue.availableNew) new\(settings.ahead != nil ? ", \(queue.availableAhead) ahead" : "")); you asked for \(count)."
                )
                if settings.ahead == nil {
                    let days = StudySettings.defaultAheadDays
                    guard let answer = try prompt("Learn ahead (cards due in the next \(days) days)? [y/n]: ") else { return }
                    if answer.lowercased().hasPrefix("y") {
                        queue = service.queue(topic: topic, count: count, aheadDays: days, at: now)
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
            guard let choice = try prompt("l: learn again · q: quit: ") else { return }
            if choice.lowercased() != "l" { return }
        }
    }

    private func chooseTopic() throws -> String? {
        if let topic = settings.topic { return topic }
        // Counted afresh each time: after a session the menu shows what is left.
        let topics = service.topics(at: StudySettings.now())
        let names = topics.map { UntrustedText.sanitized($0.name) }
        let width = names.map { DisplayWidth.of($0) }.max() ?? 0
        say("Topics:")
        for (index, (topic, name)) in zip(topics, names).enumerated() {
            say(
                "  \(index + 1)  \(name)\(String(repeating: " ", count: width - DisplayWidth.of(name)))  \(topic.due) due, \(topic.new) new"
            )
        }
        while true {
            guard let answer = try prompt("Topic (number or name): ") else { return nil }
            if let number = Int(answer), (1...topics.count).contains(number) { return topics[number - 1].name }
            if answer.lowercased() == "q" { return nil }
            switch service.topic(named: answer) {
            case .found(let name): return name
            case .unknown(let suggestion):
                let guess = suggestion.map { " (did you mean \"\(UntrustedText.sanitized($0))\"?)" } ?? ""
                say("No topic \"\(UntrustedText.sanitized(answer))\"\(guess); type a number from 1 to \(topics.count) or a name.")
            }
        }
    }

    private func chooseCount() throws -> Int? {
        if let count = settings.count { return count }
        let choices = StudySettings.countChoices
        say("How many cards? " + choices.enumerated().map { "\($0.offset + 1)) \($0.element)" }.joined(separator: "  "))
        while true {
            guard let answer = try prompt("Count (number or value): ") else { return nil }
            if let number = Int(answer) {
                if (1...choices.count).contains(number) { return choices[number - 1] }
                if (1...1000).contains(number) { return number }
            }
            if answer.lowercased() == "q" { return nil }
            say("Type 1, 2 or 3, or a count such as 25.")
        }
    }

    /// What of the card to print.
    private enum Part { case question, hint, answer, explanation }

    /// Prints `part` of the card on screen.
    private func show(_ controller: StudyController, _ part: Part) {
        let now = StudySettings.now()
        guard let screen = controller.screen(at: now), let card = controller.card else { return }
        switch part {
        case .question:
            say("")
            say("── \(UntrustedText.sanitized(controller.topic)) · \(screen.progress) ──")
            say("Question:")
            for line in lines(card.question, of: card) { say("  " + line) }
            var keys = ["Enter: answer"]
            if screen.hasHint { keys.append("h: hint") }
            keys += ["s: skip", "u: undo", "q: quit"]
            say("(" + keys.joined(separator: " · ") + ")")
        case .hint:
            say("Hint:")
            for line in lines(card.hint, of: card) { say("  " + line) }
        case .answer:
            say("Answer:")
            for line in lines(card.answer, of: card) { say("  " + line) }
            if screen.hasExplanation { say("(e: explanation)") }
            say(settings.buttons(screen))
        case .explanation:
            say("Explanation:")
            for line in lines(card.explanation, of: card) { say("  " + line) }
            say(settings.buttons(screen))
        }
    }

    /// The card on screen again, as far as it is revealed.
    private func showAgain(_ controller: StudyController) {
        show(controller, .question)
        guard let screen = controller.screen(at: StudySettings.now()) else { return }
        if screen.hintShown { show(controller, .hint) }
        if screen.phase == .answer { show(controller, .answer) }
        if screen.explanationShown { show(controller, .explanation) }
    }

    /// Runs one session; returns whether it reached its summary with input left (false at end of input).
    private func study(_ queue: StudyQueue, topic: String) throws -> Bool {
        var controller = StudyController(service: service, queue: queue, topic: topic, at: StudySettings.now())
        show(controller, .question)
        var inputEnded = false
        while let current = controller.session.current {
            guard let line = try StandardInputLine.read() else {
                inputEnded = true
                break
            }
            let input = line.trimmingCharacters(in: .whitespaces).lowercased()
            let now = StudySettings.now()
            let action: StudyController.Action
            switch input {
            case "", "a":
                guard current.phase == .question else {
                    if let screen = controller.screen(at: now) { say(settings.buttons(screen)) }
                    continue
                }
                action = .showAnswer
            case "h": action = .showHint
            case "e": action = .showExplanation
            case "s": action = .skip
            case "u": action = .undo
            case "q": action = .quit
            case "m":
                // The card's fields as written, math in LaTeX.
                if let card = controller.card {
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
                continue
            default:
                guard input.count == 1, let character = input.first, let rating = settings.rating(forDigit: character) else {
                    say(
                        "Keys: Enter answer · e explanation · h hint · \(settings.ankiKeys ? "1-4" : "0-3") rate · s skip · u undo · q quit"
                    )
                    continue
                }
                action = .rate(rating)
            }
            let before = controller.session.current
            let message = try controller.handle(action, at: now)
            if let message { say(message) }
            guard let after = controller.session.current else { continue }
            switch action {
            case .showAnswer: show(controller, .answer)
            case .showHint where message == nil: show(controller, .hint)
            case .showExplanation where message == nil: show(controller, .explanation)
            case .skip where message == "Skipped.", .rate where after != before: show(controller, .question)
            case .undo where message != "Nothing to undo.": showAgain(controller)
            default: break
            }
        }
        let now = StudySettings.now()
        controller.finish(at: now)
        say("")
        say("Session summary (\(UntrustedText.sanitized(topic))):")
        for line in controller.summaryLines(at: now, timeZone: .current) { say("  " + line) }
        return !inputEnded
    }
}
