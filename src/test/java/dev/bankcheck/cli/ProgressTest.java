package dev.bankcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bankcheck.check.FileReport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgressTest {
  @TempDir Path dir;
  private ByteArrayOutputStream errBytes;

  @BeforeEach
  void files() throws IOException {
    for (String name : List.of("a.cu", "b.cu", "c.cu")) Files.writeString(dir.resolve(name), "");
  }

  private String stderr(boolean terminal, String... args) {
    errBytes = new ByteArrayOutputStream();
    Runner r = new Runner(options -> (file, display) ->
        new FileReport(display, FileReport.Status.ANALYZED, List.of(), List.of()), () -> terminal);
    String[] all = new String[args.length + 3];
    System.arraycopy(args, 0, all, 0, args.length);
    all[args.length] = "-f";
    all[args.length + 1] = "json"; // no summary line: stderr holds only the progress
    all[args.length + 2] = dir.toString();
    assertEquals(0, r.run(all, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(errBytes, true, StandardCharsets.UTF_8)));
    return errBytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void shownOnATerminalAndClearedAtTheEnd() {
    String err = stderr(true, "-j", "1");
    assertTrue(err.startsWith("\r[1/3] " + dir.resolve("a.cu")), err);
    assertTrue(err.contains("[3/3] " + dir.resolve("c.cu")), err);
    assertTrue(err.endsWith("\r"), "cleared: the cursor back at the start of a blank line");
    String last = err.substring(err.lastIndexOf("[3/3]"));
    assertTrue(last.substring(last.indexOf('\r')).isBlank(), "the last line is wiped");
  }

  @Test
  void neverInPipesUnlessAsked() {
    assertEquals("", stderr(false));
    assertTrue(stderr(false, "--progress").contains("[3/3]"));
    assertEquals("", stderr(true, "--no-progress"));
    assertFalse(stderr(true).isEmpty());
  }

  @Test
  void longPathsAreShortenedFromTheLeft() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Progress p = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), 2, 30);
    p.fileDone("some/very/long/folder/name/kernel.cu");
    String line = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(line.length() <= 30, line);
    assertTrue(line.endsWith("name/kernel.cu"), line);
  }
}
