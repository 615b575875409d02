package dev.bankcheck.report;

import static dev.bankcheck.report.Fixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
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
    assertEquals(2, results.size(), "ok and suppressed accesses are not results");
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
    JsonObject second = results.get(1).getAsJsonObject();
    assertEquals("note", second.get("level").getAsString());
    assertNotEquals(first.get("partialFingerprints"), second.get("partialFingerprints"));
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
  void urisArePercentEncodedAndRelative() {
    assertEquals("dir%20with%20space/%C3%BC.cu", SarifReporter.uri("dir with space/ü.cu"));
    assertEquals("a/b.cu", SarifReporter.uri("./a/b.cu"));
    assertEquals("k.cu", SarifReporter.uri(java.nio.file.Path.of("k.cu").toAbsolutePath().toString()));
    assertTrue(SarifReporter.uri("/elsewhere/k.cu").startsWith("file:///"));
  }
}
