import ArgumentParser
import BadgerDeck
import BadgerLanguageServer
import Foundation

extension Badger {
    struct LSP: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lsp",
            abstract: "Run the language server editors start (LSP on standard input and output).",
            discussion: """
                Editors start this command for Markdown files and talk to it in the
                Language Server Protocol 3.17 (JSON-RPC, Content-Length framing) on
                standard input and output; it is not meant to be typed.

                While you edit a deck it shows every lint problem as you type, including
                duplicates across the decks of a topic. Hover on a card shows it rendered,
                with its schedule. Completion offers card labels, front matter keys and
                topics, image paths and LaTeX commands. The outline lists sections and
                cards; go to definition on an image opens it. Quick fixes repair a
                misspelled front matter key, a card swallowed by a table, a bad R: value
                and a missing topic.

                Setup for VS Code, Neovim, Helix and Emacs: README, "Editor integration".
                For example, Helix's languages.toml:
                  [language-server.badger]
                  command = "badger"
                  args = ["lsp"]

                Exit status: 0 after shutdown and exit, or when standard input closes;
                1 for exit without shutdown.
                """)

        func run() throws {
            // Nothing could reach the client: said at once, as every command says it.
            Terminal.requireStandardOutput()
            // A client that goes away must not kill the server mid-write; it sees the input end.
            signal(SIGPIPE, SIG_IGN)
            let status = LanguageServer.run(
                input: StandardInput(), output: StandardOutput(), fileAccess: LocalFileSystem(),
                version: Badger.configuration.version)
            if status != 0 { throw ExitCode(status) }
        }
    }
}

/// Standard input as raw bytes, unbuffered.
private struct StandardInput: ByteInput {
    mutating func read(maxCount: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: maxCount)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(STDIN_FILENO, $0.baseAddress, maxCount) }
            if count < 0, errno == EINTR { continue }
            return count > 0 ? Array(buffer.prefix(count)) : []
        }
    }
}

/// Standard output as raw bytes, each message written whole.
private struct StandardOutput: ByteOutput {
    func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
