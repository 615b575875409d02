package dev.bankcheck.hwcheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompareTest {
  private static final String FILE = "samples-cu/ex01_stride.cu";
  private static final String BLOCK = "blockDim = (32,1,1) from --block";

  static Predicted access(int line, String array, String op, int width, Integer wavefronts, Integer ideal, String block) {
    return new Predicted(FILE, line, 5, "strides", array, op, width, wavefronts == null ? null : wavefronts / ideal,
        wavefronts, ideal, wavefronts == null ? "data-dependent" : "conflict", "why", block);
  }

  static List<Compare.Joined> joinFixture(List<Predicted> predicted) throws Exception {
    return Compare.join(FILE, "strides", "32x1x1", "06_ex01_stride.cu", predicted,
        NcuCsv.sourcePage(NcuCsvTest.resource("source-cuda-sass.csv")));
  }

  @Test
  void joinsPredictedAndMeasuredExcessPerWarpInstruction() throws Exception {
    List<Predicted> predicted = new ArrayList<>(List.of(
        access(16, "s", "store", 4, 1, 1, BLOCK),
        access(17, "s", "load", 4, 2, 1, BLOCK),
        // Two 32-way loads on one line: 31 + 31, and the measured side counts per execution of the line.
        access(22, "s", "load", 4, 32, 1, BLOCK),
        access(22, "t", "load", 4, 32, 1, BLOCK),
        access(30, "count", "atomic", 4, 32, 1, BLOCK),
        // Three atomics whose instructions the line table puts in CUDA's header: matched in program order.
        access(33, "hist", "atomic", 4, 2, 1, BLOCK),
        access(34, "hist", "atomic", 4, 16, 1, BLOCK),
        access(35, "hist", "atomic", 4, 1, 1, BLOCK),
        // Not executed in the run.
        access(31, "s", "store", 4, 1, 1, BLOCK)));
    List<Compare.Joined> rows = joinFixture(predicted);
    Compare.Env env = new Compare.Env("NVIDIA H200", "580.159.04", "2026-12-01");
    assertEquals(String.join("\n",
        Compare.TRUTH_HEADER,
        FILE + "\t16\tstrides\ts\tstore\t0\t0.000\tNVIDIA H200\t580.159.04\t2026-12-01",
        FILE + "\t17\tstrides\ts\tload\t1\t1.000\tNVIDIA H200\t580.159.04\t2026-12-01",
        FILE + "\t22\tstrides\ts+t\tload\t62\t62.000\tNVIDIA H200\t580.159.04\t2026-12-01",
        FILE + "\t30\tstrides\tcount\tatomic\t31\t31.000\tNVIDIA H200\t580.159.04\t2026-12-01",
        FILE + "\t33\tstrides\thist\tatomic\t1\t1.000\tNVIDIA H200\t580.159.04\t2026-12-01",
        FILE + "\t34\tstrides\thist\tatomic\t15\t15.000\tNVIDIA H200\t580.159.04\t2026-12-01",
        FILE + "\t35\tstrides\thist\tatomic\t0\t0.000\tNVIDIA H200\t580.159.04\t2026-12-01", ""),
        Compare.truthTsv(rows, env));
    // The control's atomic had 1 excess wavefront in 16 instructions: the noise floor of this run.
    for (Compare.Joined j : rows) assertEquals(0.0625, j.noise(), 1e-9);
    Compare.Joined control = rows.stream().filter(j -> j.kernel().equals(DriverGen.CONTROL) && j.op().equals("atomic"))
        .findFirst().orElseThrow();
    assertFalse(control.inTruth());
    Compare.Joined missing = rows.stream().filter(j -> j.line() == 31).findFirst().orElseThrow();
    assertTrue(missing.note().startsWith("no shared-memory instruction measured"), missing.note());
    String detail = Compare.detailTsv(rows);
    assertTrue(detail.contains("\tATOMS.MAX from device_atomic_functions.hpp:152\t"), detail);
    assertTrue(detail.contains(FILE + "\t22\tstrides\ts+t\tload\t62\t62.000\t8\t256\t8\tLDS,LD.E\t4\tconflict\t0.063\tyes\t-\twhy\n"),
        detail);
  }

  @Test
  void disagreementsAndUnusableRowsAreKeptOutOfAgreement() throws Exception {
    List<Predicted> predicted = List.of(
        access(17, "s", "load", 4, 4, 1, BLOCK),                                        // says 3, measured 1
        access(22, "s", "load", 4, 32, 1, "blockDim = (16,16,1) from the launch at line 9"), // another shape
        access(30, "count", "atomic", 4, null, null, BLOCK));                            // data-dependent
    List<Compare.Joined> rows = joinFixture(predicted);
    Compare.Joined line17 = rows.stream().filter(j -> j.line() == 17).findFirst().orElseThrow();
    assertTrue(line17.inTruth());
    assertFalse(line17.agrees());
    Compare.Joined line22 = rows.stream().filter(j -> j.line() == 22).findFirst().orElseThrow();
    assertEquals("predicted for block 16x16x1, launched 32x1x1", line22.note());
    assertFalse(line22.inTruth());
    Compare.Joined line30 = rows.stream().filter(j -> j.line() == 30).findFirst().orElseThrow();
    assertFalse(line30.inTruth());
    assertTrue(line30.note().contains("data-dependent"), line30.note());
    // Measured but not predicted: listed in the detail, never in the truth table.
    Compare.Joined line16 = rows.stream().filter(j -> j.line() == 16).findFirst().orElseThrow();
    assertEquals("no bankcheck access on this line", line16.note());
    // No unmeasured atomic is left for the header's three: they stay unattributed.
    Compare.Joined header = rows.stream().filter(j -> j.file().equals("device_atomic_functions.hpp") && j.line() == 152)
        .findFirst().orElseThrow();
    assertEquals("in an included header, not attributed: 3 atomic instructions there for 0 unmeasured accesses",
        header.note());
    assertEquals(Compare.TRUTH_HEADER + "\n" + FILE + "\t17\tstrides\ts\tload\t3\t1.000\tg\td\tt\n",
        Compare.truthTsv(rows, new Compare.Env("g", "d", "t")));
  }

  @Test
  void accessesCompiledToAnotherWidthAreKeptOutOfTheTable() throws Exception {
    List<Compare.Joined> rows = joinFixture(List.of(access(17, "s", "load", 8, 4, 2, BLOCK)));
    Compare.Joined line17 = rows.stream().filter(j -> j.line() == 17).findFirst().orElseThrow();
    assertEquals("compiled as [4]-byte accesses, predicted [8]", line17.note());
    assertFalse(line17.inTruth());
  }

  @Test
  void toleranceGrowsWithTheControlsNoise() {
    assertEquals(0.05, Compare.tolerance(0), 1e-12);
    assertEquals(0.30, Compare.tolerance(0.25), 1e-12);
  }
}
