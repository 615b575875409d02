package dev.bankcheck.samples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bankcheck.check.AnalysisOptions;
import dev.bankcheck.check.FileReport;
import dev.bankcheck.check.Finding;
import dev.bankcheck.check.Op;
import dev.bankcheck.check.Rules;
import dev.bankcheck.check.Verdict;
import dev.bankcheck.samples.Expectations.Item;
import dev.bankcheck.source.Pos;
import dev.bankcheck.source.SourceError;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ExpectationsTest {
  private static final String F = "samples-cu/t.cu";

  private static Expectations parse(String... lines) {
    return Expectations.parse(F, List.of(lines));
  }

  @Test
  void parsesOneItemWithEveryAttribute() {
    Expectations e = parse("x = s[2*i];  // expect: load ways=2 wavefronts=4 ideal=2 width=8 array=s via=p");
    assertEquals(List.of(), e.errors());
    assertEquals(List.of(new Item(1, "load", "ways", 2, 4, 2, 8, "s", "p", null, null)), e.items());
    assertEquals("load ways=2 wavefronts=4 ideal=2 width=8 array=s via=p", e.items().get(0).toString());
  }

  @Test
  void dataDependentItemsTakeTheirBounds() {
    Expectations e = parse("atomicAdd(&h[d & 7], 1);  // expect: atomic data-dependent worst=32 best=1");
    assertEquals(List.of(), e.errors());
    assertEquals(List.of(new Item(1, "atomic", "data-dependent", null, null, null, null, null, null, 32, 1)),
        e.items());
    assertEquals("atomic data-dependent worst=32 best=1", e.items().get(0).toString());
    assertEquals(1, parse("x = s[i];  // expect: load ok worst=2").errors().size());
  }

  @Test
  void opIsOptionalAndEveryVerdictParses() {
    Expectations e = parse(
        "a; // expect: ok",
        "b; // expect: broadcast; data-dependent; unknown; parse-error; unanalyzed-access",
        "c; // expect: atomic ways=32");
    assertEquals(List.of(), e.errors());
    assertEquals(List.of("ok", "broadcast", "data-dependent", "unknown", "parse-error", "unanalyzed-access", "ways"),
        e.items().stream().map(Item::verdict).toList());
    assertNull(e.items().get(0).op());
    assertEquals(3, e.items().get(6).line());
  }

  @Test
  void severalItemsOnOneLineKeepDuplicates() {
    Expectations e = parse("s[i] = s[i] + s[i];  // expect: store ok; load ok ;load ok");
    assertEquals(List.of(), e.errors());
    assertEquals(3, e.items().size());
    assertEquals(List.of("store ok", "load ok", "load ok"), e.items().stream().map(Item::toString).toList());
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "s[i]; // expect load ok",             // no colon
      "s[i]; // expect: lod ok",             // typo in the op
      "s[i]; // expect: load okay",          // unknown verdict
      "s[i]; // expect: load ways=1",        // 1 way is spelled ok
      "s[i]; // expect: load ways=two",
      "s[i]; // expect: load ok wavefront=2",
      "s[i]; // expect: load ok width=3",
      "s[i]; // expect: load ok width=4 width=4",
      "s[i]; // expect: load ok;",           // empty item
      "s[i]; // expect: load",               // op without verdict
      "s[i]; // expect: load parse-error",
      "s[i]; // expect: ok array=1x",
      "s[i]; // Expected: 2-way",
      "s[i]; // we expect a conflict here",
      "s[i]; // expect-no-accesses:",
      "// expect: load ok",                  // a directive on a line without code
  })
  void malformedDirectivesAreErrorsWithFileAndLine(String line) {
    Expectations e = parse("int x;", line);
    assertEquals(1, e.errors().size(), () -> e.errors().toString());
    assertTrue(e.errors().get(0).startsWith(F + ":2: "), e.errors().get(0));
  }

  @Test
  void commentsWithoutTheWordAreIgnoredAndStringsAreNotComments() {
    Expectations e = parse(
        "// Stride 2: two words per bank.",
        "printf(\"// expect: nothing\"); s[i] = 0;  // expect: store ok");
    assertEquals(List.of(), e.errors());
    assertEquals(1, e.items().size());
    assertEquals(2, e.items().get(0).line());
  }

  @Test
  void aFileWithoutDirectivesIsAnError() {
    assertEquals(List.of(F + ": no expect: directives and no expect-no-accesses line"), parse("int x;").errors());
  }

  @Test
  void noAccessesNeedsAReasonAndExcludesItems() {
    Expectations ok = parse("// expect-no-accesses: only registers");
    assertEquals(List.of(), ok.errors());
    assertEquals("only registers", ok.noAccessesReason());
    Expectations both = parse("// expect-no-accesses: none", "s[i]; // expect: ok");
    assertEquals(1, both.errors().size());
  }

  @Test
  void runLineBuildsOptions() {
    Expectations e = parse("// RUN: --block 16x16 -D PAD=1 -DFAST --banks 16 --bank-bytes 8 --warp-size 32",
        "s[i]; // expect: ok");
    assertEquals(List.of(), e.errors());
    AnalysisOptions o = e.options();
    assertArrayEquals(new int[] {16, 16, 1}, o.block());
    assertEquals(Map.of("PAD", "1", "FAST", "1"), o.defines());
    assertEquals(16, o.bank().banks());
    assertEquals(8, o.bank().bankBytes());
    assertEquals(32, o.bank().warpSize());
  }

  @Test
  void noRunLineMeansDefaults() {
    Expectations e = parse("s[i]; // expect: ok");
    assertNull(e.runArgs());
    assertEquals(AnalysisOptions.defaults().bank(), e.options().bank());
    assertNull(e.options().block());
    assertArrayEquals(new int[] {8, 4, 4}, Expectations.toOptions(List.of("--block", "8x4x4")).block());
    assertArrayEquals(new int[] {256, 1, 1}, Expectations.toOptions(List.of("--block", "256")).block());
  }

  @ParameterizedTest
  @ValueSource(strings = {"// RUN: --blok 16x16", "// RUN: --block 16x", "// RUN: --banks", "// RUN: --banks 0",
      "// RUN: -D 1X=2"})
  void badRunLinesAreErrors(String line) {
    Expectations e = parse(line, "s[i]; // expect: ok");
    assertEquals(1, e.errors().size(), () -> e.errors().toString());
    assertTrue(e.errors().get(0).startsWith(F + ":1: bad RUN line"), e.errors().get(0));
  }

  @Test
  void aSecondRunLineIsAnError() {
    assertEquals(1, parse("// RUN: --block 32", "// RUN: --block 64", "s[i]; // expect: ok").errors().size());
  }

  // ---- verify() against hand-made reports ----

  private static Finding finding(int line, Op op, Verdict v, Integer ways, int width, String array) {
    return finding(line, Rules.BANK_CONFLICT, op, v, ways, width, array);
  }

  private static Finding finding(int line, String rule, Op op, Verdict v, Integer ways, int width, String array) {
    return new Finding(new Pos(F, line, 5), rule, "k", array, null, op, width, ways, ways, 1, null, v, null, null,
        false, "because", List.of(), null, null);
  }

  private static FileReport report(List<SourceError> errors, Finding... findings) {
    return new FileReport(F, FileReport.Status.ANALYZED, errors, List.of(findings));
  }

  @Test
  void exactMatchPasses() {
    Expectations e = parse("int x;", "s[i] = s[2*i] + s[32*i];  // expect: store ok; load ways=2; load ways=32");
    FileReport r = report(List.of(),
        finding(2, Op.LOAD, Verdict.CONFLICT, 32, 4, "s"),
        finding(2, Op.STORE, Verdict.OK, 1, 4, "s"),
        finding(2, Op.LOAD, Verdict.CONFLICT, 2, 4, "s"));
    assertNull(e.verify(r));
  }

  @Test
  void mismatchesAreListedBothWays() {
    Expectations e = parse("int x;", "s[2*i] += 1;  // expect: load ways=2; store ways=2");
    FileReport r = report(List.of(),
        finding(2, Op.LOAD, Verdict.CONFLICT, 2, 4, "s"),
        finding(2, Op.STORE, Verdict.CONFLICT, 4, 4, "s"),
        finding(7, Op.LOAD, Verdict.OK, 1, 4, "t"));
    String msg = e.verify(r);
    assertEquals("""
        expected but not seen:
          samples-cu/t.cu:2: store ways=2
        seen but not expected:
          samples-cu/t.cu:2: store ways=4 wavefronts=4 ideal=1 width=4 array=s -- because
          samples-cu/t.cu:7: load ok wavefronts=1 ideal=1 width=4 array=t -- because
        """, msg);
  }

  @Test
  void itemsAreAMultiset() {
    Expectations e = parse("s[i] = s[i] + s[i];  // expect: load ok; load ok; store ok");
    String msg = e.verify(report(List.of(), finding(1, Op.LOAD, Verdict.OK, 1, 4, "s"),
        finding(1, Op.STORE, Verdict.OK, 1, 4, "s")));
    assertNotNull(msg);
    assertTrue(msg.contains("expected but not seen:\n  samples-cu/t.cu:1: load ok\n"), msg);
  }

  @Test
  void matchingFindsAnAssignmentWhereGreedyWouldNot() {
    // The general item must not take the finding that only the specific item accepts.
    Expectations e = parse("a[i] = b[i];  // expect: ok; ok array=a");
    assertNull(e.verify(report(List.of(), finding(1, Op.LOAD, Verdict.OK, 1, 4, "a"),
        finding(1, Op.STORE, Verdict.OK, 1, 4, "b"))));
  }

  @Test
  void attributesMustAgreeWhenGiven() {
    Expectations e = parse("x = d[i];  // expect: load ok width=8");
    assertNotNull(e.verify(report(List.of(), finding(1, Op.LOAD, Verdict.OK, 1, 4, "d"))));
    assertNull(e.verify(report(List.of(), finding(1, Op.LOAD, Verdict.OK, 1, 8, "d"))));
    assertNotNull(e.verify(report(List.of(), finding(1, Op.STORE, Verdict.OK, 1, 8, "d"))));
  }

  @Test
  void unanalyzedAccessAndUnknownAreDistinct() {
    Expectations e = parse("x = s[f(i)];  // expect: load unanalyzed-access");
    assertNull(e.verify(report(List.of(), finding(1, Rules.UNANALYZED_ACCESS, Op.LOAD, Verdict.UNKNOWN, null, 0, "s"))));
    assertNotNull(e.verify(report(List.of(), finding(1, Rules.UNANALYZED_ACCESS, Op.LOAD, Verdict.UNKNOWN, null, 4, "s"))));
  }

  @Test
  void parseErrorsMatchReportErrorsByLine() {
    Expectations e = parse("int x;", "int y = ;  // expect: parse-error");
    assertNull(e.verify(report(List.of(new SourceError(new Pos(F, 2, 9), "expected an expression")))));
    String msg = e.verify(report(List.of(new SourceError(new Pos(F, 1, 1), "boom"))));
    assertTrue(msg.contains("samples-cu/t.cu:2: parse-error\n"), msg);
    assertTrue(msg.contains("samples-cu/t.cu:1: parse-error -- boom"), msg);
  }

  @Test
  void noAccessesFileFailsOnAnyFinding() {
    Expectations e = parse("// expect-no-accesses: only registers", "int x;");
    assertNull(e.verify(report(List.of())));
    assertEquals("""
        expected but not seen:
          (none)
        seen but not expected:
          samples-cu/t.cu:2: load ok wavefronts=1 ideal=1 width=4 array=s -- because
        """, e.verify(report(List.of(), finding(2, Op.LOAD, Verdict.OK, 1, 4, "s"))));
  }

  @Test
  void lintErrorsFailVerification() {
    String msg = parse("s[i]; // expect: lod ok").verify(report(List.of()));
    assertTrue(msg.startsWith("directive errors:"), msg);
  }
}
