"""The embedder process of a benchmark's index, started as foliod keeps it, and waited for
until a search uses it (a search says "loading" on standard error until then) and its
first look for windows to embed is done (`wait_until_settled`)."""
import contextlib
import json
import os
import subprocess
import time


def wait_until_settled(binaries, env, seconds=300):
    """Waits until the embedder has done its first look for windows to embed (it reports its
    progress after it): at a million windows the look reads them all for seconds, which the
    queries of a just-started embedder would share the processor with; foliod's embedder
    did it long before."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status = subprocess.run([os.path.join(binaries, "folioctl"), "status", "--json"], env=env,
                                capture_output=True, text=True).stdout
        if "progress" in ((json.loads(status or "{}").get("semantic") or {}).get("embedder") or {}):
            return
        time.sleep(0.5)


@contextlib.contextmanager
def running_embedder(binaries, env):
    embedder = subprocess.Popen([os.path.join(binaries, "foliod-worker"), "--embedder"], env=env)
    try:
        for _ in range(150):
            warm = subprocess.run([os.path.join(binaries, "folioq"), "--json", "warm up"], env=env, capture_output=True, text=True)
            if "loading" not in warm.stderr:
                break
            time.sleep(0.2)
        wait_until_settled(binaries, env)
        yield embedder
    finally:
        embedder.terminate()
        embedder.wait()
