#!/bin/sh
# Builds the fuzz targets of Fuzz/ with libFuzzer and runs each for SECONDS (default 300),
# starting from the seeds in reliability/fuzz-seeds/TARGET (fuzz-office: the office and
# mail fixtures of the loader tests) and keeping what it learns in
# .build/fuzz-corpus/TARGET. A crash stops that target and leaves the input as
# .build/fuzz-crashes/TARGET/crash-*; the crash becomes a regression test in Tests/.
#
# usage: reliability/fuzz.sh [SECONDS] [TARGET...]
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-300}
[ $# -gt 0 ] && shift
targets=${*:-fuzz-query fuzz-markdown fuzz-html fuzz-office fuzz-header-footer fuzz-chunker}
# SwiftPM names an executable's entry point <module>_main: -parse-as-library keeps
# libFuzzer's driver in charge. gold cannot link these; lld can.
for target in $targets; do
    (cd Fuzz && swift build -c release --product "$target" -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library \
        -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld 2>&1 | grep -v "Cannot export local symbol" | grep -E "error|warning:" || true)
done
# The office target's seeds are the loader tests' fixtures, each behind the byte that
# chooses its loader (Fuzz/Sources/fuzz-office).
fixtures=Tests/FolioLoadersTests/Fixtures
seeds=.build/fuzz-seeds-office
mkdir -p "$seeds"
for pair in "0 office/sample.docx" "0 office/sample.odt" "0 office/sample.rtf" "1 office/ledger.xlsx" "1 office/ledger.ods" \
    "2 office/slides.pptx" "2 office/slides.odp" "3 office/paged.epub" "4 mail/alternative.eml" "4 mail/forwarded.eml" "4 mail/attachment.eml" \
    "5 mail/Inbox.mbox"; do
    set -- $pair
    { printf "\\00$1"; cat "$fixtures/$2"; } > "$seeds/$(basename "$2")"
done
status=0
for target in $targets; do
    corpus=.build/fuzz-corpus/$target crashes=.build/fuzz-crashes/$target
    mkdir -p "$corpus" "$crashes"
    # SWIFT_BACKTRACE: Swift's own crash reporter would hold the process after a crash.
    SWIFT_BACKTRACE=enable=no OMP_THREAD_LIMIT=1 Fuzz/.build/release/"$target" -max_total_time="$seconds" -timeout=10 \
        -rss_limit_mb=2048 -max_len=131072 -print_final_stats=1 -artifact_prefix="$crashes/" \
        "$corpus" "$([ "$target" = fuzz-office ] && echo "$seeds" || echo "reliability/fuzz-seeds/$target")" > ".build/fuzz-$target.log" 2>&1 || status=1
    echo "$target: $(grep -E '^stat::number_of_executed_units' ".build/fuzz-$target.log" | awk '{print $2}') executions in ${seconds} s," \
        "$(ls "$crashes" | wc -l) crashes (log .build/fuzz-$target.log)"
done
exit $status
