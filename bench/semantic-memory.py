#!/usr/bin/env python3
"""What foliod, its workers and its embedder hold while a folder is indexed and embedded
from nothing, as a user's first start with semantic search on would run it.

    bench/semantic-memory.py FOLDER [--interval 0.25] [--limit 1800]

Links FOLDER's files into a temporary home's Documents, starts foliod (release build: make
release) with the default configuration, the model and runtime where
scripts/install-semantic.sh put them, and samples each process's VmRSS every --interval
seconds until `folioctl status` says "semantic: complete" (or --limit seconds). Prints
each role's peak (foliod, worker, embedder), the embedder's RSS at the end, and the peak of
the group's sum, in MiB, with who held what at that moment.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

from daemon import BIN, children, rss_kib


def role(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            arguments = cmdline.read().split(b"\0")
    except OSError:
        return None
    return "embedder" if b"--embedder" in arguments else "worker"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--interval", type=float, default=0.25)
    parser.add_argument("--limit", type=float, default=1800)
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="folio-semantic-memory-")
    documents = os.path.join(home, "Documents")
    os.makedirs(documents)
    for name in sorted(os.listdir(args.folder)):
        source = os.path.join(args.folder, name)
        if os.path.isfile(source):
            os.link(source, os.path.join(documents, name))
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, "data"), XDG_CONFIG_HOME=os.path.join(home, "config"),
               XDG_RUNTIME_DIR=os.path.join(home, "run"), XDG_STATE_HOME=os.path.join(home, "state"))
    os.makedirs(env["XDG_RUNTIME_DIR"], mode=0o700)
    daemon = subprocess.Popen([os.path.join(BIN, "foliod")], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peaks = {"foliod": 0, "worker": 0, "embedder": 0}
    group_peak, embedder_last, started, last_check, complete = 0, 0, time.monotonic(), 0.0, False
    at_peak = ""
    try:
        while time.monotonic() - started < args.limit and daemon.poll() is None:
            sizes = {"foliod": [rss_kib(daemon.pid)], "worker": [], "embedder": []}
            for pid in children(daemon.pid):
                kind = role(pid)
                if kind:
                    sizes[kind].append(rss_kib(pid))
            for kind, values in sizes.items():
                peaks[kind] = max([peaks[kind]] + values)
            if sizes["embedder"]:
                embedder_last = max(sizes["embedder"])
            group = sum(sum(values) for values in sizes.values())
            if group > group_peak:
                group_peak = group
                held = (f"{kind} " + " + ".join(f"{value / 1024:.1f}" for value in values) for kind, values in sizes.items() if values)
                at_peak = ", ".join(held) + f" MiB, {time.monotonic() - started:.1f} s after the start"
            if time.monotonic() - last_check > 2:
                last_check = time.monotonic()
                status = subprocess.run([os.path.join(BIN, "folioctl"), "status"], env=env, capture_output=True, text=True).stdout
                if "semantic: complete" in status:
                    complete = True
                    break
            time.sleep(args.interval)
    finally:
        daemon.terminate()
        daemon.wait()
        shutil.rmtree(home, ignore_errors=True)
    elapsed = time.monotonic() - started
    print(f"{'semantic complete' if complete else 'NOT complete'} after {elapsed:.0f} s")
    for kind in ("foliod", "worker", "embedder"):
        print(f"peak RSS {kind}: {peaks[kind] / 1024:.1f} MiB")
    print(f"embedder RSS at the end: {embedder_last / 1024:.1f} MiB")
    print(f"peak RSS of the group (sum): {group_peak / 1024:.1f} MiB ({at_peak})")
    return 0 if complete else 1


if __name__ == "__main__":
    sys.exit(main())
