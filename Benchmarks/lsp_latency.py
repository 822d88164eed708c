#!/usr/bin/env python3
"""Edit-to-diagnostics latency of `badger lsp` on a large deck.

Generates (once) a collection of 5 decks of about 2,000 cards each with
Benchmarks/generate_collection.py (math, lists, tables, reversed cards; one topic per deck is
shared, so duplicates across files are checked), starts `badger lsp` over pipes, opens the first
deck and then sends EDITS incremental didChange notifications, each editing one question (so every
edit changes a card id and the collection-wide duplicate check runs again). For each edit it times
from writing the didChange until the publishDiagnostics for that version is read.

References in the same run, on the same deck file:
  * `badger lint DECK` (a whole process: start, parse, all rules, exit), median of 10 runs;
  * `cmark-gfm -e table -e strikethrough -e tasklist DECK` (parse and render only), median of 10.

Usage: python3 Benchmarks/lsp_latency.py [--badger .build/release/badger] [--edits 60]
                                         [--data Benchmarks/data/lsp]
Standard library only. Target: median edit-to-diagnostics <= 50 ms.
"""

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

TARGET_MS = 50.0
TIMEOUT_S = 30.0


def generate(directory: Path) -> Path:
    stamp = directory / ".generated"
    if not stamp.exists():
        if directory.exists():
            shutil.rmtree(directory)
        subprocess.run(
            [sys.executable, str(Path(__file__).with_name("generate_collection.py")), str(directory), "--size-mb", "2.5",
             "--files", "5"],
            check=True, stdout=subprocess.DEVNULL)
        stamp.write_text("5 decks\n")
    return sorted(directory.glob("*.md"))[0]


class Server:
    def __init__(self, badger: str, root: Path):
        self.process = subprocess.Popen([badger, "lsp"], cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 1

    def send(self, message: dict) -> None:
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self) -> dict:
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("badger lsp closed its output")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def request(self, method: str, params: dict) -> dict:
        request_id = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == request_id:
                return message

    def diagnostics(self, uri: str, version: int) -> list:
        deadline = time.monotonic() + TIMEOUT_S
        while time.monotonic() < deadline:
            message = self.receive()
            params = message.get("params", {})
            if message.get("method") == "textDocument/publishDiagnostics" and params.get("uri") == uri \
                    and params.get("version") == version:
                return params["diagnostics"]
        raise SystemExit(f"no diagnostics for version {version}")


def median_run_ms(command: list, runs: int = 10) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--badger", default=".build/release/badger")
    parser.add_argument("--edits", type=int, default=60)
    parser.add_argument("--data", type=Path, default=Path("Benchmarks/data/lsp"))
    args = parser.parse_args()
    badger = str(Path(args.badger).resolve())
    deck = generate(args.data).resolve()
    text = deck.read_text()
    lines = text.split("\n")
    cards = sum(1 for line in lines if line.startswith("Q: "))
    questions = [number for number, line in enumerate(lines) if line.startswith("Q: ")]

    server = Server(badger, deck.parent)
    server.request("initialize", {"processId": None, "rootUri": deck.parent.as_uri(), "capabilities": {}})
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    uri = deck.as_uri()
    start = time.perf_counter()
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}})
    opened = server.diagnostics(uri, 1)
    open_ms = (time.perf_counter() - start) * 1000

    latencies = []
    for edit in range(args.edits):
        version = edit + 2
        # Insert a word after "Q: " in a question spread through the deck, or take it out again.
        line = questions[(edit // 2 * 37) % len(questions)]
        insert = edit % 2 == 0
        change = {"range": {"start": {"line": line, "character": 3}, "end": {"line": line, "character": 3 if insert else 7}},
                  "text": "new " if insert else ""}
        start = time.perf_counter()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                     "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
        server.diagnostics(uri, version)
        latencies.append((time.perf_counter() - start) * 1000)
    server.request("shutdown", None)
    server.send({"jsonrpc": "2.0", "method": "exit"})
    status = server.process.wait(timeout=TIMEOUT_S)

    lint_ms = median_run_ms([badger, "lint", str(deck)])
    cmark = shutil.which("cmark-gfm")
    cmark_ms = median_run_ms([cmark, "-e", "table", "-e", "strikethrough", "-e", "tasklist", str(deck)]) if cmark else None

    latencies.sort()
    median = statistics.median(latencies)
    p95 = latencies[int(len(latencies) * 0.95) - 1]
    print(f"deck: {deck.name}, {len(text.encode()) / 1e6:.2f} MB, {cards} cards as written "
          f"(collection: {len(list(deck.parent.glob('*.md')))} decks); diagnostics on open: {len(opened)}")
    print(f"didOpen to diagnostics: {open_ms:.1f} ms (loads and checks the whole collection)")
    print(f"edit to diagnostics over {len(latencies)} edits: median {median:.1f} ms, p95 {p95:.1f} ms, "
          f"max {latencies[-1]:.1f} ms (target <= {TARGET_MS:.0f} ms)")
    print(f"reference, badger lint of the deck (whole process): median {lint_ms:.1f} ms "
          f"-> edit-to-diagnostics is {median / lint_ms:.2f}x")
    if cmark_ms is not None:
        print(f"reference, cmark-gfm on the deck (parse and render only): median {cmark_ms:.1f} ms "
              f"-> edit-to-diagnostics is {median / cmark_ms:.2f}x")
    print(f"server exit status after shutdown and exit: {status}")
    if median > TARGET_MS:
        sys.exit(f"median {median:.1f} ms is over the {TARGET_MS:.0f} ms target")


if __name__ == "__main__":
    main()
