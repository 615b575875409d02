package dev.bankcheck.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.stream.JsonWriter;
import dev.bankcheck.check.Finding;
import dev.bankcheck.source.SmallTextFile;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Findings accepted as they are: a file written by {@code --write-baseline} and read by
 * {@code --baseline}. An entry matches a finding with the same {@link Fingerprint} (file, kernel,
 * array, operation, normalized source line, occurrence); line numbers are kept for people only.
 */
public final class Baseline {
  /** Version of the file's shape. */
  public static final int FORMAT_VERSION = 1;

  /** One accepted finding: its fingerprint, and where it was and what it was when written. */
  public record Entry(Fingerprint fingerprint, String ruleId, int line, Integer ways) {}

  /** A baseline file that is not one: the message says what is wrong. */
  public static final class FormatException extends Exception {
    public FormatException(String message) {
      super(message);
    }
  }

  private static final Comparator<Entry> ORDER = Comparator.<Entry, String>comparing(e -> e.fingerprint().file())
      .thenComparingInt(Entry::line)
      .thenComparing(e -> String.valueOf(e.fingerprint().kernel()))
      .thenComparing(e -> String.valueOf(e.fingerprint().array()))
      .thenComparing(e -> e.fingerprint().op())
      .thenComparing(e -> e.fingerprint().source())
      .thenComparingInt(e -> e.fingerprint().occurrence());

  private final List<Entry> entries;
  private final Set<Fingerprint> keys = new HashSet<>();

  public Baseline(List<Entry> entries) {
    List<Entry> sorted = new ArrayList<>(entries);
    sorted.sort(ORDER);
    this.entries = List.copyOf(sorted);
    for (Entry e : this.entries) keys.add(e.fingerprint());
  }

  /** The unsuppressed findings that text would print (conflicts, data-dependent, unanalyzed). */
  public static Baseline of(Report report, RunContext context) {
    List<Entry> entries = new ArrayList<>();
    for (Finding f : report.sortedFindings()) {
      if (!Messages.isDiagnostic(f)) continue;
      entries.add(new Entry(context.fingerprint(f), Messages.ruleId(f), Messages.line(f.pos()), f.ways()));
    }
    return new Baseline(entries);
  }

  public List<Entry> entries() {
    return entries;
  }

  public boolean contains(Fingerprint fingerprint) {
    return keys.contains(fingerprint);
  }

  /** Deterministic: sorted by file, line, kernel, array, operation; no timestamps. */
  public void write(Writer out) throws IOException {
    StringWriter buffer = new StringWriter();
    try (JsonWriter w = new JsonWriter(buffer)) {
      w.setIndent("  ");
      w.setHtmlSafe(false);
      w.setSerializeNulls(true);
      w.beginObject();
      w.name("version").value(FORMAT_VERSION);
      w.name("tool").value("bankcheck");
      w.name("findings").beginArray();
      for (Entry e : entries) {
        Fingerprint p = e.fingerprint();
        w.beginObject();
        w.name("file").value(p.file());
        w.name("kernel").value(p.kernel());
        w.name("array").value(p.array());
        w.name("op").value(p.op());
        w.name("source").value(p.source());
        w.name("occurrence").value(p.occurrence());
        w.name("ruleId").value(e.ruleId());
        w.name("line").value(e.line());
        w.name("ways").value(e.ways());
        w.endObject();
      }
      w.endArray();
      w.endObject();
    }
    out.write(buffer.toString());
    out.write('\n');
  }

  public void write(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) Files.createDirectories(parent);
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      write(w);
    }
  }

  /** Bigger baselines are refused before reading: parsing them would not fit the launcher's heap. */
  public static final long MAX_BYTES = 32L << 20;

  public static Baseline read(Path file) throws IOException, FormatException {
    String text;
    try {
      text = SmallTextFile.read(file, MAX_BYTES);
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new FormatException("not UTF-8 text (a baseline is the JSON that --write-baseline writes)");
    }
    return parse(text);
  }

  static Baseline parse(String text) throws FormatException {
    JsonElement root;
    try {
      root = JsonParser.parseString(text);
    } catch (JsonParseException e) {
      // Gson's message is advice to programmers (setStrictness, a troubleshooting page): only where is kept
      java.util.regex.Matcher where = java.util.regex.Pattern.compile("line (\\d+) column (\\d+)")
          .matcher(String.valueOf(e.getMessage()));
      throw new FormatException(where.find() ? "not JSON (at line " + where.group(1) + ", column " + where.group(2) + ")"
          : "not JSON");
    }
    if (!root.isJsonObject()) throw new FormatException("not a bankcheck baseline (expected a JSON object)");
    JsonObject o = root.getAsJsonObject();
    if (!Integer.valueOf(FORMAT_VERSION).equals(wholeNumberOrNull(o.get("version")))) {
      throw new FormatException("not a bankcheck baseline of version " + FORMAT_VERSION);
    }
    if (!o.has("findings") || !o.get("findings").isJsonArray()) throw new FormatException("no \"findings\" list");
    JsonArray list = o.getAsJsonArray("findings");
    List<Entry> entries = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      if (!list.get(i).isJsonObject()) throw new FormatException("findings[" + i + "] is not an object");
      JsonObject e = list.get(i).getAsJsonObject();
      try {
        Fingerprint p = new Fingerprint(string(e, "file", false), string(e, "kernel", true), string(e, "array", true),
            string(e, "op", false), string(e, "source", false), wholeNumber(e.get("occurrence")));
        int line = e.has("line") && !e.get("line").isJsonNull() ? wholeNumber(e.get("line")) : 0;
        Integer ways = e.has("ways") && !e.get("ways").isJsonNull() ? wholeNumber(e.get("ways")) : null;
        entries.add(new Entry(p, string(e, "ruleId", true), line, ways));
      } catch (RuntimeException bad) {
        throw new FormatException("findings[" + i + "] lacks file, op, source or occurrence, or has a wrong type");
      }
    }
    return new Baseline(entries);
  }

  /** A JSON number that is a whole int (Gson's getAsInt would take 1.5 as 1 and 1e99 as garbage). */
  private static int wholeNumber(JsonElement v) {
    Integer n = wholeNumberOrNull(v);
    if (n == null) throw new IllegalArgumentException("not a whole number: " + v);
    return n;
  }

  private static Integer wholeNumberOrNull(JsonElement v) {
    if (v == null || !v.isJsonPrimitive() || !v.getAsJsonPrimitive().isNumber()) return null;
    try {
      return v.getAsBigDecimal().intValueExact();
    } catch (ArithmeticException | NumberFormatException notWhole) {
      return null;
    }
  }

  private static String string(JsonObject o, String key, boolean nullable) {
    JsonElement v = o.get(key);
    if (v == null || v.isJsonNull()) {
      if (nullable) return null;
      throw new IllegalArgumentException(key);
    }
    return v.getAsString();
  }
}
