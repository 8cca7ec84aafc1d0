"""``python -m numberlink_sat`` runs the command line."""

import sys

from numberlink_sat.cli import main

if __name__ == "__main__":
    sys.exit(main())
