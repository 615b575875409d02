package dev.bankcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Suppressions, baselines and the exit code, through the real analyzer. */
class GateTest {
  @TempDir Path dir;
  private ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
  private ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

  static final String KERNEL = String.join("\n",
      "__global__ void k(float* o) {",
      "  __shared__ float s[32 * 32];",
      "  s[threadIdx.x] = 0;",
      "  __syncthreads();",
      "  o[threadIdx.x] = s[32 * threadIdx.x];",
      "}", "");

  private int run(String... args) {
    outBytes = new ByteArrayOutputStream();
    errBytes = new ByteArrayOutputStream();
    return new Runner().run(args, new PrintStream(outBytes, true, StandardCharsets.UTF_8),
        new PrintStream(errBytes, true, StandardCharsets.UTF_8));
  }

  private String out() {
    return outBytes.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return errBytes.toString(StandardCharsets.UTF_8);
  }

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  @Test
  void conflictFailsTheDefaultGate() throws IOException {
    Path k = write("k.cu", KERNEL);
    assertEquals(1, run(k.toString()));
    assertTrue(out().contains(k + ":5:20: warning: 32-way bank conflict on load of 's'"), out());
    assertEquals(0, run("--fail-on", "33", k.toString()), "32-way is below 33");
    assertEquals(1, run("--fail-on", "32", k.toString()));
    assertEquals(0, run("--exit-zero", k.toString()));
  }

  @Test
  void suppressedFindingsAreCountedAndMarkedInEveryFormat() throws IOException {
    Path k = write("k.cu", KERNEL.replace("s[32 * threadIdx.x];", "s[32 * threadIdx.x]; // bankcheck: ignore"));
    assertEquals(0, run(k.toString()));
    assertEquals("", out());
    assertTrue(err().contains(", 1 suppressed"), err());

    Path alone = write("alone.cu", KERNEL.replace("  o[threadIdx.x] = s[32",
        "  // bankcheck: ignore=bank-conflict\n  o[threadIdx.x] = s[32"));
    assertEquals(0, run("-f", "json", alone.toString()));
    JsonArray accesses = JsonParser.parseString(out()).getAsJsonObject().getAsJsonArray("accesses");
    boolean seen = false;
    for (var a : accesses) {
      JsonObject o = a.getAsJsonObject();
      if ("conflict".equals(o.get("verdict").getAsString())) {
        assertTrue(o.get("suppressed").getAsBoolean());
        seen = true;
      }
    }
    assertTrue(seen, out());

    Path otherRule = write("other.cu", KERNEL.replace("s[32 * threadIdx.x];",
        "s[32 * threadIdx.x]; // bankcheck: ignore=atomic-contention"));
    assertEquals(1, run(otherRule.toString()), "another rule's suppression does not apply");

    assertEquals(0, run("-f", "sarif", k.toString()));
    JsonObject result = JsonParser.parseString(out()).getAsJsonObject().getAsJsonArray("runs").get(0)
        .getAsJsonObject().getAsJsonArray("results").get(0).getAsJsonObject();
    assertEquals("inSource", result.getAsJsonArray("suppressions").get(0).getAsJsonObject().get("kind").getAsString());
  }

  @Test
  void baselineAcceptsExistingFindingsAndFailsOnNewOnes() throws IOException {
    Path k = write("k.cu", KERNEL);
    Path baseline = dir.resolve("ci/bankcheck-baseline.json");
    assertEquals(0, run("--write-baseline", baseline.toString(), k.toString()), "what was written is accepted");
    assertTrue(err().contains("1 findings written to"), err());
    String written = Files.readString(baseline);
    JsonObject b = JsonParser.parseString(written).getAsJsonObject();
    assertEquals(1, b.get("version").getAsInt());
    JsonObject entry = b.getAsJsonArray("findings").get(0).getAsJsonObject();
    assertEquals("k", entry.get("kernel").getAsString());
    assertEquals("s", entry.get("array").getAsString());
    assertEquals("load", entry.get("op").getAsString());
    assertEquals("o[threadIdx.x]=s[32*threadIdx.x];", entry.get("source").getAsString());
    assertEquals(5, entry.get("line").getAsInt());
    run("--write-baseline", baseline.toString(), k.toString());
    assertEquals(written, Files.readString(baseline), "deterministic");

    assertEquals(0, run("--baseline", baseline.toString(), k.toString()));
    assertEquals("", out(), "baselined findings are not printed");
    assertTrue(err().contains(", 1 baselined"), err());

    // Lines inserted above (blank lines, comments) and re-indentation keep the match.
    Files.writeString(k, "// header comment\n\n\n" + KERNEL.replace("  o[threadIdx.x]", "      o[threadIdx.x]"));
    assertEquals(0, run("--baseline", baseline.toString(), k.toString()), out());

    // A new conflict fails, and only it is printed.
    Files.writeString(k, KERNEL.replace("  __syncthreads();\n",
        "  __syncthreads();\n  o[threadIdx.y] = s[2 * threadIdx.x];\n"));
    assertEquals(1, run("--baseline", baseline.toString(), k.toString()));
    assertTrue(out().contains(":5:20: warning: 2-way bank conflict"), out());
    assertFalse(out().contains("32-way"), out());

    assertEquals(1, run("-f", "json", "--baseline", baseline.toString(), k.toString()));
    JsonObject json = JsonParser.parseString(out()).getAsJsonObject();
    assertEquals(1, json.getAsJsonObject("summary").get("baselined").getAsInt());
    int baselined = 0;
    for (var a : json.getAsJsonArray("accesses")) {
      if (a.getAsJsonObject().get("baselined").getAsBoolean()) baselined++;
    }
    assertEquals(1, baselined);

    assertEquals(1, run("-f", "sarif", "--baseline", baseline.toString(), k.toString()));
    JsonArray results = JsonParser.parseString(out()).getAsJsonObject().getAsJsonArray("runs").get(0)
        .getAsJsonObject().getAsJsonArray("results");
    assertEquals("new", results.get(0).getAsJsonObject().get("baselineState").getAsString());
    assertEquals("unchanged", results.get(1).getAsJsonObject().get("baselineState").getAsString());
  }

  @Test
  void sameLineTwiceIsMatchedByOccurrence() throws IOException {
    String two = KERNEL.replace("  o[threadIdx.x] = s[32 * threadIdx.x];\n",
        "  o[threadIdx.x] = s[32 * threadIdx.x];\n  o[threadIdx.x] = s[32 * threadIdx.x];\n");
    Path k = write("k.cu", KERNEL);
    Path baseline = dir.resolve("b.json");
    run("--write-baseline", baseline.toString(), k.toString());
    Files.writeString(k, two);
    assertEquals(1, run("--baseline", baseline.toString(), k.toString()), "the second copy is new");
    assertTrue(out().contains(":6:20: warning: 32-way"), out());
  }

  @Test
  void badBaselineIsAUsageError() throws IOException {
    Path k = write("k.cu", KERNEL);
    assertEquals(2, run("--baseline", dir.resolve("missing.json").toString(), k.toString()));
    assertTrue(err().contains("cannot read baseline"), err());
    Path bad = write("bad.json", "{\"findings\": 3}");
    assertEquals(2, run("--exit-zero", "--baseline", bad.toString(), k.toString()));
    assertTrue(err().contains("not a bankcheck baseline"), err());
    // the message says where the JSON breaks, not Gson's advice to programmers
    Path source = write("notjson.json", "int main() {}\n");
    assertEquals(2, run("--baseline", source.toString(), k.toString()));
    assertTrue(err().contains("baseline " + source + ": not JSON (at line 1, column "), err());
    assertFalse(err().contains("Strictness") || err().contains("gson"), err());
    // numbers that are not whole ints are refused, not rounded
    for (String text : new String[] {"{\"version\": 1.5, \"findings\": []}", "{\"version\": \"1\", \"findings\": []}",
        "{\"version\": 1, \"findings\": [{\"file\": \"k.cu\", \"op\": \"load\", \"source\": \"x\", \"occurrence\": 1e99}]}"}) {
      Path numbers = write("numbers.json", text);
      assertEquals(2, run("--baseline", numbers.toString(), k.toString()), text);
      assertTrue(err().contains("baseline " + numbers + ": not a bankcheck baseline of version 1")
          || err().contains("findings[0] lacks file, op, source or occurrence, or has a wrong type"), err());
    }
    Path latin1 = dir.resolve("latin1.json");
    Files.write(latin1, new byte[] {'{', (byte) 0xE9, '}'});
    assertEquals(2, run("--baseline", latin1.toString(), k.toString()));
    assertTrue(err().contains("baseline " + latin1 + ": not UTF-8 text"), err());
    // a device would never end (and /dev/zero filled the heap): only regular files are read
    Path device = Path.of("/dev/zero");
    if (Files.exists(device)) {
      assertEquals(2, run("--baseline", device.toString(), k.toString()));
      assertTrue(err().contains("cannot read baseline /dev/zero: IOException: not a regular file"), err());
      assertEquals(2, run("--config", device.toString(), k.toString()));
      assertTrue(err().contains("not a regular file"), err());
    }
  }

  /** A baseline holds one source line per finding: past 1,000 characters, its digest (20,000 findings on one line). */
  @Test
  void aLongLineIsBaselinedByItsDigest() throws IOException {
    String line = "  o[threadIdx.x] = s[32 * threadIdx.x] + s[32 * threadIdx.x]" + " + 1.0f".repeat(200) + ";\n";
    Path k = write("k.cu", KERNEL.replace("  o[threadIdx.x] = s[32 * threadIdx.x];\n", line));
    Path baseline = dir.resolve("b.json");
    assertEquals(0, run("--write-baseline", baseline.toString(), k.toString()));
    String written = Files.readString(baseline);
    assertTrue(written.contains("\"source\": \"sha256:"), written);
    assertFalse(written.contains("1.0f+1.0f"), written);
    assertEquals(0, run("--baseline", baseline.toString(), k.toString()), "both loads are matched: " + out());
    Files.writeString(k, KERNEL.replace("  o[threadIdx.x] = s[32 * threadIdx.x];\n", line.replace("1.0f;", "2.0f;")));
    assertEquals(1, run("--baseline", baseline.toString(), k.toString()), "an edited line is new");
  }
}
