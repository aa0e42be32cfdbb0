# Tool Sandbox: the two commands a new user needs.
#   make run    install dependencies, build, start the service on 127.0.0.1:8080
#   make test   install dependencies, build (strict and ASan+UBSan), run every test
#   make bench  build a Release binary and benchmark it against its baselines
.PHONY: all deps build run test test-release test-asan bench clean

BUILD      ?= build
ASAN_BUILD ?= build-asan
JOBS       ?= $(shell nproc)
ARGS       ?=

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

# BENCH_ARGS=--quick for the short version CI runs inside `make test`.
bench: deps
	cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release >/dev/null
	cmake --build build-bench -j $(JOBS) --target tool-sandbox ts-loadgen
	/usr/bin/python3 bench/run.py --binary build-bench/tool-sandbox \
		--loadgen build-bench/ts-loadgen $(BENCH_ARGS)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) build-bench
