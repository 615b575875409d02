package dev.bankcheck.check;

import dev.bankcheck.source.Lines;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The lines of the analyzed file and of the headers it read, by display path: a kernel's block annotation and
 * a line's {@code // bankcheck: ignore} are read in the file they are written in, a header included.
 */
final class FileLines {
  private static final String[] NONE = new String[0];

  private final String mainPath;
  private final String mainText;
  private final String[] main;
  private final Map<String, String> headerTexts;
  private final Map<String, String[]> split = new HashMap<>();
  /** The files whose lines were asked for, for {@link KernelMemo}. */
  private final Set<String> asked = new HashSet<>();

  FileLines(String mainPath, String mainText, Map<String, String> headerTexts) {
    this.mainPath = mainPath;
    this.mainText = mainText;
    this.main = Lines.split(mainText);
    this.headerTexts = headerTexts;
  }

  /** The text of {@code path}, null for a file that was not read. */
  String text(String path) {
    return path.equals(mainPath) ? mainText : headerTexts.get(path);
  }

  /** The text of each file whose lines were asked for so far. */
  Map<String, String> askedTexts() {
    Map<String, String> out = new HashMap<>();
    for (String path : asked) out.put(path, text(path));
    return out;
  }

  /** The lines of {@code path}; none for a file that was not read. */
  String[] of(String path) {
    asked.add(path);
    if (path.equals(mainPath)) return main;
    String text = headerTexts.get(path);
    return text == null ? NONE : split.computeIfAbsent(path, p -> Lines.split(text));
  }
}
