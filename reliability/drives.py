"""The drives part of the reliability suite: folders that come and go. A "drive" (a bind
mount of a folder of the part's, which keeps its files while unmounted, as a USB drive
does) inside ~/Documents is unplugged and plugged back at seeded random moments, with
foliod running, stopped, or killed meanwhile, the tree beside it changing and the drive's
own files sometimes changed while it is away. After each step: nothing on the drive is
purged while it is away, foliod reads nothing of it again when it comes back unchanged,
and once it is back the index equals the disk."""
import os, shutil, subprocess

from folio import Failure, Home, converged, files_on_disk, integrity, seeded, wait_until, words
from tree import Tree


def drives(seed, full):
    if os.geteuid() != 0:
        raise Failure("the drives part mounts file systems: run the suite as root")
    cycles, files = (30, 1000) if full else (6, 150)
    rng = seeded(seed, "drives")
    home = Home("workers = 2\n")
    point = os.path.join(home.documents, "usb")
    stick = os.path.join(home.path, "stick")
    mounted = False
    try:
        os.makedirs(point)
        for number in range(files):
            write(stick, f"s{number}.txt", f"stick{number} " + words(rng, rng.randrange(5, 200)))
        tree = Tree(home, rng, avoid=[point])
        tree.populate(100)
        mount(stick, point)
        mounted = True
        home.start()
        count = converged(home)
        yield f"a drive of {files} files inside ~/Documents beside {count - files} others: index = disk"
        steps = {}
        for _ in range(cycles):
            # Unplugged: with foliod running, or stopped, or killed with its workers.
            how = rng.choice(["running", "stopped", "killed"])
            if how == "stopped":
                home.stop()
            elif how == "killed":
                home.kill(whole_group=True)
            if how == "running":
                home.settle()
            unmount(point)
            mounted = False
            kept = drive_rows(home, point)
            tree.churn(rng.randrange(10, 100))
            changed = []
            if rng.random() < 0.5:
                for _ in range(rng.randrange(1, 5)):
                    name = f"s{rng.randrange(files)}.txt"
                    write(stick, name, f"changed{rng.randrange(10**6)} " + words(rng, 20))
                    changed.append(os.path.join(point, name))
            if how != "running":
                home.start()
            home.settle()
            offline = [folder["mount_point"] for folder in home.status().get("offline") or []]
            if offline != [point]:
                raise Failure(f"unplugged ({how}): status says offline {offline}, not {point}")
            if drive_rows(home, point) != kept:
                raise Failure(f"unplugged ({how}): the drive's documents changed while it was away")
            before = home.status()["daemon"]["indexed_since_start"]
            mount(stick, point)
            mounted = True
            wait_back(home)
            home.settle()
            read = home.status()["daemon"]["indexed_since_start"] - before
            again = drive_rows(home, point)
            rewritten = [path for path, row in again.items() if kept.get(path) != row and path not in changed]
            if rewritten:
                raise Failure(f"back ({how}): {len(rewritten)} unchanged files read again, first {rewritten[:3]}")
            if read > len(changed):
                raise Failure(f"back ({how}): {read} files read, {len(changed)} were changed while it was away")
            converged(home)
            steps[how] = steps.get(how, 0) + 1
        integrity(home)
        yield f"{cycles} unplugs ({', '.join(f'{n} with foliod {how}' for how, n in sorted(steps.items()))}), the tree changed " \
              f"meanwhile and the drive's files sometimes: nothing on the drive purged while away, only what changed read " \
              f"when back, then index = disk ({len(files_on_disk(home.documents))} files)"
    finally:
        if mounted:
            subprocess.run(["umount", "-l", point])
        home.close()
        shutil.rmtree(stick, ignore_errors=True)


def write(folder, name, text):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "w") as f:
        f.write(text)


def mount(source, point):
    result = subprocess.run(["mount", "--bind", source, point], capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure(f"mount --bind {source} {point}: {result.stderr.strip()}")


def unmount(point):
    result = subprocess.run(["umount", point], capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure(f"umount {point}: {result.stderr.strip()}")


def drive_rows(home, point):
    """The drive's documents: path → (id, content hash, chunk count); a document read again
    is written anew under a new id."""
    rows = home.database_rows("SELECT path, id, content_hash, chunk_count FROM document WHERE path >= ? AND path < ?",
                              (point + "/", point + "0"))
    return {path: (identifier, digest, chunks) for path, identifier, digest, chunks in rows}


def wait_back(home):
    wait_until("the drive is back", lambda: not home.status().get("offline"), 60, interval=0.2)
