#!/usr/bin/env bash
# The hardware check's GPU step (see the README's "Hardware check"): compile the drivers that
# `HwCheck prepare` wrote, profile each kernel once under Nsight Compute (its SourceCounters section
# for per-line shared wavefronts, --metrics for the per-kernel counters), export the CSVs, and,
# where Java is available, join them with bankcheck's predictions.
#
#   bash hwcheck/run.sh [PREP]          PREP: the prepare folder (default target/hwcheck)
#
# Writes to $OUT (the device tool's folder; PREP/out elsewhere): hardware-truth.tsv,
# hardware-detail.tsv, hardware-kernels.tsv (when Java is there), results.tar.gz (every CSV and
# log, for `HwCheck compare` on another machine), log.txt.
# Environment: HWCHECK_BUDGET (seconds for profiling, default 300: the whole script stays under
# about 6 minutes), HWCHECK_ONLY (a grep -E pattern on sample paths, to rerun a subset),
# HWCHECK_NVCC_FLAGS (default -lineinfo, with nvcc's -O3; not -G, which turns every shared access
# into a generic one), HWCHECK_JOBS, HWCHECK_JAVA_CP (classpath for HwCheck, default target/bankcheck.jar).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
PREP=${1:-target/hwcheck}
[ -d "$PREP" ] && PREP=$(cd "$PREP" && pwd)
OUTDIR=${OUT:-$PREP/out}
BUDGET=${HWCHECK_BUDGET:-300}
ONLY=${HWCHECK_ONLY:-.}
NVCC_FLAGS=${HWCHECK_NVCC_FLAGS:--lineinfo}
JOBS=${HWCHECK_JOBS:-$(nproc 2>/dev/null || echo 4)}
JAVA_CP=${HWCHECK_JAVA_CP:-target/bankcheck.jar}
START=$(date +%s)
W=$PREP/work
RES=$PREP/results
rm -rf "$W" "$RES"
mkdir -p "$W" "$RES" "$OUTDIR"
log() { echo "hwcheck: $*" | tee -a "$OUTDIR/log.txt"; }
elapsed() { echo $(( $(date +%s) - START )); }

if [ ! -f "$PREP/manifest.tsv" ]; then
  if command -v java >/dev/null && [ -e "${JAVA_CP%%:*}" ]; then
    java -cp "$JAVA_CP" dev.bankcheck.hwcheck.HwCheck prepare "$PREP" samples-cu || exit 2
  else
    log "no $PREP/manifest.tsv and no java + target/bankcheck.jar here: run 'HwCheck prepare' first and carry $PREP"
    exit 2
  fi
fi
for tool in nvcc ncu nvidia-smi; do
  command -v $tool >/dev/null || { log "$tool is not on PATH"; exit 2; }
done

{
  echo "gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
  echo "driver=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
  echo "date=$(date -u +%Y-%m-%d)"
  echo "nvcc=$(nvcc --version | tail -1)"
  echo "ncu=$(ncu --version | tail -1)"
  echo "nvcc_flags=-arch=sm_90 $NVCC_FLAGS"
} > "$RES/env.txt"
cat "$RES/env.txt" | tee -a "$OUTDIR/log.txt"

# 1. Compile every driver (in parallel): DRIVER<TAB>DEFINES per line.
tail -n +2 "$PREP/manifest.tsv" | awk -F'\t' -v only="$ONLY" '$4 >= 0 && $1 ~ only {print $3 "\t" $7}' | sort -u \
  > "$W/drivers.tsv"
compile() {
  local driver=$1 defines=$2 stem
  stem=$(basename "$driver" .cu)
  [ "$defines" = "-" ] && defines=""
  # The sample's volatile copy first (each access one instruction as written); where it does not
  # compile (atomics, vector types, pointers), the sample as it is.
  # shellcheck disable=SC2086
  if nvcc -arch=sm_90 $NVCC_FLAGS -I"$PREP/volatile" -I"$ROOT" $defines -o "$W/$stem" "$PREP/$driver" \
      > "$W/$stem.volatile.nvcc.log" 2>&1; then
    echo volatile > "$W/$stem.build"
  elif nvcc -arch=sm_90 $NVCC_FLAGS -I"$ROOT" $defines -o "$W/$stem" "$PREP/$driver" > "$W/$stem.nvcc.log" 2>&1; then
    echo "as written" > "$W/$stem.build"
  else
    echo "compile failed: $driver (see $stem.nvcc.log)"
    return
  fi
  # The machine code, for reading a surprising line (cuobjdump is on the GPU machine, not always here).
  if command -v cuobjdump >/dev/null; then cuobjdump --dump-sass "$W/$stem" > "$W/$stem.sass" 2>&1; fi
}
export -f compile
export W PREP ROOT NVCC_FLAGS
tr '\t' '\n' < "$W/drivers.tsv" | xargs -d '\n' -n 2 -P "$JOBS" bash -c 'compile "$0" "$1"' | tee -a "$OUTDIR/log.txt"
log "compiled in $(elapsed) s"

# 2. The per-kernel metrics this ncu knows (an unknown name would fail the whole profile).
ncu --query-metrics > "$W/query-metrics.txt" 2>&1 || true
# Keep in step with HwCheck.METRICS (HwCheckTest checks it).
WANTED="l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
  l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
  l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum
  smsp__inst_executed_op_shared_ld.sum smsp__inst_executed_op_shared_st.sum smsp__inst_executed_op_shared_atom.sum"
METRICS=""
for m in $WANTED; do
  if ! grep -q l1tex__ "$W/query-metrics.txt" || grep -qw -- "${m%.sum}" "$W/query-metrics.txt"; then
    METRICS="$METRICS${METRICS:+,}$m"
  else
    log "metric not offered by this ncu: $m"
  fi
done
log "metrics: ${METRICS:-none}"

# 3. Profile: one run per kernel (the driver's control kernel, then that kernel), in manifest order
# (accesses of 8 and 16 bytes and atomics first), until the budget is spent. Exports run beside.
printf 'sample\tkernel\tindex\tstatus\tseconds\tbuild\n' > "$RES/status.tsv"
export_csv() {
  local rep=$1 base=$2 sample=$3
  timeout 60 ncu -i "$rep" --page source --csv --print-source cuda,sass < /dev/null > "$base.source.csv" 2> "$base.source.err"
  # Should this ncu print the source page of the report's first kernel (the control) only, ask for
  # the sample kernel by name and append it: the reader takes every "File Path" section.
  if ! grep -qF "$sample" "$base.source.csv"; then
    timeout 60 ncu -i "$rep" --page source --csv --print-source cuda,sass --kernel-name "regex:^(?!$CONTROL)" \
      < /dev/null >> "$base.source.csv" 2>> "$base.source.err"
  fi
  timeout 60 ncu -i "$rep" --page details --csv < /dev/null > "$base.details.csv" 2> "$base.details.err"
}
CONTROL=hwcheck_control
PROFILE_START=$(date +%s)
while IFS=$'\t' read -r sample kernel driver index callee block defines json note; do
  [ "$index" -ge 0 ] 2>/dev/null || continue
  awk -v s="$sample" -v only="$ONLY" 'BEGIN { exit !(s ~ only) }' || continue
  stem=$(basename "$driver" .cu)
  base="$RES/$stem.$index"
  if [ $(( $(date +%s) - PROFILE_START )) -ge "$BUDGET" ]; then
    printf '%s\t%s\t%s\tskipped: budget spent\t0\t-\n' "$sample" "$kernel" "$index" >> "$RES/status.tsv"
    continue
  fi
  if [ ! -x "$W/$stem" ]; then
    printf '%s\t%s\t%s\tnot compiled\t0\t-\n' "$sample" "$kernel" "$index" >> "$RES/status.tsv"
    continue
  fi
  t0=$(date +%s)
  rep="$W/$stem.$index"
  status=failed
  # Fall back to fewer options only when ncu wrote no report (an option or metric it refused);
  # a report with a failed launch in it is kept, and its status says so.
  for extra in "--metrics $METRICS --import-source yes" "--import-source yes" ""; do
    [ -z "$METRICS" ] && [ "${extra#--metrics}" != "$extra" ] && continue
    rm -f "$rep.ncu-rep"
    # shellcheck disable=SC2086
    timeout 60 ncu --clock-control none --section SourceCounters $extra -f -o "$rep" "$W/$stem" "$index" \
      < /dev/null > "$base.ncu.log" 2>&1
    rc=$?
    [ $rc -eq 124 ] && { status="timed out after 60 s"; break; }
    if [ -f "$rep.ncu-rep" ]; then
      if [ $rc -eq 0 ] && grep -q "hwcheck: ok" "$base.ncu.log"; then status="ok"; else status="partial (exit $rc)"; fi
      [ -n "$extra" ] && [ "${extra#--metrics}" = "$extra" ] && status="$status, without --metrics"
      break
    fi
  done
  if [ -f "$rep.ncu-rep" ]; then
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do sleep 0.2; done
    export_csv "$rep.ncu-rep" "$base" "$sample" &
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$sample" "$kernel" "$index" "$status" $(( $(date +%s) - t0 )) \
    "$(cat "$W/$stem.build")" >> "$RES/status.tsv"
  echo "hwcheck: $sample $kernel: $status ($(( $(date +%s) - t0 )) s)"
done < <(tail -n +2 "$PREP/manifest.tsv")
wait
log "profiled in $(elapsed) s: $(tail -n +2 "$RES/status.tsv" | grep -c $'\tok') kernels measured, $(tail -n +2 "$RES/status.tsv" | grep -vc $'\tok') not (status.tsv)"

# 4. Everything back in one file, then the comparison where Java is available.
cp "$W"/*.nvcc.log "$W"/*.build "$W"/*.sass "$RES"/ 2>/dev/null
tar czf "$OUTDIR/results.tar.gz" -C "$PREP" results manifest.tsv predicted volatile
if command -v java >/dev/null && [ -e "${JAVA_CP%%:*}" ]; then
  java -cp "$JAVA_CP" dev.bankcheck.hwcheck.HwCheck compare "$PREP" "$RES" "$OUTDIR/hardware-truth.tsv" \
    | tee -a "$OUTDIR/log.txt"
else
  log "no java here: run 'HwCheck compare' on results.tar.gz elsewhere"
fi
log "done in $(elapsed) s"
