import BadgerDeck
import BadgerMemory
import BadgerStudy
import BadgerTerminal
import Foundation

/// Full-screen studying on a terminal: menus, the card, the rating buttons and the summary,
/// redrawn on every key and when the window is resized. A view of `StudyController`: it maps
/// keys to actions and draws what the controller shows; a card taller than the window scrolls.
struct FullScreenStudy {
    let service: StudyService
    let settings: StudySettings
    let usesColor: Bool
    /// `--images`.
    let imagesChoice: ImagesChoice
    var viewer = ImageViewer()
    let environment = ProcessInfo.processInfo.environment
    /// The images of the cards, once the terminal is set up.
    private(set) var images: StudyImages?

    /// Ends the session (the summary is still shown) or the whole command.
    private enum Exit: Error { case quit }

    mutating func run() throws {
        let terminal = try RawTerminal()
        do {
            try loop(terminal)
            terminal.restore()
        } catch StudyTerminalError.endOfInput {
            terminal.restore()
        } catch Exit.quit {
            terminal.restore()
        } catch {
            // The terminal is restored before `Badger.main` prints the error.
            terminal.restore()
            throw error
        }
    }

    private mutating func loop(_ terminal: RawTerminal) throws {
        let environment = environment
        let choice = imagesChoice
        let images = StudyImages {
            if let fixed = choice.fixed { return fixed }
            let attributes = ImageProtocol.needsDeviceAttributes(environment: environment) ? terminal.deviceAttributes() : nil
            return ImageProtocol.detect(environment: environment, deviceAttributes: attributes)
        }
        self.images = images
        while true {
            let topic = try settings.topic ?? chooseTopic(terminal)
            let count = try settings.count ?? chooseCount(terminal)
            let now = StudySettings.now()
            var queue = service.queue(topic: topic, count: count, aheadDays: settings.ahead ?? 0, at: now)
            if queue.shortfall > 0, settings.ahead == nil {
                let days = StudySettings.defaultAheadDays
                let message = [
                    "Only \(queue.entries.count) card\(queue.entries.count == 1 ? "" : "s") to study in \(UntrustedText.sanitized(topic))",
                    "(\(queue.availableDue) due, \(queue.availableNew) new); you asked for \(count).", "",
                    "Learn ahead: also study cards due in the next \(days) days?",
                ]
                let key = try ask(terminal, body: message, footer: "y: learn ahead · n: no · q: quit", keys: ["y", "n"])
                if key == "y" { queue = service.queue(topic: topic, count: count, aheadDays: days, at: now) }
            }
            if queue.entries.isEmpty {
                _ = try ask(terminal, body: ["Nothing to study in \(UntrustedText.sanitized(topic)) now."], footer: "q: quit", keys: [])
                return
            }
            let summary = try study(terminal, queue: queue, topic: topic, images: images)
            let body = ["Session summary: \(UntrustedText.sanitized(topic))", ""] + summary
            let key = try ask(terminal, body: body, footer: "l: learn again · q: quit", keys: ["l"])
            if key != "l" { return }
        }
    }

    // MARK: Drawing

    private func draw(_ terminal: RawTerminal, body: [String], footer: [String]) {
        let size = terminal.size
        let rows = ScreenLayout.compose(body: body, footer: footer, columns: size.columns, rows: size.rows)
        terminal.write((images?.clearSequence ?? "") + "\u{1B}[H\u{1B}[2J" + rows.joined(separator: "\r\n"))
    }

    /// Waits for one of `keys` (q, Esc and Ctrl-C quit: nil), redrawing on resize.
    private func ask(_ terminal: RawTerminal, body: [String], footer: String, keys: Set<Character>) throws -> Character? {
        while true {
            let width = terminal.size.columns
            draw(
                terminal,
                body: body.flatMap { ScreenLayout.wrap($0.split(separator: " ").map(String.init), separator: " ", columns: width) },
                footer: [ScreenLayout.dim(ScreenLayout.clip(footer, columns: width), usesColor: usesColor)])
            while true {
                if terminal.takeResize() { break }
                guard let key = try terminal.readKey(timeout: 200) else { continue }
                switch key {
                case .escape, .interrupt: return nil
                case .character(let character):
                    let lower = Character(character.lowercased())
                    if lower == "q" { return nil }
                    if keys.contains(lower) { return lower }
                default: break
                }
            }
        }
    }

    /// A numbered menu: arrows (↑↓ j k, PgUp PgDn) and Enter choose; a digit chooses at once when
    /// there are at most 9 options, else digits move to that number and Enter chooses; q, Esc
    /// and Ctrl-C quit. A menu taller than the window scrolls to keep the selection in view.
    private func menu(_ terminal: RawTerminal, title: String, options: [String]) throws -> Int {
        var selected = 0
        var top = 0
        var typed = ""
        while true {
            let (width, rows) = (terminal.size.columns, terminal.size.rows)
            // Title and a blank line (left out in a window of five rows or fewer), the options, a
            // line saying more are hidden when some are, the footer.
            let heading =
                rows > 5 ? [ScreenLayout.accented(ScreenLayout.clip(title, columns: width), color: nil, usesColor: usesColor), ""] : []
            var room = max(1, rows - 1 - heading.count)
            if options.count > room { room = max(1, room - 1) }
            top = options.count <= room ? 0 : min(max(top, selected - room + 1), selected, options.count - room)
            var body = heading
            for index in top..<min(options.count, top + room) {
                let text = ScreenLayout.clip("\(index + 1)  \(options[index])", columns: width - 2)
                body.append(index == selected ? ScreenLayout.selected(text, usesColor: usesColor) : (usesColor ? text : "  " + text))
            }
            if options.count > room {
                let above = top > 0 ? "↑ \(top) more" : ""
                let below = top + room < options.count ? "↓ \(options.count - top - room) more" : ""
                body.append(ScreenLayout.dim([above, below].filter { !$0.isEmpty }.joined(separator: " · "), usesColor: usesColor))
            }
            let keys =
                options.count <= 9 ? "1-\(options.count) or ↑↓ Enter" : typed.isEmpty ? "number or ↑↓, Enter" : "\(typed)…, Enter"
            let footer = ScreenLayout.clip("\(keys): choose · q: quit", columns: width)
            draw(terminal, body: body, footer: [ScreenLayout.dim(footer, usesColor: usesColor)])
            var redraw = false
            while !redraw {
                if terminal.takeResize() { break }
                guard let key = try terminal.readKey(timeout: 200) else { continue }
                redraw = true
                switch key {
                case .escape, .interrupt: throw Exit.quit
                case .enter: return selected
                case .up, .character("k"): selected = max(0, selected - 1)
                case .down, .character("j"): selected = min(options.count - 1, selected + 1)
                case .pageUp: selected = max(0, selected - room)
                case .pageDown: selected = min(options.count - 1, selected + room)
                case .character("q"): throw Exit.quit
                case .character(" "): return selected
                case .character(let character):
                    guard let digit = character.wholeNumberValue else {
                        redraw = false
                        continue
                    }
                    if options.count <= 9 {
                        if (1...options.count).contains(digit) { return digit - 1 }
                        redraw = false
                        continue
                    }
                    // Digits build a number (16 is 1 then 6); one too large starts again.
                    typed =
                        Int(typed + String(digit)).map { (1...options.count).contains($0) } == true ? typed + String(digit) : String(digit)
                    if let number = Int(typed), (1...options.count).contains(number) { selected = number - 1 } else { typed = "" }
                    continue
                default:
                    redraw = false
                    continue
                }
                typed = ""
            }
        }
    }

    private func chooseTopic(_ terminal: RawTerminal) throws -> String {
        // Counted afresh each time: after a session the menu shows what is left.
        let topics = service.topics(at: StudySettings.now())
        let names = topics.map { UntrustedText.sanitized($0.name) }
        let width = names.map { DisplayWidth.of($0) }.max() ?? 0
        let options = zip(topics, names).map { topic, name in
            name + String(repeating: " ", count: width - DisplayWidth.of(name)) + "  \(topic.due) due, \(topic.new) new"
        }
        return topics[try menu(terminal, title: "Choose a topic", options: options)].name
    }

    private func chooseCount(_ terminal: RawTerminal) throws -> Int {
        let choices = StudySettings.countChoices
        return choices[try menu(terminal, title: "How many cards?", options: choices.map { "\($0) cards" })]
    }

    // MARK: The session

    /// Runs one session; returns its summary lines.
    private mutating func study(_ terminal: RawTerminal, queue: StudyQueue, topic: String, images: StudyImages) throws -> [String] {
        var controller = StudyController(service: service, queue: queue, topic: topic, at: StudySettings.now())
        var message = ""
        var helpShown = false
        var rawMath = false
        /// The first row below the header shown when the card is taller than the window.
        var scroll = 0
        var shownCard: String?
        /// How many rows the card had when the last key revealed more of it (answer, hint,
        /// explanation): the view scrolls so that what was revealed starts in it.
        var revealedFrom: Int?
        var bodyRows = 0
        let color = service.color(ofTopic: topic).flatMap(RGBColor.init(hex:))
        while let screen = controller.screen(at: StudySettings.now()) {
            if screen.cardID != shownCard {
                shownCard = screen.cardID
                scroll = 0
                revealedFrom = nil
            }
            let now = StudySettings.now()
            let size = terminal.size
            var maxScroll = 0
            if helpShown {
                draw(
                    terminal,
                    body: helpLines().map { ScreenLayout.clip($0, columns: size.columns) },
                    footer: [ScreenLayout.dim("any key: back", usesColor: usesColor)])
            } else {
                let page = Page(topic: topic, color: color, message: message, now: now, width: size.columns, rawMath: rawMath)
                let (body, footer) = screenWithImages(controller, screen, page: page, rows: size.rows, images: images, terminal: terminal)
                // A card taller than the window scrolls below its header (topic and progress,
                // which stay); a line above the footer says so.
                let overflows = body.count > size.rows - footer.count
                let room = max(1, size.rows - footer.count - (overflows ? 1 : 0))
                // The header stays while there is room for it and two rows of the card.
                let pinned = overflows && room >= 3 ? 1 : 0
                maxScroll = max(0, body.count - room)
                if let from = revealedFrom, overflows {
                    // One row of what was there before stays as context.
                    scroll = max(scroll, from - 2)
                }
                revealedFrom = nil
                bodyRows = body.count
                scroll = min(scroll, maxScroll)
                let visible = Array(body.prefix(pinned)) + Array(body.dropFirst(pinned + scroll).prefix(room - pinned))
                var shownFooter = footer
                if overflows {
                    let more =
                        scroll == 0
                        ? "↓ more below (↑↓ j k PgUp PgDn scroll)"
                        : scroll < maxScroll ? "↑↓ more above and below (j k PgUp PgDn scroll)" : "↑ more above (↑ k PgUp scroll)"
                    shownFooter.insert(ScreenLayout.dim(ScreenLayout.clip(more, columns: size.columns), usesColor: usesColor), at: 0)
                }
                draw(terminal, body: visible, footer: shownFooter)
            }
            message = ""
            guard let key = try nextKey(terminal) else { continue }
            if helpShown {
                helpShown = false
                continue
            }
            let time = StudySettings.now()
            let page = max(1, size.rows - 4)
            var action: StudyController.Action?
            switch key {
            case .enter, .character(" "):
                action = .showAnswer
                if screen.phase == .question { revealedFrom = bodyRows }
            case .escape, .interrupt, .character("q"): action = .quit
            case .character("?"): helpShown = true
            case .up, .character("k"): scroll = max(0, scroll - 1)
            case .down, .character("j"): scroll = min(maxScroll, scroll + 1)
            case .pageUp: scroll = max(0, scroll - page)
            case .pageDown: scroll = min(maxScroll, scroll + page)
            case .character("o"):
                if let image = images.shown.first {
                    if let path = image.path {
                        message = viewer.open(path, shownAs: image.source)
                    } else {
                        message = "The image \(UntrustedText.sanitized(image.source)) is not a file in the collection."
                    }
                } else {
                    message = "This card shows no image."
                }
            case .character("m"):
                rawMath.toggle()
                message = rawMath ? "Math shown as LaTeX (m: as symbols)." : "Math shown as symbols (m: as LaTeX)."
            case .character("h"):
                action = .showHint
                if screen.phase == .question, screen.hasHint, !screen.hintShown { revealedFrom = bodyRows }
            case .character("e"):
                action = .showExplanation
                if screen.phase == .answer, screen.hasExplanation, !screen.explanationShown { revealedFrom = bodyRows }
            case .character("s"): action = .skip
            case .character("u"): action = .undo
            case .character(let character):
                if let rating = settings.rating(forDigit: character) {
                    action = .rate(rating)
                } else {
                    message = "Press ? for help."
                }
            default:
                break
            }
            if let action, let said = try controller.handle(action, at: time) { message = said }
        }
        let end = StudySettings.now()
        controller.finish(at: end)
        return controller.summaryLines(at: end, timeZone: .current)
    }

    /// The next key, or nil when the window was resized (to redraw).
    private func nextKey(_ terminal: RawTerminal) throws -> Key? {
        while true {
            if terminal.takeResize() { return nil }
            if let key = try terminal.readKey(timeout: 200) { return key }
        }
    }

    /// The keys, each line at most 40 columns, so the help fits a 40×12 window whole.
    private func helpLines() -> [String] {
        let digits = settings.ankiKeys ? "1 2 3 4" : "0 1 2 3"
        return [
            "Keys",
            "Space Enter  show the answer",
            "h            hint (before the answer)",
            "e            explanation (after it)",
            "\(digits)      Fail Difficult Good Easy",
            "u            undo the last rating",
            "s            skip (it comes back later)",
            "↑↓ j k PgUp PgDn  scroll a tall card",
            "m            math as LaTeX / symbols",
            "o            open the card's image",
            "q Esc Ctrl-C quit (ratings are saved)",
        ]
    }

    /// What the card screen shows besides the card.
    private struct Page {
        var topic: String
        var color: RGBColor?
        var message: String
        var now: Date
        var width: Int
        var rawMath: Bool
    }

    /// The card screen with its images as large as the rows left by everything else allow: laid
    /// out once with each image as one row to count those rows, then with the images drawn.
    private func screenWithImages(
        _ controller: StudyController, _ screen: StudyController.Screen, page: Page, rows: Int, images: StudyImages,
        terminal: RawTerminal
    ) -> (body: [String], footer: [String]) {
        guard let card = controller.card else { return ([], []) }
        images.startScreen()
        let cell = terminal.cellPixels ?? (10, 20)
        let display = StudyImages.Display(
            palette: HalfBlockArt.Palette.detect(environment: environment), cellWidth: cell.width, cellHeight: cell.height,
            usesColor: usesColor || imagesChoice == .blocks)
        let measured = self.screen(
            controller, screen, page: page, images: images.rendering(deck: card.file, display: display, maxRows: 0, measuring: true))
        let count = images.shown.count
        images.startScreen()
        guard count > 0 else { return measured }
        let free = rows - measured.body.count - measured.footer.count
        let perImage = (free + count) / count
        return self.screen(
            controller, screen, page: page, images: images.rendering(deck: card.file, display: display, maxRows: perImage),
            showsImages: true)
    }

    private func screen(
        _ controller: StudyController, _ screen: StudyController.Screen, page: Page, images: @escaping ImageRendering,
        showsImages: Bool = false
    ) -> (body: [String], footer: [String]) {
        let (topic, color, message, width, rawMath) = (page.topic, page.color, page.message, page.width, page.rawMath)
        guard let card = controller.card else { return ([], []) }
        let heading = ScreenLayout.clip(UntrustedText.sanitized(topic), columns: width)
        let detail = " · " + screen.progress
        var body = [
            ScreenLayout.accented(heading, color: color, usesColor: usesColor)
                + ScreenLayout.clip(detail, columns: max(0, width - DisplayWidth.of(heading))), "",
        ]
        func field(_ text: CardText?) -> [String] {
            StudySettings.lines(
                text, width: width, usesColor: usesColor, accent: color, rawMath: rawMath, images: images,
                macros: service.macros(for: card))
        }
        body += StudySettings.lines(
            card.question, width: width, usesColor: usesColor, accent: color, rawMath: rawMath,
            images: StudySettings.hidingAnswer(images, answer: card.cloze.map { CardText(markdown: $0.hidden, html: nil) } ?? card.answer),
            macros: service.macros(for: card))
        if screen.hintShown {
            body += ["", ScreenLayout.dim("Hint:", usesColor: usesColor)] + field(card.hint)
        }
        if screen.phase == .answer {
            body += ["", ScreenLayout.dim(String(repeating: "─", count: min(width, 40)), usesColor: usesColor)] + field(card.answer)
        }
        if screen.explanationShown {
            body += ["", ScreenLayout.dim("Explanation:", usesColor: usesColor)] + field(card.explanation)
        }
        var footer: [String] = []
        if !message.isEmpty { footer.append(ScreenLayout.clip(message, columns: width)) }
        if screen.phase == .answer {
            footer += ScreenLayout.wrap(settings.buttonLabels(screen), separator: "   ", columns: width)
            var keys = screen.hasExplanation && !screen.explanationShown ? ["e explanation"] : []
            keys += ["u undo", "s skip", "? help", "q quit"]
            if showsImages { keys.insert("o image", at: 0) }
            footer.append(ScreenLayout.dim(ScreenLayout.clip(keys.joined(separator: " · "), columns: width), usesColor: usesColor))
        } else {
            var keys = ["Space answer"]
            // The hint comes first, so that a narrow window still says there is one.
            if screen.hasHint && !screen.hintShown { keys.insert("h hint", at: 0) }
            if showsImages { keys.append("o image") }
            keys += ["s skip", "u undo", "? help", "q quit"]
            footer.append(ScreenLayout.dim(ScreenLayout.clip(keys.joined(separator: " · "), columns: width), usesColor: usesColor))
        }
        return (body, footer)
    }
}
