package dev.bankcheck.samples;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/** Tests that compile with nvcc skip themselves where it is not installed. */
public final class Nvcc {
  private Nvcc() {}

  public static boolean onPath() {
    String path = System.getenv("PATH");
    if (path == null) return false;
    for (String dir : path.split(File.pathSeparator)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "nvcc"))) return true;
    }
    return false;
  }
}
