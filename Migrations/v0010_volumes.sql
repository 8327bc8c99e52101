-- v0010_volumes: the file systems the watched folders are on or hold (a USB drive, a
-- second disk, a network share), as foliod last saw them. A folder on one that is not
-- mounted is offline: its documents stay in the index, marked so, until the file system
-- comes back or `offline_days` pass; not purged as if every file had been deleted.
CREATE TABLE volume (
    mount_point   TEXT    PRIMARY KEY,        -- absolute, as /proc/self/mountinfo says it
    type          TEXT    NOT NULL,           -- the file system's type when last mounted
    offline_since INTEGER                     -- unix seconds it was found not mounted; NULL while mounted
) STRICT;
