package dev.bankcheck.sym;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The text of symbols: the names from the user's code they mention, and a short name for a long one. */
public final class SymbolText {
  private SymbolText() {}

  /**
   * Longer symbol names are abbreviated. Names are built from the names of their operands, so code
   * such as a hash (`x ^= x >> 13` written out 30 times) doubles them at every line: without a bound,
   * 30 lines exhaust the memory. Real index code stays under 1,000 characters (measured: NVIDIA
   * cuda-samples, llm.c, the generated corpus).
   */
  public static final int MAX_LENGTH = 1000;

  /** Words of the tool's own descriptions of symbols, not names from the code. */
  private static final Set<String> PHRASING = Set.of("the", "branch", "at", "line", "taken", "of", "some", "iterations",
      "loop", "trip", "count", "as", "changed", "by", "after", "more", "and", "than", "break", "case", "an", "odd", "number", "running",
      "min", "max"); // the tool's infix operators: "(32) min (n)"
  /** Kept first in an abbreviation: the symbolic warp looks for them to see whether warps differ. */
  private static final List<String> WARP_NAMES = List.of(WarpSetup.WARP_SYMBOL, "threadIdx.y", "threadIdx.z");
  private static final int MAX_NAMES = 12;

  /** The names from the user's code in a symbol's text, in order of appearance, without the tool's phrasing. */
  public static Set<String> identifiers(String text) {
    Set<String> out = new LinkedHashSet<>();
    int n = text.length();
    int i = 0;
    while (i < n) {
      // what the pattern '?[A-Za-z_][A-Za-z0-9_.:]*'? finds, without a regular expression (long names are scanned often)
      int start = i;
      int j = text.charAt(i) == '\'' && i + 1 < n && startsName(text.charAt(i + 1)) ? i + 1 : i;
      if (!startsName(text.charAt(j))) {
        i++;
        continue;
      }
      j++;
      while (j < n && continuesName(text.charAt(j))) j++;
      if (j < n && text.charAt(j) == '\'') j++;
      String word = text.substring(start, j);
      if (!PHRASING.contains(word)) out.add(word);
      i = j;
    }
    return out;
  }

  private static boolean startsName(char c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_';
  }

  private static boolean continuesName(char c) {
    return startsName(c) || c >= '0' && c <= '9' || c == '.' || c == ':';
  }

  /**
   * The name itself when it is short enough; otherwise "(... of NAMES)#DIGEST": the
   * names it mentions (what a user would give values to, the loops it depends on) and a SHA-256 digest
   * of the whole text, so that different texts keep different names and equal texts equal ones.
   */
  static String abbreviate(String name) {
    if (name.length() <= MAX_LENGTH) return name;
    String known = ABBREVIATIONS.get(name);
    if (known != null) return known;
    if (ABBREVIATIONS.size() > 10_000) ABBREVIATIONS.clear();
    String made = abbreviation(name);
    ABBREVIATIONS.put(name, made);
    return made;
  }

  /** The lanes of a warp, and the warps, make the same long names: each is abbreviated once (a pure function). */
  private static final ConcurrentHashMap<String, String> ABBREVIATIONS = new ConcurrentHashMap<>();

  private static String abbreviation(String name) {
    List<String> mentioned = new ArrayList<>();
    for (String w : WARP_NAMES) {
      if (name.contains(w)) mentioned.add(w);
    }
    Set<String> parts = new LinkedHashSet<>(mentioned);
    String rest = name;
    if (name.contains(" of the loop at ")) { // the pattern is slow: only where it can match
      Matcher loops = Loops.PATTERN.matcher(name);
      while (loops.find()) parts.add(loops.group());
      rest = loops.replaceAll(" ");
    }
    parts.addAll(identifiers(rest));
    List<String> shown = new ArrayList<>(parts).subList(0, Math.min(parts.size(), MAX_NAMES));
    String more = parts.size() > MAX_NAMES ? " and " + (parts.size() - MAX_NAMES) + " more" : "";
    return "(... of " + String.join(", ", shown) + more + ")#" + digest(name);
  }

  /** Compiled on first use: Poly.symbol loads this class in every run, and most never abbreviate. */
  private static final class Loops {
    // "line 12", or "FILE:12" for a loop in another file than the kernel's
    static final Pattern PATTERN =
        Pattern.compile("(?:iterations past \\d+|some iterations) of the loop at (?:line \\d+|[^()]*?:\\d+)");
  }

  private static String digest(String text) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return new BigInteger(1, java.util.Arrays.copyOf(d, 16)).toString(); // digits: reports strip "#digits"
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
