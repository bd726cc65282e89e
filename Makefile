# The two commands: `make run` starts LegalSite, `make test` runs the whole suite.
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench services-stop clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements.txt
	@touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	@touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	$(BIN)/python manage.py up

test: $(VENV)/.installed-dev
	@bash scripts/ensure-chromium.sh
	@bash scripts/ensure-libreoffice.sh
	$(BIN)/python -m pytest

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .

bench: $(VENV)/.installed-dev
	$(BIN)/python bench/startup.py

services-stop: $(VENV)/.installed
	$(BIN)/python manage.py services stop

clean: services-stop
	rm -rf $(VENV)
