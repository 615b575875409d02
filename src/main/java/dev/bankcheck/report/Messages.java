package dev.bankcheck.report;

import dev.bankcheck.check.Finding;
import dev.bankcheck.check.Op;
import dev.bankcheck.check.Rules;
import dev.bankcheck.check.Verdict;
import dev.bankcheck.source.Pos;

/** Wording shared by the text, SARIF and HTML reporters, so every format says the same thing. */
final class Messages {
  private Messages() {}

  /** Whether a finding is shown as a diagnostic: unsuppressed and not conflict-free. */
  static boolean isDiagnostic(Finding f) {
    if (f.suppressed()) return false;
    return f.verdict() == Verdict.CONFLICT
        || f.verdict() == Verdict.DATA_DEPENDENT
        || f.verdict() == Verdict.UNKNOWN;
  }

  /** The analyzer's rule id when it set a real one, otherwise the one its verdict implies. */
  static String ruleId(Finding f) {
    if (f.ruleId() != null && !f.ruleId().isEmpty() && !Rules.NONE.equals(f.ruleId())) return f.ruleId();
    return switch (f.verdict()) {
      case CONFLICT -> f.op() == Op.ATOMIC ? Rules.ATOMIC_CONTENTION : Rules.BANK_CONFLICT;
      case DATA_DEPENDENT -> Rules.DATA_DEPENDENT_INDEX;
      case UNKNOWN -> Rules.UNANALYZED_ACCESS;
      default -> Rules.NONE;
    };
  }

  /** gcc severity word: unanalyzed accesses are notes (nothing is known to be wrong), the rest warnings. */
  static String severity(Finding f) {
    return f.verdict() == Verdict.UNKNOWN ? "note" : "warning";
  }

  /** The diagnostic text without location or rule tag, e.g. {@code 32-way bank conflict on load of 'tile' (...)}. */
  static String describe(Finding f) {
    String target = target(f);
    String reason = clean(f.reason());
    String because = reason.isEmpty() ? "" : " (" + reason + ")";
    switch (f.verdict()) {
      case CONFLICT: {
        String ways = f.ways() == null ? "" : f.ways() + "-way ";
        if (f.op() == Op.ATOMIC) return ways + "atomic contention on " + arrayName(f) + via(f) + because;
        return ways + "bank conflict on " + target + because;
      }
      case DATA_DEPENDENT: {
        String range;
        if (f.worstWays() != null && f.bestWays() != null) {
          range = ": " + f.bestWays() + "-way at best, " + f.worstWays() + "-way at worst";
        } else if (f.worstWays() != null) {
          range = ": up to " + f.worstWays() + "-way";
        } else {
          range = "";
        }
        return "data-dependent index on " + target + range + because;
      }
      case UNKNOWN:
        return target + " could not be analyzed" + (reason.isEmpty() ? "" : ": " + reason);
      case BROADCAST:
        return "broadcast " + target + because;
      default:
        return "conflict-free " + target + because;
    }
  }

  /** {@code load of 'tile'} or {@code store of 'tile' through 'p'}. */
  static String target(Finding f) {
    return f.op().id + " of " + arrayName(f) + via(f);
  }

  private static String arrayName(Finding f) {
    return f.array() == null || f.array().isEmpty() ? "shared memory" : "'" + f.array() + "'";
  }

  private static String via(Finding f) {
    return f.via() == null || f.via().isEmpty() ? "" : " through '" + f.via() + "'";
  }

  /** Messages follow GNU style: no trailing period, no line breaks inside one diagnostic. */
  static String clean(String message) {
    if (message == null) return "";
    String oneLine = message.strip().replaceAll("\\s*[\\r\\n]+\\s*", " ");
    return oneLine.endsWith(".") && !oneLine.endsWith("..") ? oneLine.substring(0, oneLine.length() - 1) : oneLine;
  }

  /** Positions are 1-based; a file-level problem without a position is reported at 1:1. */
  static int line(Pos pos) {
    return Math.max(1, pos.line());
  }

  static int column(Pos pos) {
    return Math.max(1, pos.column());
  }

  /** The position's file, or {@code fallback} (the FileReport path) when the position names none. */
  static String file(Pos pos, String fallback) {
    return pos == null || pos.file() == null || pos.file().isEmpty() ? fallback : pos.file();
  }
}
