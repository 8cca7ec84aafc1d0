"""PLACEHOLDER: solve and check subcommands being written."""
from __future__ import annotations
import argparse
from typing import Any
def register(sub: Any) -> None:
    p = sub.add_parser("solve")
    p.set_defaults(func=lambda a: 0)
