# The two commands: `make run` starts LegalSite, `make test` runs the whole suite (in parallel, slow lane
# included). `make test-fast` leaves out the `slow` lane (child processes, browsers) for quick checks.
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
# pytest-xdist workers (`auto`: one per core); TEST_WORKERS=0 runs in one process.
TEST_WORKERS ?= auto
BIN := $(VENV)/bin

.PHONY: run test test-fast lint bench services-stop clean

# The venv is installed by uv (requirements-uv.txt: pinned, hash-checked), which resolves the same versions as pip
# and downloads in parallel: a fresh clone's install went from about 2:40 to 20 s here. Where $(PYTHON) has no pip
# to bring uv, or uv cannot be installed, the venv gets pip and pip installs, as before. uv compiles no bytecode
# up front: the suite's processes compile what they import (PYTHONDONTWRITEBYTECODE= below), not the whole venv.
# scripts/venv-install.sh does both.
$(BIN)/python:
	@bash scripts/venv-install.sh venv "$(PYTHON)" $(VENV)

$(VENV)/.installed: requirements.txt | $(BIN)/python
	@bash scripts/venv-install.sh install "$(PYTHON)" $(VENV) requirements.txt
	@touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	@bash scripts/venv-install.sh install "$(PYTHON)" $(VENV) requirements-dev.txt
	@touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	@bash scripts/ensure-libreoffice.sh
	$(BIN)/python manage.py up

# Bytecode is written even where the environment turns it off (PYTHONDONTWRITEBYTECODE): every xdist worker
# and every child process a test starts (daphne, Celery, manage.py) then reads the compiled modules and the
# rewritten test modules the first one wrote, instead of compiling them again.
test: $(VENV)/.installed-dev
	@bash scripts/ensure-chromium.sh
	@bash scripts/ensure-libreoffice.sh
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n $(TEST_WORKERS)

test-fast: $(VENV)/.installed-dev
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n $(TEST_WORKERS) -m "not slow"

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .

bench: $(VENV)/.installed-dev
	$(BIN)/python bench/startup.py

services-stop: $(VENV)/.installed
	$(BIN)/python manage.py services stop

clean: services-stop
	rm -rf $(VENV)
