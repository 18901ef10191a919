# `make play` and `make test` work on a fresh machine with only Python:
# each creates .venv when it is missing and installs the project into it.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: play test bench clean scheduler worker

$(PY):
	$(PYTHON) -m venv $(VENV)

# Reinstall whenever pyproject.toml changes.
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,tools,cluster]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m simulator

# The suite on every core, one test module per worker (a module's fixtures are built once);
# then the tests that measure time, alone.
test: $(STAMP)
	$(PY) -m pytest -n auto --dist loadscope -m "not serial"
	$(PY) -m pytest -m serial

bench: $(STAMP)
	$(PY) tools/bench.py

# A stock Dask cluster for the tools' --scheduler (README, tools): Dask's own commands, run
# from this checkout's .venv. Workers need the project installed (the tools' code travels
# with each trial); one single-threaded process per core.
scheduler: $(STAMP)
	$(VENV)/bin/dask scheduler --port 8786

worker: $(STAMP)
	@test -n "$(SCHEDULER)" || { echo "usage: make worker SCHEDULER=tcp://HOST:8786"; exit 2; }
	$(VENV)/bin/dask worker $(SCHEDULER) --nthreads 1 --nworkers $(or $(WORKERS),-1)

clean:
	rm -rf $(VENV) build *.egg-info
