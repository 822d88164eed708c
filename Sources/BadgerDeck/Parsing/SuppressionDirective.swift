/// A `<!-- badger-ignore: RuleA, RuleB -->` or `<!-- badger-ignore-file: … -->` comment.
///
/// Without rule IDs it switches off every rule. `badger-ignore` applies to the next card,
/// `badger-ignore-file` to the whole file.
struct SuppressionDirective {
    var wholeFile: Bool
    var suppression: Suppression

    /// Reads `html`, an HTML block; nil if it is not a badger directive.
    init?(_ html: String) {
        var text = html.trimmingWhitespace()
        guard text.hasPrefix("<!--"), text.hasSuffix("-->") else { return nil }
        text = String(text.dropFirst(4).dropLast(3)).trimmingWhitespace()
        if text.hasPrefix("badger-ignore-file") {
            wholeFile = true
            text = String(text.dropFirst("badger-ignore-file".count))
        } else if text.hasPrefix("badger-ignore") {
            wholeFile = false
            text = String(text.dropFirst("badger-ignore".count))
        } else {
            return nil
        }
        text = text.trimmingWhitespace()
        if text.hasPrefix(":") { text = String(text.dropFirst()) }
        let rules = text.split { $0 == "," || $0 == " " || $0 == "\n" || $0 == "\t" }.map(String.init)
        suppression = Suppression(everything: rules.isEmpty, rules: Set(rules))
    }
}
