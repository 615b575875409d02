#!/usr/bin/env bash
# bankcheck benchmark: speed, growth, pathological files, start-up and memory. See README, "Benchmark".
#
#   bench/run.sh                 generate the corpus (2000 files, ~1.15M lines) into target/bench and measure it
#   bench/run.sh DIR...          measure these folders/files instead (no growth or pathological runs)
#
# Environment: FILES (corpus size, default 2000), JOBS (-j for bankcheck and the lexer floor, default: all cores),
# BANKCHECK (the command measured, default bin/bankcheck), SKIP_PATHOLOGICAL=1, SKIP_GROWTH=1.
# Every figure is wall time of a whole process (JVM start included) and its peak RSS, read by /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=target/bankcheck.jar
[ -f "$JAR" ] || mvn -B -q -o package -DskipTests
BANKCHECK=${BANKCHECK:-bin/bankcheck}
JOBS=${JOBS:-$(nproc)}
FILES=${FILES:-2000}
OUT=target/bench
mkdir -p "$OUT"
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "bench: needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 2; }
# bin/bankcheck writes its class-data archive on its first run after a build: not part of any figure
"$BANKCHECK" samples-cu/ex01_stride.cu >/dev/null 2>&1 || true

# run NAME CMD...: runs CMD with stdout to $OUT/NAME.out; sets WALL (s), CPU (user + system s) and RSS (MiB)
run() {
  local name=$1; shift
  "$TIME" -f '%e %M %U %S' -o "$OUT/$name.time" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" || true
  read -r WALL RSS_KB user sys < <(tail -1 "$OUT/$name.time")
  RSS=$((RSS_KB / 1024))
  CPU=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "inf" }'; }
rate() { awk -v n="$1" -v s="$2" 'BEGIN { if (s > 0) printf "%.0f", n / s; else print "inf" }'; }

# measure LABEL PATH...: lexer floor, lexer+preprocessor, lexer+preprocessor+parser, whole analysis; prints one block
measure() {
  local label=$1; shift
  # read the files once first: the floor must not pay for a cold disk cache that the whole run does not
  find "$@" -type f \( -name '*.cu' -o -name '*.cuh' \) -exec cat {} + >/dev/null 2>&1 || true
  run "$label-lex" java -XX:+UseSerialGC -cp "$JAR" dev.bankcheck.bench.LexOnly lex -j "$JOBS" "$@"
  local lex_wall=$WALL lex_rss=$RSS lex_cpu=$CPU
  read -r _ files lines _ lex_ms < "$OUT/$label-lex.out"
  run "$label-pp" java -XX:+UseSerialGC -cp "$JAR" dev.bankcheck.bench.LexOnly pp -j "$JOBS" "$@"
  local pp_wall=$WALL pp_cpu=$CPU
  run "$label-parse" java -XX:+UseSerialGC -cp "$JAR" dev.bankcheck.bench.LexOnly parse -j "$JOBS" "$@"
  local parse_wall=$WALL parse_cpu=$CPU
  run "$label-full" $BANKCHECK -j "$JOBS" -f json --exit-zero "$@"
  FULL_WALL=$WALL
  local statuses
  statuses=$(grep -o '"status": "[a-z]*"' "$OUT/$label-full.out" | sort | uniq -c | awk '{printf "%s %s ", $1, $3}' | tr -d '"')
  printf '%s: %s files, %s lines (-j %s)\n' "$label" "$files" "$lines" "$JOBS"
  printf '  lexer only             %7.2f s (cpu %7.2f s)  %9s lines/s  %5s MiB\n' "$lex_wall" "$lex_cpu" \
    "$(rate "$lines" "$lex_wall")" "$lex_rss"
  printf '  lexer + preprocessor   %7.2f s (cpu %7.2f s)  %9s lines/s\n' "$pp_wall" "$pp_cpu" "$(rate "$lines" "$pp_wall")"
  printf '  lexer + pp + parser    %7.2f s (cpu %7.2f s)  %9s lines/s  (%s x the lexer)\n' "$parse_wall" "$parse_cpu" \
    "$(rate "$lines" "$parse_wall")" "$(ratio "$parse_wall" "$lex_wall")"
  printf '  bankcheck (whole run)  %7.2f s (cpu %7.2f s)  %9s lines/s  %7s files/s  %5s MiB peak RSS\n' "$WALL" \
    "$CPU" "$(rate "$lines" "$WALL")" "$(rate "$files" "$WALL")" "$RSS"
  printf '  ratio whole/lexer %s (cpu %s), whole/preprocessor %s (cpu %s); file statuses: %s\n' \
    "$(ratio "$WALL" "$lex_wall")" "$(ratio "$CPU" "$lex_cpu")" "$(ratio "$WALL" "$pp_wall")" \
    "$(ratio "$CPU" "$pp_cpu")" "$statuses"
}

echo "bankcheck benchmark: $(nproc) cores, $BANKCHECK, $(java -version 2>&1 | head -1)"
if [ $# -gt 0 ]; then
  measure given "$@"
  exit 0
fi

CORPUS=$OUT/corpus-$FILES
[ -d "$CORPUS" ] || java bench/GenCorpus.java corpus "$CORPUS" "$FILES" >/dev/null
measure corpus "$CORPUS"
full=$FULL_WALL full_cpu=$CPU

if [ "${SKIP_GROWTH:-}" != 1 ]; then
  HALF=$OUT/corpus-half-$FILES
  if [ ! -d "$HALF" ]; then  # the first half of the same files: same mix, half the input
    mkdir -p "$HALF"
    for d in "$CORPUS"/mod*; do
      n=${d##*mod}; [ $((10#$n)) -lt 25 ] && cp -r "$d" "$HALF/"
    done
  fi
  measure half "$HALF"
  echo "growth: twice the input took $(ratio "$full" "$FULL_WALL")x the time, $(ratio "$full_cpu" "$CPU")x the cpu time (target <= 2.2)"
fi

if [ "${SKIP_PATHOLOGICAL:-}" != 1 ]; then
  PATHO=$OUT/pathological
  # written again each time (it takes a second): a folder from an older generator lacks the newer cases
  java bench/GenCorpus.java pathological "$PATHO" >/dev/null
  echo "pathological files (one run each):"
  for f in "$PATHO"/*.cu; do
    run "patho-$(basename "$f")" $BANKCHECK -f text --exit-zero "$f"
    bound=$(grep -o 'stopped after [0-9]* s\|longer than the [0-9]* iterations\|enumerated for [0-9]* iterations in all\|work bound was reached\|deeper than [0-9]* levels\|nested more than [0-9]* levels\|first [0-9]* iterations were analyzed' \
      "$OUT/patho-$(basename "$f").out" | sort | uniq -c | sort -rn | head -1 || true)
    printf '  %-28s %6.2f s  %5s MiB  %s\n' "$(basename "$f")" "$WALL" "$RSS" "${bound:-(no bound reported)}"
  done
fi

# Start-up: one small file end to end, against `java -version`: 11 rounds, the three commands interleaved
# in each (the machine's load drifts), medians in milliseconds (/usr/bin/time's 0.01 s is too coarse here).
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
ms() { local t0 t1; t0=$(date +%s%N); "$@" >/dev/null 2>&1 || true; t1=$(date +%s%N); echo $(((t1 - t0) / 1000000)); }
: >"$OUT/startup.ms"
for i in $(seq 11); do
  echo "$(ms java -version) $(ms $BANKCHECK --exit-zero samples-cu/ex03_matrix_padding.cu)" \
    "$(ms java -jar "$JAR" --exit-zero samples-cu/ex03_matrix_padding.cu)" >>"$OUT/startup.ms"
done
jv=$(awk '{ print $1 }' "$OUT/startup.ms" | median)
small=$(awk '{ print $2 }' "$OUT/startup.ms" | median)
plain=$(awk '{ print $3 }' "$OUT/startup.ms" | median)
echo "start-up: java -version $jv ms; one small file: $BANKCHECK $small ms ($(ratio "$small" "$jv")x), java -jar $plain ms ($(ratio "$plain" "$jv")x) (target <= 4x)"
