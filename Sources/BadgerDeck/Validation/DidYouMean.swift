/// Suggests the closest known word for a misspelled one.
public enum DidYouMean {
    /// The candidate closest to `word` by edit distance, if it is close enough to be a typo
    /// (at most a third of the word's length, and at most 2 edits).
    public static func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
        let limit = min(2, max(1, word.count / 3))
        let lowered = word.lowercased()
        // Ranked by edit distance ignoring case, then respecting it, then alphabetically.
        var best: (candidate: String, score: (Int, Int))?
        for candidate in candidates where abs(candidate.count - word.count) <= limit {
            let distance = editDistance(lowered, candidate.lowercased())
            guard distance <= limit else { continue }
            let score = (distance, editDistance(word, candidate))
            if let current = best, current.score < score || (current.score == score && current.candidate < candidate) { continue }
            best = (candidate, score)
        }
        return best?.candidate
    }

    /// The edit distance between two strings in characters, counting a swap of two neighbours
    /// as one edit (optimal string alignment distance).
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
