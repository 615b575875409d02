package dev.bankcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The evaluated warps are dropped from findings as each file is done unless an HTML report is written:
 * the HTML report still draws them, and the other formats do not change.
 */
class HtmlKeepsLanesTest {
  @TempDir Path dir;

  private static String run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new Runner().run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void htmlDrawsEveryFindingsWarpAndJsonIsTheSameWithOrWithoutIt() throws IOException {
    String sample = "samples-cu/ex01_stride.cu";
    Path html = dir.resolve("r.html");
    String withHtml = run("--exit-zero", "-f", "json", "--html", html.toString(), sample);
    String without = run("--exit-zero", "-f", "json", sample);
    assertEquals(without, withHtml);
    String page = Files.readString(html);
    int pictures = page.split("\"p\":\\{\"b\":32", -1).length - 1;
    assertTrue(pictures >= 10, "a bank picture per evaluated access (10 in the sample): " + pictures);
  }
}
