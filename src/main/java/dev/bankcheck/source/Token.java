package dev.bankcheck.source;

import java.util.Objects;

/**
 * A preprocessing token. {@code pos} points into the original file: where the token was written, or, for a
 * token produced by a macro body, the macro name at the invocation site.
 */
public record Token(TokenKind kind, String text, Pos pos) {
  public boolean is(String s) {
    return text.equals(s);
  }

  @Override
  public String toString() {
    return text + "@" + pos;
  }

  // written out: a record's generated methods are bootstrapped through method handles, a start-up cost
  @Override
  public boolean equals(Object o) {
    return o instanceof Token t && t.kind == kind && Objects.equals(t.text, text) && Objects.equals(t.pos, pos);
  }

  @Override
  public int hashCode() {
    return (Objects.hashCode(kind) * 31 + Objects.hashCode(text)) * 31 + Objects.hashCode(pos);
  }
}
