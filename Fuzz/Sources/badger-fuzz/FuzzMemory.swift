import BadgerMemory

/// The scheduling files: the `.state` reader, and the `.reviews` reader with a state rebuild.
enum FuzzMemory {
    static func runState(_ bytes: [UInt8]) {
        guard let state = try? SidecarState(text: String(decoding: bytes, as: UTF8.self)) else { return }
        _ = state.entries.count
    }

    static func runReviewLog(_ bytes: [UInt8]) {
        let log = bytes.withUnsafeBytes { try? ReviewLog(bytes: $0) }
        guard let log else { return }
        for scheduler in [(try? FSRS6()) as (any Scheduler)?, SM2(), Leitner()].compactMap({ $0 }) {
            _ = StateRebuilder(scheduler: scheduler).states(from: log.records)
        }
        _ = CardAliases(log.records)
    }
}
