package dev.bankcheck.source;

import java.util.Objects;

/**
 * A preprocessing token. {@link #pos()} points into the original file: where the token was written, or, for a
 * token produced by a macro body, the macro name at the invocation site. The position is kept as its parts,
 * not as a {@link Pos}: a file's tokens are all in memory at once, and a 20 MB file has 5 million of them
 * (a separate Pos each took a third of their memory).
 */
public record Token(TokenKind kind, String text, String file, int line, int column) {
  public Token(TokenKind kind, String text, Pos pos) {
    this(kind, text, pos.file(), pos.line(), pos.column());
  }

  public Pos pos() {
    return new Pos(file, line, column);
  }

  public boolean is(String s) {
    return text.equals(s);
  }

  @Override
  public String toString() {
    return text + "@" + file + ":" + line + ":" + column;
  }

  // written out: a record's generated methods are bootstrapped through method handles, a start-up cost
  @Override
  public boolean equals(Object o) {
    return o instanceof Token t && t.kind == kind && t.line == line && t.column == column
        && Objects.equals(t.text, text) && Objects.equals(t.file, file);
  }

  @Override
  public int hashCode() {
    return (Objects.hashCode(kind) * 31 + Objects.hashCode(text)) * 31 + (Objects.hashCode(file) * 31 + line) * 31
        + column;
  }
}
