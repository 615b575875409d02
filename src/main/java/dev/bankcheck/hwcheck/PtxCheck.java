package dev.bankcheck.hwcheck;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What nvcc made of a sample's shared-memory accesses, read from PTX built with {@code -lineinfo}: per (line, op)
 * of the sample, the per-lane width of every {@code ld/st/atom/red .shared} instruction. A check on the CPU that
 * the driver's build keeps each access as written (one instruction of the predicted width, or one per unrolled
 * iteration) before GPU time is spent.
 */
public final class PtxCheck {
  private PtxCheck() {}

  private static final Pattern FILE = Pattern.compile("^\\s*\\.file\\s+(\\d+)\\s+\"([^\"]*)\"");
  private static final Pattern LOC =
      Pattern.compile("^\\s*\\.loc\\s+(\\d+)\\s+(\\d+)\\s+\\d+(?:.*inlined_at\\s+(\\d+)\\s+(\\d+)\\s+\\d+)?");
  private static final Pattern SHARED =
      Pattern.compile("^\\s*(?:@!?%p\\d+\\s+)?(ld|st|atom|red)((?:\\.[a-z0-9:]+)*?)\\.shared(?:::cta)?((?:\\.[a-z0-9]+)*)\\s");
  private static final Map<String, Integer> TYPE_BYTES = new HashMap<>();

  static {
    for (String t : List.of("b8", "u8", "s8")) TYPE_BYTES.put(t, 1);
    for (String t : List.of("b16", "u16", "s16", "f16", "bf16")) TYPE_BYTES.put(t, 2);
    for (String t : List.of("b32", "u32", "s32", "f32", "f16x2", "bf16x2")) TYPE_BYTES.put(t, 4);
    for (String t : List.of("b64", "u64", "s64", "f64")) TYPE_BYTES.put(t, 8);
  }

  /** A line and operation of the sample. */
  public record Key(int line, String op) implements Comparable<Key> {
    @Override
    public int compareTo(Key o) {
      int c = Integer.compare(line, o.line);
      return c != 0 ? c : op.compareTo(o.op);
    }
  }

  /**
   * The shared-memory instructions of {@code ptx} located in the sample whose path ends with {@code sample}: the
   * innermost location when it is in the sample (a helper of the sample inlined into a kernel), else the call site in
   * the sample that a header function (atomicAdd, __half operators) was inlined at.
   */
  public static Map<Key, List<Integer>> widths(String ptx, String sample) {
    String[] lines = ptx.split("\n");
    Map<String, String> files = new HashMap<>();
    for (String l : lines) {
      Matcher m = FILE.matcher(l);
      if (m.find()) files.put(m.group(1), m.group(2).replace('\\', '/'));
    }
    Map<Key, List<Integer>> out = new TreeMap<>();
    int line = -1;
    for (String l : lines) {
      Matcher loc = LOC.matcher(l);
      if (loc.find()) {
        line = -1;
        if (inSample(files.get(loc.group(1)), sample)) line = Integer.parseInt(loc.group(2));
        else if (loc.group(3) != null && inSample(files.get(loc.group(3)), sample)) line = Integer.parseInt(loc.group(4));
        continue;
      }
      Matcher m = SHARED.matcher(l);
      if (!m.find() || line < 0) continue;
      String op = m.group(1).equals("ld") ? "load" : m.group(1).equals("st") ? "store" : "atomic";
      int vector = 1;
      int bytes = 4;
      for (String part : m.group(3).split("\\.")) {
        if (part.equals("v2")) vector = 2;
        else if (part.equals("v4")) vector = 4;
        else if (TYPE_BYTES.containsKey(part)) bytes = TYPE_BYTES.get(part);
      }
      out.computeIfAbsent(new Key(line, op), k -> new ArrayList<>()).add(vector * bytes);
    }
    return out;
  }

  private static boolean inSample(String file, String sample) {
    return file != null && (file.equals(sample) || file.endsWith("/" + sample));
  }
}
