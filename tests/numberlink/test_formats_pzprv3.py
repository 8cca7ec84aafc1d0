"""The ``pzprv3`` format: puzz.link's files, their answers and the player's marks.

The boards, the answers marked correct and the wrong answers below are those of
pzprjs's tests (https://github.com/robx/pzprjs, ``test/script/numlin.js`` and
``test/script/arukone.js``; MIT licence, Copyright (c) 2011, 2014 Kobayashi, Daisuke
(sabo2); Copyright (c) 2019 Vollmert, Robert and contributors).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from numberlink_sat.errors import InvalidPuzzleError, ParseError
from numberlink_sat.numberlink import formats as F
from numberlink_sat.numberlink.formats import pzprv3
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.rules import RuleOptions
from numberlink_sat.numberlink.verify import verify

NUMLIN_URL = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
ARUKONE_URL = "https://puzz.link/p?arukone/4/4/12l3123j"
BOARD = "pzprv3/numlin/5/5/1 . . . . /2 . . 3 . /. . . . . /. 1 . . 2 /. . . . 3 /"

# pzprjs's wrong answers for its numlin board: what each one breaks
WRONG = {
    "lnBranch": ("0 0 0 0 /1 1 1 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 0 /0 1 0 0 0 /"
                 "0 1 0 0 0 /0 0 0 0 0 /", "the lines branch at cell (1, 1)"),
    "lnCross": ("1 0 0 0 /1 1 1 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 1 0 0 0 /0 1 0 0 0 /"
                "0 1 0 0 0 /0 0 0 0 0 /", "the lines cross at cell (1, 1)"),
    "lcTripleNum": ("1 1 1 1 /1 1 1 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /1 0 0 0 1 /0 0 0 0 1 /"
                    "0 0 0 0 1 /0 0 0 0 1 /", "clue 1 at cell (0, 0) has a line running"),
    "nmConnDiff": ("1 1 0 0 /0 0 0 0 /0 0 0 0 /0 0 1 1 /0 0 0 0 /0 0 1 0 0 /0 0 1 0 0 /"
                   "0 0 1 0 0 /0 0 0 0 0 /", "clue 1 at cell (3, 1) has no line"),
    "lcOnNum": ("0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 1 1 /0 0 0 0 /0 0 1 0 1 /0 0 1 0 1 /"
                "0 0 1 0 1 /0 0 0 0 0 /", "has no line"),
    "lnDeadEnd": ("1 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 1 /0 1 0 0 0 /0 1 0 1 0 /"
                  "0 0 0 1 0 /0 0 0 1 0 /", "clue 1 at cell (3, 1) has no line"),
    "lcIsolate": ("1 0 0 0 /0 0 0 0 /0 0 1 0 /0 0 0 0 /0 0 1 0 /0 1 0 0 0 /0 1 0 0 0 /"
                  "0 1 1 1 0 /0 0 1 1 0 /", "clue 2 at cell (1, 0) has no line"),
}


def _read(data_dir: Path, name: str) -> str:
    return (data_dir / "pzprjs" / name).read_text(encoding="utf-8")


def test_pzprjs_numlin_answer(data_dir: Path) -> None:
    text = _read(data_dir, "numlin_5x5.pzprv3.txt")
    assert F.detect_format(text) == "pzprv3"
    puzzle = F.parse(text)
    assert puzzle == F.parse(NUMLIN_URL)
    assert puzzle.rules == RuleOptions(fill=False) and puzzle.genre == "numlin"
    solution = F.parse_solution(text)
    assert solution == F.parse_solution(text, "pzprv3")
    assert verify(puzzle, solution, fill=False) == []
    assert verify(puzzle, solution, fill=True) == []  # this answer uses every cell
    assert solution.paths["1"][0] == (0, 0) and solution.paths["1"][-1] == (3, 1)
    lines, crosses = pzprv3.read_pzprv3_marks(text)
    assert lines == solution.edges()
    assert len(crosses) == text.split().count("-1") == 7
    assert not lines & crosses
    # written back: the same file but for the player's crosses
    written = F.format_solution(solution, "pzprv3", puzzle=puzzle)
    assert written == text.replace("-1 ", "0 ")
    assert F.parse_solution(written) == solution


def test_pzprjs_arukone_answer(data_dir: Path) -> None:
    text = _read(data_dir, "arukone_4x4.pzprv3.txt")
    puzzle = F.parse(text)
    assert puzzle == F.parse(ARUKONE_URL)
    assert puzzle.rules == RuleOptions(fill=True) and puzzle.genre == "arukone"
    solution = F.parse_solution(text)
    assert verify(puzzle, solution, fill=True) == []
    # pzprjs's arukone has no touching check: the answer it marks correct touches itself
    assert any("touches itself" in p for p in verify(puzzle, solution, no_touch=True))
    assert F.format_solution(solution, "pzprv3", puzzle=puzzle) == text
    relaxed = F.parse(text.replace("passallcell", "dontpassallcell"))
    assert relaxed.rules == RuleOptions(fill=False)
    assert "dontpassallcell" in F.format_puzzle(relaxed, "pzprv3")


@pytest.mark.parametrize("name", sorted(WRONG))
def test_pzprjs_wrong_answers_are_refused_naming_the_cell(name: str) -> None:
    marks, words = WRONG[name]
    text = BOARD + marks
    assert F.parse(text) == F.parse(NUMLIN_URL)  # the puzzle still reads
    with pytest.raises(ParseError, match=re.escape(words)) as info:
        F.parse_solution(text)
    assert info.value.line == 1 and info.value.column is not None
    lines, _ = pzprv3.read_pzprv3_marks(text)  # the drawing itself reads
    assert lines


def test_a_loop_apart_from_the_clues() -> None:
    # 1 goes along the top row, a 2x2 loop sits below it
    text = "pzprv3/numlin/3/3/1 . 1 /. . . /. . . /1 1 /1 0 /1 0 /0 0 0 /1 1 0 /"
    with pytest.raises(ParseError, match=r"joins no clue \(a loop"):
        F.parse_solution(text)


def test_two_clues_joined() -> None:
    text = "pzprv3/numlin/1/4/1 2 2 1 /1 0 1 /"
    with pytest.raises(ParseError, match="ends at clue 2"):
        F.parse_solution(text)


def test_one_column_board_and_slash_form() -> None:
    text = "pzprv3/numlin/2/1/1 /1 ///1 /"
    solution = F.parse_solution(text)
    assert solution == Solution(1, 2, {"1": [(0, 0), (1, 0)]})
    written = F.format_solution(solution, "pzprv3")
    assert written == "pzprv3\nnumlin\n2\n1\n1 \n1 \n\n\n1 \n"
    assert F.parse_solution(written) == solution


def test_puzzle_without_answer_part() -> None:
    p = F.parse("pzprv3\nnumlin\n1\n3\n3 . 3\n")
    assert dict(p.endpoints) == {"3": ((0, 0), (0, 2))}
    assert pzprv3.read_pzprv3_marks("pzprv3\nnumlin\n1\n3\n3 . 3\n") == (frozenset(), frozenset())
    with pytest.raises(ParseError, match="the file ends where row 1 of the marks"):
        F.parse_solution("pzprv3\nnumlin\n1\n3\n3 . 3\n")


def test_history_after_the_marks_is_not_read() -> None:
    text = "pzprv3\nnumlin\n1\n2\n1 1\n1\nhistory:{\n 'type': 'pzpr'\n}\n"
    assert F.parse_solution(text) == Solution(2, 1, {"1": [(0, 0), (0, 1)]})


def test_arukone_letters() -> None:
    p = F.parse("pzprv3/arukone/1/4/passallcell/a Z Z a /0 0 0 /")
    assert dict(p.endpoints) == {"26": ((0, 1), (0, 2)), "27": ((0, 0), (0, 3))}
    assert F.format_puzzle(p, "pzprv3").splitlines()[5] == "a Z Z a "
    with pytest.raises(InvalidPuzzleError, match=r"1\.\.52"):
        F.format_puzzle(Puzzle(2, 1, {"53": ((0, 0), (0, 1))}, genre="arukone"), "pzprv3")


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("pzprv3\nslither\n1\n2\n1 1\n", 2, 1, "unknown genre 'slither'"),
        ("pzprv4\nnumlin\n1\n2\n1 1\n", 1, 1, "not a pzprv3 file"),
        ("pzprv3\nnumlin\n0\n2\n", 3, 1, "height 0 is out of range"),
        ("pzprv3\nnumlin\n1\n0\n", 4, 1, "width 0 is out of range"),
        ("pzprv3\nnumlin\n5000\n6000\n", 4, 1, "more than 25000000"),
        ("pzprv3\nnumlin\nx\n2\n", 3, 1, "rows must be a whole number"),
        ("pzprv3\nnumlin\n1\n2\n", 4, 2, "the file ends where row 1 of the board"),
        ("pzprv3\nnumlin\n1\n3\n1 1\n", 5, 4, "row 1 of the board has 2 entries, 3 expected"),
        ("pzprv3\nnumlin\n1\n2\n1 - \n", 5, 3, "a '?' clue"),
        ("pzprv3\nnumlin\n1\n2\n1 x\n", 5, 3, "holds 'x'"),
        ("pzprv3\nnumlin\n1\n3\n1 . .\n", 5, 1, "clue 1 appears only once"),
        ("pzprv3\nnumlin\n1\n3\n1 1 1\n", 5, 5, "clue 1 appears 3 times"),
        ("pzprv3\nnumlin\n1\n2\n1 1\n-2\n", 6, 1, "edge mark '-2'"),
        ("pzprv3\nnumlin\n1\n2\n1 1\nx\n", 6, 1, "edge mark 'x'"),
        ("pzprv3\narukone\n1\n2\nall\nA A\n", 5, 1, "expected 'passallcell'"),
    ],
)
def test_bad_files_name_the_position(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(ParseError) as info:
        F.parse_solution(text, "pzprv3")
    assert words in info.value.message, str(info.value)
    assert (info.value.line, info.value.column) == (line, column), str(info.value)


def test_writer_refusals() -> None:
    blocked = Puzzle(3, 1, {"1": ((0, 0), (0, 2))}, blocked=[(0, 1)])
    with pytest.raises(InvalidPuzzleError, match="blocked"):
        F.format_puzzle(blocked, "pzprv3")
    with pytest.raises(InvalidPuzzleError, match="'A'"):
        F.format_solution(Solution(2, 1, {"A": [(0, 0), (0, 1)]}), "pzprv3")
    with pytest.raises(ParseError, match="unknown solution format"):
        F.format_solution(Solution(2, 1, {"1": [(0, 0), (0, 1)]}), "tokens")
