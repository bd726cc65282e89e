"""The command-line entry point: turns configuration and connection problems into one line."""

from __future__ import annotations

import os
import sys

# Commands that manage the embedded services themselves must not start them on import.
NO_AUTOSTART_COMMANDS = {"services"}


def _one_line(prefix: str, exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return f"{prefix}: {text}" if text else f"{prefix}: {type(exc).__name__}"


def run_cli(argv: list[str]) -> int:
    if len(argv) > 1 and argv[1] in NO_AUTOSTART_COMMANDS:
        os.environ["LEGALSITE_EMBEDDED_AUTOSTART"] = "0"
    from legalsite.embedded import EmbeddedError
    from legalsite.env import ConfigError

    try:
        from django.core.management import execute_from_command_line
        from django.db import OperationalError

        execute_from_command_line(argv)
    except ConfigError as exc:
        print(_one_line("Configuration error", exc), file=sys.stderr)
        return 2
    except EmbeddedError as exc:
        print(_one_line("Embedded service error", exc), file=sys.stderr)
        return 1
    except OperationalError as exc:
        print(_one_line("Database unreachable (check DATABASE_URL)", exc), file=sys.stderr)
        return 1
    return 0
