package dev.bankcheck.samples;

import dev.bankcheck.bank.BankConfig;
import dev.bankcheck.check.AnalysisOptions;
import dev.bankcheck.check.FileReport;
import dev.bankcheck.check.Finding;
import dev.bankcheck.check.Rules;
import dev.bankcheck.check.Verdict;
import dev.bankcheck.source.SourceError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The expected verdicts written in a sample's comments, and the check of a report against them.
 *
 * <p>Grammar (one directive per line, in a trailing {@code //} comment):
 *
 * <pre>
 * // expect: ITEM[; ITEM]...
 *   ITEM    = [load|store|atomic] VERDICT [wavefronts=N] [ideal=N] [width=N] [array=NAME] [via=NAME]
 *             [worst=N] [best=N]   (the ways of a data-dependent access at worst and at best)
 *   VERDICT = ok | broadcast | ways=N (N &gt;= 2) | data-dependent | unknown | parse-error | unanalyzed-access
 * // expect-no-accesses: why            (the file has no access under test)
 * // RUN: [--block X[xY[xZ]]] [-D NAME[=VALUE]] [--banks N] [--bank-bytes N] [--warp-size N]
 * </pre>
 *
 * <p>Lint: any {@code //} comment containing the word "expect" (any case, any suffix) that does not
 * parse is an error with file:line, so a typo fails the sample instead of silently weakening it.
 */
public final class Expectations {

  /** One expected finding on one line; null fields are "don't care". */
  public record Item(
      int line,
      String op,
      String verdict,
      Integer ways,
      Integer wavefronts,
      Integer ideal,
      Integer width,
      String array,
      String via,
      Integer worst,
      Integer best) {

    /** The item in directive syntax, e.g. {@code load ways=2 wavefronts=2}. */
    @Override
    public String toString() {
      StringBuilder b = new StringBuilder();
      if (op != null) b.append(op).append(' ');
      b.append(verdict.equals(WAYS) ? "ways=" + ways : verdict);
      if (wavefronts != null) b.append(" wavefronts=").append(wavefronts);
      if (ideal != null) b.append(" ideal=").append(ideal);
      if (width != null) b.append(" width=").append(width);
      if (array != null) b.append(" array=").append(array);
      if (via != null) b.append(" via=").append(via);
      if (worst != null) b.append(" worst=").append(worst);
      if (best != null) b.append(" best=").append(best);
      return b.toString();
    }
  }

  static final String WAYS = "ways";
  private static final Set<String> OPS = Set.of("load", "store", "atomic");
  private static final Set<String> VERDICTS =
      Set.of("ok", "broadcast", "data-dependent", "unknown", "parse-error", "unanalyzed-access");
  private static final Set<Integer> WIDTHS = Set.of(1, 2, 4, 8, 16);
  private static final Pattern IDENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final Pattern WORD_EXPECT = Pattern.compile("(?i)\\bexpect");
  private static final Pattern EXPECT = Pattern.compile("expect:(.*)");
  private static final Pattern NO_ACCESSES = Pattern.compile("expect-no-accesses:(.*)");
  private static final Pattern RUN = Pattern.compile("RUN:(.*)");
  private static final Pattern BLOCK = Pattern.compile("([1-9][0-9]*)(?:x([1-9][0-9]*)(?:x([1-9][0-9]*))?)?");

  private final String path;
  private final List<Item> items;
  private final List<String> runArgs;
  private final String noAccessesReason;
  private final List<String> errors;

  private Expectations(String path, List<Item> items, List<String> runArgs, String noAccessesReason,
      List<String> errors) {
    this.path = path;
    this.items = List.copyOf(items);
    this.runArgs = runArgs == null ? null : List.copyOf(runArgs);
    this.noAccessesReason = noAccessesReason;
    this.errors = List.copyOf(errors);
  }

  public String path() {
    return path;
  }

  public List<Item> items() {
    return items;
  }

  /** The RUN line's arguments, or null when the file has none. */
  public List<String> runArgs() {
    return runArgs;
  }

  public String noAccessesReason() {
    return noAccessesReason;
  }

  /** Lint errors, each {@code path:line: message}; a sample with any of these fails. */
  public List<String> errors() {
    return errors;
  }

  public static Expectations read(Path file, String displayPath) throws IOException {
    return parse(displayPath, Files.readAllLines(file, StandardCharsets.UTF_8));
  }

  public static Expectations parse(String path, List<String> lines) {
    List<Item> items = new ArrayList<>();
    List<String> errors = new ArrayList<>();
    List<String> run = null;
    String noAccesses = null;
    for (int i = 0; i < lines.size(); i++) {
      int line = i + 1;
      String where = path + ":" + line + ": ";
      int at = commentStart(lines.get(i));
      if (at < 0) continue;
      String code = lines.get(i).substring(0, at).strip();
      String comment = lines.get(i).substring(at + 2).strip();
      Matcher m;
      if ((m = RUN.matcher(comment)).matches()) {
        if (run != null) {
          errors.add(where + "a second RUN line (one per file)");
          continue;
        }
        run = List.of(m.group(1).strip().split("\\s+")).stream().filter(s -> !s.isEmpty()).toList();
        try {
          toOptions(run);
        } catch (IllegalArgumentException e) {
          errors.add(where + "bad RUN line: " + e.getMessage());
        }
      } else if ((m = NO_ACCESSES.matcher(comment)).matches()) {
        if (m.group(1).isBlank()) errors.add(where + "expect-no-accesses needs a reason after the colon");
        else if (noAccesses != null) errors.add(where + "a second expect-no-accesses");
        else noAccesses = m.group(1).strip();
      } else if ((m = EXPECT.matcher(comment)).matches()) {
        // A directive describes the code on its own line; on a comment-only line it could never match.
        if (code.isEmpty()) {
          errors.add(where + "expect: on a line without code");
          continue;
        }
        String[] parts = m.group(1).split(";", -1);
        for (String part : parts) {
          try {
            items.add(parseItem(line, part));
          } catch (IllegalArgumentException e) {
            errors.add(where + e.getMessage() + " in '" + comment + "'");
          }
        }
      } else if (WORD_EXPECT.matcher(comment).find()) {
        errors.add(where + "comment mentions 'expect' but is not a directive: '" + comment + "'");
      }
    }
    if (noAccesses != null && !items.isEmpty()) {
      errors.add(path + ": expect-no-accesses together with expect: directives");
    }
    if (noAccesses == null && items.isEmpty() && errors.isEmpty()) {
      errors.add(path + ": no expect: directives and no expect-no-accesses line");
    }
    return new Expectations(path, items, run, noAccesses, errors);
  }

  /** Column of the {@code //} that starts a line comment, skipping string and char literals; -1 if none. */
  static int commentStart(String s) {
    char quote = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (quote != 0) {
        if (c == '\\') i++;
        else if (c == quote) quote = 0;
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '/') {
        return i;
      }
    }
    return -1;
  }

  static Item parseItem(int line, String text) {
    String[] tok = text.strip().split("\\s+");
    if (tok.length == 0 || tok[0].isEmpty()) throw new IllegalArgumentException("empty item");
    int k = 0;
    String op = null;
    if (OPS.contains(tok[0])) op = tok[k++];
    if (k >= tok.length) throw new IllegalArgumentException("item without a verdict");
    String verdict = tok[k++];
    Integer ways = null;
    if (verdict.startsWith("ways=")) {
      ways = number(verdict, "ways=");
      if (ways < 2) throw new IllegalArgumentException("ways=N needs N >= 2 (use ok for 1)");
      verdict = WAYS;
    } else if (!VERDICTS.contains(verdict)) {
      throw new IllegalArgumentException("unknown verdict '" + verdict + "'");
    }
    if (verdict.equals("parse-error") && op != null) {
      throw new IllegalArgumentException("parse-error takes no op");
    }
    Map<String, String> attrs = new LinkedHashMap<>();
    for (; k < tok.length; k++) {
      int eq = tok[k].indexOf('=');
      String key = eq < 0 ? tok[k] : tok[k].substring(0, eq);
      if (!Set.of("wavefronts", "ideal", "width", "array", "via", "worst", "best").contains(key) || eq < 0) {
        throw new IllegalArgumentException("unknown attribute '" + tok[k] + "'");
      }
      if (attrs.put(key, tok[k].substring(eq + 1)) != null) {
        throw new IllegalArgumentException("duplicate attribute '" + key + "'");
      }
    }
    if (verdict.equals("parse-error") && !attrs.isEmpty()) {
      throw new IllegalArgumentException("parse-error takes no attributes");
    }
    Integer wavefronts = attrs.containsKey("wavefronts") ? number(attrs.get("wavefronts"), "") : null;
    Integer ideal = attrs.containsKey("ideal") ? number(attrs.get("ideal"), "") : null;
    Integer width = attrs.containsKey("width") ? number(attrs.get("width"), "") : null;
    if (width != null && !WIDTHS.contains(width)) throw new IllegalArgumentException("width must be 1, 2, 4, 8 or 16");
    String array = ident(attrs.get("array"));
    String via = ident(attrs.get("via"));
    Integer worst = attrs.containsKey("worst") ? number(attrs.get("worst"), "") : null;
    Integer best = attrs.containsKey("best") ? number(attrs.get("best"), "") : null;
    if ((worst != null || best != null) && !verdict.equals("data-dependent")) {
      throw new IllegalArgumentException("worst= and best= are for data-dependent accesses");
    }
    return new Item(line, op, verdict, ways, wavefronts, ideal, width, array, via, worst, best);
  }

  private static int number(String s, String prefix) {
    String digits = s.substring(prefix.length());
    if (!digits.matches("[1-9][0-9]{0,5}")) throw new IllegalArgumentException("bad number '" + s + "'");
    return Integer.parseInt(digits);
  }

  private static String ident(String s) {
    if (s != null && !IDENT.matcher(s).matches()) throw new IllegalArgumentException("bad name '" + s + "'");
    return s;
  }

  /** The analysis options of this sample: its RUN line over the defaults. */
  public AnalysisOptions options() {
    return runArgs == null ? AnalysisOptions.defaults() : toOptions(runArgs);
  }

  static AnalysisOptions toOptions(List<String> args) {
    int[] block = null;
    Map<String, String> defines = new LinkedHashMap<>();
    int banks = BankConfig.DEFAULT.banks();
    int bankBytes = BankConfig.DEFAULT.bankBytes();
    int warp = BankConfig.DEFAULT.warpSize();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.startsWith("-D") && a.length() > 2) {
        define(defines, a.substring(2));
        continue;
      }
      if (!Set.of("--block", "-D", "--banks", "--bank-bytes", "--warp-size").contains(a)) {
        throw new IllegalArgumentException("unknown option '" + a + "'");
      }
      if (i + 1 >= args.size()) throw new IllegalArgumentException(a + " needs a value");
      String v = args.get(++i);
      switch (a) {
        case "--block" -> {
          Matcher m = BLOCK.matcher(v);
          if (!m.matches()) throw new IllegalArgumentException("bad block shape '" + v + "'");
          // Always three dimensions; missing ones are 1.
          block = new int[] {dim(m.group(1)), dim(m.group(2)), dim(m.group(3))};
        }
        case "-D" -> define(defines, v);
        case "--banks" -> banks = positive(a, v);
        case "--bank-bytes" -> bankBytes = positive(a, v);
        default -> warp = positive(a, v);
      }
    }
    return new AnalysisOptions(new BankConfig(banks, bankBytes, warp), block, Map.copyOf(defines), List.of());
  }

  private static int dim(String s) {
    return s == null ? 1 : Integer.parseInt(s);
  }

  private static int positive(String opt, String v) {
    if (!v.matches("[1-9][0-9]{0,5}")) throw new IllegalArgumentException(opt + " needs a positive number, got '" + v + "'");
    return Integer.parseInt(v);
  }

  private static void define(Map<String, String> defines, String def) {
    int eq = def.indexOf('=');
    String name = eq < 0 ? def : def.substring(0, eq);
    if (!IDENT.matcher(name).matches()) throw new IllegalArgumentException("bad macro name '" + name + "'");
    defines.put(name, eq < 0 ? "1" : def.substring(eq + 1));
  }

  // ---- verification ----

  /** What the analyzer reported, in directive syntax, for matching and for the failure lists. */
  private record Seen(int line, String file, Item asItem, String reason) {}

  /**
   * Checks a report against these expectations, both ways, as clang -verify does.
   *
   * @return null when every item is seen and every finding is expected; else the failure message
   */
  public String verify(FileReport report) {
    if (!errors.isEmpty()) return "directive errors:\n  " + String.join("\n  ", errors);
    List<Seen> seen = new ArrayList<>();
    for (SourceError e : report.errors()) {
      seen.add(new Seen(e.pos().line(), e.pos().file(),
          new Item(e.pos().line(), null, "parse-error", null, null, null, null, null, null, null, null), e.message()));
    }
    for (Finding f : report.findings()) seen.add(new Seen(f.pos().line(), f.pos().file(), asItem(f), f.reason()));

    // Per line, a maximum bipartite matching (items are patterns, so greedy matching could miss one).
    List<Item> unmatchedItems = new ArrayList<>();
    List<Seen> unmatchedSeen = new ArrayList<>();
    Map<Integer, List<Item>> itemsByLine = new LinkedHashMap<>();
    for (Item it : items) itemsByLine.computeIfAbsent(it.line(), l -> new ArrayList<>()).add(it);
    Map<Integer, List<Seen>> seenByLine = new LinkedHashMap<>();
    for (Seen s : seen) {
      if (path.equals(s.file())) seenByLine.computeIfAbsent(s.line(), l -> new ArrayList<>()).add(s);
      else unmatchedSeen.add(s); // findings in another file can never be expected here
    }
    java.util.TreeSet<Integer> lines = new java.util.TreeSet<>(itemsByLine.keySet());
    lines.addAll(seenByLine.keySet());
    for (int line : lines) {
      List<Item> is = itemsByLine.getOrDefault(line, List.of());
      List<Seen> ss = seenByLine.getOrDefault(line, List.of());
      int[] seenToItem = new int[ss.size()];
      Arrays.fill(seenToItem, -1);
      boolean[] itemMatched = new boolean[is.size()];
      for (int i = 0; i < is.size(); i++) {
        if (augment(i, is, ss, seenToItem, new boolean[ss.size()])) itemMatched[i] = true;
      }
      for (int i = 0; i < is.size(); i++) if (!itemMatched[i]) unmatchedItems.add(is.get(i));
      for (int j = 0; j < ss.size(); j++) if (seenToItem[j] < 0) unmatchedSeen.add(ss.get(j));
    }
    if (unmatchedItems.isEmpty() && unmatchedSeen.isEmpty()) return null;
    StringBuilder b = new StringBuilder();
    b.append("expected but not seen:\n");
    if (unmatchedItems.isEmpty()) b.append("  (none)\n");
    for (Item it : unmatchedItems) b.append("  ").append(path).append(':').append(it.line()).append(": ").append(it).append('\n');
    b.append("seen but not expected:\n");
    if (unmatchedSeen.isEmpty()) b.append("  (none)\n");
    for (Seen s : unmatchedSeen) {
      b.append("  ").append(s.file()).append(':').append(s.line()).append(": ").append(s.asItem())
          .append(" -- ").append(s.reason()).append('\n');
    }
    return b.toString();
  }

  private static boolean augment(int i, List<Item> is, List<Seen> ss, int[] seenToItem, boolean[] visited) {
    for (int j = 0; j < ss.size(); j++) {
      if (visited[j] || !matches(is.get(i), ss.get(j).asItem())) continue;
      visited[j] = true;
      if (seenToItem[j] < 0 || augment(seenToItem[j], is, ss, seenToItem, visited)) {
        seenToItem[j] = i;
        return true;
      }
    }
    return false;
  }

  /** A finding as the fully specified item that would match it. */
  static Item asItem(Finding f) {
    String verdict;
    Integer ways = null;
    if (f.verdict() == Verdict.UNKNOWN && f.widthBytes() == 0) {
      verdict = "unanalyzed-access"; // a use in code the parser skipped: never evaluated
    } else if (f.verdict() == Verdict.CONFLICT) {
      verdict = WAYS;
      ways = f.ways();
    } else {
      verdict = f.verdict().id;
    }
    return new Item(f.pos().line(), f.op() == null ? null : f.op().id, verdict, ways, f.wavefronts(),
        f.idealWavefronts(), f.widthBytes(), f.array(), f.via(), f.worstWays(), f.bestWays());
  }

  /** Whether expected item {@code e} accepts the seen item {@code s}: equal wherever e says something. */
  static boolean matches(Item e, Item s) {
    return e.verdict().equals(s.verdict())
        && (!e.verdict().equals(WAYS) || Objects.equals(e.ways(), s.ways()))
        && (e.op() == null || e.op().equals(s.op()))
        && (e.wavefronts() == null || e.wavefronts().equals(s.wavefronts()))
        && (e.ideal() == null || e.ideal().equals(s.ideal()))
        && (e.width() == null || e.width().equals(s.width()))
        && (e.array() == null || e.array().equals(s.array()))
        && (e.via() == null || e.via().equals(s.via()))
        && (e.worst() == null || e.worst().equals(s.worst()))
        && (e.best() == null || e.best().equals(s.best()));
  }
}
