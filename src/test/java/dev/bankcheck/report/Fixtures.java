package dev.bankcheck.report;

import dev.bankcheck.bank.BankConfig;
import dev.bankcheck.check.FileReport;
import dev.bankcheck.check.Finding;
import dev.bankcheck.check.Fix;
import dev.bankcheck.check.Op;
import dev.bankcheck.check.Rules;
import dev.bankcheck.check.Verdict;
import dev.bankcheck.source.Pos;
import dev.bankcheck.source.SourceError;
import java.util.List;

/** Hand-made findings and reports for the reporter tests. */
final class Fixtures {
  private Fixtures() {}

  static Finding conflict(String file, int line, int column, int ways) {
    return new Finding(new Pos(file, line, column), Rules.BANK_CONFLICT, "transposeNaive", "tile", null, Op.LOAD, 4,
        ways, ways, 1, 128L, Verdict.CONFLICT, null, null, false, "lanes step 32 words, all in bank 0",
        List.of(), null, null);
  }

  static Finding ok(String file, int line, int column) {
    return new Finding(new Pos(file, line, column), Rules.NONE, "transposeNaive", "tile", null, Op.STORE, 4,
        1, 1, 1, 4L, Verdict.OK, null, null, false, "consecutive lanes hit consecutive banks", List.of(), null, null);
  }

  static Finding atomic(String file, int line, int column, int ways) {
    return new Finding(new Pos(file, line, column), Rules.ATOMIC_CONTENTION, "histogram", "bins", null, Op.ATOMIC, 4,
        ways, ways, 1, null, Verdict.CONFLICT, null, null, false, "lanes update the same word", List.of(), null, null);
  }

  static Finding dataDependent(String file, int line, int column) {
    return new Finding(new Pos(file, line, column), Rules.DATA_DEPENDENT_INDEX, "gather", "buf", "p", Op.LOAD, 4,
        null, null, 1, null, Verdict.DATA_DEPENDENT, 32, 1, false, "the index comes from idx[]",
        List.of("blockDim.x a multiple of 32"), null, null);
  }

  static Finding unknown(String file, int line, int column) {
    return new Finding(new Pos(file, line, column), Rules.UNANALYZED_ACCESS, "weird", "tile", null, Op.STORE, 4,
        null, null, null, null, Verdict.UNKNOWN, null, null, false, "the index calls an unknown function.",
        List.of(), null, null);
  }

  static Fix padFix(String file) {
    return new Fix("pad the inner dimension: 'float tile[32][33]' makes it conflict-free", 1, 4224L,
        List.of(new Fix.Edit(file, 5, 24, 5, 26, "33")));
  }

  static Report report(FileReport... files) {
    return new Report("1.2.3", BankConfig.DEFAULT, List.of(files), List.of("blockDim.x a multiple of 32"));
  }

  static FileReport analyzed(String path, Finding... findings) {
    return new FileReport(path, FileReport.Status.ANALYZED, List.of(), List.of(findings));
  }

  static FileReport failed(String path, int line, int column, String message) {
    return new FileReport(path, FileReport.Status.FAILED,
        List.of(new SourceError(new Pos(path, line, column), message)), List.of());
  }
}
