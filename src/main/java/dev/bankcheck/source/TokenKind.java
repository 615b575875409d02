package dev.bankcheck.source;

/** The lexical class of a preprocessing token; keywords are IDENTIFIERs (the parser tells them apart by text). */
public enum TokenKind {
  IDENTIFIER,
  NUMBER,
  CHAR_LITERAL,
  STRING_LITERAL,
  PUNCT
}
