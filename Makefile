# `make play` and `make test` work on a fresh machine with only Python:
# each creates .venv when it is missing and installs the project into it.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: play test bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)

# Reinstall whenever pyproject.toml changes.
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,tools]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m simulator

test: $(STAMP)
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) tools/bench.py

clean:
	rm -rf $(VENV) build *.egg-info
