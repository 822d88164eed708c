/// Which cell of a CSV row holds which field: the classic four columns in order, or the columns a
/// header row names.
struct CSVColumnLayout: Sendable {
    /// Each column name's cell index.
    let index: [String: Int]
    /// How many columns a row may have.
    let count: Int
    /// Whether a header row named the columns.
    let isHeader: Bool

    /// `question; answer; explanation; reversed`, for a file without a header.
    static let classic = CSVColumnLayout(
        index: Dictionary(uniqueKeysWithValues: CSVCardReader.columns.enumerated().map { ($1, $0) }),
        count: CSVCardReader.columns.count, isHeader: false)

    private init(index: [String: Int], count: Int, isHeader: Bool) {
        self.index = index
        self.count = count
        self.isHeader = isHeader
    }

    /// The layout a header row names, what is wrong with it when it is a header with a mistake
    /// (an unknown or repeated column), or nil when the row is not a header.
    ///
    /// A row is a header when its first two cells say `question` and `answer`, or when every
    /// cell is a column name (`CSVCardReader.allColumns`, any case) and `question` and `answer`
    /// are among them, or would be but for a typo (`questoin;answer`: a header with a mistake,
    /// not a card asking "questoin").
    static func header(_ cells: [String]) -> Result<CSVColumnLayout, CSVHeaderProblem>? {
        let names = cells.map { $0.trimmingWhitespace().lowercased() }
        let known = Set(CSVCardReader.allColumns)
        let classicStart = names.count >= 2 && names[0] == "question" && names[1] == "answer"
        let meant = names.map { known.contains($0) ? $0 : DidYouMean.suggestion(for: $0, among: CSVCardReader.allColumns) }
        let mistypedHeader = meant.allSatisfy { $0 != nil } && meant.contains("question") && meant.contains("answer")
        guard classicStart || mistypedHeader else { return nil }
        var index: [String: Int] = [:]
        for (position, name) in names.enumerated() {
            guard known.contains(name) else {
                let suggestion =
                    DidYouMean.suggestion(for: name, among: CSVCardReader.allColumns).map { " (did you mean \"\($0)\"?)" } ?? ""
                return .failure(
                    CSVHeaderProblem(message: "the header names an unknown column \"\(cells[position])\"\(suggestion); columns are \(list)")
                )
            }
            guard index[name] == nil else { return .failure(CSVHeaderProblem(message: "the header names the column \"\(name)\" twice")) }
            index[name] = position
        }
        return .success(CSVColumnLayout(index: index, count: names.count, isHeader: true))
    }

    /// The column names, as a header lists them.
    static let list = CSVCardReader.allColumns.joined(separator: ", ")

    /// The cell of column `name` in `cells`, nil when the layout has no such column; a missing
    /// cell at the end of the row is empty.
    func cell(_ name: String, of cells: [String]) -> String? {
        guard let position = index[name] else { return nil }
        return position < cells.count ? cells[position] : ""
    }

    /// The row's question, answer, explanation and reversed cells in the classic order, without
    /// empty cells at the end.
    func classicCells(of cells: [String]) -> [String] {
        guard isHeader else { return cells }
        var classic = CSVCardReader.columns.map { cell($0, of: cells) ?? "" }
        while let last = classic.last, last.isEmpty, classic.count > 1 { classic.removeLast() }
        return classic
    }
}
