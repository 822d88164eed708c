import Foundation

/// Finds, for each card of a collection, the identity (and so the history) it continues.
///
/// 1. **Same content**: a card whose content id is the one an identity was last seen with is
///    that card (a retired identity too: its exact text came back).
/// 2. **Edited**: the remaining cards and the remaining identities (last seen with content no
///    card has now) are compared by their last-seen text, in the same
///    direction: the same question (a topic renamed, a card moved to a deck of another topic),
///    a question a few edits away, or, for the reverse of a reversed card, the same answer or
///    one a few edits away (which is the forward question; for a cloze card, the same hidden
///    text in a text at least half alike). The answer breaks ties; between histories a card
///    continues exactly as well, the one recorded beside the card's own deck wins (two decks
///    that share a card, both renamed).
///    A retired identity (`badger state prune`), or one a command already found continuing
///    in no card (`missing`), comes back only for its own question, told apart by nothing but
///    case, styling and white space: a card written later never takes it for an edit.
///    A pair is matched only when each is the other's clearly best candidate; when another
///    candidate comes close, nothing is matched and the pair is reported as ambiguous, for
///    `badger state link` to settle.
public enum IdentityMatcher {
    /// A card as the matcher sees it.
    public struct Card: Sendable {
        public var contentID: String
        public var direction: String
        public var question: String
        public var answer: String
        /// The deck it stands in (a path relative to the collection), to tell histories apart
        /// that it continues exactly as well.
        public var deck: String

        public init(contentID: String, direction: String, question: String, answer: String, deck: String) {
            self.contentID = contentID
            self.direction = direction
            self.question = ReviewRecord.CardSighting.clipped(question)
            self.answer = ReviewRecord.CardSighting.clipped(answer)
            self.deck = deck
        }
    }

    /// What matching found.
    public struct Result: Sendable {
        /// The key of every card that continues an identity, by content id.
        public var keyOfCard: CardKeys
        /// Cards matched by their text rather than their content id: (content id, key).
        public var edited: [(contentID: String, key: String)] = []
        /// Cards that could continue several identities: (content id, candidate keys).
        public var ambiguous: [(contentID: String, keys: [String])] = []
        /// Identities that continue in no card (deleted, or edited beyond recognition).
        public var orphans: [String] = []
        /// Whether every card without an identity was compared with every identity it could
        /// continue (false when there were too many pairs: only equal texts were looked for).
        public var comparedAll = true

        /// Nothing matched; ids and keys are numbers of `names`.
        public init(names: NameBook) { keyOfCard = CardKeys(names: names) }
    }

    /// How much better the best candidate must score than the next to be taken.
    static let margin = 0.3

    /// Matches `cards` to `ledger`'s identities. Only identities in `scope` (all when nil) may
    /// be matched by text or reported as orphans: a caller that loaded part of a collection
    /// leaves out the identities of decks it did not load. `deckOfLog` names the deck beside
    /// each of the ledger's logs (in the order it was made from them; nil for a log beside none),
    /// so that of two histories a card continues exactly as well, the one last recorded beside
    /// its own deck is taken.
    public static func match(cards: [Card], ledger: CardLedger, scope: Set<String>? = nil, deckOfLog: [String?] = []) -> Result {
        match(cardCount: cards.count, card: { cards[$0] }, ledger: ledger, scope: scope, deckOfLog: deckOfLog)
    }

    /// The same matching over `cardCount` cards that `card` makes on demand, by position: a
    /// caller with many cards need not hold a `Card` (a few strings) for each at once.
    public static func match(
        cardCount: Int, card cardAt: (Int) -> Card, ledger: CardLedger, scope: Set<String>? = nil, deckOfLog: [String?] = []
    ) -> Result {
        let names = ledger.identities.names
        var result = Result(names: names)
        // 1. Same content, compared as numbers (`NameBook`'s: one number per id text).
        // Two identities last seen with the same content (two clones settled an edit
        // differently): the one seen last wins (of two seen at once, the greater key); the
        // other stays an orphan, reported.
        // The contents in a `KeyTable`, each with the slot of the identity that claims it
        // (no dictionary: about 10 bytes an identity).
        let identities = ledger.identities
        let (contents, placeOfSlot) = KeyTable.make(identities.stored.map(\.content))
        var claimant = [Int32](repeating: -1, count: contents.count)
        for (slot, identity) in identities.stored.enumerated() {
            let place = Int(placeOfSlot[slot])
            let other = Int(claimant[place])
            // Seconds since 1970, `Int64.min` for never: ordered as their dates.
            if other >= 0,
                identities.stored[other].seen > identity.seen
                    || (identities.stored[other].seen == identity.seen
                        && names.name(identities.keys.key(at: other)) > names.name(identities.keys.key(at: slot)))
            {
                continue
            }
            claimant[place] = Int32(slot)
        }
        var matched = [Bool](repeating: false, count: identities.count)
        var newcomers: [Int] = []
        // Only a card whose content an identity claims is found here (none before a first review).
        result.keyOfCard.reserveCapacity(min(cardCount, contents.count))
        for index in 0..<cardCount {
            let card = cardAt(index)
            guard let content = names.existingNumber(card.contentID), let place = contents.place(of: content) else {
                newcomers.append(index)
                continue
            }
            let slot = Int(claimant[place])
            result.keyOfCard[number: content] = identities.keys.key(at: slot)
            matched[slot] = true
        }
        // A joined identity (two histories made one) continues in a card with any content either
        // was seen with, when no card has its latest: two clones that joined them each kept
        // their own wording.
        if !ledger.keyOfJoinedContent.isEmpty {
            newcomers.removeAll { index in
                guard let content = names.existingNumber(cardAt(index).contentID), let key = ledger.keyOfJoinedContent[content],
                    let slot = identities.slot(of: key), !matched[slot]
                else { return false }
                result.keyOfCard[number: content] = key
                matched[slot] = true
                return true
            }
        }
        let orphans = identities.stored.indices.lazy.filter { !matched[$0] }
            .map { identities.identity(at: $0) }.filter { scope?.contains($0.key) != false }.sorted { $0.key < $1.key }
        // A retired identity with nothing to restore (a card deleted before it was studied) is
        // never matched by text; one with a history comes back only for its own question.
        let candidates = orphans.filter { $0.question != nil && (!$0.retired || $0.reviewCount > 0 || $0.suspended) }
        // 2. Edited: score every plausible pair.
        var pairs: [Pair] = []
        if !candidates.isEmpty, !newcomers.isEmpty {
            // The deck beside the log each history was last recorded in.
            let candidateDecks = candidates.map { candidate in
                names.existingNumber(candidate.key).flatMap { ledger.lastLog(ofKey: $0) }.flatMap {
                    $0 < deckOfLog.count ? deckOfLog[$0] : nil
                }
            }
            // Each text is made comparable once, not once per pair.
            let candidateTexts = candidates.map { Texts(question: $0.question!, answer: $0.answer ?? "") }
            var byQuestion: [String: [Int]] = [:]
            var byAnswer: [String: [Int]] = [:]
            var retiredByWords: [String: [Int]] = [:]
            var live: [Int] = []
            for (index, texts) in candidateTexts.enumerated() {
                if candidates[index].retired || candidates[index].missing {
                    retiredByWords[texts.question.words, default: []].append(index)
                    continue
                }
                live.append(index)
                byQuestion[texts.question.comparable, default: []].append(index)
                if !texts.answer.raw.isEmpty { byAnswer[texts.answer.comparable, default: []].append(index) }
            }
            // Comparing every pair by edit distance is only done when the numbers are modest;
            // beyond that only equal questions and answers are found (through the tables), and
            // the result says so (no card is then recorded as new: it may be an edit not found).
            let compareAll = live.count * newcomers.count <= 4_000_000
            result.comparedAll = compareAll
            var seen = [Bool](repeating: false, count: candidates.count)
            for cardIndex in newcomers {
                let card = cardAt(cardIndex)
                let texts = Texts(question: card.question, answer: card.answer)
                var considered: [Int] = []
                func add(_ indices: [Int]) {
                    for index in indices where !seen[index] {
                        seen[index] = true
                        considered.append(index)
                    }
                }
                add(byQuestion[texts.question.comparable] ?? [])
                add(byAnswer[texts.answer.comparable] ?? [])
                add(retiredByWords[texts.question.words] ?? [])
                if compareAll { add(live) }
                for index in considered {
                    seen[index] = false
                    if let score = score(card, texts, candidates[index], candidateTexts[index]) {
                        pairs.append(Pair(card: cardIndex, identity: index, score: score, sameDeck: candidateDecks[index] == card.deck))
                    }
                }
            }
        }
        // Take pairs that are each other's clear best, until none is left; the rest is ambiguous.
        var takenCards: Set<Int> = []
        var takenIdentities: Set<Int> = []
        var progress = true
        while progress {
            progress = false
            var bestOfCard: [Int: [Pair]] = [:]
            var bestOfIdentity: [Int: [Pair]] = [:]
            for pair in pairs where !takenCards.contains(pair.card) && !takenIdentities.contains(pair.identity) {
                bestOfCard[pair.card, default: []].append(pair)
                bestOfIdentity[pair.identity, default: []].append(pair)
            }
            for cardIndex in bestOfCard.keys.sorted() {
                let options = bestOfCard[cardIndex]!.sorted { $0.isBetter(than: $1, identity: true) }
                let best = options[0]
                guard options.count == 1 || best.isClearlyBetter(than: options[1]) else { continue }
                let rivals = bestOfIdentity[best.identity]!.sorted { $0.isBetter(than: $1, identity: false) }
                guard rivals[0].card == cardIndex, rivals.count == 1 || best.isClearlyBetter(than: rivals[1]) else { continue }
                guard !takenIdentities.contains(best.identity) else { continue }
                takenCards.insert(cardIndex)
                takenIdentities.insert(best.identity)
                let key = candidates[best.identity].key
                let contentID = cardAt(cardIndex).contentID
                result.keyOfCard[contentID] = key
                result.edited.append((contentID, key))
                progress = true
            }
        }
        var ambiguousCards: [Int: [String]] = [:]
        for pair in pairs where !takenCards.contains(pair.card) && !takenIdentities.contains(pair.identity) {
            ambiguousCards[pair.card, default: []].append(candidates[pair.identity].key)
        }
        for (cardIndex, keys) in ambiguousCards.sorted(by: { $0.key < $1.key }) {
            result.ambiguous.append((cardAt(cardIndex).contentID, keys.sorted()))
        }
        let continued = result.keyOfCard.keyNumbers
        result.orphans = orphans.map(\.key).filter { !continued.contains(names.number($0)) }
        result.edited.sort { $0.contentID < $1.contentID }
        result.keyOfCard.settle()
        return result
    }

    /// A card that could continue an identity, and how well.
    struct Pair {
        var card: Int
        var identity: Int
        var score: Double
        /// Whether the identity was last recorded beside the card's deck.
        var sameDeck: Bool

        /// The order candidates are ranked in: score, then the own deck, then the lower
        /// identity (`identity`: ranking identities for a card) or card.
        func isBetter(than other: Pair, identity: Bool) -> Bool {
            if score != other.score { return score > other.score }
            if sameDeck != other.sameDeck { return sameDeck }
            return identity ? self.identity < other.identity : card < other.card
        }

        /// Whether this pair may be taken over `other`, the next best for the same card or
        /// identity: it scores better by the margin, or exactly as well and only it keeps the
        /// card with its own deck's history. A near tie is never settled by the deck.
        func isClearlyBetter(than other: Pair) -> Bool {
            other.score < score - IdentityMatcher.margin || (other.score == score && sameDeck && !other.sameDeck)
        }
    }

    /// How well `card` continues `identity`, or nil if it cannot: 3 and more for the same
    /// question (3.9 in the other direction of a reversed card, with the same answer: its
    /// question and answer were swapped), 2 and more for a reverse card with the same answer, 1.5 to 2 for a cloze card
    /// whose text and hidden text are both at least half alike, 1 to 1.8 for a question
    /// a few edits away (at most an eighth of its length, at least 2; 0.2 less per edit), or for
    /// the reverse of a reversed card an answer a few edits away; plus
    /// up to 1 for the answer's likeness. The texts of both are made comparable once by the caller.
    static func score(_ card: Card, _ cardTexts: Texts, _ identity: CardLedger.Identity, _ texts: Texts) -> Double? {
        let (question, answer) = (texts.question, texts.answer)
        let (cardQuestion, cardAnswer) = (cardTexts.question, cardTexts.answer)
        let long = ReviewRecord.CardSighting.textLimit - 10
        if identity.retired || identity.missing {
            guard identity.direction == nil || identity.direction == card.direction, question.words == cardQuestion.words else {
                return nil
            }
            let answerLikeness = likeness(answer, cardAnswer)
            // Two long questions the log keeps only the start of may differ after it.
            if question.rawCount >= long, cardQuestion.rawCount >= long, answerLikeness < 0.5 { return nil }
            return 3 + answerLikeness
        }
        if let direction = identity.direction, direction != card.direction {
            // A reversed card whose question and answer were swapped: each direction now asks
            // what the other asked, with the same answer, so it continues the other's history.
            let swapped = Set([direction, card.direction]) == ["forward", "reverse"]
            guard swapped, question.comparable == cardQuestion.comparable, answer.comparable == cardAnswer.comparable else { return nil }
            return 2.9 + 1
        }
        var base: Double
        if question.comparable == cardQuestion.comparable {
            // Two long questions the log keeps only the start of may differ after it: equal
            // starts are the same question only with a like answer.
            if question.rawCount >= long, cardQuestion.rawCount >= long, likeness(answer, cardAnswer) < 0.5 { return nil }
            base = 3
        } else if card.direction == "reverse", !answer.raw.isEmpty, answer.comparable == cardAnswer.comparable {
            base = 2
        } else {
            var edited = fewEdits(question, cardQuestion)
            // The reverse of a reversed card asks the forward card's answer and answers its
            // question: a few edits of that answer (the forward question) continue it too, so
            // both directions keep their history when question and answer are edited at once.
            if card.direction == "reverse", !answer.raw.isEmpty, let byAnswer = fewEdits(answer, cardAnswer) {
                edited = max(edited ?? 0, byAnswer)
            }
            // A cloze card whose text and hidden text are both still at least half the same:
            // its deletion and the words around it (or the other deletions) were edited.
            var cloze: Double?
            if card.direction == "cloze", !answer.raw.isEmpty {
                let questionLikeness = likeness(question, cardQuestion)
                if questionLikeness >= 0.5, likeness(answer, cardAnswer) >= 0.5 { cloze = 1 + questionLikeness }
            }
            guard let best = [edited, cloze].compactMap({ $0 }).max() else { return nil }
            base = best
        }
        let answerLikeness = answer.raw.isEmpty && cardAnswer.raw.isEmpty ? 0.5 : likeness(answer, cardAnswer)
        return base + answerLikeness
    }

    /// A card's or identity's question and answer, each as written and as `ComparableText`.
    struct Texts {
        let question: Text
        let answer: Text
        init(question: String, answer: String) {
            self.question = Text(question)
            self.answer = Text(answer)
        }
    }

    /// A text as written and as `ComparableText`, with their lengths in characters.
    struct Text {
        let raw: String
        let rawCount: Int
        let comparable: String
        let comparableCount: Int
        /// The comparable text without white space: how a retired identity's own question is
        /// recognised, spaced otherwise.
        var words: String { comparable.filter { !$0.isWhitespace } }
        /// How many of the comparable text's characters fall in each of 64 buckets, at most 255: an edit changes at most two counts by one, so half the
        /// counts' difference never exceeds the edit distance.
        let histogram: [UInt8]
        /// The comparable text's bytes when it is plain ASCII without carriage returns (as
        /// `EditDistance` compares it), made once.
        let plainBytes: [UInt8]?
        init(_ text: String) {
            raw = text
            rawCount = text.count
            comparable = ComparableText.of(text)
            plainBytes = comparable.utf8.allSatisfy { $0 < 128 && $0 != 13 } ? Array(comparable.utf8) : nil
            var count = 0
            var histogram = [UInt8](repeating: 0, count: 64)
            if let bytes = plainBytes {
                count = bytes.count
                for byte in bytes where histogram[Int(byte & 63)] < 255 { histogram[Int(byte & 63)] += 1 }
            } else {
                for character in comparable {
                    count += 1
                    // Characters that are equal (canonically equivalent: "é" and "e\u{301}", "K"
                    // and the Kelvin sign) hash alike; the ASCII ones fall where bytes do.
                    let bucket: Int
                    if let ascii = character.asciiValue ?? Self.asciiEquivalent(of: character) {
                        bucket = Int(ascii & 63)
                    } else {
                        bucket = character.hashValue & 63
                    }
                    if histogram[bucket] < 255 { histogram[bucket] += 1 }
                }
            }
            comparableCount = count
            self.histogram = histogram
        }

        /// The ASCII character a non-ASCII one is canonically equivalent to (the Greek question
        /// mark is ";"), which `Character` equality does not tell apart from it.
        static func asciiEquivalent(of character: Character) -> UInt8? {
            let composed = String(character).precomposedStringWithCanonicalMapping.utf8
            return composed.count == 1 && composed.first! < 128 ? composed.first : nil
        }

        /// A lower bound of the edit distance between the two texts: the larger of what each
        /// has more of, bucket by bucket (exact while no bucket is full).
        func distanceAtLeast(_ other: Text) -> Int {
            var more = 0
            var less = 0
            for index in 0..<64 {
                let difference = Int(histogram[index]) - Int(other.histogram[index])
                if difference > 0 { more += difference } else { less -= difference }
            }
            return max(more, less)
        }

        /// `EditDistance.between` the comparable texts.
        func distance(to other: Text, limit: Int) -> Int {
            if let mine = plainBytes, let theirs = other.plainBytes { return EditDistance.distance(mine, theirs, limit: limit) }
            return EditDistance.between(comparable, other.comparable, limit: limit)
        }
    }

    /// 1 to 1.8 when `b` is a few edits from `a` (at most an eighth of the longer's length, at
    /// least 2; 0.2 less per edit), compared as `ComparableText`; nil when further apart.
    static func fewEdits(_ a: Text, _ b: Text) -> Double? {
        let limit = max(2, max(a.comparableCount, b.comparableCount) / 8)
        guard abs(a.comparableCount - b.comparableCount) <= limit, a.distanceAtLeast(b) <= limit else { return nil }
        let distance = a.distance(to: b, limit: limit)
        return distance <= limit ? 1 + max(0, 1 - 0.2 * Double(distance)) : nil
    }

    /// 1 for equal texts, falling to 0 as the edit distance (of their `ComparableText`, at most
    /// 64) approaches the longer length.
    static func likeness(_ a: Text, _ b: Text) -> Double {
        if a.raw == b.raw { return 1 }
        let longest = max(a.rawCount, b.rawCount)
        guard longest > 0 else { return 1 }
        // Long texts: compare only when their lengths allow a close match; else 0.
        let limit = min(longest, 64)
        let distance = a.distance(to: b, limit: limit)
        return distance > limit ? 0 : max(0, 1 - Double(distance) / Double(longest))
    }
}
