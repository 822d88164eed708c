#!/usr/bin/env python3
"""Generate a deterministic, synthetic LearningBadger collection for benchmarking.

Usage:
    python3 Benchmarks/generate_collection.py OUTDIR [--size-mb 10] [--files 100] [--seed N]

Writes about FILES deck files (``deck-NNN-<topic>.md``) totalling about SIZE-MB
megabytes (decimal: 1 MB = 1,000,000 bytes) plus ``OUTDIR/badger.yml``
(``exclude: []``). The defaults give 100 files, ~10 MB and ~40,000 cards
(~250 bytes per card).

Every generated deck is meant to be VALID under the deck format contract
(lint exits 0 with no errors):
  * front matter with ``topic:`` (20 topics shared among the files) and a
    quoted ``color:`` (``#RRGGBB`` / ``#RGB``);
  * every card has a ``Q:`` and an ``A:``; cards are separated by blank lines;
  * every question and every reversed card's answer (which becomes a question)
    contains a unique serial number ``(#N)``, so questions are unique per topic
    across all files, including those created by ``R: yes``;
  * math uses only standard commands (\\frac \\sqrt \\sum \\int \\alpha \\beta
    \\cdot \\leq \\mathbb \\left( \\right)) with balanced braces; inline ``$…$``
    follows pandoc's tex_math_dollars rules (no space inside the delimiters,
    never followed by a digit); display math ``$$…$$`` is its own paragraph;
  * tables are always followed by a blank line; no ``---`` except the front
    matter fences (no setext headings); no images; no stray ``$``.

Standard library only; output depends only on the arguments (fixed seed).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
from pathlib import Path

DEFAULT_SEED = 20_241_121
WRAP = 78  # explanation paragraphs are hard-wrapped like hand-written decks

# (name, probability that a card is a math card, topic terms)
TOPICS: list[tuple[str, float, list[str]]] = [
    ("Linear Algebra", 0.55, ["eigenvalue", "eigenvector", "determinant", "rank", "kernel", "basis",
                              "orthogonal projection", "trace", "inner product", "span", "null space",
                              "singular value"]),
    ("Calculus", 0.6, ["derivative", "integral", "limit", "chain rule", "Taylor series", "continuity",
                       "antiderivative", "gradient", "critical point", "improper integral",
                       "mean value theorem", "Riemann sum"]),
    ("Probability", 0.5, ["random variable", "expectation", "variance", "conditional probability",
                          "Bayes' rule", "independence", "distribution", "moment", "Markov chain",
                          "law of large numbers", "sample space", "event"]),
    ("Statistics", 0.4, ["estimator", "confidence interval", "p-value", "hypothesis test", "bias",
                         "standard error", "regression", "likelihood", "median", "quantile",
                         "bootstrap", "correlation"]),
    ("Number Theory", 0.5, ["prime", "divisor", "congruence", "modular inverse", "greatest common divisor",
                            "Euler's totient", "residue", "Diophantine equation", "factorisation",
                            "Fermat's little theorem", "perfect number", "quadratic residue"]),
    ("Physics", 0.45, ["momentum", "energy", "force", "acceleration", "torque", "entropy", "wavelength",
                       "frequency", "electric field", "inertia", "work", "pressure"]),
    ("Organic Chemistry", 0.1, ["alkane", "alkene", "benzene ring", "functional group", "isomer",
                                "nucleophile", "electrophile", "ester", "carbonyl group", "chirality",
                                "oxidation", "polymer"]),
    ("Molecular Biology", 0.05, ["DNA polymerase", "ribosome", "transcription", "translation", "codon",
                                 "promoter", "exon", "intron", "plasmid", "mRNA", "helicase", "operon"]),
    ("Anatomy", 0.0, ["femur", "aorta", "cerebellum", "alveolus", "tendon", "ligament", "pancreas",
                      "cornea", "diaphragm", "vertebra", "hippocampus", "nephron"]),
    ("World History", 0.0, ["Treaty of Westphalia", "Silk Road", "Magna Carta", "Industrial Revolution",
                            "Renaissance", "Ottoman Empire", "Meiji Restoration", "Congress of Vienna",
                            "Cold War", "Reformation", "Hanseatic League", "Mughal Empire"]),
    ("Geography", 0.0, ["monsoon", "tectonic plate", "delta", "fjord", "steppe", "archipelago",
                        "watershed", "tundra", "estuary", "plateau", "atoll", "rift valley"]),
    ("Spanish Vocabulary", 0.0, ["la ventana", "el año", "la canción", "el corazón", "la niña",
                                 "el pañuelo", "la búsqueda", "el cumpleaños", "la lámpara", "el árbol",
                                 "la mañana", "el jabón"]),
    ("German Grammar", 0.0, ["der Bäcker", "die Größe", "das Mädchen", "über", "für", "die Straße",
                             "das Fräulein", "gemütlich", "die Tür", "müde", "schön", "das Brötchen"]),
    ("Swift Programming", 0.0, ["optional", "protocol", "generic", "closure", "actor", "struct",
                                "enum", "property wrapper", "result builder", "async let", "Sendable",
                                "key path"]),
    ("Algorithms", 0.35, ["binary search", "merge sort", "heap", "dynamic programming", "hash table",
                          "Dijkstra's algorithm", "topological sort", "union-find", "quicksort",
                          "breadth-first search", "trie", "amortised analysis"]),
    ("Computer Networks", 0.05, ["TCP handshake", "subnet mask", "DNS resolver", "routing table", "MTU",
                                 "congestion window", "ARP", "NAT", "TLS session", "BGP", "UDP datagram",
                                 "socket"]),
    ("Databases", 0.05, ["primary key", "foreign key", "B-tree index", "transaction", "isolation level",
                         "normal form", "query planner", "write-ahead log", "join", "view",
                         "materialised view", "deadlock"]),
    ("Economics", 0.35, ["elasticity", "marginal cost", "opportunity cost", "inflation", "GDP",
                         "comparative advantage", "monopoly", "utility", "interest rate", "equilibrium",
                         "externality", "fiscal policy"]),
    ("Music Theory", 0.0, ["cadence", "interval", "chord inversion", "dominant seventh", "modulation",
                           "counterpoint", "syncopation", "pentatonic scale", "tritone", "key signature",
                           "suspension", "circle of fifths"]),
    ("Astronomy", 0.4, ["parallax", "red shift", "main sequence", "white dwarf", "light year",
                        "escape velocity", "exoplanet", "nebula", "pulsar", "Kepler's third law",
                        "apparent magnitude", "event horizon"]),
]

CODE_TOPICS = {"Swift Programming", "Algorithms", "Computer Networks", "Databases"}
VOCAB_TOPICS = {"Spanish Vocabulary", "German Grammar"}

VERBS = ["describes", "determines", "relates to", "depends on", "constrains", "generalises",
         "approximates", "measures", "encodes", "preserves", "explains", "limits", "controls",
         "summarises", "reduces", "connects", "characterises", "bounds"]
ADJS = ["local", "global", "linear", "stable", "discrete", "continuous", "typical", "canonical",
        "naïve", "symmetric", "finite", "dominant", "implicit", "explicit", "average", "minimal",
        "maximal", "relative", "absolute", "intrinsic", "observable", "underlying"]
NOUNS = ["structure", "behaviour", "value", "relationship", "boundary", "rate", "pattern", "limit",
         "property", "process", "order", "balance", "change", "cost", "shape", "scale", "direction",
         "result", "mechanism", "context", "assumption", "trade-off"]
PREPS = ["of", "for", "under", "within", "across", "between", "around", "behind"]
CONNECT = ["In practice,", "Historically,", "Intuitively,", "Note that", "As a rule of thumb,",
           "For example,", "In most textbooks,", "Remember that", "Informally,", "Crucially,"]
IDENTS = ["count", "index", "total", "buffer", "result", "value", "items", "cache", "node", "edge",
          "weight", "queue", "limit", "offset", "key", "map", "filter", "reduce", "lhs", "rhs"]
VOCAB_EN = ["the window", "the year", "the song", "the heart", "the girl", "the handkerchief",
            "the search", "the birthday", "the lamp", "the tree", "the morning", "the soap",
            "the baker", "the size", "the girl (neuter)", "over / about", "for", "the street",
            "the miss", "cosy", "the door", "tired", "beautiful", "the bread roll"]
ARTICLE_RE = re.compile(r"^(la|el|der|die|das) ")
VARS = ["x", "y", "z", "n", "k", "t", "a", "b", "p", "q"]
GREEK = [r"\alpha", r"\beta"]


class Gen:
    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)
        self.serial = 0

    # -- small helpers -------------------------------------------------------
    def next_serial(self) -> str:
        self.serial += 1
        return f"(#{self.serial})"

    @staticmethod
    def the(term: str) -> str:
        """'the ' + term, unless the term is a name or already has an article."""
        return term if term[0].isupper() or ARTICLE_RE.match(term) else f"the {term}"

    def pick(self, seq):
        return self.r.choice(seq)

    def chance(self, p: float) -> bool:
        return self.r.random() < p

    def emph(self, word: str) -> str:
        roll = self.r.random()
        if roll < 0.12:
            return f"*{word}*"
        if roll < 0.18:
            return f"**{word}**"
        if roll < 0.20:
            return f"~~{word}~~"
        return word

    def ident(self) -> str:
        a, b = self.pick(IDENTS), self.pick(IDENTS)
        roll = self.r.random()
        if roll < 0.4:
            return f"{a}_{b}"
        if roll < 0.7:
            return f"{a}({b})"
        return f"{a}.{b}"

    # -- math ----------------------------------------------------------------
    def atom(self) -> str:
        roll = self.r.random()
        if roll < 0.3:
            return self.pick(VARS)
        if roll < 0.5:
            return f"{self.pick(VARS)}_{self.r.randint(0, 9)}"
        if roll < 0.65:
            return f"{self.pick(VARS)}^{self.r.randint(2, 5)}"
        if roll < 0.8:
            return self.pick(GREEK)
        return str(self.r.randint(1, 99))

    def expr(self, depth: int = 0) -> str:
        """A LaTeX expression with balanced braces; never starts/ends with a space."""
        if depth > 1:
            return self.atom()
        k = self.r.randrange(11)
        a = lambda: self.expr(depth + 1)  # noqa: E731
        if k == 0:
            return rf"\frac{{{a()}}}{{{a()}}}"
        if k == 1:
            return rf"\sqrt{{{a()} + {a()}}}"
        if k == 2:
            v = self.pick(["k", "i", "j"])
            return rf"\sum_{{{v}=1}}^{{n}} {v}^{self.r.randint(2, 3)}"
        if k == 3:
            return rf"\int_0^{{{self.r.randint(1, 9)}}} {self.pick(VARS)}^{{{self.r.randint(2, 4)}}} dx"
        if k == 4:
            return f"{a()} \\cdot {a()}"
        if k == 5:
            return f"{a()} \\leq {a()}"
        if k == 6:
            return rf"\mathbb{{{self.pick(['R', 'N', 'Z', 'Q', 'C'])}}}^{{{self.pick(['n', 'm', '2', '3'])}}}"
        if k == 7:
            return rf"\left( {a()} + {a()} \right)^{{{self.r.randint(2, 3)}}}"
        if k == 8:
            return f"{a()} + {a()}"
        if k == 9:
            return f"{a()} - {a()}"
        return f"{a()} = {a()}"

    def inline_math(self) -> str:
        return f"${self.expr()}$"

    def display_math(self) -> list[str]:
        if self.chance(0.5):
            return [f"$${self.expr()}$$"]
        lines = ["$$", f"{self.expr()} = {self.expr(1)}"]
        if self.chance(0.4):
            lines.append(rf"\leq {self.expr(1)}")
        lines.append("$$")
        return lines

    # -- prose ---------------------------------------------------------------
    def sentence(self, terms: list[str], code: bool, math: bool) -> str:
        t = self.pick(terms)
        words = [self.pick(CONNECT) if self.chance(0.3) else "",
                 "" if self.the(t) == t else "the", self.emph(t), self.pick(VERBS), "the",
                 self.emph(self.pick(ADJS)), self.pick(NOUNS), self.pick(PREPS), self.the(self.pick(terms))]
        if code and self.chance(0.35):
            words += ["via", f"`{self.ident()}`"]
        if math and self.chance(0.35):
            words += ["when", self.inline_math(), "holds"]
        s = " ".join(w for w in words if w)
        return s[0].upper() + s[1:] + "."

    def paragraph(self, label: str, terms: list[str], code: bool, math: bool, n: int) -> list[str]:
        text = label + " " + " ".join(self.sentence(terms, code, math) for _ in range(n))
        return wrap(text)

    # -- cards ---------------------------------------------------------------
    def question(self, terms: list[str], code: bool, vocab: bool) -> str:
        s = self.next_serial()
        t, t2 = self.pick(terms), self.pick(terms)
        if vocab:
            return self.pick([f"Translate *{t}* {s}", f"What does *{t}* mean {s}?",
                              f"Give the English for *{t}* {s}."])
        if code and self.chance(0.4):
            return self.pick([f"What does `{self.ident()}` return for a {t} {s}?",
                              f"Why is `{self.ident()}` preferred over `{self.ident()}` {s}?"])
        return self.pick([f"What is the role of {self.the(t)} in {self.pick(ADJS)} {self.pick(NOUNS)}s {s}?",
                          f"Why does {self.the(t)} {self.pick(VERBS).split()[0].rstrip('s')} the {self.pick(NOUNS)} {s}?",
                          f"Define *{t}* {s}.",
                          f"How is {self.the(t)} related to {self.the(t2)} {s}?",
                          f"Which {self.pick(NOUNS)} does {self.the(t)} {self.pick(VERBS).split()[0].rstrip('s')} {s}?"])

    def answer(self, terms: list[str], code: bool) -> str:
        roll = self.r.random()
        if code and roll < 0.3:
            return f"It returns `{self.ident()}`."
        if roll < 0.5:
            return f"The {self.emph(self.pick(ADJS))} {self.pick(NOUNS)} {self.pick(PREPS)} {self.the(self.pick(terms))}."
        return f"It {self.pick(VERBS)} the {self.pick(ADJS)} {self.pick(NOUNS)}."

    def card(self, topic: str, pmath: float, terms: list[str]) -> tuple[list[str], bool]:
        """Return (lines, reversed). Lines contain no trailing blank line."""
        code = topic in CODE_TOPICS
        vocab = topic in VOCAB_TOPICS
        ismath = self.chance(pmath)
        head: list[str] = []
        body: list[list[str]] = []  # blocks of the explanation, blank-line separated
        rev = False

        if ismath:
            s = self.next_serial()
            head.append("Q: " + self.pick([f"Compute {self.inline_math()} {s}.",
                                           f"Simplify {self.inline_math()} for {self.inline_math()} {s}.",
                                           f"When does {self.inline_math()} hold {s}?",
                                           f"What is {self.inline_math()} in terms of {self.the(self.pick(terms))} {s}?"]))
            head.append("A: " + self.pick([self.inline_math(),
                                           f"{self.inline_math()}, by {self.the(self.pick(terms))}.",
                                           f"Exactly when {self.inline_math()}."]))
            if self.chance(0.85):
                body.append(self.paragraph("E:", terms, code, True, self.r.randint(1, 2)))
                body.append(self.display_math())
        elif vocab:
            q = self.question(terms, code, vocab)
            rev = self.chance(0.35)
            a = self.pick(VOCAB_EN)
            head.append("Q: " + q)
            head.append("A: " + (f"{a} {self.next_serial()}" if rev else a))
        else:
            q = self.question(terms, code, vocab)
            rev = self.chance(0.12)
            head.append("Q: " + q)
            if rev:
                t = self.pick(terms)
                head.append(f"A: the {self.pick(ADJS)} {self.pick(NOUNS)} of {self.the(t)} {self.next_serial()}")
            else:
                head.append("A: " + self.answer(terms, code))

        if self.chance(0.08):
            head.append(f"H: think about {self.the(self.pick(terms))}.")
        if rev:
            head.append(self.pick(["R: yes", "R: yes", "R: true", "Reversed: yes"]))

        if not ismath:
            roll = self.r.random()
            if roll < 0.50:
                body.append(self.paragraph("E:", terms, code, False, self.r.randint(2, 3)))
            elif roll < 0.64:  # explanation with a list
                body.append(self.paragraph("E:", terms, code, False, 1))
                ordered = self.chance(0.4)
                items = []
                for i in range(self.r.randint(2, 4)):
                    item = f"{self.emph(self.pick(ADJS))} {self.pick(NOUNS)} {self.pick(PREPS)} {self.the(self.pick(terms))}"
                    if code and self.chance(0.3):
                        item += f" (`{self.ident()}`)"
                    items.append((f"{i + 1}. " if ordered else "- ") + item)
                body.append(items)
            elif roll < 0.74:  # explanation with a small GFM table
                body.append([f"E: Comparison of {self.the(self.pick(terms))} and {self.the(self.pick(terms))}:"])
                cols = self.r.randint(2, 3)
                hdr = ["Term", "Property", "Example"][:cols]
                rows = ["| " + " | ".join(hdr) + " |", "|" + "|".join(["---"] * cols) + "|"]
                for _ in range(self.r.randint(2, 4)):
                    cells = [self.pick(terms), f"{self.pick(ADJS)} {self.pick(NOUNS)}",
                             f"`{self.ident()}`" if code else str(self.r.randint(1, 999))][:cols]
                    rows.append("| " + " | ".join(cells) + " |")
                body.append(rows)
            elif roll < 0.80 and code:  # fenced code block
                body.append([f"E: For example, using `{self.ident()}`:"])
                lang = self.pick(["swift", "python", "sql", ""])
                body.append([f"```{lang}", f"let {self.pick(IDENTS)} = {self.ident()}",
                             f"print({self.pick(IDENTS)})", "```"])

        lines = list(head)
        for block in body:
            lines.append("")
            lines.extend(block)
        return lines, rev


def wrap(text: str, width: int = WRAP) -> list[str]:
    """Hard-wrap at spaces, never inside inline math or code spans, and never so
    that a continuation line starts with something Markdown would treat as a
    block start or a card label."""
    words: list[str] = []
    cur, inside = "", None
    for ch in text:
        if inside is None and ch == " ":
            if cur:
                words.append(cur)
            cur = ""
            continue
        if ch in "$`":
            inside = ch if inside is None else (None if inside == ch else inside)
        cur += ch
    if cur:
        words.append(cur)
    lines: list[str] = []
    line = ""
    for w in words:
        if line and len(line) + 1 + len(w) > width and not unsafe_line_start(w):
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    if line:
        lines.append(line)
    return lines


def cap(s: str) -> str:
    return s[0].upper() + s[1:]


LABEL_RE = re.compile(r"(?i)^(q|question|a|answer|e|explanation|h|hint|r|reversed):")


def unsafe_line_start(tok: str) -> bool:
    return bool(LABEL_RE.match(tok) or re.match(r"^([-+*>#|=~]|\d+[.)]|\$)", tok))


def slug(s: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", s.lower()).strip("-")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("outdir", type=Path)
    ap.add_argument("--size-mb", type=float, default=10.0, help="total size in MB (10^6 bytes), default 10")
    ap.add_argument("--files", type=int, default=100, help="number of deck files, default 100")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.files < 1 or args.size_mb <= 0:
        ap.error("--files must be >= 1 and --size-mb > 0")

    g = Gen(args.seed)
    out: Path = args.outdir
    out.mkdir(parents=True, exist_ok=True)

    total_target = int(args.size_mb * 1_000_000)
    weights = [g.r.uniform(0.7, 1.3) for _ in range(args.files)]
    wsum = sum(weights)
    budgets = [int(total_target * w / wsum) for w in weights]

    names = []
    total_bytes = total_cards = total_rev = 0
    for i in range(args.files):
        topic, pmath, terms = TOPICS[i % len(TOPICS)]
        name = f"deck-{i + 1:03d}-{slug(topic)}.md"
        names.append(name)
        color = (f"#{g.r.randrange(0x1000000):06x}" if g.chance(0.8)
                 else f"#{g.r.randrange(0x1000):03X}")
        lines = ["---", f"topic: {topic}", f'color: "{color}"', "---", "",
                 f"# {topic} — deck {i // len(TOPICS) + 1}", ""]
        if g.chance(0.5):
            lines += wrap(f"Cards about {g.the(g.pick(terms))} and related ideas. "
                          + g.sentence(terms, False, False)) + [""]
        size = sum(len(l.encode()) + 1 for l in lines)
        section = 0
        until_heading = 0
        while size < budgets[i]:
            if until_heading == 0:
                section += 1
                until_heading = g.r.randint(22, 38)
                block = [f"## {section}. {cap(g.pick(terms))} and the {g.pick(NOUNS)}", ""]
                if g.chance(0.25):
                    block += wrap(g.sentence(terms, False, False)) + [""]
            else:
                block = []
            cl, rev = g.card(topic, pmath, terms)
            block += cl + [""]
            until_heading -= 1
            total_cards += 1
            total_rev += rev
            lines += block
            size += sum(len(l.encode()) + 1 for l in block)
        text = "\n".join(lines).rstrip("\n") + "\n"
        data = text.encode("utf-8")
        (out / name).write_bytes(data)
        total_bytes += len(data)

    # Remove stale decks from an earlier run with a larger --files.
    for p in sorted(out.glob("deck-[0-9][0-9][0-9]-*.md")):
        if p.name not in names:
            p.unlink()
    others = sorted(p.name for p in out.glob("*.md") if p.name not in names)
    if others:
        print(f"warning: {out} also holds other .md files: {', '.join(others[:5])}", file=sys.stderr)
    (out / "badger.yml").write_text("exclude: []\n", encoding="utf-8")

    print(f"files: {args.files}  cards: {total_cards} ({total_rev} reversed, "
          f"{total_cards + total_rev} after expansion)  bytes: {total_bytes} "
          f"({total_bytes / 1e6:.2f} MB, {total_bytes / max(total_cards, 1):.0f} bytes/card)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
