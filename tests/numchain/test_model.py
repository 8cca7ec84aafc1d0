"""Parsing the contest input, the puzzle type and the cheap exact checks."""

from __future__ import annotations

import random

import pytest

from numberlink_sat.errors import InvalidPuzzleError, ParseError
from numberlink_sat.numchain.model import (
    Puzzle,
    format_answer,
    format_puzzle,
    impossibility,
    label_counts,
    parse,
)

SAMPLE = "3 3\n0 2 0\n1 1 1\n2 0 2\n"


def test_parse_sample() -> None:
    p = parse(SAMPLE)
    assert (p.n, p.k) == (3, 3)
    assert p.grid == ((0, 2, 0), (1, 1, 1), (2, 0, 2))
    assert p.start == (0, 0) and p.end == (2, 2)


def test_parse_tolerates_blank_lines_crlf_and_spaces() -> None:
    p = parse("\r\n  3   3 \r\n0 2 0\r\n\r\n1 1 1\r\n 2 0 2  \r\n\r\n")
    assert p == parse(SAMPLE)


@pytest.mark.parametrize(
    ("text", "line", "column", "fragment"),
    [
        ("", 1, 1, "empty input"),
        ("3\n", 1, 2, "two integers"),
        ("3 3 3\n", 1, 5, "two integers"),
        ("0 3\n", 1, 1, "N = 0"),
        ("-2 3\n", 1, 1, "N = -2"),
        ("2 0\n0 0\n0 0\n", 1, 3, "K = 0"),
        ("a 3\n", 1, 1, "expected an integer, found 'a'"),
        ("2 2\n0 1\n1\n", 3, 2, "row 2 has 1 number, expected N = 2"),
        ("2 2\n0 1 1\n1 0\n", 2, 5, "row 1 has 3 numbers"),
        ("2 2\n0 1\n", 3, 1, "the board has 1 rows, expected N = 2"),
        ("2 2\n0 1\n1 0\n0 0\n", 4, 1, "extra line"),
        ("2 2\n0 1\n1 2\n", 3, 3, "2 is outside 0..1"),
        ("2 2\n0 -1\n1 0\n", 2, 3, "-1 is outside 0..1"),
        ("2 2\n0 1.5\n1 0\n", 2, 3, "expected an integer, found '1.5'"),
        ("2 2\n0 ١\n1 0\n", 2, 3, "expected an integer"),
    ],
)
def test_parse_errors_name_line_and_column(
    text: str, line: int, column: int, fragment: str
) -> None:
    with pytest.raises(ParseError) as info:
        parse(text)
    assert (info.value.line, info.value.column) == (line, column)
    assert fragment in str(info.value)


def test_puzzle_checks_its_fields() -> None:
    with pytest.raises(InvalidPuzzleError, match="N = 0"):
        Puzzle(0, 1, ())
    with pytest.raises(InvalidPuzzleError, match="K = 0"):
        Puzzle(1, 0, ((0,),))
    with pytest.raises(InvalidPuzzleError, match="row 1 has 1 cells"):
        Puzzle(2, 2, ((0, 1), (1,)))
    with pytest.raises(InvalidPuzzleError, match=r"cell \(0, 1\) holds 3"):
        Puzzle(2, 2, ((0, 3), (1, 1)))
    with pytest.raises(InvalidPuzzleError, match="not an int"):
        Puzzle(1, 1, ((True,),))


def test_format_round_trip() -> None:
    rng = random.Random(4)
    for _ in range(50):
        n, k = rng.randint(1, 6), rng.randint(1, 12)
        p = Puzzle(n, k, tuple(tuple(rng.randrange(k) for _ in range(n)) for _ in range(n)))
        assert parse(format_puzzle(p)) == p


def test_format_answer() -> None:
    assert format_answer(None) == "-1"
    assert format_answer("") == ""
    assert format_answer("41255214") == "41255214"


def test_label_counts_sum_and_agree_with_the_sequence() -> None:
    for n in range(1, 7):
        for k in range(1, n * n + 3):
            counts = label_counts(n, k)
            assert sum(counts) == n * n
            seq = [i % k for i in range(n * n)]
            assert counts == [seq.count(j) for j in range(k)]


def test_impossibility_reasons() -> None:
    assert impossibility(parse(SAMPLE)) is None
    assert "start cell" in (impossibility(Puzzle(2, 2, ((1, 0), (0, 1)))) or "")
    # the contest program demanded K-1 at the end; the rules say (N*N-1) mod K = 0 here
    assert impossibility(Puzzle(2, 3, ((0, 1), (2, 0)))) is None
    assert "end cell" in (impossibility(Puzzle(2, 3, ((0, 1), (0, 2)))) or "")
    assert "label 0 occurs" in (impossibility(Puzzle(2, 2, ((0, 1), (1, 1)))) or "")
