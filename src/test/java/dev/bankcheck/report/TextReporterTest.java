package dev.bankcheck.report;

import static dev.bankcheck.report.Fixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bankcheck.check.FileReport;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class TextReporterTest {
  private static String text(Report r) throws IOException {
    StringBuilder sb = new StringBuilder();
    new TextReporter().write(r, sb);
    return sb.toString();
  }

  @Test
  void conflictLineIsGccStyleAndOkIsNotPrinted() throws IOException {
    Report r = report(analyzed("k.cu", ok("k.cu", 11, 5), conflict("k.cu", 12, 17, 32)));
    assertEquals("k.cu:12:17: warning: 32-way bank conflict on load of 'tile' "
        + "(lanes step 32 words, all in bank 0) [bank-conflict]\n", text(r));
  }

  @Test
  void emptyReportPrintsNothing() throws IOException {
    assertEquals("", text(report()));
    assertEquals("", text(report(analyzed("a.cu"))));
  }

  @Test
  void fixNoteFollowsItsWarningAtTheEditPosition() throws IOException {
    Report r = report(analyzed("k.cu", conflict("k.cu", 12, 17, 32).withFix(padFix("k.cu"))));
    assertEquals("k.cu:12:17: warning: 32-way bank conflict on load of 'tile' "
        + "(lanes step 32 words, all in bank 0) [bank-conflict]\n"
        + "k.cu:5:24: note: pad the inner dimension: 'float tile[32][33]' makes it conflict-free\n", text(r));
  }

  /** A line break in a file name would split the diagnostic in two: control characters are escaped. */
  @Test
  void controlCharactersInAFileNameAreEscaped() throws IOException {
    Report r = report(failed("a\nb\tc\u001b.cu", 3, 9, "expected ';'"));
    assertEquals("a\\nb\\tc\\x1b.cu:3:9: error: expected ';' [parse-error]\n", text(r));
  }

  @Test
  void fileErrorIsAParseError() throws IOException {
    Report r = report(failed("bad file.cu", 3, 9, "expected ';' after expression"));
    assertEquals("bad file.cu:3:9: error: expected ';' after expression [parse-error]\n", text(r));
  }

  @Test
  void failedFileWithoutErrorsStillPrintsAnError() throws IOException {
    Report r = report(new FileReport("x.cu", FileReport.Status.FAILED, java.util.List.of(), java.util.List.of()));
    assertEquals("x.cu:1:1: error: file could not be analyzed [parse-error]\n", text(r));
  }

  @Test
  void multiFileSortedByFileLineColumnThenRule() throws IOException {
    Report r = report(
        analyzed("b.cu", conflict("b.cu", 3, 1, 2)),
        analyzed("a.cu", atomic("a.cu", 9, 4, 8), unknown("a.cu", 2, 7), conflict("a.cu", 9, 4, 4)));
    assertEquals(String.join("\n",
        "a.cu:2:7: note: store of 'tile' could not be analyzed: the index calls an unknown function [unanalyzed-access]",
        "a.cu:9:4: warning: 8-way atomic contention on 'bins' (lanes update the same word) [atomic-contention]",
        "a.cu:9:4: warning: 4-way bank conflict on load of 'tile' (lanes step 32 words, all in bank 0) [bank-conflict]",
        "b.cu:3:1: warning: 2-way bank conflict on load of 'tile' (lanes step 32 words, all in bank 0) [bank-conflict]",
        ""), text(r));
  }

  @Test
  void dataDependentShowsBestAndWorstAndItsAssumptions() throws IOException {
    Report r = report(analyzed("g.cu", dataDependent("g.cu", 4, 10)));
    assertEquals("g.cu:4:10: warning: data-dependent index on load of 'buf' through 'p': 1-way at best, "
        + "32-way at worst (the index comes from idx[]) [data-dependent-index]\n"
        + "g.cu:4:10: note: assuming blockDim.x a multiple of 32\n", text(r));
  }

  @Test
  void suppressedFindingsAreNotPrinted() throws IOException {
    Report r = report(analyzed("k.cu", conflict("k.cu", 12, 17, 32).withSuppressed(true)));
    assertEquals("", text(r));
  }
}
