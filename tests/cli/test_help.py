"""Every argument of every subcommand has a line of help text."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

from numberlink_sat.cli import build_parser


def _parsers(parser: argparse.ArgumentParser, name: str) -> Iterator[
        tuple[str, argparse.ArgumentParser]]:
    yield name, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub_name, sub in action.choices.items():
                yield from _parsers(sub, f"{name} {sub_name}")


def test_every_argument_has_help() -> None:
    missing = []
    for name, parser in _parsers(build_parser(), "numberlink-sat"):
        for action in parser._actions:
            if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
                continue
            if action.help == argparse.SUPPRESS:
                continue
            if not (action.help or "").strip():
                missing.append(f"{name}: {'/'.join(action.option_strings) or action.dest}")
    assert not missing, "arguments without help text:\n" + "\n".join(missing)
