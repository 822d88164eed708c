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
        return banded(Array(lhs), Array(rhs), limit: limit)
    }

    /// The distance between two ASCII byte strings: bit-parallel (Myers, in Hyyrö's form) when
    /// the shorter fits in 64 bits, one machine word per column instead of a row of cells; the
    /// band otherwise. The distance when within `limit`, else more than `limit`.
    static func distance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        let (pattern, text) = a.count <= b.count ? (a, b) : (b, a)
        guard !pattern.isEmpty, pattern.count <= 64, pattern.allSatisfy({ $0 < 128 }), text.allSatisfy({ $0 < 128 }) else {
            return banded(a, b, limit: limit)
        }
        if text.count - pattern.count > limit { return limit + 1 }
        var equal = [UInt64](repeating: 0, count: 128)
        for (index, byte) in pattern.enumerated() { equal[Int(byte)] |= 1 << UInt64(index) }
        let last: UInt64 = 1 << UInt64(pattern.count - 1)
        var positive: UInt64 = pattern.count == 64 ? ~0 : (1 << UInt64(pattern.count)) - 1
        var negative: UInt64 = 0
        var score = pattern.count
        for byte in text {
            let matches = equal[Int(byte)]
            let vertical = matches | negative
            let horizontal = (((matches & positive) &+ positive) ^ positive) | matches
            var up = negative | ~(horizontal | positive)
            var down = positive & horizontal
            if up & last != 0 { score += 1 }
            if down & last != 0 { score -= 1 }
            // The top row grows by one a column: the text is matched whole, not searched.
            up = (up << 1) | 1
            down <<= 1
            positive = down | ~(vertical | up)
            negative = up & vertical
        }
        return min(score, limit + 1)
    }

    /// The distance of any elements, computed in Ukkonen's band.
    static func banded<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int) -> Int {
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
