# agentcard — one engine, four ways to use it. `make help` lists targets.
SHELL := /bin/bash
GO ?= go
# Fuzz runs are counts of inputs, not durations: a -fuzztime of seconds
# now and then ended a clean run with "context deadline exceeded" and no
# crasher (a race in Go 1.26's fuzzing coordinator at the -fuzztime
# deadline, go.dev/issue/75804, fixed in Go 1.27; seen here in FuzzCanonical
# and FuzzDecode). A count has no deadline to race.
# The counts are about 15 s of FuzzLint and 4 s of each other target here.
FUZZTIME ?= 30000x
# Go minimizes every new interesting input for 60 s by default, which
# filled a 20 s run with minimization (0 execs/s); a count keeps it short.
FUZZMIN ?= 50x

.DEFAULT_GOAL := help

help: ## list the targets
	@grep -hE '^[a-zA-Z0-9_-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN{FS=":.*## "}{printf "  %-18s %s\n", $$1, $$2}'

deps: ## install what is missing (npm packages for wrangler and the editor bundle)
	@test -d node_modules/wrangler -a -d node_modules/@a2a-js/sdk || npm ci --no-audit --no-fund

generate: ## regenerate templ components and the constant-data tables (the editor's English, field references; committed)
	$(GO) tool templ generate -include-version=false
	$(GO) generate ./core/i18n/catalog/en ./core/card

build: build-cli build-site build-worker ## build the CLI, the static site (dist/site) and the Worker (build/)

# Without cgo (as the release builds): a static binary skips the dynamic
# loader and libc's start, 2-3 ms of every CLI run (bench-cli).
build-cli: ## build the agentcard CLI into build/agentcard (lint/fix, migrate, select, schema, lsp: build/agentcard --help) and its companion build/agentcard-a2a (the gRPC probe, a2a-go for select --sdk)
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags="-s -w" -o build/agentcard ./cmd/agentcard
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags="-s -w" -o build/agentcard-a2a ./cmd/agentcard-a2a

build-site: deps ## build the static site and playground into dist/site (prints a size report)
	$(GO) run ./scripts/buildsite

build-worker: ## build the two Cloudflare Workers (checker into build/, signature verifier into build/verifier/; prints raw and gzip sizes, fails over 2.5 MiB)
	$(GO) run ./scripts/buildworker

deploy: deps build-site build-worker ## publish the verifier Worker, then the checker Worker with the site (needs a Cloudflare account; one-time setup: wasm/worker/README.md, Deploying)
	npx wrangler deploy -c wrangler.verifier.toml
	npx wrangler deploy

release: ## cross-compile the CLI for linux, darwin, windows × amd64, arm64 into dist/release with SHA256SUMS (publishes nothing; VERSION=v1.2.3 to name it)
	$(GO) run ./scripts/release $(if $(VERSION),-version $(VERSION))

# wrangler dev without calls home: no Request.cf download, no telemetry,
# no update check (the banner does it).
WRANGLER_ENV := CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false WRANGLER_HIDE_BANNER=true

dev: deps build ## build everything and serve site + both Workers with wrangler dev on http://127.0.0.1:8787
	@echo "serving http://127.0.0.1:8787 (loopback targets allowed: ALLOW_LOOPBACK=1; Host must be 127.0.0.1, localhost or [::1])"
	$(WRANGLER_ENV) npx wrangler dev -c wrangler.toml -c wrangler.verifier.toml --ip 127.0.0.1 --port 8787 --var ALLOW_LOOPBACK:1 --var LOCAL_ONLY:1 --var SITE_ORIGIN:http://127.0.0.1:8787

serve-worker-native: ## the Worker's handler natively on PORT (default 8788), ALLOW_LOOPBACK and SITE_ORIGIN from the environment; loopback Host names only
	$(GO) run ./wasm/worker

test: test-static test-unit test-wasm test-fuzz test-e2e ## everything CI runs

test-static: ## gofmt, go vet, go.mod tidy, generated code up to date, core builds for js/wasm
	@$(GO) mod tidy -diff || { echo "go.mod/go.sum are not tidy: run go mod tidy and commit"; exit 1; }
	@out=$$(gofmt -l $$(git ls-files '*.go' | grep -v '^node_modules/')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) build ./core/...
	GOOS=js GOARCH=wasm $(GO) vet ./wasm/...
	GOOS=js GOARCH=wasm $(GO) vet -tags worker ./wasm/worker/
	GOOS=js GOARCH=wasm $(GO) build -tags worker,remoteverify ./core/...
	GOOS=js GOARCH=wasm $(GO) vet -tags worker,remoteverify ./wasm/worker/...
	GOOS=js GOARCH=wasm $(GO) vet -tags worker ./wasm/verifier/
	@$(GO) tool templ generate -include-version=false >/dev/null 2>&1; \
	  if ! git diff --quiet -- components; then echo "generated templ code is stale: run make generate and commit"; git diff --stat -- components; exit 1; fi

# AGENTCARD_REQUIRE_ALL=1: a test whose optional tool is missing (node_modules,
# Node, python3, vim, xmllint, pre-commit, nginx, …) fails instead of skipping
# (internal/toolchain), so CI runs every comparison with the real thing.
test-unit: deps ## unit, component, golden and differential tests (core/sdk runs @a2a-js/sdk from node_modules in Node); a missing tool fails
	AGENTCARD_REQUIRE_ALL=1 $(GO) test -count=1 ./...

test-wasm: ## the editor adapter's tests compiled to wasm and run in Node
	GOOS=js GOARCH=wasm $(GO) test -count=1 -exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" ./wasm/editor/ ./core/share/ ./core/format/

test-fuzz: ## short fixed fuzz runs: parse+lint+select, the share decoder, URL normalization, the Worker's handler, message ids, the signature canonicalizer
	$(GO) test -run '^$$' -fuzz '^FuzzLint$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) -parallel 2 ./core/lint/
	$(GO) test -run '^$$' -fuzz '^FuzzDecode$$' -fuzztime 180000x -fuzzminimizetime $(FUZZMIN) -parallel 2 ./core/share/
	$(GO) test -run '^$$' -fuzz '^FuzzNormalize$$' -fuzztime 14000x -fuzzminimizetime $(FUZZMIN) -parallel 2 ./core/discovery/
	$(GO) test -run '^$$' -fuzz '^FuzzHandler$$' -fuzztime 15000x -fuzzminimizetime $(FUZZMIN) -parallel 2 ./wasm/worker/
	$(GO) test -run '^$$' -fuzz '^FuzzProblemMessages$$' -fuzztime 70000x -fuzzminimizetime $(FUZZMIN) -parallel 2 ./core/jsonpos/
	$(GO) test -run '^$$' -fuzz '^FuzzCanonical$$' -fuzztime 50000x -fuzzminimizetime $(FUZZMIN) -parallel 2 ./core/signature/

test-e2e: test-e2e-worker test-e2e-editor ## end-to-end tests in workerd and headless Chromium

# test-unit runs these too (go test ./...), a few seconds and no network,
# except TestGoInstall (~20 s, needs a full clone): go install of HEAD
# through the action's own install step, offline.
test-action: ## run action.yml's steps (release download with checksum, source build, lists, header secret, SARIF, summary, outputs) and the pre-commit hook with the real pre-commit, locally; and go install of HEAD
	AGENTCARD_REQUIRE_ALL=1 AGENTCARD_GOINSTALL=1 $(GO) test -count=1 ./scripts/actiontest/

test-worker: ## the Worker's native tests: discovery, handler, report components
	$(GO) test -count=1 ./core/discovery/ ./wasm/worker/ ./components/

test-e2e-worker: deps build-worker ## the Worker under wrangler dev against loopback fixture servers
	AGENTCARD_E2E=1 AGENTCARD_E2E_NOBUILD=1 $(GO) test -count=1 -timeout 10m -run 'E2E' -v ./wasm/worker/

load-worker: deps build-worker ## load run with wrk against wrangler dev (requests/s, p50/p99)
	AGENTCARD_E2E=1 AGENTCARD_E2E_NOBUILD=1 AGENTCARD_LOAD=1 $(GO) test -count=1 -timeout 10m -run 'E2ELoad' -v ./wasm/worker/

test-e2e-editor: build-site build-worker ## the playground in headless Chromium (short links: the site and both Workers in wrangler dev)
	AGENTCARD_E2E=1 $(GO) test -count=1 -timeout 30m -run 'E2E' -v ./site/e2e/

bench-editor: build-site ## playground in headless Chromium: cold start to first findings (5 fresh profiles, with phases), lint, keystroke to findings (with its phases and an empty page's keystroke as baseline) -> build/artifacts/editor-bench.json
	AGENTCARD_E2E=1 $(GO) test -count=1 -run 'BrowserBenchmark' -v ./site/e2e/

bench-cli: build-cli ## CLI process start: median wall time of version and lint --format json beside an empty Go program and the engine alone, and the slowest package initialisers
	$(GO) run ./scripts/startbench

bench-peer: build-cli ## CLI process vs capiscio-core's validate on the same card, and vs an empty Go program: medians of per-round ratios (CAPISCIO=path to its capiscio binary, built with go build ./cmd/capiscio in a checkout of github.com/capiscio/capiscio-core; N=30 rounds)
	@test -n "$(CAPISCIO)" || { echo 'bench-peer: set CAPISCIO=/path/to/capiscio (go build ./cmd/capiscio in a checkout of github.com/capiscio/capiscio-core)' >&2; exit 2; }
	$(GO) run ./scripts/startbench -peer "$(CAPISCIO)" -n $(or $(N),30)

profile-editor: build-site ## Chrome trace of cold loads (playground, a lesson in both languages) on a phone-sized, 4x slower CPU, and a CPU profile of keystrokes in the 100 KB card: where the main thread spends its time -> build/artifacts/trace-*.json, profile-keys.cpuprofile
	AGENTCARD_E2E=1 $(GO) test -count=1 -run 'BrowserProfile' -v ./site/e2e/

lighthouse: ## Lighthouse 12.2.3 mobile (performance) on the playground and every course page in both languages, against a running make dev (BASE=…, RUNS=n for medians)
	scripts/lighthouse.sh -b $(or $(BASE),http://127.0.0.1:8787) -n $(or $(RUNS),1)

bench: ## engine and handler benchmarks with their baselines
	$(GO) test -run '^$$' -bench . -benchmem ./core/lint/ ./wasm/worker/

.PHONY: help deps generate build build-cli bench-cli bench-peer profile-editor lighthouse deploy release test-action build-site build-worker dev test test-static test-unit test-wasm test-fuzz test-e2e test-e2e-worker test-e2e-editor bench test-worker load-worker serve-worker-native bench-editor
