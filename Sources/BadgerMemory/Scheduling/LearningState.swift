/// Where a card is in its life: being learned in short steps, reviewed on long intervals, or
/// relearned after a lapse.
public enum LearningState: String, Sendable, Codable, CaseIterable {
    case learning = "Learning"
    case review = "Review"
    case relearning = "Relearning"
}
