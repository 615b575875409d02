package dev.bankcheck.report;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What identifies one access across edits that move lines: its file (relative to the run's root),
 * kernel, array, operation, the normalized text of its source line ({@link #normalize}), and its
 * 1-based occurrence among findings with all of these equal (two {@code s[i]} loads on one line).
 * Line and column numbers are left out on purpose.
 */
public record Fingerprint(String file, String kernel, String array, String op, String source, int occurrence) {

  /** A short stable hash of every component, for SARIF {@code partialFingerprints}. */
  public String hash() {
    String key = String.join("\u0000", file, String.valueOf(kernel), String.valueOf(array), op, source,
        String.valueOf(occurrence));
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is always available", e);
    }
  }

  /**
   * A source line without its comments and without any whitespace, so that re-indenting it,
   * aligning it or adding a trailing comment (a {@code // bankcheck:} annotation too) keeps the
   * fingerprint. Comment markers inside string and character literals are kept.
   */
  public static String normalize(String line) {
    if (line == null) return "";
    StringBuilder out = new StringBuilder(line.length());
    char quote = 0;
    boolean inBlock = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      char next = i + 1 < line.length() ? line.charAt(i + 1) : 0;
      if (inBlock) {
        if (c == '*' && next == '/') {
          inBlock = false;
          i++;
        }
        continue;
      }
      if (quote != 0) {
        out.append(c);
        if (c == '\\' && next != 0) {
          out.append(next);
          i++;
        } else if (c == quote) {
          quote = 0;
        }
        continue;
      }
      if (c == '/' && next == '/') break;
      if (c == '/' && next == '*') {
        inBlock = true;
        i++;
        continue;
      }
      if (c == '"' || c == '\'') quote = c;
      if (!Character.isWhitespace(c)) out.append(c);
    }
    return out.toString();
  }
}
