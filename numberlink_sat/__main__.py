"""``python -m numberlink_sat`` runs the command line (see :func:`numberlink_sat.cli.run`)."""

from numberlink_sat.cli import run

if __name__ == "__main__":
    run()
