package dev.bankcheck.check;

import java.util.List;

/** A suggested change, as data: what to do, what it achieves, and the text edits that do it. */
public record Fix(String description, int waysAfter, Long sharedBytesAfter, List<Edit> edits) {
  /** Replace the text from (line, column) up to but excluding (endLine, endColumn); all 1-based. */
  public record Edit(String file, int line, int column, int endLine, int endColumn, String replacement) {}
}
