package dev.bankcheck.hwcheck;

import dev.bankcheck.samples.Nvcc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Drivers for every sample: what is launched, how, and that nvcc compiles each driver (skipped without nvcc). */
class HwCheckDriversTest {
  @TempDir static Path out;
  static Path root = Path.of("").toAbsolutePath();
  static List<Prepare.Row> rows;

  @BeforeAll
  static void prepare() throws Exception {
    rows = Prepare.run(root, out, List.of("samples-cu"));
  }

  static Prepare.Row row(String kernel) {
    return rows.stream().filter(r -> r.kernel().equals(kernel)).findFirst().orElseThrow(() -> new AssertionError(kernel));
  }

  @Test
  void everyKernelWithSharedAccessesIsLaunched() throws Exception {
    List<Prepare.Row> skipped = rows.stream().filter(r -> r.index() < 0).toList();
    // assumed_values.cu's kernels run with argument values from annotations, which the driver does not pass (its
    // templateWithoutLaunch has only template arguments from one: launched with them); deduced_templates.cu's cols
    // has a template argument without a value (its host template is never called), as template_traits.cu's
    // storageWithoutValue has none at all; the kernels of misaligned.cu fault on the GPU: launched, they would end
    // the driver's CUDA context
    assertEquals(List.of("rowsPerThread", "paddedRows", "maskedScan", "launchedHere", "cols", "carvedAtAnOddOffset",
        "vectorLoadOfEachFloat", "noSharedAccess", "storageWithoutValue"),
        skipped.stream().map(Prepare.Row::kernel).toList(), skipped.toString());
    // Every kernel bankcheck reports an access for has a row, and the drivers launch what the manifest says.
    for (Prepare.Row r : rows) {
      String json = Files.readString(out.resolve(r.json()), StandardCharsets.UTF_8);
      for (Predicted p : Predicted.fromJson(json)) {
        if (p.widthBytes() == 0) continue; // a use in code that is never run (a function no kernel calls)
        assertTrue(rows.stream().anyMatch(x -> x.sample().equals(r.sample()) && x.kernel().equals(p.kernel())),
            r.sample() + ": " + p.kernel());
      }
      if (r.index() >= 0) {
        String driver = Files.readString(out.resolve(r.driver()), StandardCharsets.UTF_8);
        assertTrue(driver.contains("which == " + r.index() + ") {"), r.toString());
        assertTrue(driver.contains(r.callee() + "<<<grid, block, dyn>>>("), r.toString());
        assertTrue(driver.contains("#include \"" + r.sample() + "\""), r.toString());
      }
    }
    // The atomics and the 8- and 16-byte accesses the issue asks for are all launched, and first.
    assertEquals("samples-cu/assumed_values.cu", rows.get(0).sample()); // templateWithoutLaunch: 8-byte accesses
    assertEquals("templateWithoutLaunch<double, 2>", rows.get(0).callee());
    for (String k : List.of("counters", "sharedBuckets", "fewLanes", "strided", "columnStore", "vectors", "sgemmFloat4",
        "swizzledColumnRead")) {
      assertTrue(rows.indexOf(row(k)) < rows.indexOf(row("cube")), k);
    }
  }

  @Test
  void shapesTemplatesNamespacesAndDefinesComeFromTheSource() {
    assertEquals("16x16x1", row("fromOption").block());   // RUN: --block 16x16
    assertEquals("32x1x1", row("cube").block());          // no shape: one warp, and bankcheck told so
    assertEquals("8x4x4", row("planes").block());         // annotation
    assertEquals("16x16x1", row("tile16").block());       // launch
    assertEquals("-DPAD=1", row("padded").defines());     // RUN: -D PAD=1
    assertEquals("copyTransposed<32, float>", row("copyTransposed").callee());
    assertEquals("reduce1<float>", row("reduce1").callee());
    assertEquals("lib::norm::columnStats", row("columnStats").callee());
  }

  @Test
  void predictionsUseTheHardwaresBankModelAndTheLaunchedShape() throws Exception {
    // run_banks16.cu says --banks 16 for its own test; the GPU has 32 banks, so the prediction is made with 32.
    String json = Files.readString(out.resolve(row("sixteenBanks").json()), StandardCharsets.UTF_8);
    assertTrue(json.contains("\"banks\": 32"), json);
    for (Predicted p : Predicted.fromJson(json)) assertTrue(p.blockAssumption().contains("(32,1,1) from --block"), p.toString());
  }

  @Test
  void everyDriverCompilesWithNvcc() throws Exception {
    assumeTrue(Nvcc.onPath(), "nvcc is not on PATH");
    Map<String, String> drivers = new LinkedHashMap<>();
    for (Prepare.Row r : rows) drivers.putIfAbsent(r.driver(), r.defines());
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<String>> results = new ArrayList<>();
      for (Map.Entry<String, String> d : drivers.entrySet()) {
        results.add(pool.submit(() -> compile(out.resolve(d.getKey()), d.getValue())));
      }
      List<String> failures = new ArrayList<>();
      for (Future<String> f : results) {
        String r = f.get(10, TimeUnit.MINUTES);
        if (r != null) failures.add(r);
      }
      assertTrue(failures.isEmpty(), String.join("\n", failures));
    } finally {
      pool.shutdownNow();
    }
  }

  /** run.sh's default nvcc flags. */
  static List<String> runShFlags() throws Exception {
    String script = Files.readString(root.resolve("hwcheck/run.sh"), StandardCharsets.UTF_8);
    String marker = "NVCC_FLAGS=${HWCHECK_NVCC_FLAGS:-";
    String flags = script.substring(script.indexOf(marker) + marker.length());
    return List.of(flags.substring(0, flags.indexOf('}')).trim().split("\\s+"));
  }

  @Test
  void volatileCopiesKeepTheLinesAndCompileWhereTheSampleAllows() throws Exception {
    for (String sample : List.of("samples-cu/ex01_stride.cu", "samples-cu/ex07_double.cu", "samples-cu/block3d.cu")) {
      String original = Files.readString(root.resolve(sample), StandardCharsets.UTF_8);
      String copy = Files.readString(out.resolve(Prepare.VOLATILE).resolve(sample), StandardCharsets.UTF_8);
      String[] a = original.split("\n", -1);
      String[] b = copy.split("\n", -1);
      assertEquals(a.length, b.length, sample);
      for (int i = 0; i < a.length; i++) {
        String code = Sample.stripComments(a[i]);
        assertEquals(code.contains("__shared__") ? a[i].replaceAll("\\b__shared__\\b(?=.*$)", "__shared__ volatile")
            : a[i], b[i], sample + ":" + (i + 1));
      }
    }
    assumeTrue(Nvcc.onPath(), "nvcc is not on PATH");
    for (String sample : List.of("ex01_stride", "ex07_double", "block3d")) {
      // drivers are numbered in the samples' sorted order: a new sample renumbers those after it
      Path driver;
      try (var files = Files.list(out.resolve("drivers"))) {
        driver = files.filter(f -> f.getFileName().toString().matches("\\d+_" + sample + "\\.cu")).findFirst().orElseThrow();
      }
      String r = compile(driver, "-", out.resolve(Prepare.VOLATILE));
      assertEquals(null, r, r);
    }
  }

  /**
   * Where the volatile copy compiles (as run.sh builds it), nvcc keeps every access bankcheck gives a number for:
   * at least one shared-memory instruction on its line, all of the predicted width (the PTX of run.sh's flags).
   */
  @Test
  void volatileBuildsKeepEveryAccessAtItsWidth() throws Exception {
    assumeTrue(Nvcc.onPath(), "nvcc is not on PATH");
    Map<String, Prepare.Row> drivers = new LinkedHashMap<>();
    for (Prepare.Row r : rows) if (r.index() >= 0) drivers.putIfAbsent(r.driver(), r);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    List<String> problems = new ArrayList<>();
    int volatileBuilds = 0;
    int checked = 0;
    try {
      Map<Prepare.Row, Future<String>> ptx = new LinkedHashMap<>();
      for (Prepare.Row r : drivers.values()) ptx.put(r, pool.submit(() -> ptx(r)));
      for (Map.Entry<Prepare.Row, Future<String>> e : ptx.entrySet()) {
        String text = e.getValue().get(10, TimeUnit.MINUTES);
        if (text == null) continue; // the volatile copy does not compile: run.sh builds the sample as written
        volatileBuilds++;
        Prepare.Row r = e.getKey();
        Map<PtxCheck.Key, List<Integer>> widths = PtxCheck.widths(text, r.sample());
        for (Predicted p : Predicted.fromJson(Files.readString(out.resolve(r.json()), StandardCharsets.UTF_8))) {
          if (p.excess() == null || !r.sample().equals(p.file())) continue;
          List<Integer> w = widths.get(new PtxCheck.Key(p.line(), p.op()));
          checked++;
          if (w == null || w.stream().anyMatch(x -> x != p.widthBytes())) {
            problems.add(p.file() + ":" + p.line() + " " + p.op() + " of " + p.array() + ": predicted " + p.widthBytes()
                + " bytes, PTX " + w);
          }
        }
      }
    } finally {
      pool.shutdownNow();
    }
    assertTrue(volatileBuilds >= 25, "only " + volatileBuilds + " samples build with volatile shared arrays");
    assertTrue(checked >= 150, "only " + checked + " accesses checked");
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }

  /** The driver's PTX with the volatile copy first on the include path, or null where that does not compile. */
  private static String ptx(Prepare.Row r) throws Exception {
    Path driver = out.resolve(r.driver());
    Path ptx = out.resolve(r.driver().replaceAll("\\.cu$", ".ptx"));
    List<String> cmd = new ArrayList<>(List.of("nvcc", "-ptx", "-arch=sm_90"));
    cmd.addAll(runShFlags());
    cmd.addAll(List.of("-I" + out.resolve(Prepare.VOLATILE), "-I" + root));
    if (!r.defines().equals("-")) cmd.addAll(List.of(r.defines().split(" ")));
    cmd.addAll(List.of("-o", ptx.toString(), driver.toString()));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    return p.waitFor() == 0 ? Files.readString(ptx, StandardCharsets.UTF_8) : null;
  }

  /** Null on success; the same flags as hwcheck/run.sh, object file only. */
  private static String compile(Path driver, String defines) throws Exception {
    return compile(driver, defines, null);
  }

  private static String compile(Path driver, String defines, Path firstInclude) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("nvcc", "-c", "-arch=sm_90"));
    cmd.addAll(runShFlags());
    if (firstInclude != null) cmd.add("-I" + firstInclude);
    cmd.add("-I" + root);
    if (!defines.equals("-")) cmd.addAll(List.of(defines.split(" ")));
    cmd.addAll(List.of("-o", driver.toString().replaceAll("\\.cu$", ".o"), driver.toString()));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    int rc = p.waitFor();
    return rc == 0 ? null : driver.getFileName() + ": nvcc exit " + rc + "\n" + output;
  }

  @Test
  void runShCollectsTheMetricsCompareReads() throws Exception {
    String script = Files.readString(root.resolve("hwcheck/run.sh"), StandardCharsets.UTF_8);
    String wanted = script.substring(script.indexOf("WANTED=\"") + 8);
    wanted = wanted.substring(0, wanted.indexOf('"'));
    assertEquals(HwCheck.METRICS, List.of(wanted.trim().split("\\s+")));
    assertTrue(script.contains("HwCheck compare"));
    assertTrue(script.contains("\nCONTROL=" + DriverGen.CONTROL + "\n"), "run.sh names the control kernel");
    assertTrue(script.contains("--section SourceCounters"));
    // Not -G: it makes every shared access a generic one, which the shared-memory counters may not see.
    assertEquals(List.of("-lineinfo"), runShFlags());
  }


  static String names(List<Prepare.Row> r) {
    return r.stream().map(Prepare.Row::kernel).collect(Collectors.joining(","));
  }
}
