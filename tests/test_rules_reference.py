"""docs/rules.md is the rules reference the code cites: every section citation in engine/, ai/,
net/, game/, tests/, levels/, benchmarks/ and docs/ must lead to a heading or a numbered/labelled
entry there, and its data tables must agree with what the engine loads (so a newcomer can trust
both). The code cites only files of the repository: a cited path must exist, a docs/design.md
section must be a heading there, a Castell ruling id must be a row of docs/castell.md's Rulings,
and a citation of a document or an issue the repository does not hold fails."""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.data import BOARD

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
SCANNED = ("engine", "ai", "net", "game", "tests", "levels", "benchmarks", "docs")
SUFFIXES = {".py", ".md", ".yaml"}
S = "\N{SECTION SIGN}"

NUM = r"\d+(?:\.\d+)*"
LABEL = r"[A-Z]\d+"
# A citation: §N[.M…], an optional range, then an optional qualifier naming entries of that
# section ("rule 2", "steps 2-4", "#27", "rules 1, 2, 5") or labels in it ("R2", "R6-R7", "C3").
CITATION = re.compile(
    rf"§(?P<num>{NUM})(?:[-–](?P<to>{NUM}))?"
    rf"(?:\s+(?:(?:rules?|steps?|limits?|items?)\s+|#)(?P<items>\d+(?:\s*(?:,|and|[-–])\s*\d+)*)"
    rf"|\s+(?P<labels>{LABEL}(?:[-–]{LABEL})?)\b)?")
# "§…" chains that cite another document (docs/design.md §2/§5) are not docs/rules.md's.
FOREIGN = re.compile(r"design\.md\s*§[^\s,;)]*")
# Labels cited next to a §: "rule A5", "rules A4-A6", "rule A1/A9", "§10.38/A5".
RULE_LABELS = re.compile(rf"\brules?\s+(?P<labels>{LABEL}(?:\s*(?:[-–/,]|and)\s*{LABEL})*)")
SLASH_LABEL = re.compile(rf"/(?P<label>{LABEL})\b")

HEADING = re.compile(rf"^#{{2,6}}\s+(?P<num>{NUM})\.?\s")
LIST_ITEM = re.compile(r"^(?P<n>\d+)\.\s")
ROW = re.compile(r"^\|\s*(?P<key>[^|]*?)\s*\|")
BOLD_LABELS = re.compile(rf"^- \*\*(?P<labels>{LABEL}(?:/{LABEL})*)\*\*")


@dataclass
class Anchors:
    """What docs/rules.md offers to cite: headings, and per section its numbered entries and labels."""
    headings: set[str] = field(default_factory=set)
    items: dict[str, set[int]] = field(default_factory=dict)
    labels: dict[str, set[str]] = field(default_factory=dict)

    def all_labels(self) -> set[str]:
        return set().union(*self.labels.values())

    def has_label(self, num: str, label: str) -> bool:
        """`§5.1 R2`, `§6.3 A2`: the label stands in that section's chapter (A2 is in §6.1)."""
        chapter = num.partition(".")[0]
        return any(label in found for section, found in self.labels.items()
                   if section.partition(".")[0] == chapter)

    def has_number(self, num: str) -> bool:
        """§N.M is a heading, or entry M of section N (a section without sub-headings)."""
        section, _, last = num.rpartition(".")
        return num in self.headings or (bool(section) and int(last) in self.items.get(section, ()))


def read_anchors(text: str) -> Anchors:
    """Headings `## 6.` / `### 6.7`; in a section, `1.` list entries, `| 27 |` or `| A5 |` rows of a
    table whose first column is `#` or `Step`, and `- **T1**` entries."""
    anchors = Anchors()
    section, in_code, table_keyed, previous = "", False, False, ""
    for line in text.splitlines():
        if line.startswith("```"):
            in_code = not in_code
        if in_code:
            previous = line
            continue
        if m := HEADING.match(line):
            section = m["num"]
            anchors.headings.add(section)
        elif m := LIST_ITEM.match(line):
            anchors.items.setdefault(section, set()).add(int(m["n"]))
        elif m := BOLD_LABELS.match(line):
            anchors.labels.setdefault(section, set()).update(m["labels"].split("/"))
        elif m := ROW.match(line):
            key = m["key"]
            if not previous.startswith("|"):
                table_keyed = key in ("#", "Step")
            elif table_keyed and key.isdigit():
                anchors.items.setdefault(section, set()).add(int(key))
            elif table_keyed and re.fullmatch(LABEL, key):
                anchors.labels.setdefault(section, set()).add(key)
        previous = line
    return anchors


def _span(first: str, last: str, prefix: str = "") -> list[str]:
    """`R6`-`R7` → R6, R7; `13`-`15` → 13, 14, 15 (labels keep their letter)."""
    letter = first[:1] if first[:1].isalpha() else ""
    lo, hi = int(first[len(letter):]), int(last[len(letter):])
    return [f"{prefix}{letter}{k}" for k in range(lo, max(lo, hi) + 1)]


def _expand(text: str) -> list[str]:
    """`1, 2 and 5` → 1, 2, 5; `2-4` → 2, 3, 4; `A4-A6` → A4, A5, A6; `A1/A9` → A1, A9."""
    out: list[str] = []
    for chunk in re.split(r"\s*(?:/|,|\band\b)\s*", text.strip()):
        if chunk:
            first, _, last = re.sub(r"\s*[-–]\s*", "-", chunk).partition("-")
            out += _span(first, last or first)
    return out


def _numbers(num: str, to: str | None) -> list[str]:
    """The sections a citation names: `10.13-15` and `6.4–6.6` are ranges over the last part."""
    if not to:
        return [num]
    section, _, first = num.rpartition(".")
    last = to.rpartition(".")[2]
    return _span(first, last, f"{section}." if section else "")


def problems(line: str, anchors: Anchors) -> list[str]:
    """Each citation on `line` that leads nowhere in docs/rules.md, as the text cited."""
    foreign = [m.span() for m in FOREIGN.finditer(line)]
    found: list[str] = []
    ours = False
    for m in CITATION.finditer(line):
        if any(a <= m.start() < b for a, b in foreign):
            continue
        ours = True
        for num in _numbers(m["num"], m["to"]):
            if not anchors.has_number(num):
                found.append(f"§{num}")
        for k in _expand(m["items"] or ""):
            if int(k) not in anchors.items.get(m["num"], ()):
                found.append(f"§{m['num']} entry {k}")
        found += [f"§{m['num']} {label}" for label in _expand(m["labels"] or "")
                  if not anchors.has_label(m["num"], label)]
    if ours:
        labels = anchors.all_labels()
        cited = [lab for r in RULE_LABELS.finditer(line) for lab in _expand(r["labels"])]
        cited += [s["label"] for s in SLASH_LABEL.finditer(line)
                  if not any(a <= s.start() < b for a, b in foreign)]
        found += [f"rule {lab}" for lab in cited if lab not in labels]
    return found


def scanned_files() -> list[Path]:
    return sorted(p for d in SCANNED for p in (ROOT / d).rglob("*")
                  if p.suffix in SUFFIXES and p.is_file() and ".venv" not in p.parts)


def test_every_rules_citation_resolves_in_docs_rules_md() -> None:
    """Each §N, §N.M, '§6.7 rule 2', '§5.1 R5', '§11 C3', 'rule A5' in the code,
    tests, data and docs leads to a heading or an entry of docs/rules.md."""
    anchors = read_anchors(RULES.read_text(encoding="utf-8"))
    broken = []
    for path in scanned_files():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            broken += [f"{path.relative_to(ROOT)}:{n}: {cite} is not in docs/rules.md"
                       for cite in problems(line, anchors)]
    assert not broken, "\n".join(broken)


def test_the_checker_finds_bad_citations_and_accepts_good_ones() -> None:
    """The scanner itself: headings, entries, labels and ranges resolve; a missing one is named;
    citations of docs/design.md are left to the repository-citation check. (The section sign is spelt out so that
    these examples are not themselves citations.)"""
    anchors = read_anchors("## 6. Cards\n### 6.1 All\n| # | Rule |\n|---|---|\n| A5 | c |\n"
                           "### 6.7 Veto\n1. one\n2. two\n## 10. Cases\n"
                           "| # | Case |\n|---|---|\n| 1 | a |\n| 2 | b |\n"
                           "## 5. Turn\n- **T3/T4** — place\n")
    assert problems(f"{S}6.7 rule 2, {S}10.1-2, {S}10 #2, {S}6, {S}5 T4, {S}6.7 A5, rule A5, "
                    f"{S}6.7 rules 1 and 2, {S}10.1–10.2", anchors) == []
    assert problems(f"see {S}6.7 rule 3 and {S}7.6", anchors) == [f"{S}6.7 entry 3", f"{S}7.6"]
    assert problems(f"{S}10.1-3/A6", anchors) == [f"{S}10.3", "rule A6"]
    assert problems(f"{S}10 A5 (a label of chapter 6)", anchors) == [f"{S}10 A5"]
    assert problems(f"docs/design.md {S}2/{S}9", anchors) == []
    assert problems("rule A9 without a section sign", anchors) == []


# A repository path cited in a comment, docstring or document: docs/…, engine/….py, levels/… .
CITED_PATH = re.compile(r"(?<![\w./<{-])((?:docs|engine|ai|net|game|levels|tests|benchmarks|assets)/[\w./-]*\w)"
                        r"(?![\w*{<…\\-])")
DESIGN_SECTION = re.compile(r"docs/design\.md,?\s+§(?P<num>\d+)")
CASTELL_RULINGS = re.compile(r"\b[Rr]ulings?\s+(?P<ids>C\d+(?:\s*(?:[-–,/]|and)\s*C\d+)*)")
# what the repository does not hold: the design contract and the style guide outside it, issues
OUTSIDE = re.compile(r"\bDESIGN\.md\b|\bDESIGN\s*§|\bSTYLE(?:\.md)?\s*(?:§|\d)|\bshared/"
                     r"|\b[Ii]ssues?\s+#?\d+")


def castell_ruling_ids(text: str) -> set[str]:
    """The ids of docs/castell.md's Rulings table (`| C14 | Prizes | … |`)."""
    rulings = text.split("\n## Rulings", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| (C\d+) \|", rulings, re.M))


def repository_problems(line: str, design_sections: set[str], castell_ids: set[str]) -> list[str]:
    """Each citation on `line` of something the repository does not hold: a path that does not
    exist, a docs/design.md section that is no heading there, a Castell ruling id not in
    docs/castell.md, or a document or issue the repository does not hold."""
    found = [f"'{m[0]}' (not in the repository)" for m in OUTSIDE.finditer(line)]
    found += [f"{m[1]} (no such path)" for m in CITED_PATH.finditer(line)
              if not (ROOT / m[1].rstrip(".")).exists()]
    found += [f"docs/design.md §{m['num']}" for m in DESIGN_SECTION.finditer(line)
              if m["num"] not in design_sections]
    found += [f"ruling {cid}" for m in CASTELL_RULINGS.finditer(line)
              for cid in _expand(m["ids"]) if cid not in castell_ids]
    return found


def test_every_citation_names_something_the_repository_holds() -> None:
    """Code, tests, data and docs cite only files of the repository (docs/design.md §6): each cited
    path exists, each docs/design.md section and Castell ruling id resolves, and no line cites
    the design contract or style guide kept outside the repository, or an issue number."""
    design = set(re.findall(r"^## (\d+)\.", (ROOT / "docs" / "design.md").read_text(encoding="utf-8"), re.M))
    castell = castell_ruling_ids((ROOT / "docs" / "castell.md").read_text(encoding="utf-8"))
    assert design and len(castell) == 29
    broken = []
    for path in [*scanned_files(), ROOT / "README.md"]:
        if path == Path(__file__).resolve():
            continue        # this file: its checker's examples are citations meant to fail
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            broken += [f"{path.relative_to(ROOT)}:{n}: {cite}"
                       for cite in repository_problems(line, design, castell)]
    assert not broken, "\n".join(broken)


def test_the_repository_citation_checker_finds_what_is_missing() -> None:
    """The checker itself: present paths, sections and ids pass; a pre-split path, a missing
    section or ruling, DESIGN.md and an issue number are each named."""
    design, castell = {"1", "4"}, {"C1", "C2", "C14"}
    assert repository_problems("see docs/rules.md and game/match/feed.py; docs/design.md §4, rulings C1-C2, "
                               "ruling C14; game/render/castell_*.py", design, castell) == []
    assert repository_problems("game/focus.py", design, castell) == ["game/focus.py (no such path)"]
    assert repository_problems(f"docs/design.md {S}9, ruling C30", design, castell) == [
        f"docs/design.md {S}9", "ruling C30"]
    assert repository_problems(f"DESIGN.md {S}2 (issue 22 point 5)", design, castell) == [
        "'DESIGN.md' (not in the repository)", "'issue 22' (not in the repository)"]


def _section(heading: str) -> str:
    """The text of docs/rules.md from `heading` to the next heading."""
    return RULES.read_text(encoding="utf-8").split(f"\n{heading}", 1)[1].split("\n#", 1)[0]


def _code_block(text: str) -> dict[str, Any]:
    """The assignments of the first ```python block of `text`, as Python values."""
    body = text.split("```python", 1)[1].split("```", 1)[0]
    return {target.id: ast.literal_eval(node.value) for node in ast.parse(body).body
            if isinstance(node, ast.Assign) for target in node.targets if isinstance(target, ast.Name)}


def test_board_data_in_docs_rules_md_matches_the_engine() -> None:
    """§3.1-3/§4.1: the regions, values, borders (table and list), scoreboards and court numbers written in the
    reference are the ones the engine loads from levels/classic.yaml."""
    data = _code_block(_section("### 3.3"))
    values = {**dict(zip(BOARD.regions, BOARD.values)), "castillo": BOARD.castillo_values}
    assert data["REGIONS"] == list(BOARD.regions)
    assert data["VALUES"] == values
    assert data["MOBILE_SCOREBOARDS"] == dict(BOARD.scoreboards)
    assert {frozenset(b) for b in data["BORDERS"]} == {
        frozenset((BOARD.regions[i], BOARD.regions[j])) for i, near in enumerate(BOARD.adjacent) for j in near}
    ids = {name: area for area, name in BOARD.region_names.items()}
    rows = re.findall(r"^\| ([^|]+?) \| ([^|]+?) \|$", _section("### 3.2"), re.M)
    assert {ids[region]: {ids[n] for n in near.split(", ")} for region, near in rows if region in ids} == {
        BOARD.regions[i]: {BOARD.regions[j] for j in near} for i, near in enumerate(BOARD.adjacent)}
    assert data["POWER_TO_COURT"] == {card: n for card, n in enumerate(BOARD.power_to_court, 1)}
    table = re.findall(r"^\| `(\w+)` \|[^\n]*\| (\d) / (\d) / (\d) \|", _section("### 3.1"), re.M)
    assert {area: tuple(map(int, v)) for area, *v in table} == values
    court_row = re.search(r"^\| Caballeros into the court[^|]*((?:\| \d+ )+)\|$", _section("### 4.1"), re.M)
    assert court_row and [int(n) for n in court_row[1].split("|")[1:]] == list(BOARD.power_to_court)


def test_card_list_in_docs_rules_md_matches_the_engine() -> None:
    """§6.8: the 45 cards (stack and copies of each id) are the deck the engine loads."""
    rows = re.findall(r"^\| (\d) \| (\w+)[^|]*\| (\d) \|$", _section("### 6.8"), re.M)
    assert {card: (int(stack), int(copies)) for stack, card, copies in rows} == {
        c.id: (c.stack, c.copies) for c in BOARD.cards.values()}
    assert sum(int(copies) for _, _, copies in rows) == 45
