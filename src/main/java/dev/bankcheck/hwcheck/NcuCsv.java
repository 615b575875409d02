package dev.bankcheck.hwcheck;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Readers for Nsight Compute's CSV exports.
 *
 * <p>Source page, {@code ncu -i REPORT --page source --csv --print-source cuda,sass}: per source file a
 * {@code "File Path",PATH} row (and {@code "Function Name",NAME}), a header row that starts with {@code "Line No"}
 * and holds two {@code "Source"} columns (CUDA, then SASS) and {@code "Address"}, then rows of two kinds: a source
 * line (Line No set, its metrics are the line's totals) and, after it, the SASS instructions of that line (Line No
 * empty, Address {@code 0x...}) with per-instruction metrics such as "Instructions Executed", "L1 Wavefronts
 * Shared" and "L1 Wavefronts Shared Ideal". Numbers may carry thousands separators; "-" means not applicable.
 *
 * <p>Details page, {@code ncu -i REPORT --page details --csv}: one row per metric, with columns "ID", "Kernel
 * Name", "Metric Name", "Metric Value" (the {@code --metrics} ones appear under their raw names), possibly after
 * lines the profiled program printed.
 */
public final class NcuCsv {
  private NcuCsv() {}

  /**
   * One SASS instruction with shared-memory traffic, attributed to a line of a file, in the function (kernel) the
   * export names; {@code address} orders instructions in program order, {@code widthBytes} is the per-lane access
   * width ("Access Size" in bits / 8, else read from the opcode; 0 where unknown).
   */
  public record SassRow(String file, int line, String function, long address, String opcode, String op, int widthBytes,
      long executed, long wavefronts, long ideal) {
    /** The same instruction without function, address and width (what most checks compare). */
    public SassRow(String file, int line, String opcode, String op, long executed, long wavefronts, long ideal) {
      this(file, line, "", 0, opcode, op, 0, executed, wavefronts, ideal);
    }
  }

  /** One metric of one kernel launch from the details page. */
  public record Metric(String id, String kernel, String name, double value) {}

  /** Splits CSV text (RFC 4180: quotes, doubled quotes, commas and newlines inside quotes) into rows. */
  public static List<List<String>> rows(String text) {
    List<List<String>> rows = new ArrayList<>();
    List<String> row = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    boolean any = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quoted) {
        if (c == '"') {
          if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
            cell.append('"');
            i++;
          } else {
            quoted = false;
          }
        } else {
          cell.append(c);
        }
      } else if (c == '"') {
        quoted = true;
        any = true;
      } else if (c == ',') {
        row.add(cell.toString());
        cell.setLength(0);
        any = true;
      } else if (c == '\n' || c == '\r') {
        if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') i++;
        if (any || cell.length() > 0) {
          row.add(cell.toString());
          rows.add(row);
        }
        row = new ArrayList<>();
        cell.setLength(0);
        any = false;
      } else {
        cell.append(c);
        any = true;
      }
    }
    if (any || cell.length() > 0) {
      row.add(cell.toString());
      rows.add(row);
    }
    return rows;
  }

  /** A count: thousands separators removed; "", "-" and "n/a" are null. */
  static Double number(String s) {
    if (s == null) return null;
    String t = s.trim().replace(",", "");
    if (t.isEmpty() || t.equals("-") || t.equalsIgnoreCase("n/a")) return null;
    try {
      return Double.parseDouble(t);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** load, store or atomic for a SASS opcode that accesses shared memory (generic ones count when the row has shared wavefronts). */
  static String opOf(String opcode, boolean sharedTraffic) {
    String o = opcode.toUpperCase(Locale.ROOT);
    if (o.startsWith("LDGSTS")) return "store"; // cp.async: a global load written to shared memory
    if (o.startsWith("LDS") || o.startsWith("LDSM")) return "load";
    if (o.startsWith("STS")) return "store";
    if (o.startsWith("ATOMS") || o.startsWith("REDS")) return "atomic";
    if (!sharedTraffic) return null;
    if (o.startsWith("ATOM") || o.startsWith("RED")) return "atomic";
    if (o.startsWith("LD")) return "load";
    if (o.startsWith("ST")) return "store";
    return null;
  }

  /** Per-lane bytes of a shared-memory opcode from its suffixes (LDS.U8, STS.64, LDS.128, ...); 0 where unknown. */
  static int widthOf(String opcode) {
    String o = opcode.toUpperCase(Locale.ROOT);
    if (o.startsWith("LDSM") || o.startsWith("STSM") || o.startsWith("LDGSTS")) return 0;
    for (String part : o.split("\\.")) {
      switch (part) {
        case "U8": case "S8": return 1;
        case "U16": case "S16": return 2;
        case "64": return 8;
        case "128": return 16;
        default: break;
      }
    }
    return 4;
  }

  /** The opcode of a SASS line: the first word after an optional predicate ({@code @P0}, {@code @!PT}). */
  static String opcode(String sass) {
    String[] words = sass.trim().split("\\s+");
    int i = 0;
    if (i < words.length && words[i].startsWith("@")) i++;
    return i < words.length ? words[i] : "";
  }

  /** The SASS rows of a source-page export that access shared memory. */
  public static List<SassRow> sourcePage(String text) {
    List<SassRow> out = new ArrayList<>();
    String file = "";
    String function = "";
    Map<String, Integer> col = null;
    int lineNo = -1;
    int sassSource = -1;
    for (List<String> r : rows(text)) {
      if (r.isEmpty()) continue;
      String first = r.get(0).trim();
      if (first.equals("File Path") && r.size() >= 2) {
        file = r.get(1).trim();
        col = null;
        lineNo = -1;
        continue;
      }
      if (first.equals("Function Name") && r.size() >= 2) {
        function = r.get(1).trim();
        continue;
      }
      if (first.equals("Line No") && r.contains("Address")) {
        col = new HashMap<>();
        int sources = 0;
        sassSource = -1;
        for (int i = 0; i < r.size(); i++) {
          String h = r.get(i).trim();
          if (h.equals("Source")) {
            // The first "Source" is the CUDA line, the second the SASS instruction (one alone: take it).
            if (++sources <= 2) sassSource = i;
            continue;
          }
          col.putIfAbsent(h, i);
        }
        lineNo = -1;
        continue;
      }
      if (col == null) continue;
      Integer addr = col.get("Address");
      boolean sassRow = addr != null && addr < r.size() && r.get(addr).trim().startsWith("0x");
      String ln = r.get(0).trim();
      boolean numbered = !ln.isEmpty() && ln.chars().allMatch(Character::isDigit);
      if (numbered) lineNo = Integer.parseInt(ln);
      // A source line (its totals are not used: the SASS rows below it carry the per-instruction counts); some
      // exports also repeat the line number on the SASS rows, which is then taken as theirs.
      if (!sassRow || lineNo < 0) continue;
      String sass = sassSource >= 0 && sassSource < r.size() ? r.get(sassSource) : "";
      long wf = (long) orZero(cell(r, col, "L1 Wavefronts Shared"));
      long ideal = (long) orZero(cell(r, col, "L1 Wavefronts Shared Ideal"));
      long exec = (long) orZero(cell(r, col, "Instructions Executed"));
      String opc = opcode(sass);
      String op = opOf(opc, wf > 0 || ideal > 0);
      if (op == null) continue;
      Double bits = cell(r, col, "Access Size");
      int width = bits != null && bits >= 8 ? (int) (bits / 8) : widthOf(opc);
      long address;
      try {
        address = Long.parseUnsignedLong(r.get(addr).trim().substring(2), 16);
      } catch (NumberFormatException e) {
        address = 0;
      }
      out.add(new SassRow(file, lineNo, function, address, opc, op, width, exec, wf, ideal));
    }
    return out;
  }

  private static Double cell(List<String> r, Map<String, Integer> col, String name) {
    Integer i = col.get(name);
    return i == null || i >= r.size() ? null : number(r.get(i));
  }

  private static double orZero(Double d) {
    return d == null ? 0 : d;
  }

  /** The metrics of a details-page export (rows before the header, such as the program's output, are skipped). */
  public static List<Metric> detailsPage(String text) {
    List<Metric> out = new ArrayList<>();
    Map<String, Integer> col = null;
    for (List<String> r : rows(text)) {
      if (col == null) {
        if (r.contains("Metric Name") && r.contains("Metric Value") && r.contains("Kernel Name")) {
          col = new HashMap<>();
          for (int i = 0; i < r.size(); i++) col.putIfAbsent(r.get(i).trim(), i);
        }
        continue;
      }
      int v = col.get("Metric Value");
      if (r.size() <= v) continue;
      Double value = number(r.get(v));
      if (value == null) continue;
      Integer id = col.get("ID");
      out.add(new Metric(id == null ? "" : r.get(id), r.get(col.get("Kernel Name")), r.get(col.get("Metric Name")).trim(),
          value));
    }
    return out;
  }
}
