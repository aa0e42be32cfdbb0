# Tool Sandbox: the two commands a new user needs.
#   make run    install dependencies, build, start the service on 127.0.0.1:8080
#   make test   install dependencies, build (strict and ASan+UBSan), run every test
.PHONY: all deps build run test test-release test-asan clean

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

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
