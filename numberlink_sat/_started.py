"""When the package was first imported: the clock of the ``numberlink-sat`` program.

The command line counts its own imports against ``--time-limit`` from here
(:data:`numberlink_sat.cli.common.PROGRAM_START`).

>>> import time
>>> IMPORTED_AT <= time.perf_counter()
True
"""

import time

__all__ = ["IMPORTED_AT"]

IMPORTED_AT = time.perf_counter()
"""``time.perf_counter()`` at the package's first import."""
