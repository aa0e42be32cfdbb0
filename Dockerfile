# Tool Sandbox container image.
#
#   build stage:   compiles with the strict flags and runs the unit tests
#   runtime stage: debian:bookworm-slim with the runtime libraries only
#
# Run it (see README, Container):
#   podman run --rm -p 8080:8080 --runtime runc --ulimit nofile=20000:20000 \
#     --security-opt seccomp=docker/seccomp.json tool-sandbox
# The sandbox makes its own user namespaces, so the container needs neither
# --privileged nor extra capabilities; only a seccomp profile that lets it
# call unshare/clone3/mount/pivot_root (Docker's default profile does not).

ARG BASE=debian:bookworm-slim
FROM ${BASE} AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      build-essential cmake pkg-config libmicrohttpd-dev libcjson-dev libseccomp-dev \
      libpython3-dev libcriterion-dev python3 \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY CMakeLists.txt ./
COPY cmake cmake
COPY src src
COPY tests/unit tests/unit
COPY tests/lsan.supp tests/
COPY openapi/openapi.yaml openapi/
RUN cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null \
 && cmake --build build -j"$(nproc)" --target tool-sandbox unit-tests \
 && ./build/unit-tests --jobs "$(nproc)" \
 && strip build/tool-sandbox

FROM ${BASE}
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libmicrohttpd12 libcjson1 libseccomp2 libpython3.11 \
      python3-numpy python3-pandas python3-scipy python3-sympy python3-matplotlib \
 && mkdir -p /var/cache/tool-sandbox/matplotlib \
 && MPLCONFIGDIR=/var/cache/tool-sandbox/matplotlib python3 -c 'import matplotlib.font_manager' \
 && chmod -R a+rX /var/cache/tool-sandbox \
 && rm -rf /var/lib/apt/lists/* /usr/share/doc /usr/share/man /usr/share/locale \
 && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin sandbox
COPY --from=build /src/build/tool-sandbox /usr/local/bin/tool-sandbox
# Not root: the zygote then makes its own user namespace (and its empty
# network namespace inside it) instead of dropping root privileges.
USER 10001:10001
ENV TOOL_SANDBOX_LISTEN=0.0.0.0:8080
ENV TOOL_SANDBOX_PROFILES=default,science
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["/bin/bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${TOOL_SANDBOX_LISTEN##*:} && printf 'GET /healthz HTTP/1.0\\r\\n\\r\\n' >&3 && grep -q '200 OK' <&3"]
ENTRYPOINT ["/usr/local/bin/tool-sandbox"]
