package dev.bankcheck.source;

public record Token(TokenKind kind, String text, Pos pos) {}
