"""Every puzzle file of the public corpus reads, in its own format and with ``auto``.

The corpus lives in ``shared/corpus`` beside the repository (licences keep it out of
the package); these tests skip when it is absent. Counts and sizes are those of the
corpus READMEs.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

from numberlink_sat.errors import ParseError
from numberlink_sat.numberlink import formats as F
from numberlink_sat.numberlink.model import Puzzle

AHLE = "numberlink/thomasahle-numberlink"
PUZZLINK = "numberlink/puzzlink/urls.txt"
FLOW = "numberlink/mzucker-flow_solver"

# file -> (puzzles, max labels) from the corpus README
AHLE_FILES = {
    "janko": (270, 39),
    "inputs1": (10, 9),
    "inputs2": (3, 4),
    "inputs3": (20, 62),
    "inputs4": (11, 59),
    "inputs5": (20, 62),
    "inputs6": (4, 62),
    "inputs7": (1, 60),
    "inputs8": (1, 62),
    "inputs9": (101, 34),
    "inputs10": (11, 45),
}


def _read_both(path: Path, fmt: str) -> list[Puzzle]:
    """Read ``path`` with its explicit format and with auto (which must agree, silently)."""
    explicit = F.read(path, fmt)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert F.read(path) == explicit
        assert F.detect_format(path.read_text()) == fmt
    return explicit


def test_every_corpus_file_is_covered(corpus_dir: Path) -> None:
    files = {
        str(p.relative_to(corpus_dir))
        for p in (corpus_dir / "numberlink").rglob("*")
        if p.is_file() and p.name != "README.md"
    }
    known = (
        {f"{AHLE}/{name}" for name in AHLE_FILES}
        | {f"{FLOW}/puzzles/{p.name}" for p in (corpus_dir / FLOW / "puzzles").iterdir()}
        | {f"{FLOW}/hints/jumbo_14x14_19.txt", f"{FLOW}/hints/jumbo_14x14_19_C_only.txt"}
        | {"numberlink/kunisura-algorithms2012/numlin001.dat"}
        | {"numberlink/kotarot-nl-solver/NL_Q00.txt", "numberlink/kotarot-nl-solver/issue82.txt"}
        | {PUZZLINK}
    )
    assert files == known


@pytest.mark.parametrize("name", sorted(AHLE_FILES))
def test_ahle_wh_files(corpus_dir: Path, name: str) -> None:
    count, max_labels = AHLE_FILES[name]
    puzzles = _read_both(corpus_dir / AHLE / name, "wh")
    assert len(puzzles) == count
    assert max(len(p.labels) for p in puzzles) == max_labels
    assert all(not p.blocked for p in puzzles)  # '#' is used in no shipped file


def test_ahle_total_and_sizes(corpus_dir: Path) -> None:
    files = {name: F.read(corpus_dir / AHLE / name, "wh") for name in AHLE_FILES}
    assert sum(len(ps) for ps in files.values()) == 452
    sizes = {name: {(p.width, p.height) for p in ps} for name, ps in files.items()}
    janko_square = {(n, n) for n in range(8, 26)}
    assert sizes["janko"] - janko_square == {(24, 14), (36, 20)}
    assert min(sizes["janko"]) == (8, 8)
    assert sizes["inputs1"] == {(8, 8)}
    assert sizes["inputs2"] == {(7, 6), (15, 15)}
    assert sizes["inputs6"] == {(1002, 1002), (122, 123)}
    assert sorted((p.width, p.height) for p in files["inputs6"]).count((1002, 1002)) == 3
    assert sizes["inputs7"] == {(51, 8)}
    assert sizes["inputs8"] == {(10, 310)}
    assert sizes["inputs9"] == {(40, 20)}
    assert sizes["inputs10"] == {(50, 50)}
    assert {(1, 2), (2, 1), (1000, 1)} <= sizes["inputs5"]
    assert (125, 2) in sizes["inputs3"]
    # Janko labels run on past 'Z' with [ \ ] ^ _ ` (X is a label in the wh format)
    janko_labels = {label for p in files["janko"] for label in p.labels}
    assert set("[\\]^_`") <= janko_labels
    assert "X" in janko_labels


@pytest.mark.parametrize("name", sorted(set(AHLE_FILES) - {"inputs6"}))  # see the next test
def test_ahle_puzzles_round_trip(corpus_dir: Path, name: str) -> None:
    for puzzle in F.read(corpus_dir / AHLE / name, "wh"):
        for fmt in F.FORMATS:
            if F.can_hold(puzzle, fmt):
                assert F.parse(F.format_puzzle(puzzle, fmt), fmt) == puzzle, fmt


def test_big_board_round_trip(corpus_dir: Path) -> None:
    big = F.read(corpus_dir / AHLE / "inputs6", "wh")[0]
    assert (big.width, big.height) == (1002, 1002)
    for fmt in ("wh", "json"):
        assert F.parse(F.format_puzzle(big, fmt), fmt) == big


def _flow_files(corpus_dir: Path) -> list[Path]:
    return sorted((corpus_dir / FLOW / "puzzles").iterdir())


def test_flow_files(corpus_dir: Path) -> None:
    files = _flow_files(corpus_dir)
    assert len(files) == 29
    for path in files:
        flow = F.read(path, "flow")
        assert len(flow) == 1
        puzzle = flow[0]
        # auto reads a Flow Free file as compact: the same puzzle (no X in these files)
        assert _read_both(path, "compact") == flow
        match = re.search(r"_(\d+)x(\d+)_", path.name)
        if match:
            assert (puzzle.width, puzzle.height) == (int(match[1]), int(match[2]))
        assert 2 <= len(puzzle.labels) <= 16
        assert all(len(label) == 1 and label.isalpha() for label in puzzle.labels)
        assert F.parse(F.format_puzzle(puzzle, "flow"), "flow") == puzzle
    cross = F.read(corpus_dir / FLOW / "puzzles" / "unsolvable_cross.txt", "flow")[0]
    assert (cross.width, cross.height, len(cross.labels)) == (5, 5, 2)


@pytest.mark.parametrize("name", ["jumbo_14x14_19.txt", "jumbo_14x14_19_C_only.txt"])
def test_flow_hint_files_are_not_puzzles(corpus_dir: Path, name: str) -> None:
    # a hint is a colouring (a letter on every cell of a path): a label three times
    with pytest.raises(ParseError, match="third time") as info:
        F.read(corpus_dir / FLOW / "hints" / name, "flow")
    assert info.value.line == 1
    assert info.value.column is not None


def test_znumlin_colsrows(corpus_dir: Path) -> None:
    path = corpus_dir / "numberlink/kunisura-algorithms2012/numlin001.dat"
    (puzzle,) = _read_both(path, "colsrows")
    assert (puzzle.width, puzzle.height) == (3, 4)
    assert sorted(puzzle.labels) == ["1", "2"]
    assert not puzzle.blocked
    for fmt in F.FORMATS:
        if F.can_hold(puzzle, fmt):
            assert F.parse(F.format_puzzle(puzzle, fmt), fmt) == puzzle


@pytest.mark.parametrize("name", ["NL_Q00.txt", "issue82.txt"])
@pytest.mark.parametrize("fmt", ["adc", "auto"])
def test_adc_3d_samples_are_refused(corpus_dir: Path, name: str, fmt: str) -> None:
    path = corpus_dir / "numberlink/kotarot-nl-solver" / name
    with pytest.raises(ParseError, match="3-D multi-layer") as info:
        F.read(path, fmt)
    assert info.value.line == 1
    size_line = path.read_text().splitlines()[0]
    assert info.value.column == size_line.rindex("X") + 2  # the number of layers


def test_puzzlink_urls_round_trip(corpus_dir: Path) -> None:
    path = corpus_dir / PUZZLINK
    puzzles = _read_both(path, "puzzlink")
    urls = path.read_text().split()
    assert len(puzzles) == len(urls) == 9
    for url, puzzle in zip(urls, puzzles, strict=True):
        genre = url.split("?")[1].split("/")[0]
        assert puzzle.genre == ("arukone" if genre == "arukone" else "numlin")
        assert puzzle.rules is not None
        assert puzzle.rules.fill == (genre == "arukone")  # no 'e' flag in these
        assert not puzzle.rules.no_touch and not puzzle.rules.no_2x2
        written = F.format_puzzle(puzzle, "puzzlink")
        # pzprjs's own encoding comes back character for character (numberlink -> numlin)
        assert written == url.replace("?numberlink/", "?numlin/") + "\n"
        assert F.parse(written) == puzzle
        assert all(label == str(int(label)) for label in puzzle.labels)
    sizes = [(p.width, p.height, len(p.labels)) for p in puzzles]
    assert sizes[0] == (4, 4, 3) and sizes[-1] == (26, 26, 22) and (14, 9, 14) in sizes
