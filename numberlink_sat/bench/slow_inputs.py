"""Crafted inputs that keep each command busy: the time-limit tests and the limits
benchmark (``benchmarks/limits_bench.py``) run the commands on them with small limits.

Each function returns the text of a puzzle file.

>>> print(chain_board(2), end="")
2 1
0 0
0 0
>>> llk_row(2)
'1 2 2 1\\n'
"""

from __future__ import annotations

__all__ = ["chain_board", "llk_row", "open_numberlink", "row_numberlink"]


def chain_board(n: int) -> str:
    """An ``n`` x ``n`` Number Chain board with K = 1: every king path is allowed."""
    return f"{n} 1\n" + "\n".join(" ".join(["0"] * n) for _ in range(n)) + "\n"


def open_numberlink(width: int) -> str:
    """A ``width`` x ``width`` board with two labels along the top and bottom rows.

    >>> print(open_numberlink(2), end="")
    1 1
    2 2
    """
    rows = [["."] * width for _ in range(width)]
    rows[0][0] = rows[0][-1] = "1"
    rows[-1][0] = rows[-1][-1] = "2"
    return "\n".join(" ".join(row) for row in rows) + "\n"


def row_numberlink(width: int) -> str:
    """``width`` labels, each joining the two ends of one row.

    >>> print(row_numberlink(3), end="")
    1 . 1
    2 . 2
    3 . 3
    """
    lines = []
    for r in range(width):
        row = ["."] * width
        row[0] = row[-1] = str(r + 1)
        lines.append(" ".join(row))
    return "\n".join(lines) + "\n"


def llk_row(pairs: int) -> str:
    """One Lianliankan row ``1 2 ... p p ... 2 1``: clearable from the middle outwards only."""
    half = [str(i + 1) for i in range(pairs)]
    return " ".join(half + half[::-1]) + "\n"
