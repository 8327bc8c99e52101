#!/usr/bin/env python3
"""Folio's reliability suite: the built binaries under faults, bad input, load and limits,
and the privacy promises. Each part prints what it tried and what held; any broken
promise is reported and the suite exits 1.

  crash    foliod killed with SIGKILL at seeded random moments while indexing a generated
           tree that changes between restarts, restarted each time; then integrity_check
           and the index equal to the disk. SIGTERM must end it within 2 s, exit 0.
  churn    seeded random creates, writes, appends, truncations, renames of files and
           folders, moves in and out, deletes and symlinks, as fast as possible, while
           folioq queries in a loop: no query fails; once settled, index = disk.
  bad      a generated corpus of hostile files; each ends indexed, skipped by rule or
           failed with a reason in `folioctl errors`; foliod never dies or hangs and goes
           on indexing. Run as user `nobody` (when the suite runs as root) so that
           permissions bite.
  limits   a full disk: the data folder on a small tmpfs; indexing waits with a clear
           status and finishes without loss once the tmpfs is made larger. More folders
           than inotify watches (a user namespace with a limit of 16): status says so and
           the rescan finds new files in the unwatched ones.
  damage   the index file damaged (its header, its full-text or vector pages, cut short,
           emptied, overwritten, a WAL of another database beside it), foliod stopped and
           running, killed while it rebuilds, and on a disk too full to rebuild: foliod
           answers within 5 s, every file comes back, no SQLite message reaches a user,
           the recognised text and vectors that still read are kept.
  drives   a drive inside ~/Documents (a bind mount) unplugged and plugged back at seeded
           moments, foliod running, stopped or killed meanwhile: nothing on it purged
           while away, only what changed read when back, then index = disk.
  privacy  permissions whatever the umask; the control socket refuses another user; no
           network use (strace of socket/connect over indexing, querying and the
           launcher provider); the D-Bus name only on the session bus; default excludes;
           `folioctl forget --vacuum` leaves no trace in the database files.

The fuzz targets run from reliability/fuzz.sh.

usage: reliability/run.py [--full] [--seed N] [PART...]   (default: every part, reduced)
       FOLIO_BIN=.build/release reliability/run.py --full
"""
import argparse, os, sys, time, traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from damage import damage  # noqa: E402
from drives import drives  # noqa: E402
from faults import churn, crash, limits  # noqa: E402
from folio import Failure  # noqa: E402
from hostile import bad  # noqa: E402
from privacy import privacy  # noqa: E402

PARTS = {"crash": crash, "churn": churn, "bad": bad, "limits": limits, "damage": damage, "drives": drives, "privacy": privacy}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--full", action="store_true", help="the full sizes (minutes, not one) instead of the reduced ones")
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("parts", nargs="*", choices=[[], *PARTS], default=[])
    arguments = parser.parse_args()
    failed = []
    for name in arguments.parts or list(PARTS):
        started = time.monotonic()
        print(f"== {name} ({'full' if arguments.full else 'reduced'}, seed {arguments.seed})", flush=True)
        try:
            for line in PARTS[name](arguments.seed, arguments.full):
                print("   " + line, flush=True)
            print(f"   ok in {time.monotonic() - started:.0f} s", flush=True)
        except Failure as failure:
            failed.append(name)
            print(f"   FAILED: {failure}", flush=True)
        except Exception:
            failed.append(name)
            traceback.print_exc()
    print("reliability: " + ("all parts held" if not failed else "FAILED: " + ", ".join(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
