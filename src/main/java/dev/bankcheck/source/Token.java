package dev.bankcheck.source;

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
}
