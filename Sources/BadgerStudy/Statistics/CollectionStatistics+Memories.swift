import BadgerDeck
import BadgerMemory

extension CollectionStatistics {
    /// Each topic of `cards` with its true retention, as `trueRetention(cards:reviews:)` finds
    /// it from the memories' `reviewColumns`, read from the memories' logs: no column of every
    /// review, no card id as text, no dictionary by card (what `badger due` shows, in a few
    /// bytes a card instead of about 35 a review).
    ///
    /// A key's reviews are credited to the card that continues it (else to the key as an id),
    /// whose topic is the first card's with that id; each card's reviews are read in time order
    /// (of two at the same time, in the logs' order). Reviews are grouped by key and by memory,
    /// where the columns group them by card id: the two differ only for a history that
    /// continues in no card whose key is the id of a card continuing another, or one card in two
    /// nested collections (a known limit).
    public static func trueRetention(cards: [BadgerDeck.Card], memories: [CollectionMemory]) -> [String: Double?] {
        var topics = TopicNumbers()
        let (cardTable, placeOfCard) = KeyTable.make(cards.map(\.id.rawValue))
        var topicOfPlace = [Int32](repeating: -1, count: cardTable.count)
        for (index, card) in cards.enumerated() where topicOfPlace[Int(placeOfCard[index])] < 0 {
            topicOfPlace[Int(placeOfCard[index])] = Int32(topics.number(of: card.topic))
        }
        let names = topics.names
        func topic(ofID number: UInt64) -> Int32 { cardTable.place(of: number).map { topicOfPlace[$0] } ?? -1 }
        var stateReviews = [Int](repeating: 0, count: names.count)
        var recalledReviews = [Int](repeating: 0, count: names.count)
        for memory in memories {
            let logs = memory.logs.map(\.log)
            let ledger = memory.ledger
            let reviewed = ReviewedKeys(logs: logs, key: { ledger.key(ofNumber: $0) })
            // Each reviewed key's topic: its card's, else the topic of a card with the key as id.
            var topicOfSlot = [Int32](repeating: -2, count: reviewed.count)
            for (content, key) in memory.matching.keyOfCard.numbers {
                guard let slot = reviewed.table.place(of: key) else { continue }
                topicOfSlot[slot] = memory.names.isHex(content) ? topic(ofID: content) : -1
            }
            for slot in topicOfSlot.indices where topicOfSlot[slot] == -2 {
                let key = reviewed.table.key(at: slot)
                topicOfSlot[slot] = memory.names.isHex(key) ? topic(ofID: key) : -1
            }
            var lastTime = [Double](repeating: .nan, count: reviewed.count)
            var lastRecalled = [Bool](repeating: false, count: reviewed.count)
            var inOrder = true
            func visit(_ slot: Int, _ time: Double, _ rating: UInt8) {
                let recalled = (Rating(rawValue: Int(rating)) ?? .good).isSuccess
                let reviewState = isReviewState(previous: lastTime[slot], previousRecalled: lastRecalled[slot], time: time)
                lastTime[slot] = time
                lastRecalled[slot] = recalled
                let topic = Int(topicOfSlot[slot])
                guard reviewState, topic >= 0 else { return }
                stateReviews[topic] += 1
                if recalled { recalledReviews[topic] += 1 }
            }
            // Counted as they come while each card's reviews are in time order (nearly always);
            // else counted again, sorted by card, time and place in the logs.
            let (stateBefore, recalledBefore) = (stateReviews, recalledReviews)
            for (number, log) in logs.enumerated() {
                for index in 0..<log.count where log.isReview(index) {
                    let slot = reviewed.slot(ofReviewAt: index, in: log, number: number)
                    let time = Double(log.times[index])
                    if time < lastTime[slot] { inOrder = false }
                    visit(slot, time, log.ratings[index])
                }
            }
            guard !inOrder else { continue }
            (stateReviews, recalledReviews) = (stateBefore, recalledBefore)
            lastTime = [Double](repeating: .nan, count: reviewed.count)
            lastRecalled = [Bool](repeating: false, count: reviewed.count)
            var reviews: [(slot: Int32, time: Int64, place: Int32, rating: UInt8)] = []
            reviews.reserveCapacity(reviewed.reviewCount)
            var place: Int32 = 0
            for (number, log) in logs.enumerated() {
                for index in 0..<log.count where log.isReview(index) {
                    reviews.append(
                        (Int32(reviewed.slot(ofReviewAt: index, in: log, number: number)), log.times[index], place, log.ratings[index]))
                    place += 1
                }
            }
            reviews.sort { ($0.slot, $0.time, $0.place) < ($1.slot, $1.time, $1.place) }
            for review in reviews { visit(Int(review.slot), Double(review.time), review.rating) }
        }
        var retention: [String: Double?] = [:]
        for (topic, name) in names.enumerated() {
            retention[name] = stateReviews[topic] == 0 ? nil : Double(recalledReviews[topic]) / Double(stateReviews[topic])
        }
        return retention
    }
}
