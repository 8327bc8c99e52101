#!/bin/sh
# Installs the Debian packages Folio builds, tests and runs with, if any is missing.
# Needs root (or sudo); does nothing when everything is installed already.
set -eu
packages="pkg-config libsqlite3-dev libxml2-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libxxhash-dev"
missing=
for package in $packages; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" || missing="$missing $package"
done
[ -z "$missing" ] && exit 0
sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo
echo "installing:$missing"
$sudo apt-get update -q
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $missing
