package dev.bankcheck.report;

import static dev.bankcheck.report.Fixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.bankcheck.bank.AccessKind;
import dev.bankcheck.bank.WarpAccess;
import dev.bankcheck.check.FileReport;
import dev.bankcheck.check.Finding;
import dev.bankcheck.check.Fix;
import dev.bankcheck.check.Op;
import dev.bankcheck.check.Rules;
import dev.bankcheck.check.Verdict;
import dev.bankcheck.source.Pos;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.Test;

class HtmlReporterTest {
  private static final String EVIL = "</script><img src=x onerror=alert(1)>";
  private static final String QUOTES = "\"'&<> \u2028\u2029";

  private static String html(Report r, String source) throws IOException {
    return html(r, source == null ? Map.of() : Map.of("k.cu", source));
  }

  private static String html(Report r, Map<String, String> sources) throws IOException {
    StringBuilder sb = new StringBuilder();
    new HtmlReporter(path -> Optional.ofNullable(sources.get(path))).write(r, sb);
    return sb.toString();
  }

  private static WarpAccess column(long pitchBytes) {
    long[] a = new long[32];
    boolean[] active = new boolean[32];
    for (int l = 0; l < 32; l++) {
      a[l] = pitchBytes * l;
      active[l] = true;
    }
    return new WarpAccess(a, active, 4, AccessKind.LOAD);
  }

  /** tile[tid][0] on float tile[32][32] (line 3), with the padding fix on line 2 and both warps kept. */
  private static Finding paddedColumnRead(String file, String text) {
    Fix fix = new Fix("pad the inner dimension: 'float tile[32][33]' " + text, 1, 4224L,
        List.of(new Fix.Edit(file, 2, 27, 2, 29, "33")), column(132));
    return new Finding(new Pos(file, 3, 13), Rules.BANK_CONFLICT, "transposeNaive", "tile", null, Op.LOAD, 4,
        32, 32, 1, 128L, Verdict.CONFLICT, null, null, false, "lane stride 32 words " + text,
        List.of("blockDim.x is a multiple of 32 " + text), fix, column(128));
  }

  private static JsonObject data(Document doc) {
    Element block = doc.getElementById("bc-data");
    assertNotNull(block, "the data block");
    assertEquals("application/json", block.attr("type"));
    return JsonParser.parseString(block.data()).getAsJsonObject();
  }

  @Test
  void escapeCoversMarkupCharacters() {
    assertEquals("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
        HtmlReporter.escape("<a href=\"x\" title='y'>&</a>"));
  }

  @Test
  void hostileSourceAndReportTextStayText() throws IOException {
    String source = "// " + EVIL + " " + QUOTES + "\n__shared__ float tile[32][32];\nfloat x = tile[threadIdx.x][0];\n";
    String hostile = EVIL + QUOTES;
    String out = html(report(analyzed("k.cu", paddedColumnRead("k.cu", hostile))), source);
    Document doc = Jsoup.parse(out);
    assertTrue(doc.select("img").isEmpty(), "no markup from the source or the report survives");
    assertEquals(2, doc.select("script").size(), "only the data block and the page's own script");
    assertFalse(out.contains("<img"));
    Element line1 = doc.getElementById("f0-L1");
    assertNotNull(line1);
    assertEquals("// " + EVIL + " " + QUOTES, line1.selectFirst("td.c").wholeText(), "the comment shows as written");
    assertTrue(doc.getElementById("finding-0").text().contains(EVIL), "the reason shows as text in the table");
    assertTrue(doc.select("ul.assume, details.assume").text().contains(EVIL));

    // The data block is JSON that gives the same strings back, and nothing in it can end the element.
    String block = doc.getElementById("bc-data").data();
    assertFalse(block.contains("<") || block.contains(">") || block.contains("\u2028") || block.contains("\u2029"));
    JsonObject f = data(doc).getAsJsonArray("findings").get(0).getAsJsonObject();
    assertTrue(f.get("t").getAsString().contains(EVIL + "\"'&<>"), "the diagnostic text (stripped at the end)");
    assertEquals("blockDim.x is a multiple of 32 " + hostile, f.getAsJsonArray("a").get(0).getAsString());
    assertTrue(f.getAsJsonObject("fx").get("d").getAsString().endsWith(hostile));
  }

  @Test
  void fileNamesAndErrorsAreEscapedToo() throws IOException {
    String path = "a<b>.cu";
    String out = html(report(analyzed(path, conflict(path, 1, 1, 32)), failed("e.cu", 1, 1, EVIL)), Map.of());
    Document doc = Jsoup.parse(out);
    assertTrue(doc.select("img").isEmpty());
    assertFalse(out.contains("a<b>"));
    assertTrue(doc.select("#errors li").text().contains(EVIL));
    assertTrue(doc.select("details.src .path").eachText().contains(path));
  }

  @Test
  void onlyItsOwnScriptMayRunAndNothingIsFetched() throws Exception {
    String out = html(report(analyzed("k.cu", conflict("k.cu", 3, 11, 32))), "a\nb\nc\n");
    Document doc = Jsoup.parse(out);
    String csp = doc.selectFirst("meta[http-equiv=Content-Security-Policy]").attr("content");
    assertTrue(csp.startsWith("default-src 'none';"), csp);
    Element script = doc.select("script").last();
    assertFalse(script.hasAttr("type") || script.hasAttr("src"));
    byte[] digest = MessageDigest.getInstance("SHA-256").digest(script.data().getBytes(StandardCharsets.UTF_8));
    assertTrue(csp.contains("script-src 'sha256-" + Base64.getEncoder().encodeToString(digest) + "'"),
        "the policy allows exactly the inline script: " + csp);
    assertTrue(doc.select("link, img, iframe, object, embed, [src]").isEmpty());
    for (Element a : doc.select("a[href]")) assertTrue(a.attr("href").startsWith("#"), a.outerHtml());
    String withoutSvgNamespace = out.replace("'http://www.w3.org/2000/svg'", "");
    assertFalse(withoutSvgNamespace.contains("http://") || withoutSvgNamespace.contains("https://"), "no network");
    assertFalse(doc.select("[onclick], [onload], [onerror]").size() > 0, "no inline handlers");
  }

  @Test
  void headerSummaryAndWorstOffenders() throws IOException {
    Finding f32 = conflict("k.cu", 3, 11, 32);
    Finding f2 = conflict("k.cu", 5, 1, 2);
    Finding f4 = new Finding(new Pos("j.cu", 1, 1), Rules.BANK_CONFLICT, "other", "s", null, Op.STORE, 4, 4, 4, 1,
        16L, Verdict.CONFLICT, null, null, false, "stride 4", List.of("blockDim = (16,16,1) from the launch at line 9"),
        null, null);
    Finding sup = conflict("k.cu", 6, 1, 16).withSuppressed(true);
    Report r = report(analyzed("k.cu", f32, f2, ok("k.cu", 2, 1), sup, dataDependent("k.cu", 7, 1), unknown("k.cu", 8, 1)),
        analyzed("j.cu", f4));
    Document doc = Jsoup.parse(html(r, "x"));
    assertTrue(doc.selectFirst("header .meta").text().contains("bankcheck 1.2.3"));
    assertTrue(doc.selectFirst("header .meta").text().contains("32 banks of 4 bytes"));
    assertTrue(doc.selectFirst("header .meta").text().contains("16 lanes for 8-byte accesses"));
    assertEquals(List.of("blockDim.x a multiple of 32",
        "Block shapes the accesses were analyzed with: blockDim = (16,16,1): 1 access in 1 kernel; "
            + "blockDim.x a multiple of 32: 1 access in 1 kernel"),
        doc.select("ul.assume li").eachText());

    Map<String, String> cards = new java.util.HashMap<>();
    for (Element c : doc.select(".card")) cards.put(c.selectFirst(".k").text(), c.selectFirst(".v").text());
    assertEquals("2", cards.get("files"));
    assertEquals("4", cards.get("kernels"), "distinct (file, kernel) pairs: transposeNaive, gather, weird, other");
    assertEquals("7", cards.get("accesses"));
    assertEquals("3", cards.get("conflicts"));
    assertEquals("1", cards.get("unknown"));
    assertEquals("1", cards.get("data-dependent"));
    assertEquals("1", cards.get("suppressed"));
    assertEquals("32-way", cards.get("worst"));

    List<String> byWays = doc.select("table.bars tr").eachText();
    assertEquals(List.of("32-way 1", "4-way 1", "2-way 1"), byWays, "suppressed conflicts are not counted");
    Elements offenders = doc.select("ol.offenders li a");
    assertEquals(3, offenders.size());
    assertTrue(offenders.get(0).text().startsWith("32-way"));
    assertTrue(offenders.get(1).text().startsWith("4-way"));
    String href = offenders.get(0).attr("href");
    assertNotNull(doc.getElementById(href.substring(1)), "offenders link to their table row");

    List<String> shapes = doc.select("table.kernels td.small").eachText();
    assertTrue(shapes.contains("blockDim = (16,16,1) from the launch at line 9"), shapes.toString());
  }

  @Test
  void tableHasOneSortableRowPerAccessLinkedToItsLine() throws IOException {
    Report r = report(analyzed("k.cu", conflict("k.cu", 3, 11, 32), ok("k.cu", 2, 1), dataDependent("k.cu", 3, 20)));
    Document doc = Jsoup.parse(html(r, "int a;\nint b;\nfloat x = tile[threadIdx.x][0] + buf[idx[i]];\n"));
    Elements rows = doc.select("#findings tbody tr.f");
    assertEquals(3, rows.size());
    assertEquals(List.of("k.cu:2:1", "k.cu:3:11", "k.cu:3:20"), rows.select("td.loc a").eachText(), "report order");
    for (int i = 0; i < rows.size(); i++) {
      Element row = rows.get(i);
      assertEquals("finding-" + i, row.id());
      assertEquals(String.valueOf(i), row.attr("data-i"));
      String target = row.selectFirst("td.loc a").attr("href").substring(1);
      assertNotNull(doc.getElementById(target), "the location links to its source line: " + target);
    }
    assertEquals("32", rows.get(1).select("td").get(6).attr("data-v"));
    assertEquals("1\u201332", rows.get(2).select("td").get(6).text(), "data-dependent shows best to worst");
    assertEquals("data-dependent", rows.get(2).attr("data-verdict"));
    for (Element th : doc.select("#findings thead th")) {
      if (!th.text().isEmpty()) assertTrue(th.hasAttr("data-type"), "sortable: " + th.text());
    }
    assertNotNull(doc.getElementById("q"));
    assertNotNull(doc.selectFirst("select#verdict option[value=problem]"));
    assertNotNull(doc.getElementById("minways"));
  }

  @Test
  void sourceLinesAreColoredByWorstWaysWithFindingsBeside() throws IOException {
    String source = "int a;\nint b;\nfloat x = tile[threadIdx.x][0];\nint c;\nint d;\nint e;\n";
    Report r = report(analyzed("k.cu", conflict("k.cu", 3, 11, 32), ok("k.cu", 2, 1), conflict("k.cu", 3, 30, 2),
        conflict("k.cu", 5, 1, 4), unknown("k.cu", 6, 1)));
    Document doc = Jsoup.parse(html(r, source));
    assertEquals("w16", doc.getElementById("f0-L3").className(), "the worst of the line's accesses");
    assertEquals("w1", doc.getElementById("f0-L2").className(), "conflict-free");
    assertEquals("w4", doc.getElementById("f0-L5").className());
    assertEquals("unk", doc.getElementById("f0-L6").className());
    assertEquals("", doc.getElementById("f0-L1").className(), "no access, no color");
    assertEquals(6, doc.select("#file-0 table.code tr").size(), "the final newline makes no extra line");
    Elements notes = doc.getElementById("f0-L3").select("td.m a");
    assertEquals(List.of("32-way load 'tile'", "2-way load 'tile'"), notes.eachText(), "worst first");
    assertTrue(doc.getElementById(notes.get(0).attr("href").substring(1)).hasClass("f"), "links to the table row");
    assertTrue(doc.getElementById("f0-L3").selectFirst("td.m .why").text().contains("all in bank 0"));
    assertTrue(doc.getElementById("file-0").hasAttr("open"), "a file with findings is open");
  }

  @Test
  void aFindingWithoutAFileIsShownInItsFileReport() throws IOException {
    Finding noFile = conflict("", 2, 1, 8);
    Document doc = Jsoup.parse(html(report(analyzed("k.cu", noFile)), "a\nb\n"));
    assertEquals("w4", doc.getElementById("f0-L2").className());
    assertEquals("#f0-L2", doc.selectFirst("#finding-0 td.loc a").attr("href"));
    assertEquals("k.cu:2:1", doc.selectFirst("#finding-0 td.loc a").text());
  }

  @Test
  void errorsMarkTheirLine() throws IOException {
    FileReport partial = new FileReport("k.cu", FileReport.Status.PARTIAL,
        List.of(new dev.bankcheck.source.SourceError(new Pos("k.cu", 2, 5), "syntax error")), List.of());
    Document doc = Jsoup.parse(html(report(partial), "a\nb b b;\n"));
    assertEquals("err", doc.getElementById("f0-L2").className());
    assertTrue(doc.getElementById("f0-L2").text().contains("syntax error"));
    assertEquals("#f0-L2", doc.selectFirst("#errors li a").attr("href"));
  }

  @Test
  void detailsCarryPicturesBeforeAndAfterAndTheEditedLine() throws IOException {
    String source = "// padded\n__shared__ float tile[32][32];\nfloat x = tile[threadIdx.x][0];\n";
    Document doc = Jsoup.parse(html(report(analyzed("k.cu", paddedColumnRead("k.cu", ""), ok("k.cu", 1, 1))), source));
    JsonArray findings = data(doc).getAsJsonArray("findings");
    assertEquals(2, findings.size(), "one entry per table row");
    JsonObject f = findings.get(1).getAsJsonObject();
    JsonObject before = f.getAsJsonObject("p");
    assertEquals(32, before.get("ways").getAsInt());
    JsonObject g = before.getAsJsonArray("g").get(0).getAsJsonObject();
    assertEquals(32, g.get("p").getAsInt());
    assertEquals(0, g.get("wb").getAsInt());
    assertEquals(32, g.getAsJsonArray("r").size(), "32 rows, one word of bank 0 each");
    JsonObject fx = f.getAsJsonObject("fx");
    assertEquals(1, fx.get("wa").getAsInt());
    JsonObject edit = fx.getAsJsonArray("e").get(0).getAsJsonObject();
    assertEquals("__shared__ float tile[32][32];", edit.get("b").getAsString());
    assertEquals("__shared__ float tile[32][33];", edit.get("a").getAsString());
    JsonObject after = fx.getAsJsonObject("p");
    assertEquals(1, after.get("ways").getAsInt());
    assertTrue(findings.get(0).getAsJsonObject().has("np"), "a finding without a kept warp says why");
  }

  @Test
  void missingSourceSaysSo() throws IOException {
    Document doc = Jsoup.parse(html(report(analyzed("gone.cu", conflict("gone.cu", 1, 1, 2))), Map.of()));
    assertTrue(doc.getElementById("file-0").text().contains("Source not available."));
  }

  @Test
  void emptyReport() throws IOException {
    Document doc = Jsoup.parse(html(report(), Map.of()));
    assertTrue(doc.getElementById("accesses").text().contains("No shared-memory accesses found."));
    assertEquals(0, data(doc).getAsJsonArray("findings").size());
  }

  /** Thousands of findings: a few hundred bytes of table row and data each, not a picture's worth of markup. */
  @Test
  void thousandsOfFindingsStayCompact() throws IOException {
    List<Finding> many = new ArrayList<>();
    StringBuilder source = new StringBuilder();
    for (int i = 1; i <= 5000; i++) {
      many.add(new Finding(new Pos("big.cu", i, 3), Rules.BANK_CONFLICT, "k" + (i % 50), "tile", null, Op.LOAD,
          4, 32, 32, 1, 128L, Verdict.CONFLICT, null, null, false, "lane stride 32 words", List.of("4-byte accesses"),
          null, column(128)));
      source.append("  x += tile[threadIdx.x][").append(i).append("];\n");
    }
    String out = html(report(new FileReport("big.cu", FileReport.Status.ANALYZED, List.of(), many)),
        Map.of("big.cu", source.toString()));
    assertTrue(out.length() < 5000 * 2500, "size " + out.length());
    Document doc = Jsoup.parse(out);
    assertEquals(5000, doc.select("#findings tr.f").size());
    assertEquals(0, doc.select("svg").size(), "pictures are drawn on demand, not up front");
    assertEquals("50", doc.select(".card").stream().filter(c -> c.selectFirst(".k").text().equals("kernels"))
        .findFirst().orElseThrow().selectFirst(".v").text());
  }
}
