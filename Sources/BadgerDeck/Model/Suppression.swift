/// Which rules a `<!-- badger-ignore … -->` comment switches off.
public struct Suppression: Sendable, Equatable {
    /// Every rule is off.
    public var everything = false
    /// These rule IDs are off.
    public var rules: Set<String> = []

    public init(everything: Bool = false, rules: Set<String> = []) {
        self.everything = everything
        self.rules = rules
    }

    public var isEmpty: Bool { !everything && rules.isEmpty }

    public func suppresses(_ ruleID: String) -> Bool { everything || rules.contains(ruleID) }

    mutating func formUnion(_ other: Suppression) {
        everything = everything || other.everything
        rules.formUnion(other.rules)
    }
}
