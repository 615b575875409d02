package dev.bankcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --fix writes the suggested edits into the files (and only with --fix), then reports the fixed files. */
class FixOptionTest {
  private static final String TRANSPOSE = """
      struct P2 { float x, y; };
      __global__ void k(float* o) {\r
        __shared__ float tile[32][32];
        __shared__ P2 pts[32];
        tile[threadIdx.x][0] = o[threadIdx.x];   // 32-way: padding
        o[threadIdx.x] = tile[0][threadIdx.x] + pts[threadIdx.x].y;   // pts: 2-way, struct padding
      }
      """;

  @TempDir Path dir;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return new Runner().run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void withoutFixNoFileIsTouched() throws IOException {
    Path k = Files.writeString(dir.resolve("k.cu"), TRANSPOSE);
    long modified = Files.getLastModifiedTime(k).toMillis();
    assertEquals(1, run("-f", "json", k.toString()));
    assertEquals(TRANSPOSE, Files.readString(k));
    assertEquals(modified, Files.getLastModifiedTime(k).toMillis());
    assertFalse(err.toString(StandardCharsets.UTF_8).contains("fixed"));
  }

  @Test
  void fixAppliesPaddingAndLayoutAndReportsTheFixedFile() throws IOException {
    Path k = Files.writeString(dir.resolve("k.cu"), TRANSPOSE);
    assertEquals(0, run("--fix", k.toString()), err.toString(StandardCharsets.UTF_8));
    String fixed = Files.readString(k);
    assertTrue(fixed.contains("float tile[32][33];"), fixed);
    assertTrue(fixed.contains("struct P2 { float x, y; float _pad; };"), fixed);
    assertTrue(fixed.contains("__global__ void k(float* o) {\r\n"), "line endings are kept");
    String messages = err.toString(StandardCharsets.UTF_8);
    assertTrue(messages.contains("bankcheck: fixed " + k + ":3: pad the inner dimension: 'float tile[32][33]'"),
        messages);
    assertTrue(messages.contains("bankcheck: fixed " + k + ":1: pad struct 'P2'"), messages);
    // the report is the fixed file's: no conflict left
    assertFalse(out.toString(StandardCharsets.UTF_8).contains("warning:"), out.toString(StandardCharsets.UTF_8));
    assertTrue(messages.contains("0 conflicts"), messages);
    // a second run has nothing left to fix
    err.reset();
    assertEquals(0, run("--fix", k.toString()));
    assertEquals(fixed, Files.readString(k));
    assertFalse(err.toString(StandardCharsets.UTF_8).contains("bankcheck: fixed"));
  }
}
