"""Checks the bundled decks against Grammar/'s JSON Schemas and the TextMate grammar parses."""
import json
import pathlib
import subprocess
import sys

import jsonschema
import yaml

root = pathlib.Path(__file__).resolve().parent.parent
badger = sys.argv[1]
grammar = root / "Grammar"

compiled = json.loads(subprocess.run([badger, "compile", "Decks"], cwd=root, check=True, capture_output=True).stdout)
jsonschema.validate(compiled, json.loads((grammar / "Compiled.schema.json").read_text()))

front_matter_schema = json.loads((grammar / "FrontMatter.schema.json").read_text())
decks = sorted((root / "Decks").glob("*.md"))
for deck in decks:
    text = deck.read_text(encoding="utf-8")
    front = text.split("---\n")[1]
    jsonschema.validate(yaml.safe_load(front), front_matter_schema)

json.loads((grammar / "learningbadger.tmLanguage.json").read_text())
print(f"schemas: {len(compiled['cards'])} compiled cards and {len(decks)} decks' front matter match Grammar/")
