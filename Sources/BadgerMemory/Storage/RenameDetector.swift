/// Recognises a card whose question was edited slightly, so its progress carries over.
public enum RenameDetector {
    /// Pairs of (old id, new id): each state without a card (`orphans`, with the question the
    /// state recorded) matched to the card without state (`newcomers`) whose question is
    /// closest, if within a small edit distance (at most 2 edits, or a fifth of the question).
    public static func renames(orphans: [(id: String, question: String)], newcomers: [(id: String, question: String)]) -> [(
        from: String, to: String
    )] {
        var taken: Set<String> = []
        var result: [(String, String)] = []
        for orphan in orphans.sorted(by: { $0.id < $1.id }) where !orphan.question.isEmpty {
            var best: (id: String, distance: Int)?
            for newcomer in newcomers where !taken.contains(newcomer.id) {
                let limit = max(2, max(orphan.question.count, newcomer.question.count) / 5)
                guard abs(orphan.question.count - newcomer.question.count) <= limit else { continue }
                let distance = editDistance(orphan.question, newcomer.question, limit: limit)
                if distance <= limit, distance < (best?.distance ?? .max) { best = (newcomer.id, distance) }
            }
            if let best {
                taken.insert(best.id)
                result.append((orphan.id, best.id))
            }
        }
        return result
    }

    /// Levenshtein distance in characters, giving up (returning `limit + 1`) once it must
    /// exceed `limit`.
    static func editDistance(_ lhs: String, _ rhs: String, limit: Int) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
