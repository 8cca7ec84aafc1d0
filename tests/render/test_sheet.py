"""Printable sheets: pages, boards and answers per page, PDF, a page rendered to PNG."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from numberlink_sat.cli import main
from numberlink_sat.errors import InvalidArgumentError
from numberlink_sat.numberlink.generator import generate_with_solution
from numberlink_sat.render.png import png_available, svg_to_png
from numberlink_sat.render.sheet import SheetItem, layout_grid, sheet_pages, sheet_pdf

needs_png = pytest.mark.skipif(not png_available(), reason="needs the png extra")


def _items(count: int) -> list[SheetItem]:
    out = []
    for seed in range(count):
        g = generate_with_solution(5, 5, seed=seed)
        out.append(SheetItem(g.puzzle, g.solution, difficulty=f"{seed % 3 + 1}"))
    return out


@pytest.mark.parametrize("count, per_page, paper", [(7, 4, "a4"), (6, 6, "letter"),
                                                    (3, 1, "a4")])
def test_boards_and_answers_per_page(count: int, per_page: int, paper: str) -> None:
    pages = sheet_pages(_items(count), per_page=per_page, paper=paper, title="Book")
    puzzle_pages = -(-count // per_page)
    assert len(pages) == 2 * puzzle_pages
    boards = [p.count('class="board"') for p in pages]
    answers = [p.count('class="answer"') for p in pages]
    expected = [min(per_page, count - k * per_page) for k in range(puzzle_pages)]
    assert boards == expected + [0] * puzzle_pages
    assert answers == [0] * puzzle_pages + expected
    width = {"a4": "595.28pt", "letter": "612.0pt"}[paper]
    for n, page in enumerate(pages, 1):
        assert f'width="{width}"' in page
        assert "Book" in page and f">{n} / {len(pages)}<" in page
    assert "No. 1 · 5x5 · difficulty 1" in pages[0]
    assert f"Answer {count} · 5x5" in pages[-1]


def test_no_answers_and_bad_arguments() -> None:
    assert len(sheet_pages(_items(2), answers=False)) == 1
    with pytest.raises(InvalidArgumentError, match="paper"):
        sheet_pages(_items(1), paper="a5")
    with pytest.raises(InvalidArgumentError, match="per_page"):
        sheet_pages(_items(1), per_page=0)
    with pytest.raises(InvalidArgumentError, match="no puzzles"):
        sheet_pages([])
    assert layout_grid(9, 500, 700) == (3, 3)


@needs_png
def test_a_page_renders_to_a_png_that_is_not_blank() -> None:
    from PIL import Image

    page = sheet_pages(_items(2), per_page=2)[1]  # the answer page: coloured paths
    image = Image.open(io.BytesIO(svg_to_png(page, scale=0.5))).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 10
    white = max(colours)[1]
    assert white == (255, 255, 255)  # mostly paper, with ink on it
    assert sum(n for n, c in colours if c != white) > 0.02 * image.width * image.height


@needs_png
def test_pdf_has_one_page_per_svg_page() -> None:
    pages = sheet_pages(_items(5), per_page=4)
    pdf = sheet_pdf(pages)
    assert pdf.startswith(b"%PDF")
    assert pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") == len(pages) == 4


@needs_png
def test_cli_sheet_from_a_generated_directory(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "set"
    assert main(["generate", "--size", "6x6", "--count", "5", "--seed", "3", "-q",
                 "--out", str(out)]) == 0
    assert main(["sheet", str(out), "--out", str(tmp_path / "book.svg"), "--per-page",
                 "4", "--title", "Week 1"]) == 0
    svgs = sorted(tmp_path.glob("book-*.svg"))
    assert [p.read_text().count('class="board"') for p in svgs] == [4, 1, 0, 0]
    assert [p.read_text().count('class="answer"') for p in svgs] == [0, 0, 4, 1]
    assert main(["sheet", str(out), "--out", str(tmp_path / "book.pdf"), "-q"]) == 0
    assert (tmp_path / "book.pdf").read_bytes().startswith(b"%PDF")
    # a plain puzzle file without a solution: its answer is solved for
    (tmp_path / "one.txt").write_text("1 . 1\n2 . 2\n")
    assert main(["sheet", str(tmp_path / "one.txt"), "--out", str(tmp_path / "one.svg"),
                 "-q"]) == 0
    assert (tmp_path / "one-02.svg").read_text().count('class="answer"') == 1
    assert main(["sheet", str(tmp_path / "none"), "--out", str(tmp_path / "x.pdf")]) == 2
    assert main(["sheet", str(out), "--out", str(tmp_path / "x.png")]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_cli_sheet_takes_puzz_link_urls(tmp_path: Path) -> None:
    url = "https://puzz.link/p?numlin/6/6/j4h14m2n2h133k"
    out = tmp_path / "urls.svg"
    assert main(["sheet", url, url, "--out", str(out), "--per-page", "2", "-q"]) == 0
    pages = [(tmp_path / f"urls-0{n}.svg").read_text(encoding="utf-8") for n in (1, 2)]
    assert [p.count('class="board"') for p in pages] == [2, 0]
    assert [p.count('class="answer"') for p in pages] == [0, 2]
    assert "6x6" in pages[0]
    assert main(["sheet", "https://puzz.link/p?numlin/6/6/j4h", "--out", str(out)]) == 2
