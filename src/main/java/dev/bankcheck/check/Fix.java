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
  public record Edit(String file, int line, int column, int endLine, int endColumn, String replacement) {
    // written out: a record's generated methods are bootstrapped through method handles, a start-up cost
    @Override
    public boolean equals(Object o) {
      return o instanceof Edit e && e.line == line && e.column == column && e.endLine == endLine
          && e.endColumn == endColumn && java.util.Objects.equals(e.file, file)
          && java.util.Objects.equals(e.replacement, replacement);
    }

    @Override
    public int hashCode() {
      return ((((java.util.Objects.hashCode(file) * 31 + line) * 31 + column) * 31 + endLine) * 31 + endColumn) * 31
          + java.util.Objects.hashCode(replacement);
    }
  }
}
