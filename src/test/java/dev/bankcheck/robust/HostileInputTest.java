package dev.bankcheck.robust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The hostile inputs of issue 6, each through the real command line: no crash, a clear message, valid output. */
class HostileInputTest {
  @TempDir Path dir;

  /** A kernel whose load at line 3 has lane stride 2 (2-way); {@code nl} separates lines. */
  private static String kernel(String nl, String indent) {
    return "__global__ void k(float *o) {" + nl + indent + "__shared__ float s[64];" + nl + indent
        + "o[threadIdx.x] = s[threadIdx.x * 2];" + nl + "}" + nl;
  }

  private Path write(String name, byte[] content) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    return Files.write(p, content);
  }

  private Path write(String name, String content) throws IOException {
    return write(name, content.getBytes(StandardCharsets.UTF_8));
  }

  private static JsonArray accesses(JsonObject report) {
    return report.getAsJsonArray("accesses");
  }

  private static String position(JsonObject report) {
    JsonObject a = accesses(report).get(0).getAsJsonObject();
    return a.get("line").getAsInt() + ":" + a.get("column").getAsInt() + " " + a.get("ways").getAsInt() + "-way";
  }

  private static List<String> errors(JsonObject report) {
    List<String> out = new ArrayList<>();
    for (JsonElement f : report.getAsJsonArray("files")) {
      for (JsonElement e : f.getAsJsonObject().getAsJsonArray("errors")) {
        out.add(e.getAsJsonObject().get("message").getAsString());
      }
    }
    return out;
  }

  private static String status(JsonObject report) {
    return report.getAsJsonArray("files").get(0).getAsJsonObject().get("status").getAsString();
  }

  @Test
  void hundredThousandNestedParenthesesAreRefusedWithAMessage() throws IOException {
    String deep = "(".repeat(100_000) + "threadIdx.x" + ")".repeat(100_000);
    Path f = write("parens.cu", "__global__ void k(float *o) {\n  __shared__ float s[64];\n  o[0] = s[" + deep + "];\n}\n");
    JsonObject report = Pipeline.checkAllFormats(f.toString());
    assertEquals("partial", status(report));
    assertTrue(errors(report).stream().anyMatch(m -> m.contains("deeper than 256 levels")), errors(report).toString());
    // the use of 's' inside the skipped item is still listed
    assertEquals("unanalyzed-access", accesses(report).get(0).getAsJsonObject().get("ruleId").getAsString());
  }

  /** A file that includes itself without a guard: the include depth stops it, and its kernel is reported once. */
  @Test
  void aFileThatIncludesItselfReportsItsKernelOnce() throws IOException {
    Path f = write("self.cu", "#define SELF \"self.cu\"\n#include SELF\n" + kernel("\n", "  "));
    JsonObject report = Pipeline.checkAllFormats(f.toString());
    assertTrue(errors(report).stream().anyMatch(m -> m.contains("#include nested too deeply")), errors(report).toString());
    assertEquals(1, accesses(report).size(), accesses(report).toString());
  }

  @Test
  void nestedParenthesesInAMacroAndAtTopLevel() throws IOException {
    Path f = write("top.cu", "#define P " + "(".repeat(100_000) + "\nP\n" + ")".repeat(100_000) + "\n" + kernel("\n", ""));
    JsonObject report = Pipeline.checkAllFormats(f.toString());
    assertTrue(errors(report).stream().anyMatch(m -> m.contains("deeper than 256 levels")), errors(report).toString());
  }

  @Test
  void twentyMegabyteFileIsReadAndTheKernelAfterItIsFound() throws IOException {
    StringBuilder sb = new StringBuilder(21 << 20);
    String filler = "// " + "padding text of a very long generated header, ".repeat(2) + "\n";
    while (sb.length() < (20 << 20)) sb.append(filler);
    int lines = sb.length() / filler.length();
    sb.append(kernel("\n", "  "));
    Path f = write("big.cu", sb.toString());
    JsonObject report = Pipeline.checkAllFormats(f.toString());
    assertEquals("analyzed", status(report));
    assertEquals((lines + 3) + ":20 2-way", position(report));
  }

  /** Headers have the inputs' bounds: a huge one, a device or a FIFO is not read, and the file goes on. */
  @Test
  void hugeAndSpecialIncludesAreNotRead() throws IOException, InterruptedException {
    try (java.io.RandomAccessFile huge = new java.io.RandomAccessFile(dir.resolve("huge.h").toFile(), "rw")) {
      huge.setLength(65L << 20); // sparse: no disk space, and its size is all that is looked at
    }
    String src = "#include \"huge.h\"\n#include \"/dev/zero\"\n" + kernel("\n", "  ");
    JsonObject report = Pipeline.checkAllFormats(write("inc.cu", src).toString());
    assertEquals("partial", status(report));
    assertTrue(errors(report).stream().anyMatch(m -> m.contains("'huge.h' is larger than 64 MiB; not read")),
        errors(report).toString());
    assertEquals("5:20 2-way", position(report));
  }

  @Test
  void fewNulBytesInSourceAreToleratedAndBinaryFilesRefused() throws IOException {
    String text = kernel("\n", "  ") + "// " + "x".repeat(500) + "\u0000" + "\n";
    JsonObject report = Pipeline.checkAllFormats(write("nul.cu", text).toString());
    assertEquals("3:20 2-way", position(report));

    byte[] binary = new byte[4096]; // all NUL: an object file renamed .cu, say
    JsonObject failed = Pipeline.checkAllFormats(write("bin.cu", binary).toString());
    assertEquals("failed", status(failed));
    assertTrue(errors(failed).get(0).contains("looks like a binary file"), errors(failed).toString());
    assertEquals(1, Pipeline.run(write("bin2.cu", binary).toString()).code(), "a file not analyzed fails the gate");

    // UTF-16 has a NUL in every other byte: it is named as such (nvcc does not read it either)
    JsonObject utf16 = Pipeline.checkAllFormats(write("u16.cu", kernel("\n", "  ").getBytes(StandardCharsets.UTF_16))
        .toString());
    assertEquals("failed", status(utf16));
    assertTrue(errors(utf16).get(0).contains("is UTF-16 (it starts with a UTF-16 byte-order mark)"), errors(utf16).toString());
  }

  @Test
  void invalidUtf8IsReplacedAndPositionsStay() throws IOException {
    byte[] bad = {(byte) 0xff, (byte) 0xfe, (byte) 0xc3, (byte) 0x28, (byte) 0xe2, (byte) 0x82};
    byte[] k = kernel("\n", "  ").getBytes(StandardCharsets.UTF_8);
    byte[] content = new byte[3 + bad.length + 1 + k.length];
    System.arraycopy("// ".getBytes(StandardCharsets.US_ASCII), 0, content, 0, 3);
    System.arraycopy(bad, 0, content, 3, bad.length);
    content[3 + bad.length] = '\n';
    System.arraycopy(k, 0, content, 4 + bad.length, k.length);
    JsonObject report = Pipeline.checkAllFormats(write("utf8.cu", content).toString());
    assertEquals("4:20 2-way", position(report));
    // invalid bytes inside code: a lexical error, never a crash
    Pipeline.checkAllFormats(write("utf8code.cu", new byte[] {'i', 'n', 't', ' ', (byte) 0xc3, ';', '\n'}).toString());
  }

  @Test
  void crlfLoneCrAndLfGiveTheSamePositions() throws IOException {
    for (String nl : List.of("\n", "\r\n", "\r")) {
      JsonObject report = Pipeline.checkAllFormats(write("nl" + nl.length() + nl.hashCode() + ".cu", kernel(nl, "  ")).toString());
      assertEquals("3:20 2-way", position(report), "line ending " + nl.replace("\r", "CR").replace("\n", "LF"));
    }
  }

  @Test
  void aByteOrderMarkTakesNoColumn() throws IOException {
    JsonObject report = Pipeline.checkAllFormats(write("bom.cu", "\uFEFF" + kernel("\n", "  ")).toString());
    assertEquals("3:20 2-way", position(report));
    JsonObject first = Pipeline.checkAllFormats(write("bom1.cu", "\uFEFF__global__ void k(float *o) { __shared__ float s[64];"
        + " o[threadIdx.x] = s[threadIdx.x * 2]; }\n").toString());
    assertEquals("1:72 2-way", position(first));
  }

  @Test
  void aTabCountsAsOneColumn() throws IOException {
    JsonObject report = Pipeline.checkAllFormats(write("tabs.cu", kernel("\n", "\t\t")).toString());
    assertEquals("3:20 2-way", position(report)); // two tabs = two columns, as two spaces
  }

  @Test
  void aDirectoryNamedLikeASourceFileIsWalkedNotRead() throws IOException {
    write("x.cu/inner.cu", kernel("\n", "  "));
    Files.createDirectories(dir.resolve("tree/y.cu"));
    write("tree/z.cu", kernel("\n", "  "));
    Pipeline.Result named = Pipeline.run("-f", "json", "--exit-zero", dir.resolve("x.cu").toString());
    assertEquals(0, named.code(), named.err());
    JsonObject report = Pipeline.strictJson(named.out()).getAsJsonObject();
    assertEquals(1, report.getAsJsonArray("files").size());
    assertTrue(report.getAsJsonArray("files").get(0).getAsJsonObject().get("path").getAsString().endsWith("inner.cu"));
    Pipeline.Result walked = Pipeline.run("-f", "json", "--exit-zero", dir.resolve("tree").toString());
    assertEquals(0, walked.code(), walked.err());
    assertEquals(1, Pipeline.strictJson(walked.out()).getAsJsonObject().getAsJsonArray("files").size());
  }

  @Test
  void symlinkLoopsEndAndEachFileIsAnalyzedOnce() throws IOException {
    write("loop/a.cu", kernel("\n", "  "));
    try {
      Files.createSymbolicLink(dir.resolve("loop/self"), Path.of("."));
      Files.createSymbolicLink(dir.resolve("loop/up"), Path.of(".."));
      Files.createSymbolicLink(dir.resolve("loop/dangling.cu"), Path.of("missing.cu"));
    } catch (UnsupportedOperationException | IOException e) {
      assumeTrue(false, "no symbolic links here: " + e);
    }
    Pipeline.Result r = Pipeline.run("-f", "json", "--exit-zero", dir.resolve("loop").toString());
    JsonObject report = Pipeline.strictJson(r.out()).getAsJsonObject();
    assertEquals(1, report.getAsJsonArray("files").size(), r.out());
    assertEquals(1, accesses(report).size());
  }

  @Test
  void anUnreadableFileIsAnIoError() throws IOException {
    Path f = write("secret.cu", kernel("\n", "  "));
    try {
      Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("---------"));
    } catch (UnsupportedOperationException e) {
      assumeTrue(false, "no POSIX permissions here");
    }
    assumeFalse(Files.isReadable(f), "running as root: every file is readable");
    Pipeline.Result r = Pipeline.run("-f", "json", f.toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("cannot read: " + f), r.err());
    Pipeline.strictJson(r.out());
  }

  @Test
  void aFifoIsRefusedNotWaitedOn() throws IOException, InterruptedException {
    Path fifo = dir.resolve("pipe.cu");
    Process p;
    try {
      p = new ProcessBuilder("mkfifo", fifo.toString()).start();
    } catch (IOException e) {
      assumeTrue(false, "no mkfifo here");
      return;
    }
    assumeTrue(p.waitFor() == 0 && Files.exists(fifo), "mkfifo failed");
    JsonObject report = Pipeline.checkAllFormats(fifo.toString());
    assertEquals("failed", status(report));
    assertTrue(errors(report).get(0).contains("is not a regular file"), errors(report).toString());
  }

  @Test
  void pathsWithSpacesAndNonAsciiCharactersWorkInEveryFormat() throws IOException {
    Path f = write("dir with space é/ä b ✓.cu", kernel("\n", "  "));
    JsonObject report = Pipeline.checkAllFormats(f.toString());
    assertEquals(f.toString(), accesses(report).get(0).getAsJsonObject().get("file").getAsString());
    Pipeline.Result text = Pipeline.run("--exit-zero", f.toString());
    assertTrue(text.out().startsWith(f + ":3:20: warning:"), text.out());
    Pipeline.Result sarif = Pipeline.run("--exit-zero", "-f", "sarif", f.toString());
    String uri = Pipeline.strictJson(sarif.out()).getAsJsonObject().getAsJsonArray("runs").get(0).getAsJsonObject()
        .getAsJsonArray("results").get(0).getAsJsonObject().getAsJsonArray("locations").get(0).getAsJsonObject()
        .getAsJsonObject("physicalLocation").getAsJsonObject("artifactLocation").get("uri").getAsString();
    assertTrue(uri.endsWith("dir%20with%20space%20%C3%A9/%C3%A4%20b%20%E2%9C%93.cu"), uri);
    // a URI reader gets the path back
    assertTrue(java.net.URI.create(uri).getPath().endsWith("dir with space é/ä b ✓.cu"), uri);
  }
}
