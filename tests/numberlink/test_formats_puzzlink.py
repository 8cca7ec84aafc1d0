"""The ``puzzlink`` format: puzz.link URLs in and out, their genre's rule, their errors.

The two small boards are the test boards of pzprjs (MIT licence, robx/pzprjs
``test/script/numlin.js`` and ``test/script/arukone.js``).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numberlink_sat.errors import InvalidPuzzleError, ParseError
from numberlink_sat.numberlink import formats as F
from numberlink_sat.numberlink.formats import puzzlink
from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.numberlink.rules import RuleOptions

NUMLIN = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
ARUKONE = "https://puzz.link/p?arukone/4/4/12l3123j"
NUMLIN_PUZZLE = Puzzle(
    5,
    5,
    {"1": ((0, 0), (3, 1)), "2": ((1, 0), (3, 4)), "3": ((1, 3), (4, 4))},
)


def test_pzprjs_numlin_board() -> None:
    p = F.parse(NUMLIN)
    assert p == NUMLIN_PUZZLE
    assert p.labels == ("1", "2", "3")
    assert p.rules == RuleOptions(fill=False)
    assert p.genre == "numlin"
    assert F.detect_format(NUMLIN) == "puzzlink"
    assert F.format_puzzle(p, "puzzlink") == NUMLIN + "\n"
    # a puzzle built by hand is written as numlin too
    assert F.format_puzzle(NUMLIN_PUZZLE, "puzzlink") == NUMLIN + "\n"


def test_pzprjs_arukone_board_and_its_flag() -> None:
    p = F.parse(ARUKONE)
    assert dict(p.endpoints) == {
        "1": ((0, 0), (2, 1)), "2": ((0, 1), (2, 2)), "3": ((2, 0), (2, 3))
    }
    assert p.rules == RuleOptions(fill=True)
    assert p.genre == "arukone"
    assert F.format_puzzle(p, "puzzlink") == ARUKONE + "\n"
    empty_ok = F.parse(ARUKONE.replace("arukone/", "arukone/e/"))
    assert empty_ok == p
    assert empty_ok.rules == RuleOptions(fill=False)
    assert F.format_puzzle(empty_ok, "puzzlink") == ARUKONE.replace("arukone/", "arukone/e/") + "\n"


def test_rules_are_not_part_of_equality() -> None:
    plain = Puzzle(5, 5, NUMLIN_PUZZLE.endpoints)
    ruled = F.parse(NUMLIN)
    assert plain == ruled and hash(plain) == hash(ruled)
    assert plain.rules is None and plain.genre is None
    again = ruled.with_rules(RuleOptions(fill=True, no_touch=True))
    assert again == ruled and again.genre == "numlin" and again.rules is not None
    assert again.rules.no_touch


@pytest.mark.parametrize(
    "url",
    [
        "http://pzv.jp/p.html?numlin/5/5/1j2h3m1h2j3",
        "https://puzz.link/p?numberlink/5/5/1j2h3m1h2j3",
        "https://puzz.link/p?numlin_edit/5/5/1j2h3m1h2j3",
        "https://puzz.link/p?type=player&numlin/5/5/1j2h3m1h2j3",
        "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3/",
        "puzz.link/p?numlin/5/5/1j2h3m1h2j3",
        "  https://puzz.link/p?numlin/5/5/1j2h3m1h2j3  \n",
    ],
)
def test_url_forms(url: str) -> None:
    assert F.parse(url) == NUMLIN_PUZZLE
    assert F.parse(url, "puzzlink").genre == "numlin"


def test_a_file_of_urls() -> None:
    text = f"# two puzzles\n{NUMLIN}\n\n{ARUKONE}\n"
    assert F.detect_format(text) == "puzzlink"
    first, second = F.read_text(text)
    assert first == NUMLIN_PUZZLE and second.genre == "arukone"
    with pytest.raises(ParseError, match="2 puzzles") as info:
        F.parse(text)
    assert info.value.line == 4


@pytest.mark.parametrize(
    "value",
    [1, 15, 16, 255, 256, 4095, 4096, 8191, 8192, 12239, 12240, 77775, 77776,
     puzzlink.MAX_CLUE],
)
def test_number16_boundaries(value: int) -> None:
    body = puzzlink.encode_number16({(0, 0): value, (0, 2): value}, 3, 1)
    assert puzzlink.decode_number16(body, 3, 1) == {(0, 0): value, (0, 2): value}
    p = Puzzle(3, 1, {str(value): ((0, 0), (0, 2))})
    assert F.parse(F.format_puzzle(p, "puzzlink")) == p


def test_number16_variants_of_pzprjs() -> None:
    # '%' and '@' both mean +8192; an uppercase hex digit after '-' reads too
    assert puzzlink.decode_number16("%001@001", 2, 1) == {(0, 0): 8193, (0, 1): 8193}
    assert puzzlink.decode_number16("-1C-1c", 2, 1) == {(0, 0): 28, (0, 1): 28}


def test_long_empty_runs() -> None:
    p = Puzzle(45, 1, {"1": ((0, 0), (0, 44))})
    url = F.format_puzzle(p, "puzzlink")
    assert url == "https://puzz.link/p?numlin/45/1/1zzi1\n"
    assert F.parse(url) == p


# (url, column, words): the column where the error points
BAD = [
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j", 42, "the body ends after 24 of the 5x5"),
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3g", 43, "past the last"),
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j31", 43, "goes on past the last"),
    ("https://puzz.link/p?slither/5/5/1j2h3m1h2j3", 21, "unknown genre 'slither'"),
    ("https://puzz.link/p?numlin/0/5/1", 28, "width 0 is out of range"),
    ("https://puzz.link/p?numlin/5/0/1", 30, "height 0 is out of range"),
    ("https://puzz.link/p?numlin/6000/6000/1", 28, "more than 25000000"),
    ("https://puzz.link/p?numlin/5/5", 31, "the body is missing"),
    ("https://puzz.link/p?numlin/5", 29, "the height is missing"),
    ("https://puzz.link/p?numlin/x5/5/1", 28, "where the width or a flag is expected"),
    ("https://puzz.link/p?numlin/5/x/1", 30, "height must be a whole number"),
    ("https://puzz.link/p?numlin/3/1/1.1", 33, "a '?' clue"),
    ("https://puzz.link/p?numlin/4/1/2g21", 35, "clue 1 appears only once, at (row 0, column 3)"),
    ("https://puzz.link/p?numlin/3/1/111", 34, "clue 1 appears 3 times"),
    ("https://puzz.link/p?numlin/3/1/0g0", 32, "clue 0"),
    ("https://puzz.link/p?numlin/3/1/1g-1", 34, "'-' needs 2 hex digits"),
    ("https://puzz.link/p?numlin/3/1/1g+zz1", 34, "'+' needs 3 hex digits"),
    ("https://puzz.link/p?numlin/3/1/1gA", 34, "unknown character 'A'"),
    ("https://puzz.link/p?numlin/3/1/1/g1", 33, "unexpected '/'"),
    ("https://puzz.link/p?arukone/x/3/1/1g1", 29, "its only flag is 'e'"),
    ("https://puzz.link/p?numlin/e/3/1/1g1", 28, "it takes no flag"),
    ("https://puzz.link/p?arukone/3/1/-35g-35", 33, "past 52"),
    ("https://puzz.link/p", 1, "not a puzz.link URL"),
]


@pytest.mark.parametrize(("url", "column", "words"), BAD)
def test_bad_urls_name_the_position(url: str, column: int, words: str) -> None:
    with pytest.raises(ParseError) as info:
        F.parse(url, "puzzlink")
    assert words in info.value.message, str(info.value)
    assert (info.value.line, info.value.column) == (1, column), str(info.value)


def test_error_line_in_a_file_of_urls() -> None:
    with pytest.raises(ParseError) as info:
        F.read_text(f"{NUMLIN}\n  https://puzz.link/p?numlin/0/5/1\n")
    assert (info.value.line, info.value.column) == (2, 30)


@pytest.mark.parametrize(
    ("puzzle", "words"),
    [
        (Puzzle(3, 1, {"1": ((0, 0), (0, 2))}, blocked=[(0, 1)]), "blocked"),
        (Puzzle(3, 1, {"07": ((0, 0), (0, 2))}), "'07'"),
        (Puzzle(3, 1, {"A": ((0, 0), (0, 2))}), "'A'"),
        (Puzzle(3, 1, {"0": ((0, 0), (0, 2))}), "'0'"),
        (Puzzle(3, 1, {str(puzzlink.MAX_CLUE + 1): ((0, 0), (0, 2))}), "1..1126351"),
        (F.parse(ARUKONE).with_rules(None) and Puzzle(
            3, 1, {"53": ((0, 0), (0, 2))}, genre="arukone"), "1..52"),
    ],
)
def test_writer_refuses_what_a_url_cannot_hold(puzzle: Puzzle, words: str) -> None:
    assert not F.can_hold(puzzle, "puzzlink")
    with pytest.raises(InvalidPuzzleError, match=words):
        F.format_puzzle(puzzle, "puzzlink")


BODY_SYMBOLS = "0123456789abcdefghijklmnopqrstuvwxyz-+=%@*$./ABCDEF?&"


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.text(BODY_SYMBOLS, max_size=30),
       st.sampled_from(["numlin", "arukone", "arukone/e", "numberlink", "numlin_play"]))
def test_random_bodies_read_or_fail_with_a_position(
    width: int, height: int, body: str, genre: str
) -> None:
    url = f"https://puzz.link/p?{genre}/{width}/{height}/{body}"
    try:
        p = F.parse(url)
    except ParseError as err:
        assert err.line == 1 and err.column is not None and 1 <= err.column <= len(url) + 1
    else:
        # whatever reads writes back to a URL that reads as the same puzzle
        assert F.parse(F.format_puzzle(p, "puzzlink")) == p


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 30), st.integers(1, 30), st.data())
def test_number16_round_trip(width: int, height: int, data: st.DataObject) -> None:
    cells = [(r, c) for r in range(height) for c in range(width)]
    chosen = data.draw(st.lists(st.sampled_from(cells), unique=True, max_size=20))
    values = {
        cell: data.draw(st.integers(1, puzzlink.MAX_CLUE)) for cell in chosen
    }
    body = puzzlink.encode_number16(values, width, height)
    assert puzzlink.decode_number16(body, width, height) == values


def test_a_url_that_carries_a_pzprv3_file() -> None:
    board = ("pzprv3/numlin/5/5/1 . . . . /2 . . 3 . /. . . . . /. 1 . . 2 /. . . . 3 /"
             "1 -1 1 1 /0 -1 0 0 /0 -1 -1 0 /0 -1 -1 0 /1 1 -1 1 /0 1 1 0 1 /1 1 1 1 1 /"
             "1 1 1 1 1 /1 0 1 1 0 /")
    url = "https://puzz.link/p?" + board.replace(" ", "%20")
    assert F.detect_format(url) == "puzzlink"
    p = F.parse(url)
    assert p == NUMLIN_PUZZLE and p.rules == RuleOptions(fill=False)
    solution = F.parse_solution(url)
    assert solution == F.parse_solution(board)
    assert F.parse_solution(url, "pzprv3") == solution
    with pytest.raises(ParseError, match=r"pzprv3 file of the URL.*clue 1 appears only once"):
        F.parse(url.replace("/.%201%20.", "/.%20.%20.", 1))
    # without percent-escapes the error points at its place in the URL
    plain = "https://puzz.link/p?pzprv3/numlin/1/3/1 . 2 /"
    with pytest.raises(ParseError) as info:
        puzzlink.parse_url(plain.replace(" ", ""))  # no spaces: the row has one entry
    assert info.value.column == len("https://puzz.link/p?pzprv3/numlin/1/3/1.2") + 1
