"""Reading and writing puzzles: the hand-written files, detection, errors, refusals."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

from numberlink_sat.errors import InvalidPuzzleError, ParseError
from numberlink_sat.numberlink import formats as F
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.verify import verify

FIVE = Puzzle(
    5,
    5,
    {
        "1": ((0, 0), (4, 3)),
        "2": ((0, 4), (4, 4)),
        "3": ((1, 0), (3, 2)),
        "4": ((2, 0), (4, 2)),
        "5": ((3, 0), (4, 0)),
    },
)
BLOCKED = Puzzle(
    4, 3, {"10": ((0, 0), (1, 3)), "7": ((2, 0), (2, 3))}, blocked=[(0, 3), (1, 1)]
)
XY = Puzzle(4, 3, {"X": ((0, 0), (2, 0)), "Y": ((0, 3), (2, 2))}, blocked=[(1, 1)])
SQUARE = Puzzle(4, 4, {"A": ((0, 0), (3, 0)), "B": ((0, 3), (3, 3)), "C": ((2, 1), (3, 1))})

# file -> (format, expected puzzles, whether format="auto" reads it too)
DATA_FILES = {
    "five.tokens.txt": ("tokens", [FIVE], True),
    "five.compact.txt": ("compact", [FIVE], True),
    "five.pipes.txt": ("pipes", [FIVE], True),
    "five_and_xy.wh.txt": ("wh", [FIVE, XY], True),
    "five.colsrows.txt": ("colsrows", [FIVE], True),
    "five_comma.colsrows.txt": ("colsrows", [FIVE], True),
    "five_preamble.colsrows.txt": ("colsrows", [FIVE], False),
    "five.adc.txt": ("adc", [FIVE], True),
    "five.json": ("json", [FIVE], True),
    "square.flow.txt": ("flow", [SQUARE], False),
    "blocked.tokens.txt": ("tokens", [BLOCKED], True),
    "blocked.pipes.txt": ("pipes", [BLOCKED], True),
    "blocked.json": ("json", [BLOCKED], True),
}


def test_every_data_file_is_listed(data_dir: Path) -> None:
    assert sorted(p.name for p in (data_dir / "formats").iterdir()) == sorted(DATA_FILES)


@pytest.mark.parametrize("name", sorted(DATA_FILES))
def test_data_file_reads_in_its_format(data_dir: Path, name: str) -> None:
    fmt, expected, auto_ok = DATA_FILES[name]
    path = data_dir / "formats" / name
    assert F.read(path, fmt) == expected
    text = path.read_text()
    if auto_ok:
        assert F.detect_format(text) == fmt
        assert F.read(path) == expected
    else:
        with pytest.raises(ParseError):
            F.read(path)


def test_seed_example_and_solution(data_dir: Path) -> None:
    puzzle = F.read(data_dir / "seed000_7x7.txt")[0]
    # The 7x7 example (docs/examples/seed-7x7.txt), in token form.
    spec = F.parse(
        """
        . . . . . . 4
        . . . . . 3 .
        . . 2 2 . . 3
        . . . . X . 1
        . . 6 . . 7 7
        5 4 . X . X 1
        . 5 . 6 . . .
        """
    )
    assert puzzle == spec
    assert F.detect_format((data_dir / "seed000_7x7.txt").read_text()) == "pipes"
    solution = F.parse_solution((data_dir / "seed000_7x7_solution.txt").read_text())
    assert verify(puzzle, solution) == []
    seed_grid = [
        "4 4 4 4 4 4 4",
        "4 1 1 1 1 3 3",
        "4 1 2 2 1 1 3",
        "4 1 1 1 X 1 1",
        "4 4 6 1 1 7 7",
        "5 4 6 X 1 X 1",
        "5 5 6 6 1 1 1",
    ]
    got = [" ".join(v or "X" for v in row) for row in solution.grid()]
    assert got == seed_grid


def test_seed_pipes_two_digit_cells() -> None:
    p = F.parse("| 12|| || 12|\n| 7 || X || 7 |", "pipes")
    assert p.endpoints == {"12": ((0, 0), (0, 2)), "7": ((1, 0), (1, 2))}
    assert p.blocked == {(1, 1)}
    assert F.format_puzzle(p, "pipes") == "| 12|| || 12|\n| 7 || X || 7 |\n"


# --------------------------------------------------------------------------- detection

@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        ("| 1 || 1 |", "pipes"),
        ("  | 1 || 1 |", "pipes"),
        ("SIZE 2X1\nLINE_NUM 1\nLINE#1 (0,0)-(1,0)", "adc"),
        ('{"width": 2, "height": 1, "endpoints": {"a": [[0,0],[0,1]]}}', "json"),
        ("# comment\n2 1\naa", "wh"),
        ("\n2 1\naa\n0 0", "wh"),
        ("3 1\n1 - 1", "colsrows"),
        ("1, 3\n1 - 1", "colsrows"),
        ("1 . 1", "tokens"),
        ("12 . 12\n. . .", "tokens"),
        ("1.1", "compact"),
        ("#1.1\n.1..", "compact"),
        ("R.R\n...\n...", "compact"),
        ("3 1\n1 2 1", "colsrows"),  # the header fits (and the text is bad either way)
        ("1 2\n2 1", "tokens"),  # '1 2' as a header wants rows of 1 token: a token grid
    ],
)
def test_detect_format(text: str, fmt: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        detected = F.detect_format(text)
    assert detected == fmt


def test_ambiguous_token_grid_warns_and_explicit_format_settles_it() -> None:
    text = "2 2\n. .\n. .\n"  # colsrows 2x2 board, or a 2x3 token grid with label 2
    with pytest.warns(F.AmbiguousFormatWarning, match="name the format"):
        auto = F.parse(text)
    assert (auto.width, auto.height, auto.labels) == (2, 2, ())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        as_tokens = F.parse(text, "tokens")
        as_colsrows = F.parse(text, "colsrows")
    assert as_tokens == Puzzle(2, 3, {"2": ((0, 0), (0, 1))})
    assert as_colsrows == auto


def test_explicit_format_wins() -> None:
    # X is blocked in compact, a label in flow and wh.
    assert F.parse("X.X\n...\n...", "compact").blocked == {(0, 0), (0, 2)}
    assert F.parse("X.X\n...\n...", "flow").labels == ("X",)
    assert F.parse("3 1\nX.X", "wh").labels == ("X",)
    # a digit is an empty cell in flow, a label in compact
    assert F.parse("1a1\na..\n...", "flow").labels == ("a",)
    # '#' is blocked in wh; a line starting with '#' inside a body is a row
    assert F.parse("2 2\n#a\na.", "wh").blocked == {(0, 0)}


def test_labels_are_case_sensitive_and_kept_as_written() -> None:
    p = F.parse("07 . 7\n7 a 07\nA . a\n. A .")
    assert set(p.labels) == {"07", "7", "a", "A"}


def test_crlf_and_bom() -> None:
    assert F.parse("\ufeff1.1\r\n...\r\n") == F.parse("1.1\n...")
    assert F.parse("1.1\r...\r") == F.parse("1.1\n...")
    assert F.parse('\ufeff{"width": 1, "height": 1, "endpoints": {}}').width == 1
    with pytest.raises(ParseError) as info:
        F.parse('\ufeff{"width": 0, "height": 1, "endpoints": {}}')
    assert (info.value.line, info.value.column) == (1, 11)


# --------------------------------------------------------------------------- errors

MALFORMED = [
    # (text, format, line, column, words in the message)
    ("", "auto", 1, 1, "empty"),
    ("  \n\n", "tokens", 1, 1, "empty"),
    ("", "wh", 1, 1, "empty"),
    ("", "json", 1, 1, "empty"),
    ("1 . .\n. . 2\n2 . 1\n1 . .", "tokens", 4, 1, "third time"),
    ("1 . .\n. . 2\n2 . .", "tokens", 1, 1, "only once"),
    (". . 12\n. . .", "tokens", 1, 5, "only once"),
    ("1 . 1\n. - .", "tokens", 2, 3, "unknown symbol"),
    ("1 . 1\n. . . .", "tokens", 2, 7, "row 2 has 4 cells"),
    ("1 . 1\n. .", "tokens", 2, 4, "row 2 has 2 cells"),
    ("1 . 1\n\n. . .", "tokens", 3, 1, "one puzzle"),
    ("1.1\n..", "compact", 2, 3, "row 2 has 2"),
    ("1.1\n....", "compact", 2, 4, "row 2 has 4"),
    ("1.1\n.?.", "compact", 2, 2, "unknown symbol"),
    ("1.1\n. .", "compact", 2, 2, "white space"),
    ("1.1\n..1", "compact", 2, 3, "third time"),
    ("12.\n...", "compact", 1, 1, "only once"),
    ("| 1 || . || 1 |", "pipes", 1, 8, "unknown symbol"),
    ("| 1 || || 1 |\n| || |", "pipes", 2, 7, "row 2 has 2 cells"),
    ("| 1 || || 1 |\n| || || || |", "pipes", 2, 10, "row 2 has 4 cells"),
    ("| 1 || || 1", "pipes", 1, 9, "not closed"),
    ("| 1 | x | 1 |", "pipes", 1, 7, "between cells"),
    ("| 1 || || 2 |", "pipes", 1, 3, "only once"),
    ("2 2\nab\nba\n2 1\nab", "wh", 5, 1, "only once"),
    ("3 2\nab.\nab", "wh", 3, 3, "row 2 of 2 has 2 cells"),
    ("3 2\nab.\nab..", "wh", 3, 4, "row 2 has 4 cells"),
    ("3 2\nab.\n\nab.", "wh", 3, 1, "is blank"),
    ("3 2\nab.", "wh", 3, 1, "end of input"),
    ("3 2\nab.\nab.\n...", "wh", 4, 1, "one row more than the 2 rows"),
    ("3 2\nab.\nab.\n\n...", "wh", 5, 1, "expected a 'W H' header"),
    ("3 1\na a", "wh", 2, 2, "unknown symbol"),
    ("3 1\na\x01a", "wh", 2, 2, "unknown symbol"),
    ("3 1\naaa", "wh", 2, 3, "third time"),
    ("# only comments\n", "wh", 2, 1, "no puzzle"),
    ("# only comments\nhello", "wh", 2, 1, "header"),
    ("3 x\n...", "wh", 1, 1, "header"),
    ("0 3\n.", "wh", 1, 1, "width 0"),
    ("3 -1\n...", "wh", 1, 3, "height -1"),
    ("3 999999999\n...", "wh", 1, 3, "out of range"),
    ("99999 99999\n...", "wh", 1, 1, "more than"),
    ("R.R\n...", "flow", 3, 1, "end of input"),
    ("R.R\n..\n...", "flow", 2, 3, "row 2 has 2"),
    ("R.R\n....\n...", "flow", 2, 4, "row 2 has 4"),
    ("R.R\n...\n..R", "flow", 3, 3, "third time"),
    ("", "flow", 1, 1, "empty"),
    ("3 2\n1 - 1\n- -", "colsrows", 3, 4, "row 2 has 2 cells"),
    ("3 2\n1 - 1", "colsrows", 3, 1, "end of input"),
    ("3 1\n1 ab 1", "colsrows", 2, 3, "unknown symbol"),
    ("3 1\n1 - 2", "colsrows", 2, 1, "only once"),
    ("3 1\n1 - 1\n- - -", "colsrows", 3, 1, "announces (3 x 1)"),
    ("no header here\nat all", "colsrows", 3, 1, "no 'COLS ROWS' header"),
    ("3 1 4\n1 - 1", "colsrows", 1, 1, "header"),
    ("0, 3\n", "colsrows", 1, 1, "height 0"),
    ("SIZE 10X5X3\nLINE_NUM 0", "adc", 1, 11, "3-D"),
    ("SIZE 3X1\nLINE_NUM 1\nLINE#1 (0,0,1) (2,0,1)", "adc", 3, 13, "3-D"),
    ("SIZE 3X1\nLINE_NUM 1\nLINE#1 (0,0)-(2,0)\nVIA#a (1,0,1) (1,0,2)", "adc", 4, 1, "3-D"),
    ("SIZE 3X1\nLINE_NUM 2\nLINE#1 (0,0)-(2,0)", "adc", 2, 1, "LINE_NUM says 2"),
    ("SIZE 3X1\nLINE#1 (0,0)-(2,0)", "adc", 3, 1, "no 'LINE_NUM"),
    ("SIZE 3X1\nLINE_NUM 1\nLINE#1 (0,0)-(3,0)", "adc", 3, 14, "off the 3x1 board"),
    ("SIZE 3X1\nLINE_NUM 1\nLINE#1 (0,0)-(0,0)", "adc", 3, 14, "given twice"),
    ("SIZE 3X1\nLINE_NUM 2\nLINE#1 (0,0)-(2,0)\nLINE#1 (1,0)-(1,0)", "adc", 4, 6, "twice"),
    ("SIZE 3X1\nLINE_NUM 1\nLINE#1 (0,0)-(2,0) extra", "adc", 3, 20, "unexpected text"),
    ("SIZE 3X1\nLINE_NUM 1\nLINE#1 (0,0)", "adc", 3, 13, "expected '(x,y)'"),
    ("SIZE 3X1\nLINE_NUM 1\nLINE 1 (0,0)-(2,0)", "adc", 3, 1, "expected 'LINE#k"),
    ("SIZE 0X1\nLINE_NUM 0", "adc", 1, 6, "width 0"),
    ("SIZE 100000X100000\nLINE_NUM 0", "adc", 1, 6, "more than"),
    ("LINE_NUM 1\nSIZE 3X1", "adc", 1, 1, "SIZE"),
    ('{"width": 2, "height": 1, "endpoints": {"a": [[0, 0], [0, 2]]}}', "json", 1, 55, "off"),
    ('{"width": 2, "height": 1,\n "endpoints": {"a": [[0, 0]]}}', "json", 2, 21, "two cells"),
    ('{"width": 2, "height": 1, "endpoints": {}, "x": 1}', "json", 1, 44, "unknown key"),
    ('{"width": 2, "height": 1, "endpoints": {}', "json", 1, 42, "expected"),
    ('{"width": 2.5, "height": 1, "endpoints": {}}', "json", 1, 11, "integer"),
    ('{"width": true, "height": 1, "endpoints": {}}', "json", 1, 11, "integer"),
    ('{"width": 0, "height": 1, "endpoints": {}}', "json", 1, 11, "width 0"),
    ('{"height": 1, "endpoints": {}}', "json", 1, 1, "missing key 'width'"),
    ('{"width": 2, "height": 1}', "json", 1, 1, "missing key 'endpoints'"),
    ('[{"width": 2, "height": 1, "endpoints": {}}]', "json", 1, 1, "one puzzle"),
    ('{"width": 2, "height": 1, "endpoints": {}} {}', "json", 1, 44, "text after"),
    ('{"width": 2, "width": 1, "endpoints": {}}', "json", 1, 14, "duplicate key"),
    (
        '{"width": 2, "height": 1, "blocked": [[0, 0]], "endpoints": {"a": [[0, 0], [0, 1]]}}',
        "json", 1, 68, "given twice",
    ),
    ('{"width": 2, "height": 1, "endpoints": {"": [[0, 0], [0, 1]]}}', "json", 1, 41, "empty"),
    ('{"width": ' + "9" * 200 + ', "height": 1}', "json", 1, 11, "number longer"),
    ("[" * 100, "json", 1, 66, "nested deeper"),
    ('{"width": 2, "height": 1, "endpoints": {"a\\ud800": []}}', "json", 1, 41, "surrogate"),
    ('{"width": 2, "height": 1, "endpoints": {"a": [[0, 0], [0, 1]]]}', "json", 1, 62, "'}'"),
    ("1 . 1", "nonsense", 1, 1, "unknown format"),
]


@pytest.mark.parametrize(("text", "fmt", "line", "column", "words"), MALFORMED)
def test_malformed_input_names_line_and_column(
    text: str, fmt: str, line: int, column: int, words: str
) -> None:
    with pytest.raises(ParseError) as info:
        F.parse(text, fmt)
    err = info.value
    assert (err.line, err.column) == (line, column), str(err)
    assert words in err.message, str(err)
    assert str(err).startswith(f"line {line}, column {column}: ")
    assert isinstance(err, ValueError)


def test_several_puzzles_where_one_is_expected() -> None:
    text = "# two\n2 1\naa\n\n3 1\nb.b\n0 0\n"
    assert len(F.read_text(text)) == 2
    with pytest.raises(ParseError, match="read") as info:
        F.parse(text)
    assert (info.value.line, info.value.column) == (5, 1)


def test_wh_stops_at_zero_zero() -> None:
    assert len(F.read_text("2 1\naa\n0 0\nthis is not a puzzle\n")) == 1


def test_read_refuses_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(b"1 . 1\n. \xff .\n")
    with pytest.raises(ParseError, match="UTF-8") as info:
        F.read(path)
    assert (info.value.line, info.value.column) == (2, 3)


def test_read_unknown_format_before_touching_the_file(tmp_path: Path) -> None:
    with pytest.raises(ParseError, match="unknown format"):
        F.read(tmp_path / "does-not-exist.txt", "csv")


# --------------------------------------------------------------------------- writing

REFUSED = [
    (Puzzle(3, 1, {"12": ((0, 0), (0, 2))}), "compact", "'12'"),
    (Puzzle(3, 1, {"12": ((0, 0), (0, 2))}), "wh", "'12'"),
    (Puzzle(3, 1, {"12": ((0, 0), (0, 2))}), "flow", "square"),
    (Puzzle(3, 3, {"12": ((0, 0), (0, 2))}), "flow", "'12'"),
    (Puzzle(3, 3, {"1": ((0, 0), (0, 2))}), "flow", "'1'"),
    (Puzzle(3, 3, {"a": ((0, 0), (0, 2))}, blocked=[(1, 1)]), "flow", "blocked"),
    (Puzzle(3, 1, {"a": ((0, 0), (0, 2))}), "colsrows", "'a'"),
    (Puzzle(3, 2, {"1": ((0, 0), (0, 2))}, blocked=[(1, 1)]), "colsrows", "blocked"),
    (Puzzle(3, 1, {"a": ((0, 0), (0, 2))}), "adc", "'a'"),
    (Puzzle(3, 2, {"1": ((0, 0), (0, 2))}, blocked=[(1, 1)]), "adc", "blocked"),
    (Puzzle(3, 1, {"X": ((0, 0), (0, 2))}), "tokens", "'X'"),
    (Puzzle(3, 1, {"X": ((0, 0), (0, 2))}), "compact", "'X'"),
    (Puzzle(3, 1, {"X": ((0, 0), (0, 2))}), "pipes", "'X'"),
    (Puzzle(3, 1, {".": ((0, 0), (0, 2))}), "wh", "'.'"),
    (Puzzle(3, 1, {"#": ((0, 0), (0, 2))}), "wh", "'#'"),
    (Puzzle(3, 1, {"#": ((0, 0), (0, 2))}), "tokens", "'#'"),
    (Puzzle(3, 1, {" ": ((0, 0), (0, 2))}), "wh", "' '"),
    (Puzzle(3, 1, {"a b": ((0, 0), (0, 2))}), "tokens", "'a b'"),
    (Puzzle(3, 1, {"a-b": ((0, 0), (0, 2))}), "pipes", "'a-b'"),
]


@pytest.mark.parametrize(("puzzle", "fmt", "words"), REFUSED)
def test_format_refuses_what_it_cannot_hold(puzzle: Puzzle, fmt: str, words: str) -> None:
    assert not F.can_hold(puzzle, fmt)
    with pytest.raises(InvalidPuzzleError, match=words):
        F.format_puzzle(puzzle, fmt)
    # json holds everything
    assert F.parse(F.format_puzzle(puzzle, "json"), "json") == puzzle


def test_format_unknown_name() -> None:
    with pytest.raises(ParseError, match="unknown format"):
        F.format_puzzle(FIVE, "auto")
    with pytest.raises(ParseError, match="unknown format"):
        F.can_hold(FIVE, "png")


@pytest.mark.parametrize("fmt", F.FORMATS)
def test_written_data_puzzle_reads_back(fmt: str) -> None:
    for puzzle in (FIVE, BLOCKED, XY, SQUARE):
        if F.can_hold(puzzle, fmt):
            text = F.format_puzzle(puzzle, fmt)
            assert text.endswith("\n")
            assert F.parse(text, fmt) == puzzle


def test_formats_tuple() -> None:
    assert F.FORMATS == (
        "tokens", "compact", "pipes", "wh", "flow", "colsrows", "adc", "json", "puzzlink",
        "pzprv3",
    )


def test_wh_several_puzzles_write_and_read() -> None:
    from numberlink_sat.numberlink.formats import wh

    text = wh.write_puzzles([FIVE, XY])
    assert F.read_text(text) == [FIVE, XY]


# --------------------------------------------------------------------------- solutions

SOL = Solution(3, 2, {"a b": [(0, 0), (0, 1), (0, 2)], "7": [(1, 0), (1, 1), (1, 2)]})


def test_solution_round_trip_with_and_without_grid() -> None:
    s = Solution(3, 2, {"1": [(0, 0), (0, 1), (0, 2), (1, 2)], "22": [(1, 0), (1, 1)]})
    text = F.format_solution(s)
    assert text.splitlines()[-2:] == [" 1  1  1", "22 22  1"]
    assert F.parse_solution(text) == s
    bare = F.format_solution(s, grid=False)
    assert bare.rstrip().endswith("}}")
    assert F.parse_solution(bare) == s
    assert F.parse_solution(F.format_solution(SOL)) == SOL  # label with a space: no grid
    assert "\n\n" not in F.format_solution(SOL)


def test_solution_grid_marks_blocked_cells_of_the_puzzle() -> None:
    puzzle = Puzzle(3, 2, {"1": ((0, 0), (0, 2))}, blocked=[(1, 1)])
    s = Solution(3, 2, {"1": [(0, 0), (0, 1), (0, 2)]})
    text = F.format_solution(s, puzzle=puzzle)
    assert text.splitlines()[-2:] == ["1 1 1", ". X ."]
    assert F.parse_solution(text) == s


def test_solution_keeps_path_order() -> None:
    s = F.parse_solution('{"width": 2, "height": 2, "paths": {"a": [[1,0],[0,0],[0,1],[1,1]]}}')
    assert s.paths["a"] == ((1, 0), (0, 0), (0, 1), (1, 1))


BAD_SOLUTIONS = [
    ("", 1, 1, "empty"),
    ('{"width": 2, "height": 1, "paths": {"a": []}}', 1, 42, "non-empty"),
    ('{"width": 2, "height": 1, "paths": {"a": [[0, 2]]}}', 1, 43, "off"),
    ('{"width": 2, "height": 1, "paths": {"a": [[0, 0]]}, "x": 0}', 1, 53, "unknown key"),
    ('{"width": 2, "height": 1}', 1, 1, "missing key 'paths'"),
    ('{"width": 2, "height": 1, "paths": {"a": [[0, 0], [0, 1]]}}\n\na b', 3, 3, "but the path"),
    ('{"width": 2, "height": 1, "paths": {"a": [[0, 0]]}}\n\na a', 3, 3, "no path passes"),
    ('{"width": 2, "height": 1, "paths": {"a": [[0, 0]]}}\n\na', 3, 2, "width is 2"),
    ('{"width": 2, "height": 1, "paths": {"a": [[0, 0]]}}\n\na .\n. .', 4, 1, "more than 1"),
    ('{"width": 2, "height": 2, "paths": {"a": [[0, 0]]}}\na .\n', 3, 1, "has 1 rows"),
    ('{"width": 2, "height": 1, "paths": {"a": [[0, 0]]}} a .', 1, 53, "same line"),
]


@pytest.mark.parametrize(("text", "line", "column", "words"), BAD_SOLUTIONS)
def test_malformed_solution(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(ParseError) as info:
        F.parse_solution(text)
    assert (info.value.line, info.value.column) == (line, column), str(info.value)
    assert words in info.value.message, str(info.value)


def test_examples_in_docs_formats_md_read_in_their_format() -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "formats.md"
    text = page.read_text(encoding="utf-8")
    examples = re.findall(r"^### `(\w+)`.*?^```\w*\n(.*?)^```", text, re.S | re.M)
    assert sorted(name for name, _ in examples) == sorted(F.FORMATS)
    for name, body in examples:
        puzzles = F.read_text(body, name)
        assert puzzles, name
        if name == "flow":
            assert puzzles == [SQUARE]
        elif name == "wh":
            assert puzzles[0].width == 5 and len(puzzles) == 2
        else:
            assert len(puzzles) == 1 and puzzles[0].width == 5 and len(puzzles[0].labels) == 5
