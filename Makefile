# searchagent — developer commands. `make test` is what CI runs.
GO      ?= go
PKGS    ?= ./...
FUZZTIME ?= 20s

.PHONY: run test test-db devdb devdb-stop test-short eval classifier e2e bench bench-router bench-router-instr lint fuzz build tidy mutate load

## run: the service on the embedded default (no database, no API key)
run:
	$(GO) run ./cmd/searchagent serve

## build: compile both binaries into ./bin
build:
	$(GO) build -o bin/ ./cmd/...

## test: vet + gofmt check + every test with the race detector + the eval suites; skipped tests are listed at the end
test: lint
	$(GO) tool gotestsum --format pkgname -- -race -count=1 -timeout 30m $(PKGS)
	$(MAKE) eval

## eval: the eval suites in evals/suites, deterministic (no model); writes eval-report.json.
## Each suite's min_pass gates (the held-out guard suites measure rates, not 100%).
eval:
	$(GO) run ./cmd/searchagent eval --model off --min-pass 0 --json eval-report.json

## classifier: retrain the router's local classifier from evals/suites/route (writes router/classifier/weights.json)
classifier:
	$(GO) run ./cmd/intentctl train

## test-db: start the test databases (scripts/devdb) and run every test against them
test-db:
	env="$$(scripts/devdb/start.sh)" && eval "$$env" && $(MAKE) test

## devdb / devdb-stop: start (prints the TEST_*DATABASE_URL exports) or stop the test databases
devdb:
	@scripts/devdb/start.sh
devdb-stop:
	@scripts/devdb/stop.sh

## e2e: browser end-to-end tests of the demo page and the SSE API (Debian's chromium, playwright-core pinned in e2e/)
e2e:
	cd e2e && npm ci --no-audit --no-fund && npm test

## test-short: the tests without -race, for a quick loop
test-short:
	$(GO) tool gotestsum --format pkgname -- -count=1 -timeout 30m $(PKGS)

## bench: all benchmarks, one run each, with allocations
bench:
	$(GO) test -run='^$$' -bench=. -benchmem $(PKGS)

## bench-router: the router's latency benchmark (wall p50/p99 per query on one core)
bench-router:
	$(GO) test -run='^$$' -bench='^BenchmarkQueryDefault$$' -benchtime=40000x -cpu=1 ./router

## bench-router-instr: instructions per router query (valgrind; deterministic)
bench-router-instr:
	scripts/router-instr.sh

## load: a short load run of each of MODES (embedded, postgres; USERS=50 DURATION=10s, then 1 user): turns/s, p50/p95/p99 per turn kind, server RSS, then the modes side by side
load:
	GO=$(GO) scripts/load.sh

## lint: gofmt must list nothing, go vet and staticcheck (its default checks, pinned in go.mod) must pass
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)
	$(GO) tool staticcheck $(PKGS)

## fuzz: run each fuzz target for FUZZTIME
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; $(GO) test -run='^$$' -fuzz="^$$f$$" -fuzztime=$(FUZZTIME) $$pkg || exit 1; \
	  done; \
	done

tidy:
	$(GO) mod tidy

## mutate: mutation testing of PKG with pinned gremlins, then its switch case clauses by hand; DIFF=<branch> mutates only the lines changed since it
GREMLINS_VERSION ?= v0.6.0
GREMLINS := $(CURDIR)/bin/gremlins-$(GREMLINS_VERSION)/gremlins
PKG ?= ./tools/number
DIFF ?=
# Not --test-cpu: gremlins v0.6.0 passes it as the single argument "-cpu N",
# which go test rejects with exit status 1, so every mutant reads KILLED.
# GOMAXPROCS bounds the tests instead. GOFLAGS: -count=1 keeps the test cache
# from shrinking the baseline that gremlins' per-mutant timeout is made of;
# -vet=off because go test's vet pass per mutant about doubles the run, and a
# mutant that only upsets vet would read KILLED without any test noticing.
# MUTATE_EXCLUDE keeps the run to PKG itself (gremlins walks subdirectories,
# whose mutants only PKG's tests would then try to kill).
# MUTATE_LOG keeps gremlins' output (default: a temporary file, removed).
MUTATE_FLAGS ?= --workers 1
MUTATE_CPU ?= 1
MUTATE_EXCLUDE ?= /
MUTATE_LOG ?=

$(GREMLINS):
	GOBIN=$(dir $(GREMLINS)) $(GO) install github.com/go-gremlins/gremlins/cmd/gremlins@$(GREMLINS_VERSION)

# gremlins names mutants by their path inside PKG while git diff names files
# from the repository root: run inside PKG with diff.relative so the two agree
# (and the diff covers PKG only). Then scripts/mutate-cases.sh runs the
# mutants gremlins cannot cover (every condition of a switch case clause) by
# hand on the same log and prints the figures with them counted as run; it
# edits the source in place and restores it, also when interrupted.
mutate: SHELL := bash
mutate: .SHELLFLAGS := -eo pipefail -c
mutate: $(GREMLINS)
	log='$(MUTATE_LOG)'; if [ -z "$$log" ]; then log=$$(mktemp /tmp/mutate-XXXXXX.log); trap 'rm -f "$$log"' EXIT; fi; \
	(cd $(PKG) && GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=diff.relative GIT_CONFIG_VALUE_0=true \
	  GOMAXPROCS=$(MUTATE_CPU) GOFLAGS='-count=1 -vet=off' \
	  $(GREMLINS) unleash $(MUTATE_FLAGS) $(if $(MUTATE_EXCLUDE),--exclude-files '$(MUTATE_EXCLUDE)') \
	  $(if $(DIFF),--diff $(DIFF)) $(abspath $(PKG))) 2>&1 | tee "$$log"; \
	if grep -q '^Killed: ' "$$log"; then \
	  echo; echo "Case clauses (gremlins counts them NOT COVERED), run by hand:"; \
	  GOMAXPROCS=$(MUTATE_CPU) GOFLAGS='-count=1 -vet=off' scripts/mutate-cases.sh $(PKG) "$$log"; \
	fi
