package dev.bankcheck.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Every fix suggested for a sample, applied to a copy and analyzed again, delivers its promised ways. */
class SampleFixesTest {
  @TestFactory
  Stream<DynamicTest> fixesDeliverWhatTheyPromise() throws IOException {
    List<Path> samples;
    try (Stream<Path> s = Files.walk(Path.of("samples-cu"))) {
      samples = s.filter(p -> p.toString().endsWith(".cu")).sorted().toList();
    }
    List<DynamicTest> tests = new ArrayList<>();
    for (Path sample : samples) {
      FileReport before = new DefaultAnalyzer(AnalysisOptions.defaults()).analyze(sample, sample.toString());
      for (Finding f : before.findings()) {
        if (f.fix() == null || f.fix().edits().isEmpty()) continue;
        tests.add(DynamicTest.dynamicTest(f.pos() + " " + f.fix().description(), () -> {
          String fixed = AnalyzerTest.apply(Files.readString(sample), f.fix().edits());
          FileReport after = new DefaultAnalyzer(AnalysisOptions.defaults())
              .analyzeText(sample, sample.toString(), fixed);
          Finding again = after.findings().stream()
              .filter(a -> a.pos().equals(f.pos()) && a.op() == f.op() && a.array().equals(f.array()))
              .findFirst().orElseThrow();
          assertEquals(f.fix().waysAfter(), again.ways(), again.reason());
          assertTrue(again.ways() < f.ways(), "a fix must improve the access");
        }));
      }
    }
    assertTrue(tests.size() >= 5, "the samples should exercise several fixes, found " + tests.size());
    return tests.stream();
  }
}
