package dev.bankcheck.source;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Output of {@link Preprocessor#process}: the expanded token stream, every problem found (each pointing into an
 * original file), the display paths of the files named by {@code #include}, in first-read order, and the text of
 * each included file that was read, by display path (comments in headers, such as annotations, are read there);
 * {@code skippedDefines}: macros defined only in groups a conditional skipped, each with where and which
 * conditional ("cu-common.h:49, in a group that '#if HAVE_CUDA' at cu-common.h:32 skips"), for the reasons of names
 * that are then not declared.
 */
public record PreprocessResult(List<Token> tokens, List<SourceError> errors, Set<String> includedFiles,
    Map<String, String> headerTexts, Map<String, String> skippedDefines) {}
