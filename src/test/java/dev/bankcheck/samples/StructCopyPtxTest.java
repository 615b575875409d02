package dev.bankcheck.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.bankcheck.check.DefaultAnalyzer;
import dev.bankcheck.check.FileReport;
import dev.bankcheck.check.Finding;
import dev.bankcheck.hwcheck.PtxCheck;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The width bankcheck gives a struct copied whole is what nvcc emits for the code as written (not volatile, as
 * hwcheck builds it): every shared-memory instruction on each access's line has the predicted width. Skipped where
 * nvcc is not installed.
 */
class StructCopyPtxTest {
  @TempDir Path out;

  @Test
  void structCopiesHaveTheWidthsNvccGivesThem() throws Exception {
    assumeTrue(Nvcc.onPath(), "nvcc is not on PATH");
    Path sample = SamplesTest.SAMPLES.resolve("struct_copies.cu");
    Path ptx = out.resolve("struct_copies.ptx");
    Process p = new ProcessBuilder("nvcc", "-ptx", "-arch=sm_90", "-lineinfo", "-o", ptx.toString(), sample.toString())
        .redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), output);
    Map<PtxCheck.Key, List<Integer>> widths = PtxCheck.widths(Files.readString(ptx), "struct_copies.cu");
    String shown = SamplesTest.display(sample);
    FileReport report = new DefaultAnalyzer(Expectations.read(sample, shown).options()).analyze(sample, shown);
    List<String> problems = new ArrayList<>();
    int copies = 0;
    for (Finding f : report.findings()) {
      List<Integer> w = widths.get(new PtxCheck.Key(f.pos().line(), f.op().name().toLowerCase()));
      if (f.assumptions().stream().anyMatch(a -> a.contains("copied whole"))) copies++;
      if (w == null || w.stream().anyMatch(x -> x != f.widthBytes())) {
        problems.add("line " + f.pos().line() + " " + f.op() + ": predicted " + f.widthBytes() + " bytes, PTX " + w);
      }
    }
    assertTrue(copies >= 8, "only " + copies + " struct copies");
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }
}
