import ArgumentParser
import BadgerDeck
import BadgerMemory
import Foundation

extension Badger {
    struct GitSetup: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "git-setup",
            abstract: "Optional: badger's own git merge drivers and a post-merge hook.",
            discussion: """
                Not needed for merging: a collection's first review log comes with a
                .gitattributes that has git unite review logs and state files (`merge=union`),
                which is exact because every log line carries a unique record id, and every
                command rebuilds a stale state file. This command is kept for clones set up
                before; it adds to .gitattributes:

                  *.reviews merge=badger-reviews
                  *.state merge=badger-state

                registers those merge drivers in the clone's git config (review logs are
                united, never conflicting; state files take the newer line per card), ignores
                .badger.lock, and installs a post-merge hook that runs `badger state rebuild`,
                so after every merge the state is exactly what the united logs say (commit the
                rebuilt state files when it says so).

                Example:
                  cd my-cards && badger git-setup
                """)

        @Option(help: ArgumentHelp("The badger command the drivers run.", valueName: "path"))
        var badger: String = CommandLine.arguments[0]

        func run() throws {
            let top = try git(["rev-parse", "--show-toplevel"]).trimmingCharacters(in: .whitespacesAndNewlines)
            let executable = badger.contains("/") ? URL(fileURLWithPath: badger).standardizedFileURL.path : badger
            let attributes = top + "/.gitattributes"
            var text = (try? String(contentsOfFile: attributes, encoding: .utf8)) ?? ""
            for line in ["*.reviews merge=badger-reviews", "*.state merge=badger-state"] where !text.contains(line) {
                if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
                text += line + "\n"
            }
            try AtomicFile.write(text, to: attributes)
            let ignore = top + "/.gitignore"
            var ignored = (try? String(contentsOfFile: ignore, encoding: .utf8)) ?? ""
            if !ignored.split(separator: "\n").contains(".badger.lock") {
                if !ignored.isEmpty, !ignored.hasSuffix("\n") { ignored += "\n" }
                try AtomicFile.write(ignored + ".badger.lock\n", to: ignore)
            }
            let quoted = "'" + executable.replacingOccurrences(of: "'", with: "'\\''") + "'"
            _ = try git(["config", "merge.badger-reviews.name", "badger review log union"])
            _ = try git(["config", "merge.badger-reviews.driver", "\(quoted) merge-driver reviews %O %A %B"])
            _ = try git(["config", "merge.badger-state.name", "badger state (rebuilt after merge)"])
            _ = try git(["config", "merge.badger-state.driver", "\(quoted) merge-driver state %O %A %B"])
            let hooks = try git(["rev-parse", "--git-path", "hooks"]).trimmingCharacters(in: .whitespacesAndNewlines)
            let hooksPath = hooks.hasPrefix("/") ? hooks : top + "/" + hooks
            try FileManager.default.createDirectory(atPath: hooksPath, withIntermediateDirectories: true)
            let hook = hooksPath + "/post-merge"
            let script = """
                #!/bin/sh
                # Installed by badger git-setup: recompute state from the merged review logs.
                cd "$(git rev-parse --show-toplevel)" && \(quoted) state rebuild || exit 0
                if ! git diff --quiet -- '*.state'; then
                  echo "badger: state files rebuilt from the merged review logs; commit them: git commit -m 'Rebuild badger state' -- '*.state'"
                fi

                """
            try AtomicFile.write(script, to: hook)
            chmod(hook, 0o755)
            Terminal.standardError.write("git is set up: review logs merge by union, state is rebuilt after each merge (\(attributes))\n")
        }

        private func git(_ arguments: [String]) throws -> String {
            let (status, data) = try ExternalProgram.output(of: "/usr/bin/env", arguments: ["git"] + arguments)
            guard status == 0 else {
                Terminal.standardError.write(
                    "badger: error: git \(arguments.joined(separator: " ")) failed; is this inside a git repository?\n")
                throw ExitStatus.usageOrIO.code
            }
            return String(decoding: data, as: UTF8.self)
        }
    }

    struct MergeDriver: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge-driver", abstract: "The git merge driver `badger git-setup` registers.", shouldDisplay: false)

        enum Kind: String, ExpressibleByArgument { case reviews, state }

        @Argument var kind: Kind
        @Argument var base: String
        @Argument var ours: String
        @Argument var theirs: String

        /// Merges into `ours`, as git expects: the union of review logs; for state files, per
        /// card the line reviewed last (the post-merge hook then rebuilds it exactly).
        func run() throws {
            func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
            do {
                switch kind {
                case .reviews:
                    let merged = ReviewLog.union([
                        try ReviewLog(text: read(base)), try ReviewLog(text: read(ours)), try ReviewLog(text: read(theirs)),
                    ])
                    try AtomicFile.write(merged.text, to: ours)
                case .state:
                    let mine = try SidecarState(text: read(ours))
                    let other = try SidecarState(text: read(theirs))
                    var entries = mine.entries
                    for (id, entry) in other.entries {
                        guard let existing = entries[id] else {
                            entries[id] = entry
                            continue
                        }
                        let newer = (entry.memory.lastReview ?? .distantPast) > (existing.memory.lastReview ?? .distantPast)
                        if newer { entries[id] = entry }
                    }
                    try AtomicFile.write(SidecarState(entries: entries).text, to: ours)
                }
            } catch {
                Terminal.standardError.write("badger merge-driver: \(error)\n")
                throw ExitStatus.findings.code
            }
        }
    }
}
