/// How many single-character edits turn one text into another.
enum EditDistance {
    /// Levenshtein distance in characters, giving up (returning `limit + 1`) once it must
    /// exceed `limit`.
    static func between(_ lhs: String, _ rhs: String, limit: Int) -> Int {
        // ASCII text without carriage returns (nearly every question): a character is a byte, and
        // comparing bytes is many times faster than comparing `Character`s. ("\r\n" is one
        // character of two bytes, hence the exception.)
        func plain(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 128 && $0 != 13 } }
        if plain(lhs), plain(rhs) { return distance(Array(lhs.utf8), Array(rhs.utf8), limit: limit) }
        return distance(Array(lhs), Array(rhs), limit: limit)
    }

    static func distance<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // The distance is at least the difference in length.
        if abs(a.count - b.count) > limit { return limit + 1 }
        // Only cells within `limit` of the diagonal can hold a distance within `limit` (Ukkonen's
        // band); every other cell counts as beyond it.
        let beyond = limit + 1
        let (n, m) = (a.count, b.count)
        var previous = (0...m).map { $0 <= limit ? $0 : beyond }
        var current = [Int](repeating: beyond, count: m + 1)
        for i in 1...n {
            let low = max(1, i - limit)
            let high = min(m, i + limit)
            guard low <= high else { return beyond }
            current[low - 1] = low == 1 && i <= limit ? i : beyond
            var rowMinimum = current[low - 1]
            for j in low...high {
                // `previous[j]` lies outside the last row's band when j is its last column + 1.
                let above = j <= i - 1 + limit ? previous[j] : beyond
                let value = min(above + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                current[j] = min(value, beyond)
                rowMinimum = min(rowMinimum, current[j])
            }
            if high < m { current[high + 1] = beyond }
            if rowMinimum > limit { return beyond }
            swap(&previous, &current)
        }
        return min(previous[m], beyond)
    }
}
