package dev.bankcheck.samples;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import dev.bankcheck.check.DefaultAnalyzer;
import dev.bankcheck.check.FileReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Runs the real analyzer on every sample under samples-cu/ and checks it against the sample's directives. */
class SamplesTest {
  /** Maven (and IDEs) run tests in the project root. */
  static final Path ROOT = Path.of("").toAbsolutePath();
  static final Path SAMPLES = ROOT.resolve("samples-cu");

  /** Every .cu and .cuh file under samples-cu/, recursively, sorted by relative path. */
  static List<Path> samples() throws IOException {
    try (Stream<Path> s = Files.walk(SAMPLES)) {
      List<Path> files = s.filter(Files::isRegularFile)
          .filter(p -> p.toString().endsWith(".cu") || p.toString().endsWith(".cuh"))
          .sorted((a, b) -> display(a).compareTo(display(b)))
          .toList();
      assertFalse(files.isEmpty(), "no samples under " + SAMPLES);
      return files;
    }
  }

  /** The path relative to the project root with forward slashes, as a user would type it. */
  static String display(Path p) {
    return ROOT.relativize(p.toAbsolutePath()).toString().replace('\\', '/');
  }

  @TestFactory
  Stream<DynamicTest> everySampleMatchesItsDirectives() throws IOException {
    return samples().stream().map(p -> DynamicTest.dynamicTest(display(p), p.toUri(), () -> check(p)));
  }

  private static void check(Path file) throws IOException {
    String shown = display(file);
    Expectations exp = Expectations.read(file, shown);
    // Lint errors first: the options may not even be readable.
    if (!exp.errors().isEmpty()) fail("directive errors:\n  " + String.join("\n  ", exp.errors()));
    FileReport report = new DefaultAnalyzer(exp.options()).analyze(file, shown);
    String problems = exp.verify(report);
    if (problems != null) fail(shown + " does not match its directives:\n" + problems);
  }
}
