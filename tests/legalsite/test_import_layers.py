"""The layers of ARCHITECTURE §1, checked by import-linter's contracts in pyproject.toml: ``core`` imports no
app, and each app imports only the layers below it (``integrations`` and ``legalsite`` included). No import
is ignored (docs/decisions/layers.md)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

from tests.support import ROOT

CONFIG = ROOT / "pyproject.toml"


def _contracts() -> dict[str, dict]:
    config = tomllib.loads(CONFIG.read_text(encoding="utf-8"))["tool"]["importlinter"]
    return {contract["id"]: contract for contract in config["contracts"]}


def test_the_contracts_cover_every_package_of_the_project():
    packages = {path.parent.name for path in ROOT.glob("*/__init__.py")} - {"tests", "bench"}
    contracts = _contracts()
    assert set(contracts["core-below-apps"]["forbidden_modules"]) == packages - {"core"}
    layered = {name.strip() for layer in contracts["layers"]["layers"] for name in layer.split("|")}
    assert layered == packages  # integrations and the wiring included


def test_the_import_contracts_hold():
    command = [str(Path(sys.executable).parent / "lint-imports"), "--config", str(CONFIG), "--no-cache"]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "Contracts: 2 kept, 0 broken." in result.stdout


def test_no_import_is_ignored():
    """A breach is fixed, not listed (docs/decisions/layers.md)."""
    config = tomllib.loads(CONFIG.read_text(encoding="utf-8"))["tool"]["importlinter"]
    assert all(not contract.get("ignore_imports") for contract in config["contracts"])
