"""``numberlink-sat sheet``: printable pages of puzzles, the answer keys after them.

``numberlink-sat sheet DIR --out book.pdf`` lays out the puzzles of a ``generate --out``
directory (its manifest gives the order, the solutions and the difficulty) or of
puzzle files, ``--per-page`` a page, on A4 or Letter, with a title and numbers, then the
answer pages. ``--out`` ending in ``.pdf`` writes one PDF (the ``png`` extra);
ending in ``.svg`` one SVG file per page (``book-01.svg``, ...; ``book.svg`` when
there is one page). A puzzle without a solution file is solved for its answer
(under the rule its manifest or source states, else the fill rule); its answer is
checked by the verifier.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from numberlink_sat.cli.common import EXIT_OK, parse_input, positive_int, positive_seconds
from numberlink_sat.errors import InternalError, InvalidArgumentError
from numberlink_sat.numberlink.formats import parse_solution, read_text
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.rules import RuleOptions
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.render.sheet import PAPERS, SheetItem, sheet_pages, sheet_pdf

__all__ = ["collect", "register", "run"]

_PUZZLE_SUFFIXES = (".txt", ".json", ".url")


def _answer(puzzle: Puzzle, rules: RuleOptions | None, time_limit: float | None) -> Solution:
    from numberlink_sat.numberlink.solve import solve

    options = rules or puzzle.rules or RuleOptions()
    solution = solve(puzzle, time_limit=time_limit, fill=options.fill,
                     no_touch=options.no_touch, no_2x2=options.no_2x2)
    if solution is None:
        raise InvalidArgumentError("a puzzle on the sheet has no solution")
    problems = verify(puzzle, solution, **options.as_kwargs())
    if problems:  # pragma: no cover - a solver bug
        raise InternalError("answer fails the verifier: " + problems[0])
    return solution


def _reader(fmt: str) -> Callable[[str], Puzzle]:
    def read_one(text: str) -> Puzzle:
        return read_text(text, fmt)[0]

    return read_one


def _from_manifest(folder: Path) -> list[tuple[Puzzle, Solution | None, str | None,
                                               RuleOptions | None]]:
    out = []
    for number, line in enumerate((folder / "manifest.jsonl").read_text(
            encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            files = row["files"]
            fmt = "json" if "json" in files else next(k for k in files if "solution" not in k)
            name = files[fmt]
        except (json.JSONDecodeError, KeyError, StopIteration, AttributeError, TypeError):
            raise InvalidArgumentError(
                f"{folder / 'manifest.jsonl'}:{number}: not a generate manifest line"
            ) from None
        puzzle = parse_input(str(folder / name), _reader(fmt))
        answer = files.get(f"{fmt}-solution", files.get("solution"))
        solution = None if answer is None else parse_input(str(folder / answer),
                                                           parse_solution)
        rules = RuleOptions(**row["rules"]) if isinstance(row.get("rules"), dict) else None
        score, grade = row.get("difficulty"), row.get("difficulty_grade")
        text = None if score is None else f"{score:g}" + (f" ({grade})" if grade else "")
        out.append((puzzle, solution, text, rules))
    return out


def _from_file(path: Path) -> list[tuple[Puzzle, Solution | None, str | None,
                                         RuleOptions | None]]:
    puzzles = parse_input(str(path), read_text)
    solution = None
    for name in (path.with_suffix(".solution.json"),
                 path.with_name(path.name.split(".")[0] + ".solution.json")):
        if len(puzzles) == 1 and name.exists():
            solution = parse_input(str(name), parse_solution)
            break
    return [(p, solution if len(puzzles) == 1 else None, None, None) for p in puzzles]


def _rated(puzzle: Puzzle, rules: RuleOptions | None) -> str:
    from numberlink_sat.numberlink.difficulty import rate

    options = rules or puzzle.rules or RuleOptions()
    d = rate(puzzle, fill=options.fill, no_touch=options.no_touch, no_2x2=options.no_2x2)
    return f"{d.score:g} ({d.grade})"


def collect(paths: list[str], *, time_limit: float | None = None,
            rate: bool = True) -> list[SheetItem]:
    """The sheet items of ``paths`` (files, directories of ``generate --out``, or
    puzz.link URLs).

    A puzzle whose manifest gives no difficulty is rated (unless ``rate`` is False).
    """
    found: list[tuple[Puzzle, Solution | None, str | None, RuleOptions | None]] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            if (path / "manifest.jsonl").exists():
                found.extend(_from_manifest(path))
            else:
                for file in sorted(path.iterdir()):
                    if file.suffix in _PUZZLE_SUFFIXES and ".solution" not in file.name:
                        found.extend(_from_file(file))
        elif path.exists():
            found.extend(_from_file(path))
        elif "://" in text or text.startswith("p?"):
            from numberlink_sat.cli.numberlink import load_puzzles

            found.extend((p, None, None, None) for p in load_puzzles(text))
        else:
            raise InvalidArgumentError(f"{text}: no such file or directory")
    items = []
    for puzzle, solution, difficulty, rules in found:
        if solution is None or verify(puzzle, solution, **(rules or RuleOptions(
                fill=False)).as_kwargs()):
            solution = _answer(puzzle, rules, time_limit)
        if difficulty is None and rate:
            difficulty = _rated(puzzle, rules)
        items.append(SheetItem(puzzle, solution, difficulty))
    return items


def run(args: argparse.Namespace) -> int:
    """Write the sheet; returns the exit status."""
    out = Path(args.out)
    if out.suffix.lower() not in (".pdf", ".svg"):
        raise InvalidArgumentError(f"--out must end in .pdf or .svg, not {out.name!r}")
    items = collect(args.paths, time_limit=args.time_limit, rate=not args.no_difficulty)
    pages = sheet_pages(items, paper=args.paper, per_page=args.per_page, title=args.title,
                        answers=not args.no_answers)
    if out.suffix.lower() == ".pdf":
        out.write_bytes(sheet_pdf(pages))
        written = [out]
    elif len(pages) == 1:
        out.write_text(pages[0], encoding="utf-8")
        written = [out]
    else:
        written = [out.with_name(f"{out.stem}-{k:02d}.svg") for k in range(1, len(pages) + 1)]
        for path, page in zip(written, pages, strict=True):
            path.write_text(page, encoding="utf-8")
    if not args.quiet:
        print(f"{len(items)} puzzles on {len(pages)} pages: "
              f"{', '.join(str(p) for p in written[:3])}{' ...' if len(written) > 3 else ''}")
    return EXIT_OK


def register(subparsers: Any) -> None:
    """Add the ``sheet`` subcommand."""
    p = subparsers.add_parser(
        "sheet",
        help="printable pages of puzzles with answer keys (PDF or SVG)",
        description="Lay out puzzles N a page (A4 or Letter) with a title, numbers and "
        "the difficulty when known, then the answer keys, as one PDF or SVG pages.",
    )
    p.add_argument("paths", nargs="+", metavar="FILES_OR_DIR",
                   help="puzzle files, or directories written by generate --out")
    p.add_argument("--out", required=True, metavar="FILE",
                   help="book.pdf (one PDF, needs the png extra) or book.svg (SVG pages)")
    p.add_argument("--paper", choices=tuple(PAPERS), default="a4",
                   help="paper size (default a4)")
    p.add_argument("--per-page", type=positive_int, default=4, metavar="N",
                   help="puzzles a page (default 4)")
    p.add_argument("--title", default="Numberlink", help="title on every page")
    p.add_argument("--no-answers", action="store_true", help="leave out the answer pages")
    p.add_argument("--no-difficulty", action="store_true",
                   help="do not rate puzzles whose manifest gives no difficulty")
    p.add_argument("--time-limit", type=positive_seconds, default=None, metavar="SECONDS",
                   help="seconds to solve each puzzle that has no solution file")
    p.add_argument("--quiet", "-q", action="store_true", help="no summary line")
    p.set_defaults(func=run)
