# Two commands for a new user: `make serve` and `make test` (README). Both install the project
# into .venv first when needed.  `make test-postgres` runs the service tests on PostgreSQL too.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install serve test test-postgres bench catalog-report clean

# --no-compile: the packages' bytecode is written when first imported, not all of it at install (a fresh clone's
# install 51 s -> 37 s on the 2-core machine).  Written, that is, even where the environment says PYTHONDONTWRITEBYTECODE
# (as this machine's does): without it every Python process of make test (each test process, each gunicorn worker
# and queue consumer a test starts) compiled every module it imports again, a test process's collection alone 14 s
# of one core instead of 6.
unexport PYTHONDONTWRITEBYTECODE
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --no-compile -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

# gunicorn's settings are in service/gunicorn_conf.py: 2 gevent workers (WEB_CONCURRENCY), so an event stream or
# a slow client costs a greenlet, not a thread, and beside them the heavy-work queue's consumer (docs/api.md, "Serving").
serve: $(STAMP)
	HOST=$(HOST) PORT=$(PORT) $(VENV)/bin/gunicorn -c service/gunicorn_conf.py 'service.app:create_app()'

# The tests run in PYTEST_WORKERS processes (pytest-xdist; one per core of the reference 2-core machine); 0 runs
# them in this process alone.
PYTEST_WORKERS ?= 2

# mypy checks the types while the tests run (its cold start is ~14 s of one core); its verdict is printed after them,
# and either failing fails make test.
test: $(STAMP)
	$(PY) -m ruff check solver service puzzles tests bench tools
	$(PY) -m mypy > $(VENV)/mypy.log 2>&1 & checking=$$!; \
	$(PY) -m pytest -q -n $(PYTEST_WORKERS); tests=$$?; \
	wait $$checking; types=$$?; echo "mypy:"; cat $(VENV)/mypy.log; \
	[ $$tests -eq 0 ] && [ $$types -eq 0 ]

# The service's tests (tests/service/) on a throwaway PostgreSQL cluster: initdb in a temporary
# directory, a server on a free loopback port, removed afterwards even when tests fail (tests/with_postgres.sh;
# needs PostgreSQL's server programs, not a running server).  Other arguments for pytest: PYTEST_ARGS=...
test-postgres: $(STAMP)
	bash tests/with_postgres.sh $(PY) -m pytest -q $(PYTEST_ARGS) tests/service/

bench: $(STAMP)
	$(PY) bench/placements.py
	$(PY) bench/engine.py
	$(PY) bench/solver.py
	$(PY) bench/hints.py
	$(PY) bench/service.py
	$(PY) bench/puzzles.py
	$(PY) bench/rolled_west_games.py --games 5000
	$(PY) bench/rolled_west_puzzles.py
	$(PY) bench/rolled_west_hints.py
	$(PY) bench/rolled_west_search_speed.py
	$(PY) bench/rolled_west_solo.py --days 30
	$(PY) bench/rolled_west_ladder.py --seeds 100 --match search greedy --match search hint

catalog-report: $(STAMP)
	$(PY) -m solver catalog report --out docs/components.md

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
