"""The embedder process of a benchmark's index, started as foliod keeps it, and waited for
until a search uses it (a search says "loading" on standard error until then)."""
import contextlib
import os
import subprocess
import time


@contextlib.contextmanager
def running_embedder(binaries, env):
    embedder = subprocess.Popen([os.path.join(binaries, "foliod-worker"), "--embedder"], env=env)
    try:
        for _ in range(150):
            warm = subprocess.run([os.path.join(binaries, "folioq"), "--json", "warm up"], env=env, capture_output=True, text=True)
            if "loading" not in warm.stderr:
                break
            time.sleep(0.2)
        yield embedder
    finally:
        embedder.terminate()
        embedder.wait()
