#!/usr/bin/env python3
"""Idle keep-alive connection check for the Cairn HTTP server (issue 4).

Opens N keep-alive connections (default 1,000), sends one point query on each and reads the
answers, then leaves them all open and idle. While they are idle it times point queries on one
more connection and compares them with the same probe taken before the idle connections
existed; then it sends a second request on every idle connection and counts the answers.
Requests go out over the connections with at most --in-flight outstanding (default 32, the
load test's connection count): all 1,000 at once would exceed the server's admission limit
(query threads + 64 queued) and measure its 503 overload answer instead; --in-flight 0 does
exactly that, to see it.

    idle_connections.py --port PORT [--ledger kg-10m] [--persons 166666]
                        [--connections 1000] [--idle-seconds 10] [--probe-requests 500]
                        [--in-flight 32] [--server-pid PID] [--max-slowdown 2.0]

Passes (exit 0) when every connection answered both requests with a 2xx and the probe's
median while the connections are held is at most --max-slowdown times the baseline median
(plus 50 µs, so a 60 µs baseline is not failed by scheduler noise). With --server-pid it also
reports the server's resident memory before and after opening the connections. The last line
is machine-readable for http_bench.sh:
    IDLE connections=N first_ok=N second_ok=N open_gauge=N baseline_p50_us=..
         idle_p50_us=.. idle_p99_us=.. rss_delta_kib=.. result=PASS|FAIL

Only the standard library; the requests are the same as bench/http/point_query.lua sends.
"""

import argparse
import collections
import random
import resource
import selectors
import socket
import statistics
import sys
import time
import urllib.parse

PREFIXES = ("PREFIX c: <http://cairn.example/ontology/>\n"
            "PREFIX person: <http://cairn.example/resource/Person/>\n")


def point_query_request(host, port, ledger, k):
    query = PREFIXES + "SELECT ?n WHERE { person:%d c:name ?n }" % k
    target = "/ledgers/%s/sparql?query=%s" % (ledger, urllib.parse.quote(query, safe=""))
    return request_bytes(host, port, target)


def request_bytes(host, port, target):
    return ("GET %s HTTP/1.1\r\nHost: %s:%d\r\nAccept: application/sparql-results+json\r\n\r\n" %
            (target, host, port)).encode("ascii")


def parse_response(buffer):
    """(status, body, bytes used) once `buffer` holds a whole response, else None.

    Handles Content-Length and chunked bodies: enough for this server's answers.
    """
    head_end = buffer.find(b"\r\n\r\n")
    if head_end < 0:
        return None
    lines = buffer[:head_end].decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    start = head_end + 4
    if headers.get("transfer-encoding", "").lower() == "chunked":
        body = b""
        at = start
        while True:
            line_end = buffer.find(b"\r\n", at)
            if line_end < 0:
                return None
            size = int(buffer[at:line_end].split(b";")[0], 16)
            chunk_start = line_end + 2
            if len(buffer) < chunk_start + size + 2:
                return None
            if size == 0:
                # No trailers are sent by this server: the last chunk ends with CRLF CRLF.
                return status, body, chunk_start + 2
            body += buffer[chunk_start:chunk_start + size]
            at = chunk_start + size + 2
    length = int(headers.get("content-length", "0"))
    if len(buffer) < start + length:
        return None
    return status, buffer[start:start + length], start + length


def exchange(sock, request):
    """Sends one request on a blocking socket and returns (status, body)."""
    sock.sendall(request)
    buffer = b""
    while True:
        parsed = parse_response(buffer)
        if parsed is not None:
            return parsed[0], parsed[1]
        data = sock.recv(65536)
        if not data:
            raise ConnectionError("the server closed the connection")
        buffer += data


def connect(host, port):
    sock = socket.create_connection((host, port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def probe(host, port, ledger, persons, count, rng):
    """Per-request latencies (µs) of `count` sequential point queries on one new connection."""
    sock = connect(host, port)
    latencies = []
    try:
        for _ in range(count):
            request = point_query_request(host, port, ledger, rng.randint(100, persons - 1))
            start = time.perf_counter()
            status, _ = exchange(sock, request)
            latencies.append((time.perf_counter() - start) * 1e6)
            if not 200 <= status <= 299:
                raise RuntimeError("probe answered %d" % status)
    finally:
        sock.close()
    return latencies


def request_on_all(socks, host, port, ledger, persons, rng, in_flight, timeout):
    """Sends one request on every socket, at most `in_flight` outstanding at a time (0: all at
    once), and reads the answers. Returns a Counter of outcomes: HTTP statuses, "closed" (the
    server closed the connection) and "timeout".
    """
    selector = selectors.DefaultSelector()
    outcomes = collections.Counter()
    buffers = {}
    waiting = list(reversed(socks))
    window = in_flight if in_flight > 0 else len(socks)
    deadline = time.monotonic() + timeout
    while (waiting or buffers) and time.monotonic() < deadline:
        while waiting and len(buffers) < window:
            sock = waiting.pop()
            try:
                sock.sendall(point_query_request(host, port, ledger,
                                                 rng.randint(100, persons - 1)))
            except OSError:
                outcomes["closed"] += 1
                continue
            buffers[sock] = b""
            selector.register(sock, selectors.EVENT_READ)
        if not buffers:
            break
        for key, _ in selector.select(timeout=max(0.0, deadline - time.monotonic())):
            sock = key.fileobj
            try:
                data = sock.recv(65536)
            except OSError:
                data = b""
            parsed = None
            if data:
                buffers[sock] += data
                parsed = parse_response(buffers[sock])
                if parsed is None:
                    continue
                outcomes[parsed[0]] += 1
            else:
                outcomes["closed"] += 1
            selector.unregister(sock)
            del buffers[sock]
    outcomes["timeout"] += len(buffers) + len(waiting)
    selector.close()
    return outcomes


def successes(outcomes):
    return sum(n for status, n in outcomes.items() if isinstance(status, int) and 200 <= status <= 299)


def describe(outcomes):
    return ", ".join("%s: %d" % (status, n) for status, n in sorted(outcomes.items(), key=str) if n)


def open_connections_gauge(host, port):
    sock = connect(host, port)
    try:
        status, body = exchange(sock, request_bytes(host, port, "/metrics"))
    finally:
        sock.close()
    if status != 200:
        return -1
    for line in body.decode("utf-8").splitlines():
        if line.startswith("cairn_http_connections_open"):
            return int(float(line.split()[-1]))
    return -1


def resident_kib(pid):
    if pid is None:
        return None
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return None


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--ledger", default="kg-10m")
    parser.add_argument("--persons", type=int, default=166666)
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    parser.add_argument("--probe-requests", type=int, default=500)
    parser.add_argument("--server-pid", type=int)
    parser.add_argument("--max-slowdown", type=float, default=2.0)
    parser.add_argument("--in-flight", type=int, default=32,
                        help="requests outstanding at once across the connections (0: all; "
                        "the server answers 503 beyond its running + queued query limit)")
    parser.add_argument("--timeout", type=float, default=30.0,
                        help="seconds to wait for the answers on all connections")
    args = parser.parse_args()

    # One descriptor per connection, plus a few: the usual soft limit of 1024 is too low.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = args.connections + 64
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))

    rng = random.Random(11)
    host, port = args.host, args.port
    # Warm the cache and the client's own code paths, then take the baseline.
    probe(host, port, args.ledger, args.persons, args.probe_requests, rng)
    baseline = probe(host, port, args.ledger, args.persons, args.probe_requests, rng)

    rss_before = resident_kib(args.server_pid)
    socks = []
    open_start = time.monotonic()
    for _ in range(args.connections):
        socks.append(connect(host, port))
    first = request_on_all(socks, host, port, args.ledger, args.persons, rng, args.in_flight,
                           args.timeout)
    open_seconds = time.monotonic() - open_start
    gauge = open_connections_gauge(host, port)
    rss_after = resident_kib(args.server_pid)

    # Hold the connections idle; probe on another connection in the middle of the idle time.
    time.sleep(args.idle_seconds / 2)
    held = probe(host, port, args.ledger, args.persons, args.probe_requests, rng)
    time.sleep(args.idle_seconds / 2)
    second = request_on_all(socks, host, port, args.ledger, args.persons, rng, args.in_flight,
                            args.timeout)
    for sock in socks:
        sock.close()

    first_ok, second_ok = successes(first), successes(second)
    base_p50 = statistics.median(baseline)
    held_p50 = statistics.median(held)
    held_p99 = percentile(held, 0.99)
    fast = held_p50 <= args.max_slowdown * base_p50 + 50
    passed = first_ok == args.connections and second_ok == args.connections and fast
    rss_delta = (rss_after - rss_before) if rss_before is not None else -1

    window = "all at once" if args.in_flight <= 0 else "at most %d in flight" % args.in_flight
    print("opened %d connections, one request on each (%s) in %.2f s: %s" %
          (args.connections, window, open_seconds, describe(first)))
    print("server gauge cairn_http_connections_open while held: %d" % gauge)
    if rss_before is not None:
        print("server RSS %.1f MiB -> %.1f MiB (%+.1f KiB per connection)" %
              (rss_before / 1024, rss_after / 1024, rss_delta / args.connections))
    print("probe on another connection, %d requests: baseline p50 %.0f us p99 %.0f us; "
          "with %d idle connections held p50 %.0f us p99 %.0f us" %
          (args.probe_requests, base_p50, percentile(baseline, 0.99), args.connections, held_p50,
           held_p99))
    print("second request after %.0f s idle: %s" % (args.idle_seconds, describe(second)))
    print("IDLE connections=%d first_ok=%d second_ok=%d open_gauge=%d baseline_p50_us=%.0f "
          "idle_p50_us=%.0f idle_p99_us=%.0f rss_delta_kib=%d result=%s" %
          (args.connections, first_ok, second_ok, gauge, base_p50, held_p50, held_p99, rss_delta,
           "PASS" if passed else "FAIL"))
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
