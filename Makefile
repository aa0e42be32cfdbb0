# Tool Sandbox. A newcomer runs `./make.sh run` or `./make.sh test`, which
# install make itself first on a bare machine; then:
#   make run    install dependencies, build, start the service on 127.0.0.1:8080
#   make test   install dependencies, build (strict and ASan+UBSan), run every test
#   make check  the edit-test loop: build, then the unit, API and sandbox tests
#   make bench  build a Release binary and benchmark it against its baselines
.PHONY: all deps build run test check bench clean

BUILD      ?= build
ASAN_BUILD ?= build-asan
JOBS       ?= $(shell nproc)
ARGS       ?=

# No __pycache__ in the work tree from the Python test and bench scripts.
export PYTHONDONTWRITEBYTECODE := 1

all: build

deps:
	./scripts/install-deps.sh

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	cmake --build $(BUILD) -j $(JOBS)

run: build
	./$(BUILD)/tool-sandbox $(ARGS)

test: build
	./scripts/run-tests.sh

check: build
	./scripts/run-tests.sh --check

# BENCH_ARGS=--quick for the short version CI runs inside `make test`.
bench: deps
	cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release >/dev/null
	cmake --build build-bench -j $(JOBS) --target tool-sandbox ts-loadgen
	/usr/bin/python3 bench/run.py --binary build-bench/tool-sandbox \
		--loadgen build-bench/ts-loadgen $(BENCH_ARGS)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) build-bench
