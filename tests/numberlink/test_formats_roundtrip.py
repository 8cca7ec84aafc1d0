"""Property tests: random small puzzles survive format -> parse in every format that can
hold them, and no text, however broken, gets anything but a ParseError with a position."""

from __future__ import annotations

import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numberlink_sat.errors import InvalidPuzzleError, ParseError
from numberlink_sat.numberlink import formats as F
from numberlink_sat.numberlink.model import Puzzle

LABEL_KINDS = {
    "digits": st.text("0123456789", min_size=1, max_size=3),
    "letters": st.text("abcXYZ", min_size=1, max_size=1),
    "alnum": st.text("aZ09X", min_size=1, max_size=3),
    "printable": st.characters(min_codepoint=33, max_codepoint=126),
    "anything": st.text(min_size=1, max_size=4),
}


def same(a: Puzzle, b: Puzzle) -> bool:
    """Equal puzzles up to the order of each label's two ends (grid formats write
    row-major, so the order of the ends is not kept by them)."""
    return _canonical(a) == _canonical(b)


def _canonical(p: Puzzle) -> Puzzle:
    ends = {label: tuple(sorted(pair)) for label, pair in p.endpoints.items()}
    return Puzzle(p.width, p.height, ends, p.blocked)


@st.composite
def puzzles(draw: st.DrawFn, max_side: int = 6) -> Puzzle:
    width = draw(st.integers(1, max_side))
    height = draw(st.integers(1, max_side))
    if width * height < 2:
        width = 2
    cells = [(r, c) for r in range(height) for c in range(width)]
    order = draw(st.permutations(cells))
    kind = draw(st.sampled_from(sorted(LABEL_KINDS)))
    labels = draw(
        st.lists(LABEL_KINDS[kind], unique=True, max_size=min(8, len(cells) // 2))
    )
    free = len(cells) - 2 * len(labels)
    n_blocked = draw(st.integers(0, free)) if draw(st.booleans()) else 0
    ends = {
        label: (order[2 * i], order[2 * i + 1]) for i, label in enumerate(labels)
    }
    blocked = order[2 * len(labels) : 2 * len(labels) + n_blocked]
    return Puzzle(width, height, ends, blocked)


@settings(max_examples=300, deadline=None)
@given(puzzles())
def test_format_then_parse_gives_the_puzzle_back(puzzle: Puzzle) -> None:
    held = 0
    for fmt in F.FORMATS:
        if not F.can_hold(puzzle, fmt):
            try:
                F.format_puzzle(puzzle, fmt)
            except InvalidPuzzleError:
                continue
            raise AssertionError(f"{fmt} wrote a puzzle can_hold refused")
        held += 1
        text = F.format_puzzle(puzzle, fmt)
        assert same(F.parse(text, fmt), puzzle), (fmt, text)
        (again,) = F.read_text(text, fmt)
        assert same(again, puzzle)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            detected = F.detect_format(text)
        if fmt in ("compact", "pipes", "wh", "adc", "json", "puzzlink", "pzprv3"):
            assert detected == fmt, text
        elif fmt == "flow":
            assert detected == "compact"
            if "X" not in puzzle.labels:
                assert same(F.parse(text), puzzle)
        elif fmt == "tokens" and detected == "compact":
            # one column: no white space in any row, so auto reads it as compact
            assert puzzle.width == 1
            if all(len(label) == 1 for label in puzzle.labels):
                assert same(F.parse(text), puzzle)
        elif fmt == "tokens" and detected != "tokens":
            # a token grid whose first row reads as a 'COLS ROWS' header: warned about
            assert detected == "colsrows"
            assert any(issubclass(w.category, F.AmbiguousFormatWarning) for w in caught), text
        if detected == fmt:
            with warnings.catch_warnings():
                # an ambiguous text that auto reads right still warns (tested above)
                warnings.simplefilter("ignore", F.AmbiguousFormatWarning)
                assert same(F.parse(text), puzzle)
    assert held >= 1  # json holds everything


@settings(max_examples=100, deadline=None)
@given(puzzles())
def test_solution_shaped_json_is_not_a_puzzle(puzzle: Puzzle) -> None:
    text = F.format_puzzle(puzzle, "json").replace('"endpoints"', '"paths"')
    try:
        F.parse(text)
    except ParseError as err:
        assert err.line == 1 and err.column is not None
    else:
        raise AssertionError("a solution-shaped object was read as a puzzle")


SYMBOLS = "0123456789abXx.#|-, ()\n\r\t{}[]\":SIZELN_UM#"


def _check_error(text: str, err: ParseError) -> None:
    assert err.line is not None and err.column is not None, str(err)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    assert 1 <= err.line <= len(lines) + 1, str(err)
    assert err.column >= 1, str(err)


@settings(max_examples=400, deadline=None)
@given(st.text(SYMBOLS, max_size=40), st.sampled_from(("auto", *F.FORMATS)))
def test_random_text_reads_or_fails_with_a_position(text: str, fmt: str) -> None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            F.read_text(text, fmt)
    except ParseError as err:
        _check_error(text, err)


@settings(max_examples=300, deadline=None)
@given(puzzles(max_side=4), st.sampled_from(F.FORMATS), st.data())
def test_damaged_text_reads_or_fails_with_a_position(
    puzzle: Puzzle, fmt: str, data: st.DataObject
) -> None:
    if not F.can_hold(puzzle, fmt):
        return
    text = F.format_puzzle(puzzle, fmt)
    pos = data.draw(st.integers(0, len(text)))
    cut = data.draw(st.integers(0, 3))
    insert = data.draw(st.text(SYMBOLS, max_size=3))
    damaged = text[:pos] + insert + text[pos + cut :]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            F.read_text(damaged, fmt)
    except ParseError as err:
        _check_error(damaged, err)


@settings(max_examples=200, deadline=None)
@given(st.text(SYMBOLS, max_size=60))
def test_random_solution_text_reads_or_fails_with_a_position(text: str) -> None:
    full = '{"width": 2, "height": 2, "paths": {"a": [[0, 0], [0, 1]]}}\n' + text
    try:
        F.parse_solution(full)
    except ParseError as err:
        _check_error(full, err)


def _symbol(puzzle: Puzzle, fmt: str, cell: tuple[int, int]) -> str:
    """What the writer of ``fmt`` puts on ``cell``."""
    if cell in puzzle.blocked:
        return "#" if fmt == "wh" else "X"
    return puzzle.label_at.get(cell, ".")


def _cell_position(puzzle: Puzzle, fmt: str, cell: tuple[int, int]) -> tuple[int, int]:
    """Line and column where the writer of ``fmt`` puts ``cell`` (grid formats)."""
    r, c = cell
    if fmt == "compact":
        return r + 1, c + 1
    if fmt == "wh":
        return r + 2, c + 1
    assert fmt == "tokens"
    size = max((len(label) for label in puzzle.labels), default=1)
    value = _symbol(puzzle, fmt, cell)
    return r + 1, c * (size + 1) + (size - len(value)) + 1


def _set_cell(text: str, puzzle: Puzzle, fmt: str, cell: tuple[int, int], value: str) -> str:
    line, column = _cell_position(puzzle, fmt, cell)
    lines = text.split("\n")
    old = _symbol(puzzle, fmt, cell)
    row = lines[line - 1]
    assert row[column - 1 : column - 1 + len(old)] == old
    lines[line - 1] = row[: column - 1] + value.rjust(len(old)) + row[column - 1 + len(old) :]
    return "\n".join(lines)


@settings(max_examples=200, deadline=None)
@given(puzzles(max_side=5), st.sampled_from(("tokens", "compact", "wh")), st.data())
def test_a_label_once_or_thrice_is_reported_where_it_stands(
    puzzle: Puzzle, fmt: str, data: st.DataObject
) -> None:
    labels = [label for label in puzzle.labels if len(label) == 1]
    if not F.can_hold(puzzle, fmt) or not labels:
        return
    text = F.format_puzzle(puzzle, fmt)
    label = data.draw(st.sampled_from(labels))
    a, b = sorted(puzzle.endpoints[label])
    # once: blank the later end; the error points at the earlier one
    with pytest.raises(ParseError, match="only once") as info:
        F.parse(_set_cell(text, puzzle, fmt, b, "."), fmt)
    assert (info.value.line, info.value.column) == _cell_position(puzzle, fmt, a)
    # three times: write the label on an empty (or blocked) cell
    others = [
        (r, c)
        for r in range(puzzle.height)
        for c in range(puzzle.width)
        if (r, c) not in puzzle.label_at
    ]
    if not others:
        return
    extra = data.draw(st.sampled_from(others))
    third = max(a, b, extra)
    with pytest.raises(ParseError, match="third time") as info:
        F.parse(_set_cell(text, puzzle, fmt, extra, label), fmt)
    assert (info.value.line, info.value.column) == _cell_position(puzzle, fmt, third)
