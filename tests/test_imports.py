"""The import contract, read from the source (no module is executed).

- The independent verifiers (and the certificate checker) reach no encoder, no SAT
  code and no solver, whatever they import in turn: a bug in an encoder cannot hide
  behind a verifier that shares its code.
- Only :mod:`numberlink_sat.sat.session` imports PySAT, so a change of SAT library is one
  file's business.

Imports are followed module to module inside ``numberlink_sat`` (a package's
``__init__`` that an import passes through is not followed: it only re-exports).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "numberlink_sat"

VERIFIERS = [
    "numberlink_sat.numberlink.verify",
    "numberlink_sat.numchain.verify",
    "numberlink_sat.lianliankan.verify",
    *sorted(
        f"numberlink_sat.certify.{p.stem}" for p in (PACKAGE / "certify").glob("*.py")
        if p.stem != "__init__"
    ),
]
"""The judges: each must stay independent of what it judges."""

FORBIDDEN = (
    "numberlink_sat.sat",
    "numberlink_sat.numberlink.encode",
    "numberlink_sat.numberlink.solve",
    "numberlink_sat.numberlink.certificate",
    "numberlink_sat.numchain.encode",
    "numberlink_sat.numchain.solve",
    "numberlink_sat.lianliankan.sat",
    "numberlink_sat.lianliankan.solve",
    "numberlink_sat.family",
    "pysat",
)
"""Module prefixes no verifier may reach."""

PYSAT_IMPORTERS = {
    "numberlink_sat.sat.session": "the one solver wrapper",
    "numberlink_sat.numberlink.certificate": "DRAT proof logging needs PySAT's own solver "
    "object with proof output, which the session does not expose",
    "numberlink_sat.sat.lookahead": "unit propagation without search (Glucose 4's "
    "propagate), which the session's solvers do not offer",
}
"""Every module allowed to import PySAT, and why."""


def _module_file(name: str) -> Path | None:
    parts = name.split(".")[1:]
    base = PACKAGE.joinpath(*parts)
    if base.with_suffix(".py").is_file():
        return base.with_suffix(".py")
    if (base / "__init__.py").is_file():
        return base / "__init__.py"
    return None


def _imports(path: Path, name: str) -> set[str]:
    """The absolute names of the modules ``path`` (module ``name``) imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names
                       if _module_file(f"{base}.{alias.name}") is not None)
    return out


def _reach(start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = _module_file(name) if name.startswith("numberlink_sat") else None
        if path is None:
            continue
        todo.extend(_imports(path, name))
    return seen


@pytest.mark.parametrize("verifier", VERIFIERS)
def test_verifiers_import_no_encoder(verifier: str) -> None:
    assert _module_file(verifier) is not None, verifier
    bad = sorted(m for m in _reach(verifier)
                 if any(m == f or m.startswith(f + ".") for f in FORBIDDEN))
    assert bad == [], f"{verifier} reaches {bad}"


def test_only_the_session_imports_pysat() -> None:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(("numberlink_sat", *path.relative_to(PACKAGE).with_suffix("").parts))
        name = name.removesuffix(".__init__")
        pysat = sorted(m for m in _imports(path, name)
                       if m.split(".")[0] in ("pysat", "pysolvers"))
        if pysat:
            found[name] = pysat
    assert set(found) <= set(PYSAT_IMPORTERS), found
    assert "numberlink_sat.sat.session" in found


def test_the_reach_follows_imports() -> None:
    # the checker itself must see through a chain of imports
    reached = _reach("numberlink_sat.numberlink.solve")
    assert "numberlink_sat.numberlink.encode" in reached
    assert "numberlink_sat.sat.session" in reached and "pysat.solvers" in reached
