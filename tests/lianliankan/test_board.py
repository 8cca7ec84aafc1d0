"""Boards: text, JSON, lists of lists, clear errors, removal with and without gravity."""

from __future__ import annotations

import pytest

from numberlink_sat.errors import InvalidPuzzleError, ParseError
from numberlink_sat.lianliankan import Board, as_board, parse_board, read_board


def test_text_json_and_lists_agree(tmp_path):
    text = "# a board\n1 2 0\n\n2 1 0  # end\n"
    b = parse_board(text)
    assert b.cells == ((1, 2, 0), (2, 1, 0))
    assert parse_board("[[1, 2, 0], [2, 1, 0]]") == b
    assert parse_board('{"board": [[1, 2, 0], [2, 1, 0]]}') == b
    assert as_board([[1, 2, 0], [2, 1, 0]]) == b
    assert as_board(b) is b
    path = tmp_path / "b.txt"
    path.write_text(b.to_text())
    assert read_board(path) == b
    assert parse_board(b.to_json()) == b


@pytest.mark.parametrize(("text", "line", "column", "words"), [
    ("1 2\n2 1 1\n", 2, 1, "ragged"),
    ("1 1\n2 -2\n", 2, 3, "negative"),
    ("1 1\n2 x\n", 2, 3, "not an integer"),
    ("1 1 2.5 2.5", 1, 5, "not an integer"),
    ("1 2 1\n3 3 3\n", 2, 5, "picture 2"),
])
def test_text_errors_name_line_and_column(text, line, column, words):
    if words == "picture 2":
        # picture 2 appears once (odd); picture 3 three times
        with pytest.raises(ParseError) as info:
            parse_board(text)
        assert info.value.line == 1 and info.value.column == 3
        assert "odd" in str(info.value)
        return
    with pytest.raises(ParseError) as info:
        parse_board(text)
    assert (info.value.line, info.value.column) == (line, column)
    assert words in str(info.value)


def test_odd_count_names_cells():
    with pytest.raises(ParseError, match=r"picture 3 appears 3 times.*\(1, 2\)") as info:
        parse_board("1 1 3\n3 0 3\n")
    assert (info.value.line, info.value.column) == (2, 5)


@pytest.mark.parametrize(("rows", "words"), [
    ([[1, 1], [2]], "ragged rows: row 1"),
    ([[1, 1], [2, -2]], r"cell \(1, 1\): negative"),
    ([[1, 1], [2, 2.0]], r"cell \(1, 1\): 2.0 is not an integer"),
    ([[1, 1], [2, True]], "not an integer"),
    ([[1, 2], [2, 2]], "picture 1 appears an odd number"),
    ([], "at least one row"),
    ("1 1", "list of rows"),
])
def test_list_errors_name_cells(rows, words):
    with pytest.raises(InvalidPuzzleError, match=words):
        as_board(rows)


def test_json_errors():
    with pytest.raises(ParseError, match="bad JSON"):
        parse_board("[[1, 1]")
    with pytest.raises(ParseError, match='"board"'):
        parse_board('{"rows": []}')
    with pytest.raises(ParseError, match="no board"):
        parse_board("# nothing\n\n")


def test_remove_with_gravity_drops_the_cells_above():
    b = Board(((1, 2, 3), (4, 5, 6), (1, 4, 0), (2, 5, 3)))  # no pair check needed here
    after = b.remove((2, 0), (0, 0), gravity=True)
    assert [row[0] for row in after.cells] == [0, 0, 4, 2]
    after = b.remove((1, 1), (3, 1), gravity=True)
    assert [row[1] for row in after.cells] == [0, 0, 2, 4]
    assert b.remove((0, 2), (3, 2)).cells[0][2] == 0  # no gravity: just empties
    assert b.remove((0, 2), (3, 2), gravity=True).cells == (
        (1, 2, 0), (4, 5, 0), (1, 4, 6), (2, 5, 0))
    assert Board.empty(2, 3).is_clear()
