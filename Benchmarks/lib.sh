# Shared helpers for the Benchmarks/ scripts: peers (nginx, wrk) started on loopback, pinned so the
# server and the load generator each get one of the two cores, and cleaned up on exit.
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$BENCH_DIR/.." && pwd)
WORK=$(mktemp -d /tmp/nse-bench-bench.XXXXXX)
PIDS=()

cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

# Installs the Debian peers a benchmark compares against (nginx, wrk), as .ci/install-deps does.
ensure_peers() {
    "$ROOT/.ci/install-deps" nginx-light wrk "$@"
    ulimit -n 20000 2>/dev/null || ulimit -n "$(ulimit -Hn)"
}

# Builds nse-bench in release mode once; with NSE_BENCH set to a binary, every script uses that one
# instead (a build to compare, as Benchmarks/invocation-cost.sh does for two).
ensure_nse_bench() {
    if [ -n "${NSE_BENCH:-}" ]; then return; fi
    (cd "$ROOT" && swift build -c release --product nse-bench >/dev/null)
    NSE_BENCH="$ROOT/.build/release/nse-bench"
}

# For the scripts that probe jemalloc with perf (profile.sh, cross-thread-frees.sh): perf installed,
# nse-bench built, and JEMALLOC set to the library the binary links.
ensure_perf_and_jemalloc() {
    ulimit -n 20000 2>/dev/null || true
    command -v perf >/dev/null || { echo "perf is missing: apt-get install -y linux-perf" >&2; exit 1; }
    ensure_nse_bench
    JEMALLOC=$(ldd "$NSE_BENCH" | awk '/libjemalloc/ {print $3}')
    [ -n "$JEMALLOC" ] || { echo "$NSE_BENCH is not linked with jemalloc: nothing to probe" >&2; exit 1; }
}

# Keeps a script's perf probes on jemalloc to its own names (probe_libjemalloc:<prefix>*): removes any
# a killed run left, and removes them again on exit. Recording other scripts' probes inflates counts.
own_jemalloc_probes() {
    PROBE_PREFIX=$1
    remove_probes() { perf probe -q -d "probe_libjemalloc:${PROBE_PREFIX}*" >/dev/null 2>&1 || true; }
    trap 'remove_probes; cleanup' EXIT
    remove_probes
}

# A free TCP port on 127.0.0.1.
free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

# Starts nginx with one worker on core 0, serving $WORK/www on the given port.
start_nginx() {
    local port=$1
    mkdir -p "$WORK/www/media" "$WORK/nginx"
    head -c 1000 /dev/zero | tr '\0' 'x' > "$WORK/www/media/1KB.jpg"
    cat > "$WORK/nginx/nginx.conf" <<CONF
worker_processes 1;
worker_rlimit_nofile 20000;
daemon off;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log crit;
events { worker_connections 20000; use epoll; multi_accept on; }
http {
    access_log off;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    sendfile on; tcp_nopush on; tcp_nodelay on;
    types { image/jpeg jpg; }
    server {
        listen 127.0.0.1:$port backlog=4096 reuseport;
        root $WORK/www;
    }
}
CONF
    # mktemp makes $WORK 0700, and nginx's worker runs as nobody: without this it answers 403.
    chmod -R a+rX "$WORK"
    taskset -c 0 nginx -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx" &
    PIDS+=($!)
    wait_for_port "$port"
    local status
    status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/media/1KB.jpg")
    if [ "$status" != 200 ]; then
        echo "nginx answers $status for /media/1KB.jpg, not 200: the comparison would be meaningless" >&2
        exit 1
    fi
}

wait_for_port() {
    local port=$1
    for _ in $(seq 1 100); do
        if curl -s -o /dev/null "http://127.0.0.1:$port/" 2>/dev/null; then return 0; fi
        sleep 0.1
    done
    echo "nothing listens on port $port" >&2
    return 1
}

# Runs wrk on core 1 and prints its requests/s. Arguments: connections duration url [extra wrk args]
wrk_rate() {
    local connections=$1 duration=$2 url=$3
    shift 3
    taskset -c 1 wrk -t1 -c"$connections" -d"$duration" "$@" "$url" 2>&1 | tee -a "$WORK/wrk.log" |
        awk '/Requests\/sec/ {print $2}'
}

# A column of a run's summary: column RUN_FOLDER NAME.
column() { python3 -c "import csv,sys; r=next(csv.DictReader(open(sys.argv[1]))); print(r[sys.argv[2]])" "$1/summary.csv" "$2"; }

ratio() { python3 -c "import sys; a,b=float(sys.argv[1]),float(sys.argv[2]); print(f'{a/b:.2f}' if b else 'n/a')" "$1" "$2"; }
