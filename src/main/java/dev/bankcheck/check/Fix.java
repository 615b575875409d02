package dev.bankcheck.check;

import dev.bankcheck.bank.WarpAccess;
import java.util.List;

/**
 * A suggested change, as data: what to do, what it achieves, and the text edits that do it;
 * {@code lanesAfter} is this access's worst warp once the change is made (null when not evaluated).
 */
public record Fix(String description, int waysAfter, Long sharedBytesAfter, List<Edit> edits, WarpAccess lanesAfter) {
  /** A fix without the evaluated warp after it. */
  public Fix(String description, int waysAfter, Long sharedBytesAfter, List<Edit> edits) {
    this(description, waysAfter, sharedBytesAfter, edits, null);
  }

  /** Replace the text from (line, column) up to but excluding (endLine, endColumn); all 1-based. */
  public record Edit(String file, int line, int column, int endLine, int endColumn, String replacement) {}
}
