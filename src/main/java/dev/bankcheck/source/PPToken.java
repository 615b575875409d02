package dev.bankcheck.source;

/** A token inside the preprocessor: the public token plus leading-space flag (for {@code #x}) and hide set. */
final class PPToken {
  /** Stands for an empty macro argument next to {@code ##} (C11 6.10.3.3); removed before rescanning. */
  static final PPToken PLACEMARKER = new PPToken(new Token(TokenKind.PUNCT, "", Pos.NONE), false, HideSet.EMPTY);

  final Token token;
  final boolean space;
  final HideSet hideSet;

  PPToken(Token token, boolean space, HideSet hideSet) {
    this.token = token;
    this.space = space;
    this.hideSet = hideSet;
  }

  String text() {
    return token.text();
  }

  boolean isPunct(String s) {
    return token.kind() == TokenKind.PUNCT && token.text().equals(s);
  }

  boolean isIdentifier(String s) {
    return token.kind() == TokenKind.IDENTIFIER && token.text().equals(s);
  }

  @Override
  public String toString() {
    return token.text();
  }
}
