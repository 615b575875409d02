package dev.bankcheck.hwcheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fixtures under src/test/resources/hwcheck follow Nsight Compute's CSV exports as they appear in public code
 * that parses them (found through the code index, which did not name the repositories): the source page with
 * {@code --print-source cuda,sass} ("File Path" and "Function Name" rows, a header starting
 * {@code "Line No","Source","Address","Source"}, source-line rows followed by their SASS rows, the column names
 * "Instructions Executed", "L1 Wavefronts Shared", "L1 Wavefronts Shared Ideal", "Address Space", stall columns),
 * and the details page (columns "ID" ... "Kernel Name" ... "Section Name","Metric Name","Metric Unit","Metric
 * Value", values with thousands separators, "n/a" for an unsupported metric, the program's own output first).
 */
class NcuCsvTest {
  static String resource(String name) throws IOException {
    try (InputStream in = NcuCsvTest.class.getResourceAsStream("/hwcheck/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void csvRowsHandleQuotesCommasAndNewlines() {
    List<List<String>> rows = NcuCsv.rows("\"a,b\",\"say \"\"hi\"\"\",3\r\n\"multi\nline\",x\n\n");
    assertEquals(List.of(List.of("a,b", "say \"hi\"", "3"), List.of("multi\nline", "x")), rows);
  }

  @Test
  void sourcePageKeepsSharedInstructionsPerLineAndOp() throws IOException {
    List<NcuCsv.SassRow> rows = NcuCsv.sourcePage(resource("source-cuda-sass.csv"));
    String driver = "/w/target/hwcheck/drivers/06_ex01_stride.cu";
    String sample = "/w/samples-cu/ex01_stride.cu";
    String header = "/usr/local/cuda-13.0/targets/x86_64-linux/include/device_atomic_functions.hpp";
    assertEquals(List.of(
        new NcuCsv.SassRow(driver, 54, "hwcheck_control", 0x7f3a1c000200L, "STS", "store", 4, 16, 16, 16),
        new NcuCsv.SassRow(driver, 55, "hwcheck_control", 0x7f3a1c000240L, "STS.64", "store", 8, 16, 32, 32),
        new NcuCsv.SassRow(driver, 58, "hwcheck_control", 0x7f3a1c000300L, "ATOMS.POPC.INC.32", "atomic", 4, 16, 17, 16),
        new NcuCsv.SassRow(driver, 62, "hwcheck_control", 0x7f3a1c000400L, "LDS.128", "load", 16, 16, 64, 64),
        new NcuCsv.SassRow(sample, 16, "strides", 0x7f3a1c001000L, "STS", "store", 4, 4, 4, 4),
        // IMAD and the global LDG on line 17 are no shared accesses.
        new NcuCsv.SassRow(sample, 17, "strides", 0x7f3a1c001020L, "LDS", "load", 4, 4, 8, 4),
        // A predicated LDS, and a generic LD that the counters saw reach shared memory.
        new NcuCsv.SassRow(sample, 22, "strides", 0x7f3a1c001100L, "LDS", "load", 4, 4, 128, 4),
        new NcuCsv.SassRow(sample, 22, "strides", 0x7f3a1c001110L, "LD.E", "load", 4, 4, 128, 4),
        new NcuCsv.SassRow(sample, 30, "strides", 0x7f3a1c001200L, "ATOMS.ADD", "atomic", 4, 4, 128, 4),
        // Atomics inlined from CUDA's header: the line table names the header, not the sample.
        new NcuCsv.SassRow(header, 107, "strides", 0x7f3a1c001400L, "ATOMS.ADD", "atomic", 4, 4, 64, 4),
        new NcuCsv.SassRow(header, 107, "strides", 0x7f3a1c001480L, "ATOMS.ADD", "atomic", 4, 4, 4, 4),
        new NcuCsv.SassRow(header, 152, "strides", 0x7f3a1c001300L, "ATOMS.MAX", "atomic", 4, 4, 8, 4),
        new NcuCsv.SassRow(header, 107, "hwcheck_control", 0x7f3a1c000310L, "ATOMS.ADD", "atomic", 4, 16, 16, 16)),
        rows);
  }

  @Test
  void sassRowsThatRepeatTheLineNumberAreRead() {
    String csv = String.join("\n",
        "\"File Path\",\"/w/samples-cu/a.cu\"",
        "\"Line No\",\"Source\",\"Address\",\"Source\",\"Instructions Executed\",\"L1 Wavefronts Shared\","
            + "\"L1 Wavefronts Shared Ideal\"",
        "\"7\",\"  x = s[i];\",\"-\",\"\",\"12\",\"8\",\"4\"",
        "\"7\",\"\",\"0x10\",\"LDS R1, [R2]\",\"4\",\"8\",\"4\"", "");
    assertEquals(List.of(new NcuCsv.SassRow("/w/samples-cu/a.cu", 7, "", 16, "LDS", "load", 4, 4, 8, 4)),
        NcuCsv.sourcePage(csv));
  }

  @Test
  void opcodesMapToOperations() {
    assertEquals("load", NcuCsv.opOf("LDSM.16.M88.4", false));
    assertEquals("store", NcuCsv.opOf("LDGSTS.E.BYPASS.128", false));
    assertEquals("atomic", NcuCsv.opOf("ATOM.E.ADD", true));
    assertNull(NcuCsv.opOf("ATOM.E.ADD", false));
    assertNull(NcuCsv.opOf("LDG.E", false));
    assertEquals("LDS.U8", NcuCsv.opcode("  @!P1 LDS.U8 R2, [R3+0x4] "));
    assertEquals(1, NcuCsv.widthOf("LDS.U8"));
    assertEquals(2, NcuCsv.widthOf("STS.U16"));
    assertEquals(8, NcuCsv.widthOf("LDS.64"));
    assertEquals(16, NcuCsv.widthOf("STS.128"));
    assertEquals(4, NcuCsv.widthOf("ATOMS.ADD"));
  }

  @Test
  void detailsPageSkipsProgramOutputAndReadsSeparatedNumbers() throws IOException {
    List<NcuCsv.Metric> m = NcuCsv.detailsPage(resource("details.csv"));
    assertEquals(5, m.size(), m.toString()); // the "n/a" value is left out
    assertEquals(new NcuCsv.Metric("1", "strides(float *)", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
        1232), m.get(3));
    assertEquals(1536, m.get(2).value());
    assertTrue(m.get(0).kernel().contains(DriverGen.CONTROL));
  }
}
