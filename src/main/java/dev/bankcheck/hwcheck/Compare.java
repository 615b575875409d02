package dev.bankcheck.hwcheck;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Step 3 of the hardware check: joins bankcheck's predictions with the measured source-page counters.
 *
 * <p>Per (file, line, kernel, op): {@code predicted} is the sum over bankcheck's accesses of that op on the line of
 * {@code wavefronts - idealWavefronts} (excess wavefronts per warp instruction; one access per line is the usual
 * case, several are summed). {@code measured} is the same quantity from the GPU: the line's excess shared
 * wavefronts (L1 Wavefronts Shared - Ideal, summed over its SASS instructions of that op) divided by the warp
 * instructions executed per access (those instructions' executions / the number of bankcheck accesses summed).
 * So one 4-way load on a line reads 3 on both sides, also in a loop or with several warps.
 */
public final class Compare {
  private Compare() {}

  public static final String TRUTH_HEADER = "file\tline\tkernel\tarray\top\tpredicted\tmeasured\tgpu\tdriver\tdate";
  public static final String DETAIL_HEADER = "file\tline\tkernel\tarray\top\tpredicted\tmeasured\twarpInstructions"
      + "\twavefronts\tidealWavefronts\tsass\twidthBytes\tverdict\tnoise\tagree\tnote\treason";

  /** The GPU, driver and date of a run (env.txt written by run.sh: key=value lines). */
  public record Env(String gpu, String driver, String date) {
    static Env read(Path file) throws IOException {
      Map<String, String> m = new LinkedHashMap<>();
      if (Files.exists(file)) {
        for (String l : Files.readAllLines(file, StandardCharsets.UTF_8)) {
          int eq = l.indexOf('=');
          if (eq > 0) m.put(l.substring(0, eq).trim(), l.substring(eq + 1).trim());
        }
      }
      return new Env(m.getOrDefault("gpu", "unknown"), m.getOrDefault("driver", "unknown"),
          m.getOrDefault("date", "unknown"));
    }
  }

  /** One joined row. {@code predicted}/{@code measured} are null where that side has no number. */
  public record Joined(String file, int line, String kernel, String array, String op, Integer predicted, Double measured,
      long executed, long wavefronts, long ideal, String sass, String width, String verdict, double noise, String note,
      String reason) {

    public boolean inTruth() {
      return predicted != null && measured != null && !kernel.equals(DriverGen.CONTROL) && note.isEmpty();
    }

    public Boolean agrees() {
      if (predicted == null || measured == null) return null;
      return Math.abs(measured - predicted) <= tolerance(noise);
    }
  }

  /** Agreement tolerance: 0.05 wavefronts per instruction above the control's noise in the same run. */
  public static double tolerance(double noise) {
    return 0.05 + noise;
  }

  private record Key(String file, int line, String op) implements Comparable<Key> {
    @Override
    public int compareTo(Key o) {
      int c = file.compareTo(o.file);
      if (c != 0) return c;
      c = Integer.compare(line, o.line);
      return c != 0 ? c : op.compareTo(o.op);
    }
  }

  /**
   * Joins one kernel's predictions with the SASS rows measured in its run. {@code sample} is the sample's display
   * path, {@code driverFile} the driver's file name (the control's lines live there).
   */
  public static List<Joined> join(String sample, String kernel, String launchedBlock, String driverFile,
      List<Predicted> predicted, List<NcuCsv.SassRow> measured) {
    Set<String> displays = new LinkedHashSet<>();
    displays.add(sample);
    for (Predicted p : predicted) if (p.file() != null) displays.add(p.file());
    Map<Key, List<Predicted>> preds = new TreeMap<>();
    for (Predicted p : predicted) {
      if (!kernel.equals(p.kernel())) continue;
      preds.computeIfAbsent(new Key(p.file(), p.line(), p.op()), k -> new ArrayList<>()).add(p);
    }
    Map<Key, List<NcuCsv.SassRow>> meas = new TreeMap<>();
    Map<Key, List<NcuCsv.SassRow>> control = new TreeMap<>();
    // Instructions the line table puts in an included header (atomicAdd and friends are inlined from CUDA's
    // headers), per op in program order.
    Map<String, List<NcuCsv.SassRow>> foreign = new TreeMap<>();
    for (NcuCsv.SassRow r : measured) {
      String f = r.file().replace('\\', '/');
      boolean isControl = r.function().contains(DriverGen.CONTROL);
      if (f.endsWith("/" + driverFile) || f.equals(driverFile)) {
        control.computeIfAbsent(new Key(driverFile, r.line(), r.op()), k -> new ArrayList<>()).add(r);
        continue;
      }
      String d = null;
      for (String disp : displays) if (f.equals(disp) || f.endsWith("/" + disp)) d = disp;
      if (d == null) {
        if (isControl) control.computeIfAbsent(new Key(driverFile, 0, r.op()), k -> new ArrayList<>()).add(r);
        else foreign.computeIfAbsent(r.op(), k -> new ArrayList<>()).add(r);
        continue;
      }
      meas.computeIfAbsent(new Key(d, r.line(), r.op()), k -> new ArrayList<>()).add(r);
    }
    Map<Key, String> attributed = new TreeMap<>();
    for (Map.Entry<String, List<NcuCsv.SassRow>> e : foreign.entrySet()) {
      List<NcuCsv.SassRow> rows = new ArrayList<>(e.getValue());
      rows.sort(java.util.Comparator.comparingLong(NcuCsv.SassRow::address));
      List<Key> open = new ArrayList<>();
      for (Key k : preds.keySet()) if (k.op().equals(e.getKey()) && !meas.containsKey(k)) open.add(k);
      if (rows.size() == open.size()) {
        // As many header instructions as unmeasured accesses of this op: the i-th in program order is the i-th in
        // the source (each call inlined once, no loop unrolled around it).
        for (int i = 0; i < rows.size(); i++) {
          NcuCsv.SassRow r = rows.get(i);
          meas.put(open.get(i), List.of(r));
          attributed.put(open.get(i), r.opcode() + " from " + r.file().replaceAll(".*/", "") + ":" + r.line());
        }
      } else {
        for (NcuCsv.SassRow r : rows) {
          Key k = new Key(r.file().replaceAll(".*/", ""), r.line(), r.op());
          meas.computeIfAbsent(k, x -> new ArrayList<>()).add(r);
          attributed.put(k, "in an included header, not attributed: " + rows.size() + " " + e.getKey()
              + " instructions there for " + open.size() + " unmeasured accesses");
        }
      }
    }
    List<Joined> out = new ArrayList<>();
    double noise = 0;
    for (Map.Entry<Key, List<NcuCsv.SassRow>> e : control.entrySet()) {
      Joined j = row(e.getKey(), DriverGen.CONTROL, List.of(), e.getValue(), "conflict-free control");
      out.add(j);
      if (j.measured() != null) noise = Math.max(noise, Math.abs(j.measured()));
    }
    Map<Key, Boolean> all = new TreeMap<>();
    for (Key k : preds.keySet()) all.put(k, true);
    for (Key k : meas.keySet()) all.put(k, true);
    for (Key k : all.keySet()) {
      List<Predicted> ps = preds.getOrDefault(k, List.of());
      List<NcuCsv.SassRow> ms = meas.getOrDefault(k, List.of());
      String note = "";
      String how = attributed.get(k);
      if (how != null && how.startsWith("in an included header")) note = how;
      else if (ps.isEmpty()) note = "no bankcheck access on this line";
      else if (ms.isEmpty()) note = "no shared-memory instruction measured on this line (not executed, or compiled away)";
      else {
        for (Predicted p : ps) {
          int[] b = p.block();
          String pb = b == null ? "-" : b[0] + "x" + b[1] + "x" + b[2];
          if (!pb.equals(launchedBlock)) note = "predicted for block " + pb + ", launched " + launchedBlock;
          if (p.excess() == null) note = "bankcheck verdict " + p.verdict() + " (no single number)";
        }
        Set<Integer> predictedWidths = new java.util.TreeSet<>();
        Set<Integer> compiledWidths = new java.util.TreeSet<>();
        for (Predicted p : ps) predictedWidths.add(p.widthBytes());
        for (NcuCsv.SassRow r : ms) if (r.widthBytes() > 0) compiledWidths.add(r.widthBytes());
        if (note.isEmpty() && !compiledWidths.isEmpty() && !compiledWidths.equals(predictedWidths)) {
          note = "compiled as " + compiledWidths + "-byte accesses, predicted " + predictedWidths;
        }
      }
      Joined j = row(k, kernel, ps, ms, note);
      if (how != null && !how.startsWith("in an included header")) {
        j = new Joined(j.file(), j.line(), j.kernel(), j.array(), j.op(), j.predicted(), j.measured(), j.executed(),
            j.wavefronts(), j.ideal(), how, j.width(), j.verdict(), j.noise(), j.note(), j.reason());
      }
      out.add(j);
    }
    // The noise of this run applies to every row of it.
    List<Joined> fixed = new ArrayList<>();
    for (Joined j : out) {
      fixed.add(new Joined(j.file(), j.line(), j.kernel(), j.array(), j.op(), j.predicted(), j.measured(), j.executed(),
          j.wavefronts(), j.ideal(), j.sass(), j.width(), j.verdict(), noise, j.note(), j.reason()));
    }
    return fixed;
  }

  private static Joined row(Key k, String kernel, List<Predicted> ps, List<NcuCsv.SassRow> ms, String note) {
    long exec = 0, wf = 0, ideal = 0;
    Set<String> opcodes = new LinkedHashSet<>();
    for (NcuCsv.SassRow r : ms) {
      exec += r.executed();
      wf += r.wavefronts();
      ideal += r.ideal();
      opcodes.add(r.opcode());
    }
    Integer predicted = null;
    Set<String> arrays = new LinkedHashSet<>();
    Set<String> widths = new LinkedHashSet<>();
    Set<String> verdicts = new LinkedHashSet<>();
    Set<String> reasons = new LinkedHashSet<>();
    if (!ps.isEmpty()) {
      int sum = 0;
      boolean known = true;
      for (Predicted p : ps) {
        arrays.add(p.array() == null ? "?" : p.array());
        widths.add(Integer.toString(p.widthBytes()));
        verdicts.add(p.verdict());
        if (p.reason() != null) reasons.add(p.reason().replaceAll("\\s+", " "));
        if (p.excess() == null) known = false;
        else sum += p.excess();
      }
      predicted = known ? sum : null;
    }
    int perLine = Math.max(1, ps.size());
    Double measured = exec > 0 ? (double) (wf - ideal) * perLine / exec : null;
    return new Joined(k.file(), k.line(), kernel, arrays.isEmpty() ? "-" : String.join("+", arrays), k.op(), predicted,
        measured, exec, wf, ideal, opcodes.isEmpty() ? "-" : String.join(",", opcodes),
        widths.isEmpty() ? "-" : String.join(",", widths), verdicts.isEmpty() ? "-" : String.join(",", verdicts),
        0, note, reasons.isEmpty() ? "-" : String.join(" | ", reasons));
  }

  static String fmt(Double d) {
    if (d == null) return "-";
    return String.format(Locale.ROOT, "%.3f", d);
  }

  public static String truthTsv(List<Joined> rows, Env env) {
    StringBuilder sb = new StringBuilder(TRUTH_HEADER).append('\n');
    for (Joined j : rows) {
      if (!j.inTruth()) continue;
      sb.append(String.join("\t", j.file(), Integer.toString(j.line()), j.kernel(), j.array(), j.op(),
          Integer.toString(j.predicted()), fmt(j.measured()), env.gpu(), env.driver(), env.date())).append('\n');
    }
    return sb.toString();
  }

  public static String detailTsv(List<Joined> rows) {
    StringBuilder sb = new StringBuilder(DETAIL_HEADER).append('\n');
    for (Joined j : rows) {
      Boolean a = j.agrees();
      sb.append(String.join("\t", j.file(), Integer.toString(j.line()), j.kernel(), j.array(), j.op(),
          j.predicted() == null ? "-" : Integer.toString(j.predicted()), fmt(j.measured()), Long.toString(j.executed()),
          Long.toString(j.wavefronts()), Long.toString(j.ideal()), j.sass(), j.width(), j.verdict(), fmt(j.noise()),
          a == null ? "-" : a ? "yes" : "no", j.note().isEmpty() ? "-" : j.note(), j.reason())).append('\n');
    }
    return sb.toString();
  }
}
