#!/usr/bin/env python3
"""Files known by their names (issue 54), side by side with plocate: a tree of files of
kinds Folio does not read, the time to know them by name (`folioctl index` against
plocate's `updatedb` over the same tree: from the start of `folioctl index` until
`folioq --name` finds a file of the tree, which the walk's list of names allows before the
walk has recorded them, and until the index holds them all), and name search latency (with
the index complete, and while a walk's list of the whole tree is all there is) (`folioq` by the words
of a name and `folioq --name GLOB`, against `plocate`), and known items by name.

    bench/names.py OUTDIR [--files 100000] [--queries 100] [--tree DIR]

OUTDIR/tree holds the files: names of two to four words drawn from a word list (the
GPL's text, as Debian ships it), with a number now and then and an extension of a kind
Folio does not read (.xz .7z .iso .bin .dat .mp3 .mp4 .psd .xcf .sqlite …), a few
hundred bytes each, in 10 folders of 100 (1,011 folders). Deterministic (a fixed seed).
The index is made with embeddings off (`provider = "none"`): what is timed is knowing
the names, not their vectors. Each timed command runs three times, alternately, from a
warm page cache; the medians are printed, and the ratio. Release binaries (make
release); FOLIO_BIN overrides their folder. Needs plocate (apt-get install plocate).

Known items: for --queries files drawn at random among those whose name (without its
extension) no other file has, the search is the name's words without the extension
(`holiday photos 2019`), the whole name (`holiday-photos-2019.7z`), and a part of it
(its first two words, and its last two, which other names may hold as well; and the
shortest run of its words that no other file's name holds, a camelCase word counted by its
parts and a plural as its singular, as the names' tier reads them: a part that is a known
item); success@1 is the file first, for `folioq --format paths` in the default mode. With --tree DIR, a real folder (the benchmark corpus, a source tree) is
indexed and searched instead of the generated tree, with embeddings as configured (the
semantic stage runs, an embedder answers beside the queries), and nothing is timed
against plocate but the searches; --words-only leaves embeddings off there too (a source
tree's thousands of windows take long to embed).
"""
import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXTENSIONS = ["xz", "7z", "iso", "bin", "dat", "mp3", "mp4", "psd", "xcf", "sqlite", "tar", "gz", "mkv", "wav", "flac",
              "dmg", "apk", "jar", "ttf", "woff"]


def words():
    with open("/usr/share/common-licenses/GPL-3") as text:
        found = sorted({w.lower() for w in re.findall(r"[A-Za-z]{4,}", text.read())})
    return found


def make_tree(tree, count, seed=54):
    marker = os.path.join(tree, ".complete")
    if os.path.exists(marker) and open(marker).read() == str(count):
        return [line.rstrip("\n") for line in open(os.path.join(tree, ".names"))]
    shutil.rmtree(tree, ignore_errors=True)
    rng = random.Random(seed)
    vocabulary = words()
    names, taken = [], set()
    while len(names) < count:
        parts = [vocabulary[int(rng.random() * len(vocabulary))] for _ in range(2 + int(rng.random() * 3))]
        if rng.random() < 0.3:
            parts.append(str(1990 + int(rng.random() * 36)))
        name = "-".join(parts) + "." + EXTENSIONS[int(rng.random() * len(EXTENSIONS))]
        if name in taken:
            continue
        taken.add(name)
        index = len(names)
        relative = f"group{index % 10}/folder{index // 10 % 100}/{name}"
        names.append(relative)
    for relative in names:
        path = os.path.join(tree, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as file:
            file.write(bytes(int(rng.random() * 256) for _ in range(64)) * 4)
    with open(os.path.join(tree, ".names"), "w") as listing:
        listing.write("\n".join(names) + "\n")
    with open(marker, "w") as done:
        done.write(str(count))
    return names


def name_words(name):
    """The words of a file's name without its extension, camelCase words by their parts
    (`NIOChannelHandler.swift` → nio channel handler), lower-cased, in order."""
    found = []
    for token in re.findall(r"[A-Za-z0-9]+", name.rsplit(".", 1)[0]):
        start = 0
        for position in range(1, len(token)):
            before, here = token[position - 1], token[position]
            after = token[position + 1] if position + 1 < len(token) else ""
            if here.isupper() and (before.islower() or before.isdigit() or (before.isupper() and after.islower())):
                found.append(token[start:position].lower())
                start = position
        found.append(token[start:].lower())
    return found


class NameWords:
    """Which names hold a set of words, a plural held as its singular and the other way."""

    def __init__(self, names):
        self.holders = {}
        for index, name in enumerate(names):
            for word in set(name_words(os.path.basename(name))):
                self.holders.setdefault(word, set()).add(index)

    def holding(self, word):
        forms = {word, word + "s", word + "es"}
        if word.endswith("s"):
            forms.add(word[:-1])
        if word.endswith("es"):
            forms.add(word[:-2])
        return set().union(*(self.holders.get(form, set()) for form in forms))

    def unique_part(self, index, name):
        """The shortest run of the name's words that no other name holds (the first of
        that length), or None when only the whole name tells it apart."""
        words = name_words(name)
        for length in range(1, len(words) + 1):
            for start in range(len(words) - length + 1):
                run = words[start:start + length]
                holders = set.intersection(*(self.holding(word) for word in run))
                if holders == {index}:
                    return " ".join(run)
        return None


def timed(command, env=None):
    started = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def known_by_name(index, env, lists, binaries, relative):
    """Starts `folioctl index` and times when a file of the tree is found by its name: the
    walk's list of names appearing (`PendingNames`), then `folioq --name` finding the file
    (its time counted too). Returns that time and the index's whole time."""
    name = os.path.basename(relative)
    glob = "".join("[" + c + "]" if c in "*?[" else c for c in name)
    started = time.perf_counter()
    process = subprocess.Popen(index, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    found = None
    while found is None and process.poll() is None:
        if os.path.isdir(lists) and any(entry.endswith(".names") for entry in os.listdir(lists)):
            listed = subprocess.run([os.path.join(binaries, "folioq"), "--name", glob, "--format", "paths"], env=env,
                                    capture_output=True, text=True).stdout
            if relative in listed:
                found = time.perf_counter() - started
        else:
            time.sleep(0.001)
    process.wait()
    total = time.perf_counter() - started
    if process.returncode != 0:
        sys.exit(f"names.py: folioctl index failed ({process.returncode})")
    if found is None:
        # The index ended first (a small tree): the file is known from the index.
        subprocess.run([os.path.join(binaries, "folioq"), "--name", glob], env=env, check=True, stdout=subprocess.DEVNULL)
        found = time.perf_counter() - started
    return found, total


def while_listed(binaries, tree, names, sample, scratch):
    """Name search in the first seconds of indexing a folder: an index that holds none of
    the tree's files, and a walk's list of all of them beside it (`PendingNames`' file,
    written here as this process's, which lives while the searches run)."""
    home = scratch + "/listed"
    env = dict(os.environ, XDG_DATA_HOME=home + "/data", XDG_CONFIG_HOME=scratch + "/config", XDG_RUNTIME_DIR=home + "/run")
    os.makedirs(home + "/empty")
    os.makedirs(home + "/run")
    subprocess.run([os.path.join(binaries, "folioctl"), "index", home + "/empty"], env=env, check=True, stdout=subprocess.DEVNULL)
    lists = home + "/data/folio/folio.sqlite-names"
    os.makedirs(lists, exist_ok=True)
    with open(os.path.join(lists, f"{os.getpid()}-1.names"), "wb") as listing:
        for relative in names:
            listing.write(b"file\0" + os.path.join(tree, relative).encode() + b"\0")
    folioq = os.path.join(binaries, "folioq")
    latencies = {"while listed, folioq --name NAME": [], "while listed, folioq, the name's words": []}
    found = 0
    for relative in sample:
        name = os.path.basename(relative)
        words_of_name = re.findall(r"[A-Za-z0-9]+", name.rsplit(".", 1)[0])
        for label, command in (("while listed, folioq --name NAME", ["--name", name]),
                               ("while listed, folioq, the name's words", [" ".join(words_of_name)])):
            started = time.perf_counter()
            listed = subprocess.run([folioq, "--format", "paths", "--limit", "10"] + command, env=env, capture_output=True, text=True).stdout
            latencies[label].append((time.perf_counter() - started) * 1000)
            found += os.path.join(tree, relative) in listed.split("\n")
    for label, times in latencies.items():
        print(f"{label}: p50 {statistics.median(times):.1f} ms, p95 {percentile(times, 0.95):.1f} ms")
    print(f"while listed, found: {found}/{2 * len(sample)}")


def percentile(times, share):
    times = sorted(times)
    return times[max(0, int(len(times) * share) - 1)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("outdir")
    parser.add_argument("--files", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--tree", help="a real folder to draw known items from, instead of the generated tree")
    parser.add_argument("--words-only", action="store_true", help="with --tree: embeddings off, the searches by words alone")
    parser.add_argument("--misses", action="store_true", help="print each known item not found first: the query, the file, what came first")
    args = parser.parse_args()
    binaries = os.environ.get("FOLIO_BIN", os.path.join(ROOT, ".build", "release"))
    if not shutil.which("updatedb") or not shutil.which("plocate"):
        sys.exit("names.py: needs plocate: apt-get install plocate")
    tree = os.path.abspath(args.tree) if args.tree else os.path.join(os.path.abspath(args.outdir), "tree")
    names = [] if args.tree else make_tree(tree, args.files)

    scratch = tempfile.mkdtemp(prefix="folio-names-")
    env = dict(os.environ, XDG_DATA_HOME=scratch + "/data", XDG_CONFIG_HOME=scratch + "/config",
               XDG_RUNTIME_DIR=scratch + "/run")
    os.makedirs(scratch + "/config/folio")
    os.makedirs(scratch + "/run")
    if not args.tree or args.words_only:
        with open(scratch + "/config/folio/config.toml", "w") as config:
            config.write("[embeddings]\nprovider = \"none\"\n")
    plocate_db = scratch + "/plocate.db"
    updatedb = ["updatedb", "-l", "0", "-U", tree, "-o", plocate_db, "--prunepaths", "", "--prunenames", "", "--prunefs", ""]
    index = [os.path.join(binaries, "folioctl"), "index", tree]

    embedder = None
    if args.tree:
        # Some files of a real folder may fail to be read (they are still known by name).
        subprocess.run(index, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        subprocess.run(updatedb, check=True)
        # The files the index holds (a folder's excluded files are not known items).
        sources = subprocess.run([os.path.join(binaries, "folioctl"), "sources"], env=env, capture_output=True, text=True).stdout
        names = sorted(os.path.relpath(line.split("\t")[-1], tree) for line in sources.split("\n")
                       if line and not line.startswith("\t") and "//" not in line.split("\t")[-1])
        embedder = subprocess.Popen([os.path.join(binaries, "foliod-worker"), "--embedder"], env=env,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while not os.path.exists(scratch + "/run/folio/embedder.sock") and embedder.poll() is None:
            time.sleep(0.1)
    else:
        # Warm the page cache, then alternate.
        subprocess.run(["find", tree], stdout=subprocess.DEVNULL, check=True)
        folio_times, known_times, plocate_times = [], [], []
        for run in range(3):
            shutil.rmtree(scratch + "/data", ignore_errors=True)
            known, total = known_by_name(index, env, scratch + "/data/folio/folio.sqlite-names", binaries, names[(run * 7919) % len(names)])
            known_times.append(known)
            folio_times.append(total)
            plocate_times.append(timed(updatedb))
        folio, known, plocate = statistics.median(folio_times), statistics.median(known_times), statistics.median(plocate_times)
        print(f"known by name, {len(names)} files: found by folioq --name {known:.2f} s after folioctl index started, "
              f"updatedb {plocate:.2f} s, ratio {known / plocate:.2f} "
              f"(runs {', '.join(f'{t:.2f}' for t in known_times)} / {', '.join(f'{t:.2f}' for t in plocate_times)})")
        print(f"every name recorded in the index: folioctl index {folio:.2f} s (runs {', '.join(f'{t:.2f}' for t in folio_times)}), "
              f"ratio to updatedb {folio / plocate:.1f}")
        unchanged = timed(index, env)
        print(f"folioctl index again, nothing changed: {unchanged:.2f} s")

    print(f"tree: {len(names)} files in {tree}")
    rng = random.Random(7)
    stems = {}
    for relative in names:
        stem = os.path.basename(relative).rsplit(".", 1)[0].lower()
        stems[stem] = stems.get(stem, 0) + 1
    unique = [relative for relative in names if stems[os.path.basename(relative).rsplit(".", 1)[0].lower()] == 1
              and len(re.findall(r"[A-Za-z0-9]+", os.path.basename(relative).rsplit(".", 1)[0])) >= 1]
    sample = [unique[int(rng.random() * len(unique))] for _ in range(min(args.queries, len(unique)))]
    held = NameWords(names)
    position = {relative: index for index, relative in enumerate(names)}
    folioq = os.path.join(binaries, "folioq")

    def first(command):
        out = subprocess.run(command, env=env, capture_output=True, text=True).stdout.split("\n")
        return out[0] if out else ""

    latencies = {"folioq, the name's words": [], "folioq --name GLOB": [], "plocate -i -b": []}
    success = {"words of the name, no extension": 0, "whole name": 0, "two of its words": 0, "its last two words": 0,
               "a part only its name holds": 0}
    parts_asked = 0
    for relative in sample:
        name = os.path.basename(relative)
        stem = name.rsplit(".", 1)[0]
        words_of_name = re.findall(r"[A-Za-z0-9]+", stem)
        parts = words_of_name + ["", ""]
        target = os.path.join(tree, relative)
        queries = {"words of the name, no extension": " ".join(words_of_name), "whole name": name,
                   "two of its words": " ".join(words_of_name[:2]), "its last two words": " ".join(words_of_name[-2:])}
        part = held.unique_part(position[relative], name)
        if part is not None:
            queries["a part only its name holds"] = part
            parts_asked += 1
        for label, query in queries.items():
            started = time.perf_counter()
            top = first([folioq, "--format", "paths", "--limit", "10", query])
            if label == "words of the name, no extension":
                latencies["folioq, the name's words"].append((time.perf_counter() - started) * 1000)
            success[label] += top == target
            if args.misses and top != target:
                print(f"miss, {label}: {query!r} wants {os.path.relpath(target, tree)}, got {os.path.relpath(top, tree) if top else 'nothing'}")
        glob = f"*{parts[0]}*{parts[1]}*"
        started = time.perf_counter()
        subprocess.run([folioq, "--name", glob, "--format", "paths", "--limit", "10"], env=env, capture_output=True)
        latencies["folioq --name GLOB"].append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        subprocess.run(["plocate", "-d", plocate_db, "-i", "-b", "-l", "10", f"{parts[0]}*{parts[1]}"], capture_output=True)
        latencies["plocate -i -b"].append((time.perf_counter() - started) * 1000)
    for label, times in latencies.items():
        print(f"{label}: p50 {statistics.median(times):.1f} ms, p95 {percentile(times, 0.95):.1f} ms")
    for label, hits in success.items():
        asked = parts_asked if label == "a part only its name holds" else len(sample)
        print(f"success@1, {label}: {hits / max(asked, 1):.2f} ({hits}/{asked})")
    if not args.tree:
        while_listed(binaries, tree, names, sample, scratch)
    if embedder:
        embedder.terminate()
        embedder.wait()
    shutil.rmtree(scratch)


if __name__ == "__main__":
    main()
