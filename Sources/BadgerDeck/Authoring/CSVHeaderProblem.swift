/// A header row that names an unknown column or one column twice; `CSVCardReader` reports its
/// message as the header line's error, and reads no row.
struct CSVHeaderProblem: Error {
    var message: String
}
