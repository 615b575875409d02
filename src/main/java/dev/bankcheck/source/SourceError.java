package dev.bankcheck.source;

/** A problem found while reading, preprocessing or parsing a file; always points into an original file. */
public record SourceError(Pos pos, String message) {}
