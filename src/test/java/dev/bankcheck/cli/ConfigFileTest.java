package dev.bankcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.bankcheck.check.AnalysisOptions;
import dev.bankcheck.check.Analyzer;
import dev.bankcheck.check.DefaultAnalyzer;
import dev.bankcheck.check.FileReport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigFileTest {
  @TempDir Path dir;
  private Path src;
  private Path kernel;
  private ByteArrayOutputStream outBytes;
  private ByteArrayOutputStream errBytes;
  private final AtomicReference<AnalysisOptions> seen = new AtomicReference<>();
  private final List<String> analyzed = Collections.synchronizedList(new ArrayList<>());

  @BeforeEach
  void tree() throws IOException {
    src = Files.createDirectories(dir.resolve("project/src"));
    kernel = Files.writeString(src.resolve("k.cu"), GateTest.KERNEL);
  }

  private void config(String... lines) throws IOException {
    Files.writeString(dir.resolve("project/.bankcheck.properties"), String.join("\n", lines) + "\n");
  }

  private final Function<AnalysisOptions, Analyzer> capture = options -> {
    seen.set(options);
    return (file, display) -> {
      analyzed.add(display);
      return new FileReport(display, FileReport.Status.ANALYZED, List.of(), List.of());
    };
  };

  private int run(Function<AnalysisOptions, Analyzer> factory, String... args) {
    outBytes = new ByteArrayOutputStream();
    errBytes = new ByteArrayOutputStream();
    return new Runner(factory, () -> false).run(args, new PrintStream(outBytes, true, StandardCharsets.UTF_8),
        new PrintStream(errBytes, true, StandardCharsets.UTF_8));
  }

  private String err() {
    return errBytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void foundAboveTheFirstInputAndAppliedWithTheCommandLineWinning() throws IOException {
    config("# project defaults",
        "block = 32x8",
        "block.k = 16x16",
        "define.TILE = 32",
        "define.DEBUG =",
        "include = include, third_party/cub",
        "banks: 16",
        "bank-bytes 8");
    assertEquals(0, run(capture, src.toString()));
    AnalysisOptions o = seen.get();
    assertEquals(List.of(32, 8, 1), List.of(o.block()[0], o.block()[1], o.block()[2]));
    assertTrue(o.blockOrigin().contains(".bankcheck.properties"), o.blockOrigin());
    assertEquals(List.of(16, 16, 1), List.of(o.kernelBlocks().get("k")[0], o.kernelBlocks().get("k")[1],
        o.kernelBlocks().get("k")[2]));
    assertEquals("32", o.defines().get("TILE"));
    assertEquals("1", o.defines().get("DEBUG"));
    Path project = dir.resolve("project").toAbsolutePath().normalize();
    assertEquals(List.of(project.resolve("include"), project.resolve("third_party/cub")), o.includeDirs());
    assertEquals(16, o.bank().banks());
    assertEquals(8, o.bank().bankBytes());
    assertEquals(32, o.bank().warpSize());

    assertEquals(0, run(capture, "--block", "64", "-DTILE=8", "-I", "mine", "--banks", "32", kernel.toString()));
    o = seen.get();
    assertEquals(64, o.block()[0]);
    assertEquals("from --block", o.blockOrigin());
    assertEquals("8", o.defines().get("TILE"));
    assertEquals(Path.of("mine"), o.includeDirs().get(0), "-I folders come first");
    assertEquals(32, o.bank().banks());
    assertEquals(8, o.bank().bankBytes(), "not given on the command line: the file's");
  }

  @Test
  void failOnFromTheFileUnlessGiven() throws IOException {
    config("fail-on = 33");
    assertEquals(0, run(DefaultAnalyzer::new, kernel.toString()), "32-way is below 33");
    assertEquals(1, run(DefaultAnalyzer::new, "--fail-on", "2", kernel.toString()));
    assertEquals(1, run(DefaultAnalyzer::new, "--no-config", kernel.toString()));
  }

  @Test
  void perKernelShapeBeatsBlockOptionButNotTheSource() throws IOException {
    config("block.k = 16x16", "block = 8x4");
    assertEquals(1, run(DefaultAnalyzer::new, "-f", "json", "--block", "32x2", kernel.toString()));
    String json = outBytes.toString(StandardCharsets.UTF_8);
    assertTrue(json.contains("blockDim = (16,16,1) from block.k in "), json);
    Files.writeString(kernel, "// bankcheck: block 64x1\n" + GateTest.KERNEL);
    run(DefaultAnalyzer::new, "-f", "json", kernel.toString());
    json = outBytes.toString(StandardCharsets.UTF_8);
    assertTrue(json.contains("blockDim = (64,1,1) from the annotation at line 1"), json);
    Files.writeString(kernel, GateTest.KERNEL.replace("__global__ void k(", "__global__ void other("));
    run(DefaultAnalyzer::new, "-f", "json", kernel.toString());
    json = outBytes.toString(StandardCharsets.UTF_8);
    assertTrue(json.contains("blockDim = (8,4,1) from block in "), json);
    run(DefaultAnalyzer::new, "-f", "json", "--block", "32x2", kernel.toString());
    json = outBytes.toString(StandardCharsets.UTF_8);
    assertTrue(json.contains("blockDim = (32,2,1) from --block"), json);
  }

  /** assume.KERNEL gives a kernel's runtime sizes where no annotation in the source does. */
  @Test
  void perKernelAssumptionsApplyWhereTheSourceHasNone() throws IOException {
    String strided = "__global__ void k(float* o, int ld) {\n  __shared__ float s[4096];\n"
        + "  o[threadIdx.x] = s[threadIdx.x * ld];\n}\n";
    Files.writeString(kernel, strided);
    config("assume.k = ld=33,32 extra=1");
    assertEquals(1, run(DefaultAnalyzer::new, kernel.toString()));
    String text = outBytes.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("32-way bank conflict on load of 's'"), text);
    assertTrue(text.contains("arguments ld = 32 (from assume.k in "), text);
    assertTrue(text.contains("assume.k in " + dir.resolve("project/.bankcheck.properties") + ": 'extra=1' names no"
        + " parameter or template parameter of 'k'; it was not used"), text);
    Files.writeString(kernel, "// bankcheck: assume ld=33\n" + strided);
    assertEquals(0, run(DefaultAnalyzer::new, kernel.toString()), "the source's annotation wins");
    config("assume.k = ld=");
    assertEquals(2, run(DefaultAnalyzer::new, kernel.toString()));
    assertTrue(err().contains(".bankcheck.properties:1: assume.k needs NAME=VALUE[,VALUE]... separated by spaces"),
        err());
  }

  @Test
  void excludedPathsAreNotAnalyzed() throws IOException {
    Files.writeString(Files.createDirectories(src.resolve("gen")).resolve("a.cu"), "");
    Files.writeString(Files.createDirectories(src.resolve("legacy/old")).resolve("b.cu"), "");
    Files.writeString(src.resolve("c_generated.cu"), "");
    Files.writeString(src.resolve("d.cuh"), "");
    config("exclude = gen, src/legacy/**, *_generated.cu");
    assertEquals(0, run(capture, dir.resolve("project").toString()));
    assertEquals(List.of(src.resolve("d.cuh").toString(), kernel.toString()), analyzed.stream().sorted().toList());
    analyzed.clear();
    assertEquals(0, run(capture, "--no-config", dir.resolve("project").toString()));
    assertEquals(5, analyzed.size());
  }

  @Test
  void badConfigurationExitsTwoWithFileAndLine() throws IOException {
    config("block = 32x8", "", "blok.k = 16x16");
    assertEquals(2, run(capture, "--exit-zero", kernel.toString()));
    assertTrue(err().contains(".bankcheck.properties:3: unknown key 'blok.k'"), err());
    config("fail-on = 0");
    assertEquals(2, run(capture, kernel.toString()));
    assertTrue(err().contains(".bankcheck.properties:1: fail-on must be at least 1"), err());
    config("# c", "block.k = 64x64");
    assertEquals(2, run(capture, kernel.toString()));
    assertTrue(err().contains(".bankcheck.properties:2: block.k: 64x64 has 4096 threads"), err());
    config("banks = many");
    assertEquals(2, run(capture, kernel.toString()));
    assertTrue(err().contains(":1: banks needs a whole number, not 'many'"), err());
    config("warp-size = 1000000");
    assertEquals(2, run(capture, kernel.toString()));
    assertTrue(err().contains(":1: warp-size must be at most 1024, not 1000000"), err());
    config("include = a, \\", "  b", "fail-on = 3", "fail-on = 4");
    assertEquals(2, run(capture, kernel.toString()));
    assertTrue(err().contains(":4: 'fail-on' is already set at line 3"), err());
    assertTrue(err().startsWith("bankcheck: error: "), err());
    Files.write(dir.resolve("project").resolve(ConfigFile.NAME), new byte[] {'b', 'l', 'o', 'c', 'k', '=', (byte) 0xFF, '\n'});
    assertEquals(2, run(capture, kernel.toString()));
    assertTrue(err().contains(".bankcheck.properties: not UTF-8 text"), err());
  }

  @Test
  void configOptionNamesTheFile() throws IOException {
    Path other = Files.writeString(dir.resolve("other.properties"), "fail-on = 64\n");
    config("fail-on = 2");
    assertEquals(0, run(DefaultAnalyzer::new, "--config", other.toString(), kernel.toString()));
    assertEquals(2, run(DefaultAnalyzer::new, "--config", dir.resolve("none.properties").toString(),
        kernel.toString()));
    assertTrue(err().contains("cannot read configuration file"), err());
    assertEquals(2, run(capture, "--config", other.toString(), "--no-config", kernel.toString()));
  }

  @Test
  void theDocumentedExampleIsValid() throws Exception {
    ConfigFile.Settings s = ConfigFile.load(Path.of("docs/bankcheck.properties"));
    assertEquals(4, s.failOn());
    assertEquals(256, s.block()[0]);
    assertEquals(16, s.kernelBlocks().get("stencil2d")[1]);
    assertEquals("ld=33 TILE=16,32", s.kernelAssumptions().get("gemmTile"));
    assertEquals("1", s.defines().get("USE_SWIZZLE"));
    assertTrue(s.excludes(Path.of("docs/third_party/x/y.cu")));
    assertTrue(s.excludes(Path.of("docs/src/legacy/a/b.cu")));
    assertTrue(s.excludes(Path.of("docs/src/k_generated.cu")));
    assertFalse(s.excludes(Path.of("docs/src/k.cu")));
    assertFalse(s.excludes(Path.of("elsewhere/third_party/k.cu")), "outside the file's folder");
  }

  @Test
  void searchStopsAtTheFilesystemRoot() {
    assertNull(ConfigFile.find(List.of(dir.resolve("nowhere/x.cu").toString())));
    assertFalse(ConfigFile.find(List.of()) != null);
  }
}
