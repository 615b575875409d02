package dev.bankcheck.report;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * What identifies one access across edits that move lines: its file (relative to the run's root),
 * kernel, array, operation, the normalized text of its source line ({@link #normalize}), and its
 * 1-based occurrence among findings with all of these equal (two {@code s[i]} loads on one line).
 * Line and column numbers are left out on purpose.
 */
public record Fingerprint(String file, String kernel, String array, String op, String source, int occurrence) {

  /** A short stable hash of every component, for SARIF {@code partialFingerprints}. */
  public String hash() {
    MessageDigest digest = prefixDigest();
    digest.update(("\u0000" + occurrence).getBytes(StandardCharsets.UTF_8));
    return HexFormat.of().formatHex(digest.digest(), 0, 16);
  }

  /**
   * The digest of every component but the occurrence, as a copy of the last one made on this thread when
   * those components are the same: a long line with thousands of findings is hashed once, not per finding.
   */
  private MessageDigest prefixDigest() {
    List<String> prefix = Arrays.asList(file, String.valueOf(kernel), String.valueOf(array), op, source);
    Map.Entry<List<String>, MessageDigest> last = LAST_PREFIX.get();
    try {
      if (last == null || !last.getKey().equals(prefix)) {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        digest.update(String.join("\u0000", prefix).getBytes(StandardCharsets.UTF_8));
        last = Map.entry(prefix, digest);
        LAST_PREFIX.set(last);
      }
      return (MessageDigest) last.getValue().clone();
    } catch (NoSuchAlgorithmException | CloneNotSupportedException e) {
      throw new IllegalStateException("SHA-256 is always available and cloneable", e);
    }
  }

  private static final ThreadLocal<Map.Entry<List<String>, MessageDigest>> LAST_PREFIX = new ThreadLocal<>();

  /** Longer normalized lines are kept as a digest: a baseline holds one per finding. */
  static final int MAX_SOURCE_CHARS = 1_000;

  /** The {@code source} component of a line: {@link #normalize}d, as a digest when longer than {@link #MAX_SOURCE_CHARS}. */
  public static String source(String line) {
    String normalized = normalize(line);
    if (normalized.length() <= MAX_SOURCE_CHARS) return normalized;
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(normalized.getBytes(StandardCharsets.UTF_8));
      return "sha256:" + HexFormat.of().formatHex(digest);
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
