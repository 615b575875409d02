package dev.bankcheck.check;

import dev.bankcheck.source.Lines;
import java.util.HashMap;
import java.util.Map;

/**
 * The lines of the analyzed file and of the headers it read, by display path: a kernel's block annotation and
 * a line's {@code // bankcheck: ignore} are read in the file they are written in, a header included.
 */
final class FileLines {
  private static final String[] NONE = new String[0];

  private final String mainPath;
  private final String[] main;
  private final Map<String, String> headerTexts;
  private final Map<String, String[]> split = new HashMap<>();

  FileLines(String mainPath, String[] main, Map<String, String> headerTexts) {
    this.mainPath = mainPath;
    this.main = main;
    this.headerTexts = headerTexts;
  }

  /** The lines of {@code path}; none for a file that was not read. */
  String[] of(String path) {
    if (path.equals(mainPath)) return main;
    String text = headerTexts.get(path);
    return text == null ? NONE : split.computeIfAbsent(path, p -> Lines.split(text));
  }
}
