"""One case of a held-path proof's final search, asked cube by cube (cube-and-conquer).

Under the Nikoli rule the final search of a held-path proof asks "is there a solution
other than the known one in which every held path changes (and which lies in this
case)?". This script asks that question of one case the cube-and-conquer way, on one
incremental engine (``NumberlinkSolver.another_beside``, the strongest complete second
search without fill):

1. the case's clauses go in (``held_cases.add_case``) and the engine searches alone for
   ``--warm`` seconds of CPU (it may decide the case there);
2. a lookahead (``numberlink_sat.sat.lookahead.Lookahead``) over every clause the engine
   holds, its restrictions and the loop cuts found so far included, splits the case
   ``--depth`` levels deep into disjoint cubes;
3. each cube is asked as assumptions within ``--cube-limit`` seconds of CPU; a cube
   past its time is split ``--step`` levels deeper (the lookahead now knowing the loop
   cuts found since), its cubes asked first (``--order depth-first``) or last
   (``breadth-first``). The cubes branch on edge variables, or with ``--split-on all``
   on every variable of the encoding.

It ends at a second solution (verified by the independent verifier), when every cube
is refuted (no second solution in the case: the cubes cover it), or after ``--total``
seconds (undecided). One line a cube, then a table by depth. The known solution is
``solve(puzzle, fill=False)``.

    python benchmarks/case_cubes.py --urls ../shared/corpus/numberlink/puzzlink/urls.txt \\
        --line 9 --held 6,15,18 --case 6:0:1,15:0:1,18:0:1,21:0:1 --warm 20 \\
        --cube-limit 30 --depth 6 --step 2 --total 1800

(``--case`` lists cuts as ``label:kept:upto``, see ``held_cases.Cut``; "6:0:1" is "6
leaves at edge 1"). Exit 0 with a verdict, 2 for a bad argument or a puzzle without a
solution.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import numberlink_sat as nl
from numberlink_sat.errors import NumberlinkSatError, SolveTimeout
from numberlink_sat.numberlink.held_cases import Cut, add_case
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.solve import NumberlinkSolver
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import CpuBudget, Deadline
from numberlink_sat.sat.lookahead import Lookahead

sys.path.insert(0, str(Path(__file__).parent))
from handmade_bench import read_urls

ORDERS = ("depth-first", "breadth-first")
SPLIT_ON = ("edges", "all")


def parse_cuts(text: str) -> tuple[Cut, ...]:
    """Cuts written ``label:kept:upto``, comma-separated (``""``: the whole search).

    >>> parse_cuts("6:0:1,15:3:9")
    (Cut(label='6', kept=0, upto=1), Cut(label='15', kept=3, upto=9))
    """
    cuts = []
    for part in filter(None, text.split(",")):
        fields = part.split(":")
        if len(fields) != 3 or not all(f.isdigit() for f in fields[1:]):
            raise ValueError(f"a cut is label:kept:upto, got {part!r}")
        cuts.append(Cut(fields[0], int(fields[1]), int(fields[2])))
    return tuple(cuts)


class CubeRun:
    """What the cubes of one case came to: ``verdict`` "unique" (every cube refuted),
    "multiple" (``second``, verified) or "undecided" (``left`` cubes not asked); per
    depth the seconds of the cubes refuted and the number past their time. (A plain
    class: a script loaded by path is no module a dataclass can look up.)"""

    def __init__(self) -> None:
        self.verdict = "undecided"
        self.second: Solution | None = None
        self.refuted: dict[int, list[float]] = {}
        self.timed_out: dict[int, int] = {}
        self.left = 0
        self.warm = ""

    def table(self) -> list[str]:
        """Lines of a Markdown table by depth."""
        lines = ["| depth | refuted | median s | refuted s | past their time |",
                 "| --- | --- | --- | --- | --- |"]
        for depth in sorted(set(self.refuted) | set(self.timed_out)):
            done = self.refuted.get(depth, [])
            median = f"{statistics.median(done):.1f}" if done else "-"
            lines.append(f"| {depth} | {len(done)} | {median} | {sum(done):.1f} | "
                         f"{self.timed_out.get(depth, 0)} |")
        return lines


class _Cubes:
    """One engine told the case, and the cubes still to ask."""

    def __init__(self, engine: NumberlinkSolver, solution: Solution,
                 variant: Mapping[str, bool], deadline: Deadline, run: CubeRun) -> None:
        self.engine, self.solution, self.variant = engine, solution, variant
        self.deadline, self.run = deadline, run
        self.last: set[tuple[int, ...]] = set()  # cubes with every edge fixed

    def ask(self, cube: Sequence[int], seconds: float) -> Solution | str | None:
        """The engine's second search under ``cube``, within ``seconds`` of CPU."""
        left = self.deadline.remaining()
        budget = CpuBudget(seconds, wall=None if left is None else max(0.0, left))
        try:
            return self.engine.another_beside([self.solution], budget, assumptions=cube)[1]
        except SolveTimeout:
            return "timed out"

    def decides(self, answer: Solution | str | None) -> bool:
        """Whether ``answer`` ends the case: a second solution (verified here) or none."""
        if isinstance(answer, Solution):
            problems = verify(self.engine.puzzle, answer, fill=False, **self.variant)
            if problems or answer == self.solution:
                raise AssertionError(f"the engine's second solution fails: {problems}")
            self.run.verdict, self.run.second = "multiple", answer
            return True
        if answer is None:
            self.run.verdict = "unique"
            return True
        return False

    def conquer(self, look: Lookahead, queue: list[tuple[tuple[int, ...], int]],
                guards: list[int], cube_limit: float, step: int, order: str,
                on_cube: Callable[[str], None]) -> list[tuple[tuple[int, ...], int]]:
        """Ask the cubes of ``queue`` until one holds a second solution, none is left
        or the time is up; the cubes not asked."""
        while queue and not self.deadline.expired():
            cube, level = queue.pop(0)
            if self.engine.beside_guards() != guards:  # pragma: no cover - a bug
                raise AssertionError("the second search changed under the cubes")
            started = time.perf_counter()
            answer = self.ask(cube, math.inf if cube in self.last else cube_limit)
            seconds = time.perf_counter() - started
            if isinstance(answer, Solution):
                self.decides(answer)
                on_cube(f"{self.deadline.elapsed():8.1f} s  depth {level:3d}  second "
                        f"solution {seconds:8.1f} s")
                return queue
            if answer is None:
                self.run.refuted.setdefault(level, []).append(seconds)
            else:
                self.run.timed_out[level] = self.run.timed_out.get(level, 0) + 1
                try:
                    deeper = look.split(cube, step, guards, deadline=self.deadline)
                except SolveTimeout:
                    return [(cube, level), *queue]
                if deeper == [cube]:  # every edge fixed: asked again without a limit
                    self.last.add(cube)
                    level -= step
                more = [(c, level + step) for c in deeper]
                queue = more + queue if order == "depth-first" else queue + more
            on_cube(f"{self.deadline.elapsed():8.1f} s  depth {level:3d}  "
                    f"{'refuted' if answer is None else 'past its time':14s}"
                    f"{seconds:8.1f} s  {len(queue)} left")
        if not queue:
            self.run.verdict = "unique"
        return queue


def ask_in_cubes(puzzle: Puzzle, solution: Solution, held: Sequence[str],  # noqa: PLR0913
                 cuts: Sequence[Cut], *, warm: float, cube_limit: float, depth: int,
                 step: int, total: float, order: str = "depth-first", split_on: str = "edges",
                 rules: Mapping[str, bool] | None = None,
                 on_cube: Callable[[str], None] = print) -> CubeRun:
    """The case ``cuts`` asked cube by cube (see the module's docstring), under the
    Nikoli rule or with ``rules`` ``no_touch`` / ``no_2x2`` beside it (never fill);
    ``split_on``: branch on the edge variables, or on every variable of the encoding
    (edges, label bits and the rest)."""
    deadline = Deadline(total)
    run = CubeRun()
    heard: list[Sequence[int]] = []
    variant = {"no_touch": False, "no_2x2": False, **(rules or {})}
    with NumberlinkSolver(puzzle, fill=False, deadline=deadline,
                          no_touch=variant["no_touch"], no_2x2=variant["no_2x2"]) as engine:
        if engine.session is None or engine.encoding is None:
            raise ValueError("the pre-check refutes a puzzle with a known solution")
        stop_hearing = engine.session.listen(heard.extend)
        add_case(engine, solution, held, cuts)
        cubes = _Cubes(engine, solution, variant, deadline, run)
        first = cubes.ask((), warm)
        run.warm = "decided" if not isinstance(first, str) else "timed out"
        on_cube(f"warm-up: {run.warm} after {deadline.elapsed():.1f} s")
        if cubes.decides(first):
            return run
        guards = engine.beside_guards()
        stop_hearing()
        with Lookahead([*engine.encoding.iter_clauses(), *heard],
                       engine.encoding.edge_vars() if split_on == "edges"
                       else range(1, engine.encoding.num_vars + 1)) as look:
            stop_following = engine.session.listen(look.add_clauses)
            try:
                queue = [(cube, depth) for cube in look.split((), depth, guards,
                                                              deadline=deadline)]
                on_cube(f"{len(queue)} cubes at depth {depth} after "
                        f"{deadline.elapsed():.1f} s")
                run.left = len(cubes.conquer(look, queue, guards, cube_limit, step, order,
                                             on_cube))
            except SolveTimeout:
                pass  # the split at the root ran out of time: undecided
            finally:
                stop_following()
    return run


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, read the puzzle, ask the case in cubes, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--url", help="the puzzle as a puzz.link URL")
    source.add_argument("--urls", type=Path, help="a file of puzz.link URLs, one a line")
    parser.add_argument("--line", type=int, default=1, help="which line of --urls (from 1)")
    parser.add_argument("--held", default="", help="the held paths, e.g. 6,15,18")
    parser.add_argument("--case", default="", help="the case's cuts, e.g. 6:0:1,15:0:1")
    parser.add_argument("--warm", type=float, default=20.0,
                        help="CPU seconds of search before the first split")
    parser.add_argument("--cube-limit", type=float, default=30.0,
                        help="CPU seconds a cube may take before it is split")
    parser.add_argument("--depth", type=int, default=6, help="levels of the first split")
    parser.add_argument("--step", type=int, default=2,
                        help="levels a cube past its time is split into")
    parser.add_argument("--total", type=float, default=600.0, help="seconds in all")
    parser.add_argument("--order", choices=ORDERS, default="depth-first")
    parser.add_argument("--split-on", choices=SPLIT_ON, default="edges",
                        help="the variables a cube branches on")
    args = parser.parse_args(argv)
    for name in ("warm", "cube_limit", "total"):
        if not getattr(args, name) >= 0:
            parser.error(f"--{name.replace('_', '-')} must be >= 0")
    if args.depth < 0 or args.step < 1:
        parser.error("--depth must be >= 0 and --step >= 1")
    if args.urls is not None:
        urls = read_urls(args.urls)
        if not 1 <= args.line <= len(urls):
            parser.error(f"{args.urls} has {len(urls)} URLs, not a line {args.line}")
    try:
        cuts = parse_cuts(args.case)
        puzzle = (nl.parse(args.url, format="puzzlink") if args.url is not None
                  else urls[args.line - 1][1])
        solution = nl.solve(puzzle, fill=False)
        if solution is None:
            parser.error("the puzzle has no solution under the Nikoli rule")
        held = list(filter(None, args.held.split(",")))
        for label in [*held, *(cut.label for cut in cuts)]:
            if label not in solution.paths:
                parser.error(f"the puzzle has no path labelled {label!r}")
        for cut in cuts:
            edges = len(solution.paths[cut.label]) - 1
            if not cut.kept <= cut.upto <= edges or (cut.kept == cut.upto != edges):
                parser.error(f"the cut {cut.label}:{cut.kept}:{cut.upto} does not fit "
                             f"path {cut.label}'s {edges} edges")
        run = ask_in_cubes(puzzle, solution, held, cuts, warm=args.warm,
                           cube_limit=args.cube_limit, depth=args.depth, step=args.step,
                           total=args.total, order=args.order, split_on=args.split_on,
                           on_cube=lambda line: print(line, flush=True))
    except (NumberlinkSatError, ValueError) as error:
        parser.error(str(error))
    print(f"verdict: {run.verdict}" + (f" ({run.left} cubes left)"
                                      if run.verdict == "undecided" and run.left else ""))
    print("\n".join(run.table()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
