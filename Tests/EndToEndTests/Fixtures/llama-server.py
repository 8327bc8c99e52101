#!/usr/bin/env python3
"""Starts the real llama.cpp server (scripts/install-llama-server.sh installs it, with the
SmolLM2-135M-Instruct model) on a free loopback port for the tests of `folioq --ask`,
prints the port once the server answers /health (0 when it is not installed or did not
start), writes the server's pid to PIDFILE (for the test that kills it mid-answer), and
waits. The server ends with this script, however it ends (PR_SET_PDEATHSIG).

    python3 llama-server.py PIDFILE [CONTEXT_TOKENS]

FOLIO_LLAMA_SERVER and FOLIO_LLAMA_MODEL name another binary and model.
"""
import ctypes
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

SERVER = os.environ.get("FOLIO_LLAMA_SERVER", "/usr/local/share/folio/llama-server/llama-server")
MODEL = os.environ.get("FOLIO_LLAMA_MODEL",
                       "/usr/local/share/folio/models/SmolLM2-135M-Instruct/SmolLM2-135M-Instruct.Q4_1.gguf")


def die_with_parent():
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def main():
    pidfile = sys.argv[1]
    context = sys.argv[2] if len(sys.argv) > 2 else "8192"
    if not (os.access(SERVER, os.X_OK) and os.path.exists(MODEL)):
        print(0, flush=True)
        return
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = open(pidfile + ".log", "w")
    server = subprocess.Popen([SERVER, "-m", MODEL, "-c", context, "-t", "2", "--host", "127.0.0.1", "--port", str(port)],
                              stdout=log, stderr=subprocess.STDOUT, preexec_fn=die_with_parent)
    with open(pidfile, "w") as f:
        f.write(str(server.pid))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and server.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as reply:
                if reply.status == 200:
                    break
        except OSError:
            time.sleep(0.1)
    else:
        print(0, flush=True)
        return
    print(port, flush=True)
    server.wait()
    # Killed by the test: stay, so that the test's handle on this script stays valid.
    signal.pause()


main()
