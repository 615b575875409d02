package dev.bankcheck.report;

import static dev.bankcheck.report.Fixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonReporterTest {
  private static String json(Report r) throws IOException {
    StringBuilder sb = new StringBuilder();
    new JsonReporter().write(r, sb);
    return sb.toString();
  }

  private static JsonObject parse(Report r) throws IOException {
    return JsonParser.parseString(json(r)).getAsJsonObject();
  }

  private static List<String> keys(JsonObject o) {
    return new ArrayList<>(o.keySet());
  }

  @Test
  void topLevelFieldsInContractOrder() throws IOException {
    JsonObject o = parse(report(analyzed("k.cu", conflict("k.cu", 12, 17, 32))));
    assertEquals(List.of("version", "tool", "model", "assumptions", "files", "accesses", "summary"), keys(o));
    assertEquals(1, o.get("version").getAsInt());
    assertEquals("bankcheck", o.getAsJsonObject("tool").get("name").getAsString());
    assertEquals("1.2.3", o.getAsJsonObject("tool").get("version").getAsString());
    assertEquals(List.of("banks", "bankBytes", "warpSize"), keys(o.getAsJsonObject("model")));
    assertEquals(32, o.getAsJsonObject("model").get("banks").getAsInt());
    assertEquals(List.of("files", "accesses", "conflicts", "unknown", "worstWays"), keys(o.getAsJsonObject("summary")));
  }

  @Test
  void everyAccessFieldInContractOrderWithNullsWritten() throws IOException {
    JsonObject o = parse(report(analyzed("k.cu", unknown("k.cu", 3, 1))));
    JsonObject a = o.getAsJsonArray("accesses").get(0).getAsJsonObject();
    assertEquals(List.of("file", "line", "column", "kernel", "array", "via", "op", "widthBytes", "ways", "wavefronts",
        "idealWavefronts", "strideBytes", "verdict", "ruleId", "worstWays", "bestWays", "suppressed", "reason",
        "assumptions", "fix"), keys(a));
    assertTrue(a.get("via").isJsonNull());
    assertTrue(a.get("ways").isJsonNull());
    assertTrue(a.get("fix").isJsonNull());
    assertEquals("unknown", a.get("verdict").getAsString());
    assertEquals("store", a.get("op").getAsString());
  }

  @Test
  void fixHasDescriptionWaysAfterAndEdits() throws IOException {
    JsonObject o = parse(report(analyzed("k.cu", conflict("k.cu", 12, 17, 32).withFix(padFix("k.cu")))));
    JsonObject fix = o.getAsJsonArray("accesses").get(0).getAsJsonObject().getAsJsonObject("fix");
    assertEquals(List.of("description", "waysAfter", "sharedBytesAfter", "edits"), keys(fix));
    assertEquals(1, fix.get("waysAfter").getAsInt());
    JsonObject edit = fix.getAsJsonArray("edits").get(0).getAsJsonObject();
    assertEquals(List.of("file", "line", "column", "endLine", "endColumn", "replacement"), keys(edit));
    assertEquals("33", edit.get("replacement").getAsString());
  }

  @Test
  void emptyReport() throws IOException {
    JsonObject o = parse(report());
    assertEquals(0, o.getAsJsonArray("files").size());
    assertEquals(0, o.getAsJsonArray("accesses").size());
    assertEquals(0, o.getAsJsonObject("summary").get("worstWays").getAsInt());
  }

  @Test
  void fileErrorsAndStatus() throws IOException {
    JsonObject o = parse(report(failed("bad.cu", 3, 9, "expected ';'")));
    JsonObject file = o.getAsJsonArray("files").get(0).getAsJsonObject();
    assertEquals(List.of("path", "status", "errors"), keys(file));
    assertEquals("failed", file.get("status").getAsString());
    JsonObject error = file.getAsJsonArray("errors").get(0).getAsJsonObject();
    assertEquals(List.of("file", "line", "column", "message"), keys(error));
    assertEquals(file.get("path").getAsString(), error.get("file").getAsString());
    assertEquals(3, error.get("line").getAsInt());
    assertEquals("expected ';'", error.get("message").getAsString());
  }

  @Test
  void multiFileAccessesSortedAndSummaryCounts() throws IOException {
    Report r = report(
        analyzed("b.cu", conflict("b.cu", 3, 1, 2), ok("b.cu", 1, 1)),
        analyzed("a.cu", conflict("a.cu", 9, 4, 32).withSuppressed(true), unknown("a.cu", 2, 7),
            atomic("a.cu", 9, 4, 8)));
    JsonObject o = parse(r);
    JsonArray files = o.getAsJsonArray("files");
    assertEquals("b.cu", files.get(0).getAsJsonObject().get("path").getAsString(), "files keep input order");
    List<String> order = new ArrayList<>();
    for (var a : o.getAsJsonArray("accesses")) {
      JsonObject x = a.getAsJsonObject();
      order.add(x.get("file").getAsString() + ":" + x.get("line").getAsInt() + ":" + x.get("op").getAsString());
    }
    assertEquals(List.of("a.cu:2:store", "a.cu:9:load", "a.cu:9:atomic", "b.cu:1:store", "b.cu:3:load"), order);
    JsonObject s = o.getAsJsonObject("summary");
    assertEquals(2, s.get("files").getAsInt());
    assertEquals(5, s.get("accesses").getAsInt());
    assertEquals(2, s.get("conflicts").getAsInt(), "the suppressed 32-way does not count");
    assertEquals(1, s.get("unknown").getAsInt());
    assertEquals(8, s.get("worstWays").getAsInt());
  }

  @Test
  void pathsWithSpacesAndNonAsciiRoundTrip() throws IOException {
    String path = "dir with space/ünï \"q\".cu";
    JsonObject o = parse(report(analyzed(path, conflict(path, 1, 2, 4))));
    assertEquals(path, o.getAsJsonArray("files").get(0).getAsJsonObject().get("path").getAsString());
    assertEquals(path, o.getAsJsonArray("accesses").get(0).getAsJsonObject().get("file").getAsString());
  }

  @Test
  void deterministic() throws IOException {
    Report r = report(analyzed("k.cu", conflict("k.cu", 12, 17, 32), ok("k.cu", 1, 1)));
    assertEquals(json(r), json(r));
    assertTrue(json(r).endsWith("}\n"));
    assertTrue(json(r).contains("\n  \"version\": 1,"), "pretty-printed");
  }
}
