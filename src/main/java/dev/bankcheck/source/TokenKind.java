package dev.bankcheck.source;

public enum TokenKind { IDENTIFIER, NUMBER, CHAR_LITERAL, STRING_LITERAL, PUNCT }
