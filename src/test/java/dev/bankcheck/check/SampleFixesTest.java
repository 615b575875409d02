package dev.bankcheck.check;

import dev.bankcheck.samples.Nvcc;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bankcheck.samples.Expectations;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every fix with edits suggested for a sample, applied to a copy and analyzed again (with the sample's RUN
 * options), delivers its promised ways on every access it is attached to, and on every access its
 * description states; the fixed copy still compiles with nvcc (where nvcc is installed).
 */
class SampleFixesTest {
  private static final Pattern STATED = Pattern.compile("(\\d+):(\\d+) (load|store|atomic) (\\d+)-way");
  private static final Pattern ALL_FREE =
      Pattern.compile("makes every (analyzed )?access to '([^']+)' in this kernel conflict-free");

  @TempDir Path tmp;

  @TestFactory
  Stream<DynamicTest> fixesDeliverWhatTheyPromise() throws IOException {
    List<Path> samples;
    try (Stream<Path> s = Files.walk(Path.of("samples-cu"))) {
      samples = s.filter(p -> p.toString().endsWith(".cu")).sorted().toList();
    }
    List<DynamicTest> tests = new ArrayList<>();
    List<String> kinds = new ArrayList<>();
    for (Path sample : samples) {
      AnalysisOptions options = Expectations.read(sample, sample.toString()).options();
      FileReport before = new DefaultAnalyzer(options).analyze(sample, sample.toString());
      // one test per distinct fix (a padding is attached to every access of the array it improves)
      Map<String, List<Finding>> byFix = new LinkedHashMap<>();
      for (Finding f : before.findings()) {
        if (f.fix() == null || f.fix().edits().isEmpty()) continue;
        byFix.computeIfAbsent(f.kernel() + "|" + f.fix().description() + "|" + f.fix().edits(), k -> new ArrayList<>())
            .add(f);
      }
      for (List<Finding> group : byFix.values()) {
        Fix fix = group.get(0).fix();
        kinds.add(fix.description());
        tests.add(DynamicTest.dynamicTest(group.get(0).pos() + " " + fix.description(),
            () -> check(sample, options, before, group)));
      }
    }
    assertTrue(tests.size() >= 5, "the samples should exercise several fixes, found " + tests.size());
    for (String kind : List.of("pad the inner dimension", "swizzle the columns", "pad struct")) {
      assertTrue(kinds.stream().anyMatch(d -> d.startsWith(kind)), "no sample gets a fix '" + kind + "...'");
    }
    return tests.stream();
  }

  private void check(Path sample, AnalysisOptions options, FileReport before, List<Finding> group) throws Exception {
    Fix fix = group.get(0).fix();
    String fixed = Edits.apply(Files.readString(sample), fix.edits());
    FileReport after = new DefaultAnalyzer(options).analyzeText(sample, sample.toString(), fixed);
    assertEquals(before.errors().size(), after.errors().size(), "the edits add an error: " + after.errors());
    String kernel = group.get(0).kernel();
    for (Finding f : group) {
      Finding again = at(after, fix.edits(), f.pos().line(), f.pos().column(), f.op().name(), f.array(), kernel);
      assertEquals(f.fix().waysAfter(), again.ways(), f.pos() + ": " + again.reason());
      assertTrue(again.ways() < f.ways(), "a fix must improve the access it is attached to");
      assertNotNull(f.fix().lanesAfter(), "the warp after the fix");
      assertArrayEquals(again.lanes().byteAddress(), f.fix().lanesAfter().byteAddress(), "the lanes after the fix");
    }
    // every access whose ways after the description states
    Matcher m = STATED.matcher(fix.description());
    int stated = 0;
    while (m.find()) {
      Finding again = at(after, fix.edits(), Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
          m.group(3).toUpperCase(java.util.Locale.ROOT), group.get(0).array(), kernel);
      assertEquals(Integer.parseInt(m.group(4)), again.ways(), "stated for " + m.group());
      stated++;
    }
    Matcher all = ALL_FREE.matcher(fix.description());
    if (all.find()) {
      int checked = 0;
      for (Finding a : after.findings()) {
        if (a.array().equals(all.group(2)) && a.kernel().equals(kernel)) {
          // "every analyzed access": the ones not analyzed before stay so
          if (all.group(1) != null && a.verdict() == Verdict.UNKNOWN) continue;
          assertTrue(a.ways() != null && a.ways() == 1, a.pos() + " is not conflict-free after the fix: " + a.reason());
          checked++;
        }
      }
      assertTrue(checked >= group.size(), "accesses of " + all.group(2) + " after the fix");
    } else {
      assertTrue(stated > 0, "a fix that does not make every access conflict-free states each access's ways");
    }
    compilesWithNvcc(sample, fixed);
  }

  /** The access that was at (line, column) before the edits. */
  private static Finding at(FileReport after, List<Fix.Edit> edits, int line, int column, String op, String array,
      String kernel) {
    int now = Edits.shiftedColumn(edits, line, column);
    return after.findings().stream()
        .filter(a -> a.pos().line() == line && a.pos().column() == now && a.op().name().equals(op)
            && a.array().equals(array) && a.kernel().equals(kernel))
        .findFirst().orElseThrow(() -> new AssertionError("no " + op + " of " + array + " at " + line + ":" + now));
  }

  private void compilesWithNvcc(Path sample, String fixed) throws IOException, InterruptedException {
    if (!Nvcc.onPath()) return;
    Path copy = tmp.resolve(sample.getFileName());
    Files.writeString(copy, fixed);
    Path parent = sample.toAbsolutePath().getParent();
    Process p = new ProcessBuilder("nvcc", "-c", "-arch=sm_90", "-I", parent.toString(), "-o",
        tmp.resolve("fixed.o").toString(), copy.toString()).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), "the fixed copy does not compile:\n" + fixed + "\n" + output);
  }

}
