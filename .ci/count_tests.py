"""Prints the plain closing line CI reads ("tests: N passed, N failed") from a swift test log."""
import re
import sys

log = open(sys.argv[1], encoding="utf-8", errors="replace").read()
match = re.search(r"Test run with (\d+) tests? in \d+ suites? (passed|failed)(?: after [\d.]+ seconds)?(?: with (\d+) issues?)?", log)
if not match:
    print("tests: 0 passed, 1 failed (no Swift Testing summary found)")
    sys.exit(1)
total = int(match.group(1))
failed = len(set(re.findall(r"✘ Test (\S+?)\(", log))) if match.group(2) == "failed" else 0
print(f"tests: {total - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
