import Foundation
import Testing

/// Compares `actual` with the golden file `Snapshots/NAME` beside the calling test file.
///
/// A missing golden, or `RECORD_SNAPSHOTS=1` in the environment, writes the golden and fails the
/// test, so a golden is never created silently.
public func assertSnapshot(
    _ actual: String, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let golden = directory.appendingPathComponent(name)
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    if !recording, let expected = try? String(contentsOf: golden, encoding: .utf8) {
        if expected != actual {
            Issue.record(
                "snapshot \(name) differs (RECORD_SNAPSHOTS=1 to re-record):\n\(lineDiff(expected: expected, actual: actual))",
                sourceLocation: sourceLocation)
        }
        return
    }
    try? FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? actual.write(to: golden, atomically: true, encoding: .utf8)
    Issue.record("recorded snapshot \(name); check it in and run the tests again", sourceLocation: sourceLocation)
}

/// The first lines where two texts differ, for a readable failure.
func lineDiff(expected: String, actual: String) -> String {
    let old = expected.components(separatedBy: "\n")
    let new = actual.components(separatedBy: "\n")
    var report: [String] = []
    for index in 0..<max(old.count, new.count) where report.count < 20 {
        let left = index < old.count ? old[index] : "<end>"
        let right = index < new.count ? new[index] : "<end>"
        if left != right { report.append("line \(index + 1):\n  - \(left)\n  + \(right)") }
    }
    return report.joined(separator: "\n")
}
