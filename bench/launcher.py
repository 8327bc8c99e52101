#!/usr/bin/env python3
"""Search through the launcher provider (issue 17): the time GNOME Shell waits for Folio's
results while a person types, the provider already running.

    /usr/bin/python3 bench/launcher.py DATABASE [--runs 20] [--queries FILE.tsv --count 40]
                                       [--embedder] [--busctl]

Starts a private session bus (dbus-daemon) and `folio-search-provider` on DATABASE (release
build: make release), then times, for each query, GetInitialResultSet and GetResultMetas of
the first five results, as the shell asks them: over one GDBus connection held for the whole
run (python3-gi, the library GNOME Shell calls through; Debian's python3 has it), as the
shell holds its own. The floor is the provider's Peer.Ping over the same connection: the
bus's round trip with no search. --busctl times each call as a `busctl call` process
instead, as this script did before 2026-11-26: that adds busctl's own start to every figure
(its floor: the same call to the bus, GetId). The table gives p50 and p95 in ms over --runs
runs after one warm-up, then the p50 and p95 of every call of every query.

The queries are bench/scale.py's, or the second column of a queries.tsv (--queries, the
first --count). --embedder starts the embedder process on the index (DATABASE must be
DATA_HOME/folio/folio.sqlite), as foliod keeps it running: an index with vectors is then
searched by words and meaning, the provider taking each query's vector from it.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

from embedder import wait_until_settled

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# bench/scale.py's queries, with the words a launcher gets as its terms.
QUERIES = ["the", "system", "data type", "configur*", "postgresql replication slot", "t", "s", "the -system",
           '"data type"', "how do I configure the network", "file", "memory allocation", "inte", "intern",
           "internet", "string -python", "error message", "return value of the function", "return value", "see also",
           "use the", "to be", "it is not"]


def percentiles(times):
    times = sorted(times)
    return times[len(times) // 2], times[max(0, int(len(times) * 0.95 + 0.5) - 1)]


class HeldConnection:
    """Calls over one GDBus connection to the bus, held as GNOME Shell holds its own."""

    def __init__(self, address):
        try:
            import gi
        except ImportError:
            sys.exit("bench/launcher.py: this Python has no python3-gi; run it with Debian's /usr/bin/python3, or pass --busctl")
        gi.require_version("Gio", "2.0")
        from gi.repository import Gio, GLib
        self.Gio, self.GLib = Gio, GLib
        flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
        self.connection = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)

    def names(self):
        return self.timed(*BUS, "ListNames", None)[1].unpack()[0]

    def floor(self):
        return self.timed("org.folio.Search", "/org/folio/Search", "org.freedesktop.DBus.Peer", "Ping", None)[0]

    def initial(self, words):
        took, reply = self.timed(*PROVIDER, "GetInitialResultSet", self.GLib.Variant("(as)", (words,)))
        return took, reply.unpack()[0]

    def metas(self, ids):
        return self.timed(*PROVIDER, "GetResultMetas", self.GLib.Variant("(as)", (ids,)))[0]

    def timed(self, name, path, interface, method, parameters):
        start = time.perf_counter()
        try:
            reply = self.connection.call_sync(name, path, interface, method, parameters, None, self.Gio.DBusCallFlags.NONE,
                                              -1, None)
        except self.GLib.Error as error:
            sys.exit(f"{method}: {error.message}")
        return (time.perf_counter() - start) * 1000, reply


class BusctlProcesses:
    """Each call a `busctl call` process: its start is in every figure."""

    def __init__(self, address):
        self.busctl = ["busctl", "--user", f"--address={address}", "call", "--"]

    def names(self):
        return self.timed(*BUS, "ListNames")[1]

    def floor(self):
        return self.timed(*BUS, "GetId")[0]

    def initial(self, words):
        took, output = self.timed(*PROVIDER, "GetInitialResultSet", "as", str(len(words)), *words)
        return took, re.findall(r'"([^"]*)"', output)

    def metas(self, ids):
        return self.timed(*PROVIDER, "GetResultMetas", "as", str(len(ids)), *ids)[0]

    def timed(self, *arguments):
        start = time.perf_counter()
        result = subprocess.run(self.busctl + list(arguments), capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"busctl {' '.join(arguments)}: {result.stderr.strip()}")
        return (time.perf_counter() - start) * 1000, result.stdout


PROVIDER = ("org.folio.Search", "/org/folio/Search", "org.gnome.Shell.SearchProvider2")
BUS = ("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("database")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--queries")
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--embedder", action="store_true")
    parser.add_argument("--busctl", action="store_true")
    args = parser.parse_args()
    queries = QUERIES
    if args.queries:
        with open(args.queries, encoding="utf-8") as file:
            queries = [line.rstrip("\n").split("\t", 1)[1] for line in file if "\t" in line][: args.count]
    binaries = os.environ.get("FOLIO_BIN", os.path.join(ROOT, ".build", "release"))
    work = tempfile.mkdtemp(prefix="folio-launcher-")
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"], stdout=subprocess.PIPE, text=True)
    address = bus.stdout.readline().strip()
    environment = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=address, HOME=work, XDG_CONFIG_HOME=work, XDG_RUNTIME_DIR=work,
                       XDG_DATA_HOME=os.path.dirname(os.path.dirname(os.path.abspath(args.database))))
    embedder = None
    if args.embedder:
        embedder = subprocess.Popen([os.path.join(binaries, "foliod-worker"), "--embedder"], env=environment)
        while not os.path.exists(os.path.join(work, "folio", "embedder.sock")):
            time.sleep(0.05)
        wait_until_settled(binaries, environment)
    provider = subprocess.Popen([os.path.join(binaries, "folio-search-provider"), "--db", args.database],
                                env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        client = BusctlProcesses(address) if args.busctl else HeldConnection(address)
        for _ in range(100):
            if "org.folio.Search" in client.names():
                break
            time.sleep(0.05)
        else:
            sys.exit("folio-search-provider did not take its name on the bus")
        floor = [client.floor() for _ in range(args.runs + 1)][1:]
        what = "busctl call to the bus itself" if args.busctl else "Peer.Ping to the provider over the held connection"
        print(f"{what} (floor): p50 {percentiles(floor)[0]:.2f} ms, p95 {percentiles(floor)[1]:.2f} ms\n")
        print("| query | GetInitialResultSet p50 | p95 | GetResultMetas (5) p50 | p95 |")
        print("|---|---|---|---|---|")
        every_initial, every_metas = [], []
        for query in queries:
            words = query.split()
            initial, metas = [], []
            for run in range(args.runs + 1):
                took, ids = client.initial(words)
                took_metas = client.metas(ids[:5])
                if run:
                    initial.append(took)
                    metas.append(took_metas)
            every_initial += initial
            every_metas += metas
            print(f"| `{query}` | {percentiles(initial)[0]:.1f} | {percentiles(initial)[1]:.1f} | "
                  f"{percentiles(metas)[0]:.1f} | {percentiles(metas)[1]:.1f} |")
        print(f"\nevery query: GetInitialResultSet p50 {percentiles(every_initial)[0]:.1f} ms, p95 {percentiles(every_initial)[1]:.1f} ms; "
              f"GetResultMetas p50 {percentiles(every_metas)[0]:.1f} ms, p95 {percentiles(every_metas)[1]:.1f} ms")
    finally:
        provider.terminate()
        bus.terminate()
        if embedder:
            embedder.terminate()
            embedder.wait()


main()
