package dev.bankcheck.source;

import java.util.List;

/**
 * The tokens of one file plus the layout facts the preprocessor needs: whether a token is the first on its
 * logical line (so a {@code #} there starts a directive) and whether whitespace precedes it (for {@code #x}).
 * Each lexical error remembers the index of the token it precedes, so errors inside skipped {@code #if 0}
 * regions can be dropped.
 */
public final class LexedFile {
  static final byte START_OF_LINE = 1;
  static final byte LEADING_SPACE = 2;

  private final List<Token> tokens;
  private final byte[] flags;
  private final List<SourceError> errors;
  private final int[] errorTokenIndex;
  private final String text;

  LexedFile(List<Token> tokens, byte[] flags, List<SourceError> errors, int[] errorTokenIndex, String text) {
    this.text = text;
    this.tokens = tokens;
    this.flags = flags;
    this.errors = errors;
    this.errorTokenIndex = errorTokenIndex;
  }

  /** The text the tokens were read from. */
  public String text() {
    return text;
  }

  public List<Token> tokens() {
    return tokens;
  }

  public int size() {
    return tokens.size();
  }

  public Token get(int i) {
    return tokens.get(i);
  }

  /** True if token i is the first token on its logical line (after line splicing). */
  public boolean startsLine(int i) {
    return (flags[i] & START_OF_LINE) != 0;
  }

  /** True if whitespace, a comment or a line break comes right before token i. */
  public boolean hasLeadingSpace(int i) {
    return (flags[i] & LEADING_SPACE) != 0;
  }

  public List<SourceError> errors() {
    return errors;
  }

  /** Index of the token that the k-th error precedes or belongs to ({@code size()} if none follows). */
  int errorTokenIndex(int k) {
    return errorTokenIndex[k];
  }
}
