#!/usr/bin/env python
"""Django's command-line utility for LegalSite."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
    from legalsite.entrypoint import run_cli

    sys.exit(run_cli(sys.argv))


if __name__ == "__main__":
    main()
