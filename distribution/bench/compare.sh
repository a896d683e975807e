#!/usr/bin/env bash
# Compares the agent loop's cost per run before and after a change: JMH average time per run on one
# thread (ns/op) and bytes allocated per run (gc.alloc.rate.norm, B/op).
#
#   distribution/bench/compare.sh REF [ROUNDS] [-- JMH options]      (or: ./dev bench-compare REF ...)
#
# "Before" is the platform at git commit REF, "after" is this working tree (uncommitted changes
# included). Both are measured with the same benchmark code: the working tree's copy of each class in
# BENCH_CLASSES (default LoopOverheadBenchmark) replaces the one at REF before REF is built, so only
# the platform differs. Those classes must therefore compile against both. REF is unpacked and built
# under target/bench-compare/ and removed afterwards; the JMH logs and CSV files of every round stay
# there. The two sides run alternately, one JMH fork each per round (before, after, before, after...),
# so a machine that gets busier or quieter meanwhile weighs on both alike; the table shows the median
# over the rounds. JMH options after "--" replace the default "-wi 5 -w 1s -i 5 -r 1s".
set -euo pipefail

usage() {
    sed -n '5p' "$0" | sed 's/^# *//' >&2
    exit 2
}
[ $# -ge 1 ] && [ "$1" != -- ] || usage
ref=$1
shift
rounds=4
if [ $# -gt 0 ] && [ "$1" != -- ]; then
    rounds=$1
    shift
fi
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "compare: ROUNDS must be a whole number of 1 or more, not '$rounds'" >&2; exit 2; }
jmh_options=(-wi 5 -w 1s -i 5 -r 1s)
if [ $# -gt 0 ]; then
    [ "$1" = -- ] || usage
    shift
    [ $# -eq 0 ] || jmh_options=("$@")
fi
IFS=, read -r -a classes <<< "${BENCH_CLASSES:-LoopOverheadBenchmark}"

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
# shellcheck source=../src/bin/find-java
. distribution/src/bin/find-java
find_java javac || { echo "compare: a JDK 21 or newer is needed; set JAVA_HOME (./dev finds one by itself)" >&2; exit 1; }

before_commit=$(git rev-parse --verify --quiet "$ref^{commit}") \
    || { echo "compare: '$ref' is not a commit of this repository (try a hash from 'git log')" >&2; exit 2; }
after_commit="$(git rev-parse --short HEAD)"
[ -z "$(git status --porcelain --untracked-files=no)" ] || after_commit+=" + uncommitted changes"

bench_module=distribution/bench
bench_sources=$bench_module/src/main/java/io/agentloop/bench
for class in "${classes[@]}"; do
    [ -f "$bench_sources/$class.java" ] || { echo "compare: no benchmark $bench_sources/$class.java (BENCH_CLASSES)" >&2; exit 2; }
done

work=target/bench-compare
old_tree=$work/before-tree
rm -rf "$work"
mkdir -p "$old_tree"
trap 'rm -rf "$root/$old_tree"' EXIT

build() { # $1: the tree to build, $2: its benchmarks' module, $3: where to put its benchmark jar
    (cd "$1" && ./mvnw -B -q package -Dmaven.test.skip=true -pl "$2" -am) >"$3.build.log" 2>&1 \
        || { cat "$3.build.log" >&2; echo "compare: building $1 failed (log above, kept in $3.build.log)" >&2; exit 1; }
    cp "$1/$2/target/benchmarks.jar" "$3"
}

echo "compare: building before ($ref = ${before_commit:0:10}, with this tree's ${classes[*]})"
git archive "$before_commit" | tar -x -C "$old_tree"
# commits before the benchmarks moved above the distribution keep them under agent-core
old_module=$bench_module
[ -d "$old_tree/$old_module" ] || old_module=agent-core/bench
for class in "${classes[@]}"; do
    cp "$bench_sources/$class.java" "$old_tree/$old_module/src/main/java/io/agentloop/bench/$class.java"
done
build "$old_tree" "$old_module" "$work/before.jar"
rm -rf "$old_tree"
echo "compare: building after (working tree at $after_commit)"
build . "$bench_module" "$work/after.jar"

include="^io\.agentloop\.bench\.($(IFS='|'; echo "${classes[*]}"))\."
for round in $(seq 1 "$rounds"); do
    for side in before after; do
        echo "compare: round $round of $rounds, $side"
        LC_ALL=C "$JAVA_HOME/bin/java" -jar "$work/$side.jar" "$include" -bm avgt -t 1 -tu ns -f 1 -prof gc \
            "${jmh_options[@]}" -rf csv -rff "$work/$side-$round.csv" >"$work/$side-$round.log" 2>&1 \
            || { tail -n 30 "$work/$side-$round.log" >&2; echo "compare: the $side run failed (log: $work/$side-$round.log)" >&2; exit 1; }
    done
done

# CSV rows: "Benchmark","Mode","Threads","Samples","Score","Score Error (99.9%)","Unit". Keep the time
# and the bytes per run, then take the median of each benchmark, side and measure over the rounds.
for side in before after; do
    for round in $(seq 1 "$rounds"); do
        awk -F, -v side="$side" 'NR > 1 {
            name = $1; gsub(/"/, "", name); sub(/^io\.agentloop\.bench\./, "", name)
            if (name ~ /:gc\.alloc\.rate\.norm$/) { sub(/:.*/, "", name); print name, side, "bytes", $5 }
            else if (name !~ /:/) print name, side, "time", $5
        }' "$work/$side-$round.csv"
    done
done | LC_ALL=C sort -k1,1 -k2,2 -k3,3 -k4,4g | awk '
    function flush() { if (key != "") median[key] = (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }
    { k = $1 SUBSEP $2 SUBSEP $3; if (k != key) { flush(); key = k; n = 0 } v[++n] = $4; if (!($1 in seen)) { seen[$1]; order[++count] = $1 } }
    function ratio(a, b) { return (a > 0) ? sprintf("%.3f", b / a) : "-" }
    END {
        flush()
        printf "%-56s %13s %13s %7s %11s %11s %7s\n", "benchmark", "before ns/op", "after ns/op", "ratio", "before B/op", "after B/op", "ratio"
        for (i = 1; i <= count; i++) {
            b = order[i]
            tb = median[b, "before", "time"]; ta = median[b, "after", "time"]
            bb = median[b, "before", "bytes"]; ba = median[b, "after", "bytes"]
            printf "%-56s %13.0f %13.0f %7s %11.0f %11.0f %7s\n", b, tb, ta, ratio(tb, ta), bb, ba, ratio(bb, ba)
        }
    }'
echo "before: $ref (${before_commit:0:10}); after: working tree at $after_commit"
echo "median of $rounds rounds, one fork per side each, JMH ${jmh_options[*]}; ratio = after / before (above 1.05 is more than 5% worse)"
