package dev.bankcheck.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.bankcheck.bank.AccessKind;
import dev.bankcheck.bank.BankConfig;
import dev.bankcheck.bank.WarpAccess;
import dev.bankcheck.check.FileReport;
import dev.bankcheck.check.Finding;
import dev.bankcheck.check.Op;
import dev.bankcheck.check.Rules;
import dev.bankcheck.check.Verdict;
import dev.bankcheck.cli.Runner;
import dev.bankcheck.source.Pos;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report in a real browser: headless Chromium loads the page, runs its script, and dumps the
 * DOM; any console message (a script error, an uncaught exception, a Content-Security-Policy
 * violation: the page itself logs nothing) fails the test, and so does a page whose script did not
 * draw. Skipped where no Chromium or Chrome is on the PATH (.ci/run installs Debian's chromium).
 */
class HtmlBrowserTest {
  private static final String EVIL = "</script><img src=x onerror=alert(1)>";
  private static Path browser;
  /** The samples' report, analyzed once for the tests that read it. */
  private static Path samplesReport;

  @TempDir static Path shared;
  @TempDir Path dir;

  @BeforeAll
  static void findBrowser() {
    String path = System.getenv("PATH");
    for (String name : List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")) {
      for (String folder : path == null ? new String[0] : path.split(File.pathSeparator)) {
        Path candidate = Path.of(folder, name);
        if (Files.isExecutable(candidate)) {
          browser = candidate;
          return;
        }
      }
    }
  }

  @BeforeEach
  void requireBrowser() {
    Assumptions.assumeTrue(browser != null, "no chromium, chromium-browser or google-chrome on the PATH");
  }

  /** What the browser made of a page: the DOM after its script ran, and every console line. */
  private record Loaded(Document dom, List<String> console) {}

  private Loaded load(Path page, String fragment) throws IOException, InterruptedException {
    Path out = dir.resolve("dom.html");
    Path err = dir.resolve("browser.log");
    String url = page.toUri() + (fragment == null ? "" : "#" + fragment);
    Process p = new ProcessBuilder(browser.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-dev-shm-usage", "--no-first-run", "--user-data-dir=" + dir.resolve("profile"),
        "--enable-logging=stderr", "--v=0", "--dump-dom", url)
        .redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(nullFile()))
        .start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail("the browser did not finish within 120 s; its log:\n" + Files.readString(err));
    }
    List<String> console = new ArrayList<>();
    for (String line : Files.readAllLines(err, StandardCharsets.UTF_8)) {
      if (line.contains(":CONSOLE")) console.add(line);
    }
    String dom = Files.readString(out, StandardCharsets.UTF_8);
    assertFalse(dom.isBlank(), "the browser dumped no DOM (exit " + p.exitValue() + "); its log:\n" + Files.readString(err));
    return new Loaded(Jsoup.parse(dom), console);
  }

  private static File nullFile() {
    return new File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
  }

  /** The report of samples-cu/, as the README's main command writes it. */
  private static synchronized Path samples() {
    if (samplesReport == null) samplesReport = reportOf(shared, "samples-cu");
    return samplesReport;
  }

  /** Runs the real command line on {@code paths} with --html and returns the page. */
  private static Path reportOf(Path folder, String... paths) {
    Path html = folder.resolve("reports/bankcheck.html");
    List<String> args = new ArrayList<>(List.of("--exit-zero", "-f", "json", "--html", html.toString()));
    args.addAll(List.of(paths));
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = new Runner().run(args.toArray(new String[0]), new PrintStream(sink, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
    assertTrue(Files.isRegularFile(html));
    return html;
  }

  private static void assertClean(Loaded page) {
    assertEquals(List.of(), page.console(), "console messages (script errors, CSP violations)");
    assertEquals("true", page.dom().selectFirst("html").attr("data-ready"), "the page's script ran to its end");
  }

  private static Element detailsOf(Document dom, String rowId) {
    Element row = dom.getElementById(rowId);
    assertNotNull(row, rowId);
    assertTrue(row.hasClass("open"), "the linked finding is open");
    Element det = row.nextElementSibling();
    assertNotNull(det);
    assertTrue(det.hasClass("det"), "the details row follows its finding");
    return det;
  }

  @Test
  void samplesReportRendersWithPicturesAndNoConsoleErrors() throws Exception {
    Path html = samples();
    Document page = Jsoup.parse(html.toFile(), "UTF-8");
    Elements rows = page.select("#findings tr.f");
    assertTrue(rows.size() > 100, "the samples have hundreds of accesses: " + rows.size());
    Element withFix = rows.stream().filter(r -> r.attr("data-verdict").equals("conflict") && r.selectFirst(".fixmark") != null)
        .findFirst().orElseThrow();

    Loaded loaded = load(html, withFix.id());
    assertClean(loaded);
    Document dom = loaded.dom();
    assertEquals(rows.size(), dom.select("#findings tr.f").size());
    assertFalse(dom.getElementById("filters").hasAttr("hidden"), "the script shows the filters");
    assertEquals("showing " + rows.size() + " of " + rows.size() + " accesses", dom.getElementById("shown").text());
    Element det = detailsOf(dom, withFix.id());
    Elements pictures = det.select("svg.bp");
    assertTrue(pictures.size() >= 2, "a picture before and after the fix: " + pictures.size());
    assertFalse(det.select("svg.bp rect.cell.hot").isEmpty(), "the conflicting bank is highlighted");
    assertEquals(32, pictures.get(0).select("text.bh").size(), "32 banks as columns");
    assertTrue(det.text().contains("Fix: "));
    assertTrue(det.text().contains("The warp after the fix"));
    assertFalse(det.select("pre.before").isEmpty() || det.select("pre.after").isEmpty(), "the edited line, before and after");
  }

  @Test
  void sortingAndFilteringInTheBrowser() throws Exception {
    Path html = samples();
    String text = Files.readString(html, StandardCharsets.UTF_8);
    Document page = Jsoup.parse(text);
    long conflicts = page.select("#findings tr.f[data-verdict=conflict]").size();
    long atLeast8 = page.select("#findings tr.f[data-verdict=conflict]").stream()
        .filter(r -> Integer.parseInt(r.attr("data-w")) >= 8).count();
    // A copy with a driver script after the page's own: sort by ways (twice: descending), then filter.
    String driver = "<script>(function(){"
        + "var th=[].filter.call(document.querySelectorAll('#findings th'),function(h){return h.textContent==='ways';})[0];"
        + "th.click();th.click();"
        + "var v=document.getElementById('verdict');v.value='conflict';v.dispatchEvent(new Event('change'));"
        + "var visible=function(){return [].filter.call(document.querySelectorAll('#findings tr.f'),function(r){return !r.hidden;});};"
        + "document.body.setAttribute('data-conflicts',visible().map(function(r){return r.getAttribute('data-w');}).join(','));"
        + "document.body.setAttribute('data-shown1',document.getElementById('shown').textContent);"
        + "var m=document.getElementById('minways');m.value='8';m.dispatchEvent(new Event('change'));"
        + "document.body.setAttribute('data-shown2',document.getElementById('shown').textContent);"
        + "})();</script></body>";
    String copy = text.replaceFirst("<meta http-equiv=\"Content-Security-Policy\"[^>]*>", "")
        .replace("</body>", driver);
    Path driven = Files.writeString(dir.resolve("driven.html"), copy, StandardCharsets.UTF_8);

    Loaded loaded = load(driven, null);
    assertClean(loaded);
    Element body = loaded.dom().body();
    String[] ways = body.attr("data-conflicts").split(",");
    assertEquals(conflicts, ways.length, "only conflicts are shown");
    for (int i = 1; i < ways.length; i++) {
      assertTrue(Integer.parseInt(ways[i - 1]) >= Integer.parseInt(ways[i]), "sorted by ways, descending: " + body.attr("data-conflicts"));
    }
    int total = page.select("#findings tr.f").size();
    assertEquals("showing " + conflicts + " of " + total + " accesses", body.attr("data-shown1"));
    assertEquals("showing " + atLeast8 + " of " + total + " accesses", body.attr("data-shown2"));
  }

  @Test
  void hostileSourceShowsAsTextInTheBrowser() throws Exception {
    Path source = Files.writeString(dir.resolve("evil.cu"), "// " + EVIL + " \"'&<>\n"
        + "__global__ void evil(float *out) {\n"
        + "  __shared__ float t[32][32];  // " + EVIL + "\n"
        + "  out[threadIdx.x] = t[threadIdx.x][0];  // " + EVIL + "\n"
        + "}\n");
    Path html = reportOf(dir, source.toString());
    Loaded loaded = load(html, "finding-0");
    assertClean(loaded);
    Document dom = loaded.dom();
    assertTrue(dom.select("img").isEmpty(), "no element from the source");
    assertEquals("// " + EVIL + " \"'&<>", dom.getElementById("f0-L1").selectFirst("td.c").wholeText());
    Element det = detailsOf(dom, "finding-0");
    assertFalse(det.select("svg.bp").isEmpty());
    assertTrue(det.selectFirst("pre.before").text().endsWith("// " + EVIL),
        "the script draws the fix's edited line as text: " + det.select("pre").text());
  }

  @Test
  void thousandsOfFindingsOpenWithoutErrors() throws Exception {
    List<Finding> many = new ArrayList<>();
    StringBuilder source = new StringBuilder();
    for (int i = 1; i <= 5000; i++) {
      long pitch = 4L * (1 + i % 33);
      long[] a = new long[32];
      boolean[] active = new boolean[32];
      for (int l = 0; l < 32; l++) {
        a[l] = pitch * l;
        active[l] = true;
      }
      many.add(new Finding(new Pos("big.cu", i, 3), Rules.BANK_CONFLICT, "k" + (i % 50), "tile", null, Op.LOAD, 4,
          2, 2, 1, pitch, Verdict.CONFLICT, null, null, false, "lane stride " + pitch / 4 + " words", List.of(),
          null, new WarpAccess(a, active, 4, AccessKind.LOAD)));
      source.append("  x += tile[threadIdx.x * ").append(1 + i % 33).append("];\n");
    }
    Report report = new Report("test", BankConfig.DEFAULT,
        List.of(new FileReport("big.cu", FileReport.Status.ANALYZED, List.of(), many)), List.of());
    Path html = dir.resolve("big.html");
    try (Writer w = Files.newBufferedWriter(html, StandardCharsets.UTF_8)) {
      new HtmlReporter(p -> Optional.of(source.toString())).write(report, w);
    }
    long start = System.nanoTime();
    Loaded loaded = load(html, "finding-4999");
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertClean(loaded);
    assertEquals("showing 5000 of 5000 accesses", loaded.dom().getElementById("shown").text());
    assertFalse(detailsOf(loaded.dom(), "finding-4999").select("svg.bp").isEmpty());
    assertTrue(millis < 60_000, "5000 findings took " + millis + " ms to load");
  }
}
