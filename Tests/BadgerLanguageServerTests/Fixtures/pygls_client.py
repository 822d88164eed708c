"""End-to-end check of `badger lsp` with an independent client: pygls's LanguageClient.

Usage: python3 pygls_client.py BADGER COLLECTION_DIR

Starts `BADGER lsp`, opens COLLECTION_DIR/deck.md, edits it, and checks diagnostics (with a
duplicate in COLLECTION_DIR/other.md as related information), hover, completion, the outline
and applying a quick fix, then shuts the server down. Prints "ok: ..." lines; exits 1 on the
first failed check, 3 when pygls is missing.
"""

import asyncio
import sys

PYGLS_VERSION = "2.1.1"

try:
    import importlib.metadata

    from lsprotocol import types as T
    from pygls.lsp.client import LanguageClient
except ImportError:
    print(f"pygls is not installed: run `make test-deps` (python3 -m pip install pygls=={PYGLS_VERSION})")
    sys.exit(3)

if importlib.metadata.version("pygls") != PYGLS_VERSION:
    print(f"pygls {importlib.metadata.version('pygls')} is installed, the test pins {PYGLS_VERSION}: run `make test-deps`")
    sys.exit(3)


def check(condition, message):
    if not condition:
        print(f"FAILED: {message}")
        sys.exit(1)
    print(f"ok: {message}")


def utf16_offset(line, character):
    """The string index in `line` of a UTF-16 column."""
    units = 0
    for index, char in enumerate(line):
        if units >= character:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    return len(line)


def apply_edit(text, edit):
    """`text` with one LSP TextEdit applied, as an editor would (UTF-16 columns)."""
    lines = text.split("\n")

    def index(position):
        before = sum(len(line) + 1 for line in lines[: position.line])
        return before + utf16_offset(lines[position.line], position.character)

    start, end = index(edit.range.start), index(edit.range.end)
    return text[:start] + edit.new_text + text[end:]


DECK = """---
reversd: false
topic: Science
---

# Greek 😀 letters

Q: What is $\\alpha^2$ called?
A: alpha squared
R: maybe

Q: What is the speed of light?
A: $c$
"""


async def main(badger, root):
    client = LanguageClient("badger-e2e", "1")
    published = {}
    uri = f"file://{root}/deck.md"
    text = DECK

    @client.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params):
        published[params.uri] = params

    async def diagnostics(uri, version):
        for _ in range(1000):
            params = published.get(uri)
            if params is not None and params.version == version:
                return params.diagnostics
            await asyncio.sleep(0.01)
        check(False, f"diagnostics for {uri} version {version} arrived within 10 s")

    async def edit(version, changes):
        """Applies `changes` to the client's text and sends them; returns the diagnostics."""
        nonlocal text
        for change in changes:
            text = apply_edit(text, T.TextEdit(range=change.range, new_text=change.text))
        client.text_document_did_change(
            T.DidChangeTextDocumentParams(
                text_document=T.VersionedTextDocumentIdentifier(uri=uri, version=version), content_changes=changes
            )
        )
        return await diagnostics(uri, version)

    await client.start_io(badger, "lsp")
    result = await client.initialize_async(
        T.InitializeParams(capabilities=T.ClientCapabilities(), process_id=None, root_uri=f"file://{root}")
    )
    check(result.capabilities.position_encoding in (None, T.PositionEncodingKind.Utf16), "UTF-16 positions by default")
    check(result.capabilities.hover_provider, "the server offers hover")
    client.initialized(T.InitializedParams())

    client.text_document_did_open(
        T.DidOpenTextDocumentParams(text_document=T.TextDocumentItem(uri=uri, language_id="markdown", version=1, text=text))
    )
    found = await diagnostics(uri, 1)
    codes = sorted((d.code, d.range.start.line) for d in found)
    check(
        codes == [("CardUnique", 11), ("FrontMatterKeyKnown", 1), ("ReversedValueValid", 9)],
        f"diagnostics on open: {codes}",
    )
    duplicate = next(d for d in found if d.code == "CardUnique")
    related = duplicate.related_information or []
    check(
        len(related) == 1 and related[0].location.uri.endswith("/other.md") and related[0].location.range.start.line == 4,
        "the duplicate points at the first card, in other.md",
    )

    hover = await client.text_document_hover_async(
        T.HoverParams(text_document=T.TextDocumentIdentifier(uri=uri), position=T.Position(line=7, character=3))
    )
    value = hover.contents.value if hover else ""
    check("α²" in value and "alpha squared" in value, "hover shows the card with math as Unicode")
    check("not studied yet" in value, "hover shows the schedule")

    # Type a new label line under the heading, whose line has an astral character.
    at = T.Position(line=6, character=0)
    await edit(2, [T.TextDocumentContentChangePartial(range=T.Range(start=at, end=at), text="Ex\n")])
    completion = await client.text_document_completion_async(
        T.CompletionParams(text_document=T.TextDocumentIdentifier(uri=uri), position=T.Position(line=6, character=2))
    )
    labels = [item.label for item in (completion.items if completion else [])]
    check(labels == ["Explanation:"], f"completion of a label at a line start: {labels}")

    # LaTeX inside math: `$\alp` typed into the answer.
    line = text.split("\n")[9]
    at = T.Position(line=9, character=len(line))
    await edit(3, [T.TextDocumentContentChangePartial(range=T.Range(start=at, end=at), text=" $\\alp")])
    completion = await client.text_document_completion_async(
        T.CompletionParams(
            text_document=T.TextDocumentIdentifier(uri=uri), position=T.Position(line=9, character=len(line) + 6)
        )
    )
    labels = [item.label for item in (completion.items if completion else [])]
    check("\\alpha" in labels, f"completion of LaTeX commands inside math: {labels}")

    # The quick fix for the misspelled key, applied as the editor would.
    actions = await client.text_document_code_action_async(
        T.CodeActionParams(
            text_document=T.TextDocumentIdentifier(uri=uri),
            range=T.Range(start=T.Position(line=1, character=1), end=T.Position(line=1, character=1)),
            context=T.CodeActionContext(diagnostics=[]),
        )
    )
    titles = [action.title for action in actions or []]
    check(titles == ["Change `reversd` to `reversed`"], f"a quick fix for the misspelled key: {titles}")
    edits = actions[0].edit.changes[uri]
    found = await edit(4, [T.TextDocumentContentChangePartial(range=e.range, text=e.new_text) for e in edits])
    check(text.split("\n")[1] == "reversed: false", "the fix renamed the key")
    check(
        "FrontMatterKeyKnown" not in [d.code for d in found],
        f"the key's diagnostic is gone after the fix: {[d.code for d in found]}",
    )

    symbols = await client.text_document_document_symbol_async(
        T.DocumentSymbolParams(text_document=T.TextDocumentIdentifier(uri=uri))
    )
    names = [(symbol.name, [child.name for child in symbol.children or []]) for symbol in symbols or []]
    check(
        names == [("Greek 😀 letters", ["What is $\\alpha^2$ called?", "What is the speed of light?"])],
        f"the outline: {names}",
    )

    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    check(client._server.returncode == 0, f"the server exits 0 after shutdown and exit ({client._server.returncode})")


async def main_with_deadline(badger, root):
    try:
        await asyncio.wait_for(main(badger, root), timeout=60)
    except asyncio.TimeoutError:
        check(False, "the session finished within 60 s")


asyncio.run(main_with_deadline(sys.argv[1], sys.argv[2]))
