package dev.bankcheck.report;

import dev.bankcheck.source.Lines;
import java.io.IOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The text of source lines, by a finding's file (the path as the user gave it) and 1-based line;
 * {@code ""} for a line or file that cannot be read. Used for fingerprints, never for analysis.
 */
public interface SourceLines {
  String line(String file, int line);

  /** No source at all: every line reads as empty. */
  static SourceLines none() {
    return (file, line) -> "";
  }

  /** Reads files from disk (relative paths against the current folder), each once. Not thread-safe. */
  static SourceLines fromDisk() {
    Map<String, String[]> cache = new HashMap<>();
    return (file, line) -> {
      String[] lines = cache.computeIfAbsent(file == null ? "" : file,
          f -> readText(f).map(Lines::split).orElse(new String[0]));
      return line >= 1 && line <= lines.length ? lines[line - 1] : "";
    };
  }

  /** A file's text as UTF-8, bytes that are not replaced (a Latin-1 file still reads); empty when unreadable. */
  static Optional<String> readText(String file) {
    try {
      byte[] bytes = Files.readAllBytes(Path.of(file));
      return Optional.of(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
          .onUnmappableCharacter(CodingErrorAction.REPLACE).decode(java.nio.ByteBuffer.wrap(bytes)).toString());
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
