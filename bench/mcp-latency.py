#!/usr/bin/env python3
"""`folio mcp` as an assistant's client sees it: the `search` tool's latency measured from a
real MCP client (the Python SDK, `mcp` from PyPI), with the embedder running as foliod
keeps it; beside it, the anchor, the same queries as `folioq --json` processes (what an
assistant with only a shell tool would run). Then the server's resident memory and the
processor time it takes while idle, and that it ends when its client closes.

    /usr/local/share/folio/mcp-client/bin/python3 bench/mcp-latency.py DATA_HOME [--queries FILE.tsv]
        [--count 60] [--mode hybrid] [--idle 10]

(that Python has the client: scripts/install-mcp-client.sh, which `make test` runs).

DATA_HOME is the XDG_DATA_HOME of the index (its folio/folio.sqlite). The queries are the
second column of a queries.tsv (default: ../shared/ir/cranfield's). Release binaries
(make release); FOLIO_BIN overrides their folder.
"""
import argparse
import asyncio
import json
import os
import statistics
import subprocess
import tempfile
import time

from embedder import wait_until_settled

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def percentiles(times):
    times = sorted(times)
    return statistics.median(times), times[int(len(times) * 0.95) - 1], times[-1]


def status_field(path, field):
    with open(path) as status:
        return next(line for line in status if line.startswith(field)).split()[1]


def memory(pid):
    """Resident memory in MiB: all of it, its own (anonymous), and the pages of files it
    maps (the program, and the index SQLite maps: the kernel takes these back first)."""
    return tuple(int(status_field(f"/proc/{pid}/status", field)) / 1024 for field in ("VmRSS", "RssAnon", "RssFile"))


def cpu_seconds(pid):
    """User and system time of a process so far, from /proc/PID/stat."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_pid(parent):
    """The `folio-mcp` process the client started (a child of this one)."""
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                    command = cmdline.read().split(b"\0")
                if command and command[0].endswith(b"folio-mcp") and int(status_field(f"/proc/{entry}/status", "PPid")) == parent:
                    return int(entry)
            except (FileNotFoundError, ProcessLookupError, StopIteration):
                continue
    return None


async def measure(binaries, env, queries, mode, idle):
    server = StdioServerParameters(command=os.path.join(binaries, "folio"), args=["mcp"], env=env)
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            pid = server_pid(os.getpid())
            await session.call_tool("search", {"query": "warm up", "mode": mode})
            times = []
            for query in queries:
                start = time.perf_counter()
                result = await session.call_tool("search", {"query": query, "mode": mode, "limit": 10})
                times.append((time.perf_counter() - start) * 1000)
                assert not result.is_error, result.content
            resident = memory(pid)
            before = cpu_seconds(pid)
            await asyncio.sleep(idle)
            idle_cpu = cpu_seconds(pid) - before
            idle_resident = memory(pid)
    # The client has closed the server's standard input: it ends.
    deadline = time.time() + 5
    while os.path.exists(f"/proc/{pid}") and status_field(f"/proc/{pid}/status", "State") != "Z" and time.time() < deadline:
        time.sleep(0.05)
    ended = not os.path.exists(f"/proc/{pid}") or status_field(f"/proc/{pid}/status", "State") == "Z"
    return times, resident, idle_resident, idle_cpu, ended


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("data_home")
    parser.add_argument("--queries", default=os.path.join(ROOT, "..", "shared", "ir", "cranfield", "queries.tsv"))
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--mode", default="hybrid")
    parser.add_argument("--idle", type=float, default=10, help="seconds the server is left idle to measure its processor time")
    args = parser.parse_args()
    binaries = os.environ.get("FOLIO_BIN", os.path.join(ROOT, ".build", "release"))
    with open(args.queries, encoding="utf-8") as file:
        queries = [line.rstrip("\n").split("\t", 1)[1] for line in file if "\t" in line][: args.count]
    runtime = tempfile.mkdtemp()
    env = dict(os.environ, XDG_DATA_HOME=args.data_home, XDG_RUNTIME_DIR=runtime, XDG_CONFIG_HOME=os.path.join(runtime, "config"))
    embedder = subprocess.Popen([os.path.join(binaries, "foliod-worker"), "--embedder"], env=env, stdin=subprocess.DEVNULL)
    try:
        while True:
            status = subprocess.run([os.path.join(binaries, "folioctl"), "status", "--json"], env=env, capture_output=True, text=True).stdout
            if ((json.loads(status).get("semantic") or {}).get("embedder") or {}).get("pid") == embedder.pid:
                break
            time.sleep(0.05)
        wait_until_settled(binaries, env)
        anchor = []
        subprocess.run([os.path.join(binaries, "folioq"), "--json", "--mode", args.mode, "warm up"], env=env, stdout=subprocess.DEVNULL)
        for query in queries:
            start = time.perf_counter()
            subprocess.run([os.path.join(binaries, "folioq"), "--json", "--mode", args.mode, "--limit", "10", query], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            anchor.append((time.perf_counter() - start) * 1000)
        times, resident, idle_resident, idle_cpu, ended = asyncio.run(measure(binaries, env, queries, args.mode, args.idle))
    finally:
        embedder.terminate()
        embedder.wait()
    (p50, p95, most), (a50, a95, amost) = percentiles(times), percentiles(anchor)
    print(f"{len(queries)} queries, {args.mode}, embedder running")
    print(f"search tool call, from the client   p50 {p50:6.1f} ms  p95 {p95:6.1f} ms  max {most:6.1f} ms")
    print(f"folioq --json process (anchor)      p50 {a50:6.1f} ms  p95 {a95:6.1f} ms  max {amost:6.1f} ms")
    print(f"tool call / folioq                  p50 {p50 / a50:6.2f}     p95 {p95 / a95:6.2f}")
    for label, (total, anonymous, mapped) in (("after the calls", resident), (f"after {args.idle:g} s idle", idle_resident)):
        print(f"server resident memory {label}: {total:.1f} MiB ({anonymous:.1f} its own, {mapped:.1f} mapped files)")
    print(f"server processor time while idle: {idle_cpu * 1000:.0f} ms in {args.idle:g} s ({idle_cpu / args.idle:.2%} of a core)")
    print(f"server ended when the client closed its standard input: {ended}")


main()
