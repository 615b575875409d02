package dev.bankcheck.check;

import java.nio.file.Path;

/** Entry point of the analysis: one file in, one report out. Never throws for bad input. */
public interface Analyzer {
  /**
   * @param file the file to read
   * @param displayPath the path as the user gave it (used in every position and message)
   */
  FileReport analyze(Path file, String displayPath);
}
