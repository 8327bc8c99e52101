#!/usr/bin/env python3
"""Latency of the desktop launchers' D-Bus calls, over the queries of a relevance
collection (../shared/ir), as GNOME Shell and KRunner make them.

    python3 bench/launcher.py [--collection cranfield] [--runs 3]

Indexes the collection's documents with folioctl into a scratch home, starts a private
dbus-daemon and folio-search-provider on it, and times from a client on that bus (GLib's
GDBus through python3-gi, the library GNOME Shell itself uses):

- GNOME: GetInitialResultSet(terms) then GetResultMetas(first five ids), one search;
- KRunner: Match(query);
- floor: org.freedesktop.DBus.Peer.Ping to the provider (a round trip doing nothing);
- anchor: `folioq --limit 10 QUERY`, a whole process per query, on the same index.

Indexing includes the semantic stage, and an embedder process (`foliod-worker --embedder`)
runs as foliod keeps one, so every call searches by words and by meaning (hybrid).

Prints p50, p95 and max per kind in milliseconds, and the first call after start-up.
Uses the release binaries (make release); FOLIO_BIN overrides their folder.
Needs python3-gi and dbus-daemon.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

from gi.repository import Gio, GLib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUS_NAME = "org.folio.Search"


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def start_bus(home):
    config = os.path.join(home, "bus.conf")
    with open(config, "w") as f:
        f.write(f"""<busconfig><type>session</type><listen>unix:path={home}/bus</listen>
<policy context="default"><allow send_destination="*"/><allow receive_sender="*"/><allow own="*"/></policy></busconfig>""")
    daemon = subprocess.Popen(["dbus-daemon", "--config-file=" + config, "--nofork", "--print-address=1"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return daemon, daemon.stdout.readline().strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--collection", default="cranfield")
    parser.add_argument("--runs", type=int, default=3, help="passes over the queries (the first warms the caches)")
    args = parser.parse_args()
    binaries = os.environ.get("FOLIO_BIN", os.path.join(ROOT, ".build/release"))
    ir = os.environ.get("FOLIO_IR", os.path.join(ROOT, "../shared/ir"))
    collection = os.path.join(ir, args.collection)
    queries = [line.rstrip("\n").split("\t", 1)[1] for line in open(os.path.join(collection, "queries.tsv"), encoding="utf-8")]

    home = tempfile.mkdtemp(prefix="folio-launcher-bench-")
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=home + "/data", XDG_CONFIG_HOME=home + "/config",
               XDG_RUNTIME_DIR=home + "/run")
    subprocess.run([binaries + "/folioctl", "index", os.path.join(collection, "docs")], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    daemon, address = start_bus(home)
    env["DBUS_SESSION_BUS_ADDRESS"] = address
    # Queries by meaning come from the embedder process, as foliod keeps one running.
    os.makedirs(home + "/run", exist_ok=True)
    embedder = subprocess.Popen([binaries + "/foliod-worker", "--embedder"], env=env)
    while not os.path.exists(home + "/run/folio/embedder.sock"):
        time.sleep(0.05)
    started = time.perf_counter()
    provider = subprocess.Popen([binaries + "/folio-search-provider", "--idle-exit", "0"], env=env)
    bus = Gio.DBusConnection.new_for_address_sync(
        address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)

    def call(path, interface, method, arguments, reply_type):
        return bus.call_sync(BUS_NAME, path, interface, method, arguments, GLib.VariantType(reply_type),
                             Gio.DBusCallFlags.NONE, 10000, None).unpack()

    def gnome(terms):
        ids = call("/org/folio/Search", "org.gnome.Shell.SearchProvider2", "GetInitialResultSet",
                   GLib.Variant("(as)", (terms,)), "(as)")[0]
        call("/org/folio/Search", "org.gnome.Shell.SearchProvider2", "GetResultMetas",
             GLib.Variant("(as)", (ids[:5],)), "(aa{sv})")
        return len(ids)

    def krunner(query):
        return len(call("/org/folio/Search/KRunner", "org.kde.krunner1", "Match", GLib.Variant("(s)", (query,)),
                        "(a(sssida{sv}))")[0])

    def ping(_):
        call("/org/folio/Search", "org.freedesktop.DBus.Peer", "Ping", None, "()")

    def folioq(query):
        subprocess.run([binaries + "/folioq", "--limit", "10", query], env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)

    while True:
        try:
            gnome(["wing"])
            break
        except GLib.Error:
            if time.perf_counter() - started > 10:
                sys.exit("launcher.py: the provider did not answer within 10 s")
            time.sleep(0.005)
    first = (time.perf_counter() - started) * 1000

    kinds = [("floor: Peer.Ping", ping, lambda q: q), ("GNOME: GetInitialResultSet + GetResultMetas", gnome, str.split),
             ("KRunner: Match", krunner, lambda q: q), ("anchor: folioq process", folioq, lambda q: q)]
    timings = {name: [] for name, _, _ in kinds}
    found = {name: 0 for name, _, _ in kinds}
    for run in range(args.runs):
        for query in queries:
            for name, function, shape in kinds:
                begin = time.perf_counter()
                result = function(shape(query))
                elapsed = (time.perf_counter() - begin) * 1000
                if run > 0:
                    timings[name].append(elapsed)
                    found[name] += 1 if result else 0
    provider.terminate()
    provider.wait()
    embedder.terminate()
    embedder.wait()
    daemon.terminate()
    daemon.wait()

    measured = max(1, args.runs - 1)
    print(f"{args.collection}: {len(queries)} queries x {measured} timed passes; first call after start-up {first:.1f} ms")
    print("| call | p50 ms | p95 ms | max ms | queries with results |")
    print("|---|---|---|---|---|")
    for name, _, _ in kinds:
        values = timings[name]
        results = f"{found[name] // measured}/{len(queries)}" if name.startswith(("GNOME", "KRunner")) else ""
        print(f"| {name} | {statistics.median(values):.1f} | {percentile(values, 0.95):.1f} | {max(values):.1f} | {results} |")


if __name__ == "__main__":
    main()
