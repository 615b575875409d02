package dev.bankcheck.cli;

import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Expands the command line's paths into the files to analyze: a file stands for itself, a folder
 * for every {@code *.cu} and {@code *.cuh} file below it, in sorted order.
 */
final class InputFiles {
  /** One file to analyze: where it is, and its path as the user will see it. */
  record Input(Path file, String displayPath) {}

  /** The files found, and one message per path that does not exist or cannot be read. */
  record Result(List<Input> inputs, List<String> errors) {}

  private InputFiles() {}

  static Result collect(List<String> paths) {
    List<Input> inputs = new ArrayList<>();
    List<String> errors = new ArrayList<>();
    Set<Path> seen = new HashSet<>(); // the same file named twice is analyzed once
    for (String given : paths) {
      Path path;
      try {
        path = Path.of(given);
      } catch (InvalidPathException e) {
        errors.add("no such file or directory: " + given);
        continue;
      }
      if (!Files.exists(path)) {
        errors.add("no such file or directory: " + given);
      } else if (Files.isDirectory(path)) {
        walk(path, inputs, errors, seen);
      } else if (!Files.isReadable(path)) {
        errors.add("cannot read: " + given);
      } else if (seen.add(key(path))) {
        inputs.add(new Input(path, given));
      }
    }
    return new Result(inputs, errors);
  }

  static boolean isCudaSource(Path file) {
    String name = file.getFileName() == null ? "" : file.getFileName().toString();
    return name.endsWith(".cu") || name.endsWith(".cuh");
  }

  private static void walk(Path root, List<Input> inputs, List<String> errors, Set<Path> seen) {
    List<Path> found = new ArrayList<>();
    try {
      // Following links finds linked folders; the walker reports a link back up as a loop, which we skip.
      Files.walkFileTree(root, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
              // Only regular files: a folder named "x.cu" is walked, never read as a file.
              if (attrs.isRegularFile() && isCudaSource(file)) found.add(file);
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
              if (!(e instanceof FileSystemLoopException)) errors.add("cannot read: " + file);
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      errors.add("cannot read: " + root);
    }
    found.sort(null);
    for (Path file : found) {
      if (seen.add(key(file))) inputs.add(new Input(file, file.toString()));
    }
  }

  private static Path key(Path path) {
    try {
      return path.toRealPath();
    } catch (IOException e) {
      return path.toAbsolutePath().normalize();
    }
  }
}
