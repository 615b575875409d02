package dev.bankcheck.report;

import static dev.bankcheck.report.Fixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.bankcheck.check.Finding;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SarifReporterTest {
  private static JsonObject run(Report r) throws IOException {
    StringBuilder sb = new StringBuilder();
    new SarifReporter().write(r, sb);
    JsonObject log = JsonParser.parseString(sb.toString()).getAsJsonObject();
    assertEquals("2.1.0", log.get("version").getAsString());
    return log.getAsJsonArray("runs").get(0).getAsJsonObject();
  }

  @Test
  void driverListsTheFiveRulesWithHelp() throws IOException {
    JsonArray rules = run(report()).getAsJsonObject("tool").getAsJsonObject("driver").getAsJsonArray("rules");
    List<String> ids = new ArrayList<>();
    for (var r : rules) {
      JsonObject rule = r.getAsJsonObject();
      ids.add(rule.get("id").getAsString());
      assertFalse(rule.getAsJsonObject("shortDescription").get("text").getAsString().isEmpty());
      assertFalse(rule.getAsJsonObject("help").get("text").getAsString().isEmpty());
    }
    assertEquals(List.of("bank-conflict", "atomic-contention", "data-dependent-index", "unanalyzed-access",
        "parse-error"), ids);
  }

  @Test
  void oneResultPerPrintedFindingWithLocationFingerprintAndFix() throws IOException {
    Report r = report(analyzed("src/k.cu", ok("src/k.cu", 1, 1),
        conflict("src/k.cu", 12, 17, 32).withFix(padFix("src/k.cu")),
        conflict("src/k.cu", 13, 17, 32).withSuppressed(true),
        unknown("src/k.cu", 20, 3)));
    JsonArray results = run(r).getAsJsonArray("results");
    assertEquals(3, results.size(), "ok accesses are not results; suppressed ones are, marked");
    JsonObject first = results.get(0).getAsJsonObject();
    assertEquals("bank-conflict", first.get("ruleId").getAsString());
    assertEquals("warning", first.get("level").getAsString());
    assertTrue(first.getAsJsonObject("message").get("text").getAsString().startsWith("32-way bank conflict"));
    JsonObject loc = first.getAsJsonArray("locations").get(0).getAsJsonObject().getAsJsonObject("physicalLocation");
    assertEquals("src/k.cu", loc.getAsJsonObject("artifactLocation").get("uri").getAsString());
    assertEquals("%SRCROOT%", loc.getAsJsonObject("artifactLocation").get("uriBaseId").getAsString());
    assertEquals(12, loc.getAsJsonObject("region").get("startLine").getAsInt());
    assertEquals(17, loc.getAsJsonObject("region").get("startColumn").getAsInt());
    assertTrue(first.getAsJsonObject("partialFingerprints").has("bankcheckAccess/v1"));
    JsonObject replacement = first.getAsJsonArray("fixes").get(0).getAsJsonObject().getAsJsonArray("artifactChanges")
        .get(0).getAsJsonObject().getAsJsonArray("replacements").get(0).getAsJsonObject();
    assertEquals("33", replacement.getAsJsonObject("insertedContent").get("text").getAsString());
    assertFalse(first.has("suppressions"));
    assertFalse(first.has("baselineState"), "no baseline given");
    JsonObject suppressed = results.get(1).getAsJsonObject();
    assertEquals("inSource", suppressed.getAsJsonArray("suppressions").get(0).getAsJsonObject().get("kind").getAsString());
    JsonObject third = results.get(2).getAsJsonObject();
    assertEquals("note", third.get("level").getAsString());
    assertNotEquals(first.get("partialFingerprints"), third.get("partialFingerprints"));
  }

  @Test
  void fingerprintsIgnoreLineNumbersAndWhitespaceButCountOccurrences() throws IOException {
    // The same access moved down by two lines, re-indented, with a comment added: same fingerprint.
    Report before = report(analyzed("k.cu", conflict("k.cu", 3, 5, 32)));
    Report after = report(analyzed("k.cu", conflict("k.cu", 5, 7, 32)));
    SourceLines oldText = (file, line) -> line == 3 ? "  v = tile[threadIdx.x][0];" : "";
    SourceLines newText = (file, line) -> line == 5 ? "    v = tile[threadIdx.x][0];  // hot" : "";
    Path root = Path.of("").toAbsolutePath();
    String a = RunContext.of(before, root, oldText, null).fingerprint(before.sortedFindings().get(0)).hash();
    String b = RunContext.of(after, root, newText, null).fingerprint(after.sortedFindings().get(0)).hash();
    assertEquals(a, b);
    // A changed line is another access.
    SourceLines changed = (file, line) -> line == 5 ? "v = tile[threadIdx.x][1];" : "";
    assertNotEquals(a, RunContext.of(after, root, changed, null).fingerprint(after.sortedFindings().get(0)).hash());
    // Two identical accesses on one line differ by their occurrence.
    Report twice = report(analyzed("k.cu", conflict("k.cu", 3, 5, 32), conflict("k.cu", 3, 20, 32)));
    RunContext c = RunContext.of(twice, root, oldText, null);
    List<Finding> fs = twice.sortedFindings();
    assertEquals(1, c.fingerprint(fs.get(0)).occurrence());
    assertEquals(2, c.fingerprint(fs.get(1)).occurrence());
    assertNotEquals(c.fingerprint(fs.get(0)).hash(), c.fingerprint(fs.get(1)).hash());
  }

  @Test
  void normalizeDropsCommentsAndWhitespaceButNotStrings() {
    assertEquals("a=s[i];", Fingerprint.normalize("  a = s[ i ];   // bankcheck: ignore"));
    assertEquals("a=s[i];", Fingerprint.normalize("a = /* x */ s[i];"));
    assertEquals("p(\"//x\");", Fingerprint.normalize("p(\"//x\");  // c"));
  }

  @Test
  void originalUriBaseIdsNameTheRoot() throws IOException {
    JsonObject base = run(report()).getAsJsonObject("originalUriBaseIds").getAsJsonObject("%SRCROOT%");
    assertTrue(base.get("uri").getAsString().startsWith("file:///"));
    assertTrue(base.get("uri").getAsString().endsWith("/"));
  }

  @Test
  void fileErrorsAreToolExecutionNotifications() throws IOException {
    JsonObject invocation = run(report(failed("bad.cu", 3, 9, "expected ';'")))
        .getAsJsonArray("invocations").get(0).getAsJsonObject();
    assertFalse(invocation.get("executionSuccessful").getAsBoolean());
    JsonObject note = invocation.getAsJsonArray("toolExecutionNotifications").get(0).getAsJsonObject();
    assertEquals("error", note.get("level").getAsString());
    assertEquals("expected ';'", note.getAsJsonObject("message").get("text").getAsString());
  }

  @Test
  void urisArePercentEncodedAndRelativeToTheRoot() {
    Path cwd = Path.of("/repo/sub").toAbsolutePath();
    Path root = cwd.getParent();
    RunContext c = RunContext.of(report(), root, cwd, SourceLines.none(), null);
    assertEquals("sub/dir%20with%20space/%C3%BC.cu", c.uri("dir with space/ü.cu"));
    assertEquals("sub/a/b.cu", c.uri("./a/b.cu"));
    assertEquals("top.cu", c.uri("../top.cu"));
    assertEquals("sub/k.cu", c.uri(cwd.resolve("k.cu").toString()));
    assertTrue(c.isUnderRoot("k.cu"));
    assertFalse(c.isUnderRoot("/elsewhere/k.cu"));
    assertTrue(c.uri("/elsewhere/k.cu").startsWith("file:///"));
    assertEquals("sub/k.cu", c.relativePath("k.cu"));
  }

  @Test
  void fileErrorNotificationNamesTheParseErrorRule() throws IOException {
    JsonObject note = run(report(failed("bad.cu", 3, 9, "expected ';'"))).getAsJsonArray("invocations").get(0)
        .getAsJsonObject().getAsJsonArray("toolExecutionNotifications").get(0).getAsJsonObject();
    assertEquals("parse-error", note.getAsJsonObject("associatedRule").get("id").getAsString());
    assertEquals(4, note.getAsJsonObject("associatedRule").get("index").getAsInt());
  }
}
