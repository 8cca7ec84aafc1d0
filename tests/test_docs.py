"""The documentation's examples run as tests.

Conventions in ``docs/*.md`` (see docs/index.md, "Examples are tests"):

- every fenced block with ``>>>`` lines (```` ```python ````, ```` ```pycon ```` or
  plain ```` ``` ````) is a doctest: the statements and the output they print
  (``...`` matches any text, white space runs compare equal). Blocks of one page share
  their names, in page order. A ``python`` block without ``>>>`` is an illustration
  and is not run: to have an example tested, write it with ``>>>``.
- a ```` ```console ```` block marked ``<!-- doctest: run -->`` on the line before is a
  shell session that runs: ``$ numberlink-sat ...`` lines, the standard output they
  print (``...`` matches any text), and optionally ``[N]`` for an exit status other
  than 0. Only ``numberlink-sat`` commands may appear in such a block. Unmarked console
  blocks (installs, long benchmark runs) are shown, not run.
- an HTML comment ``<!-- doctest: requires MODULE -->`` just before a block skips
  it while MODULE cannot be imported or is still a placeholder (its docstring starts
  with ``PLACEHOLDER``): for examples of code that has not landed yet.
  ``<!-- doctest: skip REASON -->`` skips a block for good. Several markers may stand
  on consecutive lines before one block.

Every block runs from the repository root as a reader standing there would run it
(paths such as ``docs/examples/seed-7x7.txt``), in a copy of the root's ``docs/`` and
``tests/data/`` so that written files vanish, with ``NO_COLOR`` set; console sessions run
the CLI's ``main`` in this process (one test checks that a real process prints the same).
"""

from __future__ import annotations

import contextlib
import doctest
import importlib
import importlib.util
import io
import itertools
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
COPIED = ("docs", "tests/data")
"""What the examples may read, copied into the stand-in repository root they run from."""


def stand_in_root(tmp_path: Path) -> Path:
    """``tmp_path/root`` holding copies of what the examples read (:data:`COPIED`)."""
    root = tmp_path / "root"
    for part in COPIED:
        shutil.copytree(ROOT / part, root / part)
    return root


FENCE = re.compile(r"^```(\w*)\s*$")
MARKER = re.compile(r"^<!--\s*doctest:\s*(run|requires\s+[\w.]+|skip\b[^>]*?)\s*-->\s*$")
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

OTHER_PAGES = {"numchain.md", "lianliankan.md", "generator.md", "formats.md", "benchmarks.md"}
"""Pages other parts of the project write; a link to one not there yet is skipped."""


@dataclass(frozen=True)
class Block:
    page: str
    line: int  # 1-based line of the opening fence
    kind: str
    text: str
    markers: tuple[str, ...]

    @property
    def requires(self) -> str | None:
        """The first requires/skip marker (what decides whether the block is skipped)."""
        return next((m for m in self.markers if m != "run"), None)

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"


def blocks(kinds: tuple[str, ...]) -> list[Block]:
    found = []
    for page in sorted(DOCS.glob("*.md")):
        lines = page.read_text(encoding="utf-8").splitlines()
        i = 0
        while i < len(lines):
            match = FENCE.match(lines[i])
            if not match:
                i += 1
                continue
            kind, start = match.group(1), i
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            markers = []
            k = start - 1
            while k >= 0 and MARKER.match(lines[k]):
                markers.append(MARKER.match(lines[k]).group(1))  # type: ignore[union-attr]
                k -= 1
            if kind in kinds:
                found.append(Block(page.name, start + 1, kind, "\n".join(lines[start + 1:j]),
                                   tuple(reversed(markers))))
            i = j + 1
    return found


def missing(marker: str | None) -> str | None:
    """Why a block is skipped (None when it runs)."""
    if marker is None:
        return None
    if marker.startswith("skip"):
        return f"marked <!-- doctest: {marker} -->"
    requirement = marker.split()[1]
    try:
        module = importlib.import_module(requirement)
    except ImportError as exc:
        return f"{requirement} not importable yet ({exc})"
    if (module.__doc__ or "").lstrip().startswith("PLACEHOLDER"):
        return f"{requirement} is still a placeholder"
    return None


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A stand-in for the repository root: its ``docs/`` and ``tests/data/`` copied."""
    return stand_in_root(tmp_path_factory.mktemp("docs"))


_GLOBALS: dict[str, dict[str, Any]] = {}


PYTHON_BLOCKS = [
    b for b in blocks(("python", "pycon", "")) if re.search(r"^\s*>>> ", b.text, re.M)
]


@pytest.mark.parametrize("block", PYTHON_BLOCKS, ids=[b.id for b in PYTHON_BLOCKS])
def test_python_block(block: Block, workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reason = missing(block.requires)
    if reason:
        pytest.skip(reason)
    monkeypatch.chdir(workdir)
    monkeypatch.setenv("NO_COLOR", "1")
    globs = _GLOBALS.setdefault(block.page, {"__name__": f"docs.{block.page}"})
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block.text, globs, block.id, str(DOCS / block.page),
                              block.line)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report: list[str] = []
    runner.run(test, out=report.append, clear_globs=False)
    globs.update(test.globs)  # DocTest works on a copy; later blocks build on this one
    assert runner.failures == 0, "".join(report)


CONSOLE_BLOCKS = [b for b in blocks(("console",)) if "run" in b.markers]


def registered_commands() -> set[str]:
    from numberlink_sat.cli import build_parser

    parser = build_parser()
    for action in parser._subparsers._group_actions if parser._subparsers else ():
        choices = getattr(action, "choices", None)
        if choices:
            return set(choices)
    return set()


def sessions(text: str) -> list[tuple[str, list[str], int]]:
    """(command, expected output lines, expected status) for each ``$`` line."""
    out: list[tuple[str, list[str], int]] = []
    for line in text.splitlines():
        if line.startswith("$ "):
            out.append((line[2:], [], 0))
        elif out:
            status = re.fullmatch(r"\[(\d+)\]", line.strip())
            if status:
                command, expected, _ = out[-1]
                out[-1] = (command, expected, int(status.group(1)))
            else:
                out[-1][1].append(line)
    return out


def run_cli(argv: list[str]) -> tuple[int, str]:
    """Run ``numberlink-sat`` in this process: (exit status, standard output)."""
    from numberlink_sat.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exc:  # argparse: --help, --version, usage errors
            status = exc.code if isinstance(exc.code, int) else 2
    return status, out.getvalue()


@pytest.mark.parametrize("block", CONSOLE_BLOCKS, ids=[b.id for b in CONSOLE_BLOCKS])
def test_console_block(block: Block, workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reason = missing(block.requires)
    if reason:
        pytest.skip(reason)
    steps = sessions(block.text)
    assert steps, f"{block.id}: a console block needs '$ numberlink-sat ...' lines"
    commands = registered_commands()
    monkeypatch.chdir(workdir)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    checker = doctest.OutputChecker()
    for command, expected, status in steps:
        argv = shlex.split(command)
        assert argv[0] == "numberlink-sat", f"{block.id}: only numberlink-sat runs: {command}"
        sub = next((a for a in argv[1:] if not a.startswith("-")), None)
        if sub is not None and sub not in commands:
            pytest.skip(f"subcommand {sub!r} is not registered yet")
        code, stdout = run_cli(argv[1:])
        want = "\n".join(expected).strip("\n")
        got = "\n".join(line.rstrip() for line in stdout.splitlines()).strip("\n")
        assert code == status, (
            f"{block.id}: `{command}` exited {code}, docs say {status}\nstdout:\n{stdout}"
        )
        assert checker.check_output(want + "\n", got + "\n", doctest.ELLIPSIS), (
            f"{block.id}: `{command}` printed\n{got}\n--- docs say ---\n{want}"
        )


def test_console_sessions_match_a_real_process(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The in-process runner above agrees with the installed command (one sample)."""
    monkeypatch.chdir(workdir)
    monkeypatch.setenv("NO_COLOR", "1")
    env = dict(os.environ, NO_COLOR="1")
    done = subprocess.run(
        [sys.executable, "-m", "numberlink_sat", "render", "docs/examples/seed-7x7.txt"],
        cwd=workdir, env=env, capture_output=True, text=True, timeout=120, check=False,
    )
    assert (done.returncode, done.stdout) == run_cli(["render", "docs/examples/seed-7x7.txt"])


def links() -> list[tuple[str, str]]:
    found = []
    for page in sorted(DOCS.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if not re.match(r"[a-z]+:", target):
                found.append((page.name, target))
    return found


LINKS = links()


@pytest.mark.parametrize(("page", "target"), LINKS, ids=[f"{p}->{t}" for p, t in LINKS])
def test_relative_links_resolve(page: str, target: str) -> None:
    path = (DOCS / target).resolve()
    if not path.exists() and path.name in OTHER_PAGES and path.parent == DOCS:
        pytest.skip(f"{target} is written by another part of the project, not there yet")
    assert path.exists(), f"{page} links to {target}, which does not exist"


def test_pictures_are_what_the_script_makes() -> None:
    spec = importlib.util.spec_from_file_location("make_images", DOCS / "img" / "make_images.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    images = module.images()
    for name, svg in images.items():
        committed = (DOCS / "img" / name).read_text(encoding="utf-8")
        assert committed == svg, f"docs/img/{name} is stale: run python docs/img/make_images.py"


def test_every_page_is_linked_from_the_index() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    for page in sorted(DOCS.glob("*.md")):
        if page.name != "index.md":
            assert f"({page.name})" in index, f"docs/index.md does not link {page.name}"


README = Path(__file__).resolve().parents[1] / "README.md"
_MADE_BY = ("--out", "--pzprv3", "--svg", "--certificate", "--dimacs")


def test_readme_examples_name_files_that_exist() -> None:
    """Every input a README command names exists from the repository root (outputs of an
    earlier command of the block count as made)."""
    root = README.parent
    made: set[str] = set()
    missing = []
    for line in README.read_text(encoding="utf-8").splitlines():
        if not line.startswith("$ numberlink-sat "):
            continue
        words = shlex.split(line[2:].split("  #")[0])
        for before, word in itertools.pairwise(words):
            if before in _MADE_BY:
                made.add(word)
            elif (("/" in word or word.endswith((".txt", ".json"))) and "://" not in word
                  and word not in made and not (root / word).exists()):
                missing.append(f"{line.strip()}: {word}")
    assert not missing, "README names files that do not exist:\n" + "\n".join(missing)


README_NOT_RUN = {"bench": "the quick suite runs for minutes; benchmarks/ measures it"}
"""README commands no test runs, and why (their files are still checked above)."""
README_SLOW = {"sheet"}
"""README commands that take several seconds (PDF pages): run under the slow mark."""


def readme_commands() -> list[list[str]]:
    """The argument lists of README's ``$ numberlink-sat`` lines, comments dropped."""
    return [shlex.split(line[2:], comments=True)
            for line in README.read_text(encoding="utf-8").splitlines()
            if line.startswith("$ numberlink-sat ")]


def run_readme(commands: list[list[str]], monkeypatch: pytest.MonkeyPatch,
               root: Path) -> None:
    """Each command from ``root``: a published answer status, its outputs written."""
    monkeypatch.chdir(root)
    monkeypatch.setenv("NO_COLOR", "1")
    for argv in commands:
        code, stdout = run_cli(argv[1:])
        # 0 solved/unique, 1 no solution, 3 not unique; 2 would be a wrong example
        assert code in (0, 1, 3), f"README: `{shlex.join(argv)}` exited {code}\n{stdout}"
        for before, word in itertools.pairwise(argv):
            if before in _MADE_BY:
                assert (root / word).exists(), f"README: `{shlex.join(argv)}` made no {word}"


def test_readme_commands_run_from_the_root(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """README's commands run as written from the repository root (the quick ones)."""
    commands = [argv for argv in readme_commands()
                if argv[1] not in README_NOT_RUN and argv[1] not in README_SLOW]
    assert len(commands) >= 10
    run_readme(commands, monkeypatch, stand_in_root(tmp_path))


@pytest.mark.slow
def test_readme_slow_commands_run_from_the_root(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The slow README commands, after the ones before them (``sheet`` reads ``out/``)."""
    commands = [argv for argv in readme_commands() if argv[1] not in README_NOT_RUN]
    last = max(i for i, argv in enumerate(commands) if argv[1] in README_SLOW)
    run_readme(commands[:last + 1], monkeypatch, stand_in_root(tmp_path))


def test_readme_python_example_runs_from_the_root(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """README's Python block (its asserts included) runs as written from the root."""
    text = README.read_text(encoding="utf-8")
    code = re.findall(r"^```python\n(.*?)^```", text, re.M | re.S)
    assert len(code) == 1
    monkeypatch.chdir(stand_in_root(tmp_path))
    exec(compile(code[0], str(README), "exec"), {"__name__": "readme"})
