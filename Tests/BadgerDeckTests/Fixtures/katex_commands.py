#!/usr/bin/env python3
"""The LaTeX commands and environments KaTeX renders in math mode, read from KaTeX's own source.

KaTeX registers everything it understands through four functions, and this script reads their
calls in the unminified ES module Debian's libjs-katex ships (/usr/share/javascript/katex/katex.mjs;
katex.js beside it is the minified build of the same code):

- defineSymbol(mode, font, group, replace, name): a symbol; kept when mode is `math`.
- defineFunction({names: [...], props: {allowedInMath: ...}}): a function; kept unless
  allowedInMath is false (KaTeX's parser refuses those in math mode: `\\textbf`-style text-only
  commands, `\\(`, `$`).
- defineMacro(name, body): a macro; macros expand in both modes, so all are kept.
- defineEnvironment({names: [...]}): an environment for `\\begin{...}`; environments are math only.

Plus the commands KaTeX's parser handles itself (`implicitCommands`: `\\limits`, `\\nolimits`) and
the macros an environment sets while parsing its body (`\\cr` in arrays).

Only control words are kept (a backslash and ASCII letters, the names LearningBadger's LaTeX
scanner checks): control symbols such as `\\,` and internal names with `@` are left out.

Usage:
    python3 katex_commands.py [KATEX.mjs]                 # print "command NAME" and "environment NAME" lines
    python3 katex_commands.py --swift FILE [KATEX.mjs]    # rewrite the Swift table FILE
                                                          # (Sources/BadgerDeck/Validation/LaTeXCommands.swift)

Only python3-minimal's part of the standard library is used (no json). The test
LaTeXCommandsTests runs the first form and compares the lists with `LaTeXCommands.known` and
`LaTeXCommands.environments`.
"""

from __future__ import annotations

import argparse
import re
import sys

DEFAULT_SOURCE = "/usr/share/javascript/katex/katex.mjs"
CONTROL_WORD = re.compile(r"\\[A-Za-z]+")
STRING = r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\''


def js_string(literal: str) -> str:
    """The value of a JavaScript string literal (double or single quoted)."""
    body = literal[1:-1]
    value = ""
    index = 0
    while index < len(body):
        char = body[index]
        if char != "\\":
            value += char
            index += 1
            continue
        escaped = body[index + 1]
        if escaped == "u":
            value += chr(int(body[index + 2 : index + 6], 16))
            index += 6
        elif escaped == "x":
            value += chr(int(body[index + 2 : index + 4], 16))
            index += 4
        else:
            value += {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}.get(escaped, escaped)
            index += 2
    return value


def call_arguments(source: str, start: int) -> str:
    """The text between the parenthesis at `start` and the one closing it, skipping strings."""
    depth = 0
    index = start
    while index < len(source):
        char = source[index]
        if char in "\"'":
            match = re.compile(STRING).match(source, index)
            index = match.end() if match else index + 1
            continue
        if char == "/" and source.startswith("//", index):
            index = source.find("\n", index)
            continue
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
            if depth == 0:
                return source[start + 1 : index]
        index += 1
    raise ValueError(f"unclosed call at offset {start}")


def calls(source: str, function: str):
    """The argument text of every call `function(...)`, not counting the definition itself."""
    for match in re.finditer(r"\b" + function + r"\(", source):
        if source[max(0, match.start() - 9) : match.start()] == "function ":
            continue
        arguments = call_arguments(source, match.end() - 1)
        if arguments.strip():  # not a mention such as "`defineFunction()` below" in a comment
            yield arguments


def names_in(arguments: str, source: str) -> list[str]:
    """The names of a defineFunction or defineEnvironment call: a literal list or a variable."""
    literal = re.search(r"\bnames:\s*\[", arguments)
    if literal:
        text = call_arguments(arguments, literal.end() - 1)
    else:
        variable = re.search(r"\bnames:\s*(\w+)", arguments)
        if not variable:
            raise ValueError("names neither a list nor a variable: " + arguments[:200])
        definition = re.search(r"\bvar " + variable.group(1) + r"\s*=\s*\[", source)
        if not definition:
            raise ValueError("no list for names: " + variable.group(1))
        text = call_arguments(source, definition.end() - 1)
    text = re.sub(r"//[^\n]*", "", text)
    return [js_string(literal) for literal in re.findall(STRING, text)]


def extract(source: str) -> tuple[list[str], list[str]]:
    """The command names (without backslash) and environment names KaTeX accepts in math mode."""
    commands: set[str] = set()
    for arguments in calls(source, "defineSymbol"):
        parts = [part.strip() for part in re.findall(STRING + r"|[^,]+", arguments)]
        if len(parts) >= 5 and parts[0] == "math" and parts[4][0] in "\"'":
            commands.add(js_string(parts[4]))
    for arguments in calls(source, "defineFunction"):
        if re.search(r"\ballowedInMath:\s*false", arguments):
            continue
        commands.update(names_in(arguments, source))
    for arguments in calls(source, "defineMacro"):
        name = re.match(r"\s*(" + STRING + ")", arguments)
        if name:
            commands.add(js_string(name.group(1)))
    # Commands the parser handles itself (KaTeX's `implicitCommands`: \\limits, \\nolimits) and
    # the macro an array environment sets while it parses (\\cr).
    implicit = re.search(r"\bvar implicitCommands\s*=\s*\{", source)
    if implicit:
        table = call_arguments(source, implicit.end() - 1)
        commands.update(js_string(key) for key in re.findall(r"(" + STRING + r")\s*:", table))
    for name in re.findall(r"\bgullet\.macros\.set\((" + STRING + ")", source):
        commands.add(js_string(name))
    environments: set[str] = set()
    for arguments in calls(source, "defineEnvironment"):
        environments.update(names_in(arguments, source))
    words = sorted(name[1:] for name in commands if CONTROL_WORD.fullmatch(name))
    return words, sorted(environments)


SWIFT_HEADER = '''\
// Generated by Tests/BadgerDeckTests/Fixtures/katex_commands.py from KaTeX {version}; do not edit.
// LaTeXCommandsTests checks it against the installed libjs-katex.

/// The LaTeX commands and environments KaTeX renders in math mode.
///
/// Read from KaTeX's own definitions (every math-mode symbol, every function its parser allows in
/// math mode, every built-in macro, every environment), so `\\bra`, `\\R` and `\\argmax` are known
/// and text-only commands such as `\\textdollar` are not. Only control words are listed: the
/// scanner skips control symbols such as `\\,` and `\\{{`.
public enum LaTeXCommands {{
    /// The version of KaTeX the lists come from.
    static let katexVersion = "{version}"

    /// Every command name KaTeX knows in math mode, without the backslash: "frac", "alpha", "bra".
    public static let known: Set<String> = [
'''

SWIFT_MIDDLE = '''\
    ]

    /// Every environment KaTeX knows, for `\\begin{…}`: "pmatrix", "aligned", "CD".
    static let environments: Set<String> = [
'''

SWIFT_FOOTER = '''\
    ]
}
'''


def swift_lines(names: list[str]) -> str:
    """`names` as Swift string literals, several to a line within 120 columns."""
    lines: list[str] = []
    line = "       "
    for name in names:
        literal = '"' + name + '",'
        if len(line) + 1 + len(literal) > 120:
            lines.append(line)
            line = "       "
        line += " " + literal
    lines.append(line)
    return "\n".join(lines) + "\n"


def version_of(source: str) -> str:
    match = re.search(r'\bversion:\s*"([0-9.]+)"', source)
    return match.group(1) if match else "unknown"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--swift", metavar="FILE", help="rewrite this Swift file with the tables")
    parser.add_argument("source", nargs="?", default=DEFAULT_SOURCE, help="KaTeX's katex.mjs")
    arguments = parser.parse_args()
    with open(arguments.source, encoding="utf-8") as file:
        source = file.read()
    commands, environments = extract(source)
    if arguments.swift:
        version = version_of(source)
        text = (
            SWIFT_HEADER.format(version=version)
            + swift_lines(commands)
            + SWIFT_MIDDLE
            + swift_lines(environments)
            + SWIFT_FOOTER
        )
        with open(arguments.swift, "w", encoding="utf-8") as file:
            file.write(text)
    else:
        for name in commands:
            print("command", name)
        for name in environments:
            print("environment", name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
