/// Suggests the closest known word for a misspelled one.
enum DidYouMean {
    /// The candidate closest to `word` by edit distance, if it is close enough to be a typo
    /// (at most a third of the word's length, and at most 2 edits).
    static func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
        let limit = min(2, max(1, word.count / 3))
        var best: (String, Int)?
        for candidate in candidates where abs(candidate.count - word.count) <= limit {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if distance <= limit, distance < (best?.1 ?? .max) || (distance == best?.1 && candidate < best!.0) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// The Levenshtein distance between two strings, counted in characters.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
