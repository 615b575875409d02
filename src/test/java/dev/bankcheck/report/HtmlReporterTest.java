package dev.bankcheck.report;

import static dev.bankcheck.report.Fixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HtmlReporterTest {
  private static final String EVIL = "</script><img src=x onerror=alert(1)>";

  private static String html(Report r, String source) throws IOException {
    StringBuilder sb = new StringBuilder();
    new HtmlReporter(path -> Optional.ofNullable(source)).write(r, sb);
    return sb.toString();
  }

  @Test
  void escapeCoversMarkupCharacters() {
    assertEquals("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
        HtmlReporter.escape("<a href=\"x\" title='y'>&</a>"));
  }

  @Test
  void sourceCommentIsEscaped() throws IOException {
    String source = "// " + EVIL + "\n__global__ void k() {\n  float x = tile[threadIdx.x][0];\n}\n";
    String out = html(report(analyzed("k.cu", conflict("k.cu", 3, 13, 32))), source);
    assertFalse(out.contains("<img"), "no markup from the source survives");
    assertFalse(out.contains("</script>"));
    assertTrue(out.contains("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"));
  }

  @Test
  void reportTextIsEscapedToo() throws IOException {
    String path = "a<b>.cu";
    var f = conflict(path, 1, 1, 32);
    String out = html(report(analyzed(path, f), failed("e.cu", 1, 1, EVIL)), "x");
    assertFalse(out.contains("<img"));
    assertFalse(out.contains("a<b>"));
    assertTrue(out.contains("a&lt;b&gt;.cu"));
  }

  @Test
  void selfContainedWithSummaryTableAndHighlightedLine() throws IOException {
    String source = "int a;\nint b;\nfloat x = tile[threadIdx.x][0];\n";
    String out = html(report(analyzed("k.cu", conflict("k.cu", 3, 11, 32), ok("k.cu", 2, 1))), source);
    assertFalse(out.contains("http://") || out.contains("https://") || out.contains("<script"), "no network, no scripts");
    assertTrue(out.contains("<style>"));
    assertTrue(out.contains("transposeNaive"));
    assertTrue(out.contains("id=\"f0-L3\""));
    assertTrue(out.contains("<span class=\"l w16\" id=\"f0-L3\""), "the 32-way line is shaded as worst");
    assertTrue(out.contains("<span class=\"l w1\" id=\"f0-L2\""), "a conflict-free access is shaded as fine");
    assertTrue(out.contains("<span class=\"l\" id=\"f0-L1\""), "a line without accesses is not shaded");
    assertFalse(out.contains("id=\"f0-L4\""), "the final newline makes no extra line");
  }

  @Test
  void missingSourceSaysSo() throws IOException {
    String out = html(report(analyzed("gone.cu", conflict("gone.cu", 1, 1, 2))), null);
    assertTrue(out.contains("Source not available."));
  }
}
