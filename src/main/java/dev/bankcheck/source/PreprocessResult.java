package dev.bankcheck.source;

import java.util.List;
import java.util.Set;

/**
 * Output of {@link Preprocessor#process}: the expanded token stream, every problem found (each pointing into an
 * original file), and the display paths of the files read through {@code #include}, in first-read order.
 */
public record PreprocessResult(List<Token> tokens, List<SourceError> errors, Set<String> includedFiles) {}
