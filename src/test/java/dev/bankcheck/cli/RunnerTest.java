package dev.bankcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.bankcheck.check.AnalysisOptions;
import dev.bankcheck.check.Analyzer;
import dev.bankcheck.check.FileReport;
import dev.bankcheck.check.Finding;
import dev.bankcheck.check.Op;
import dev.bankcheck.check.Rules;
import dev.bankcheck.check.Verdict;
import dev.bankcheck.source.Pos;
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

class RunnerTest {
  @TempDir Path dir;
  private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
  private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
  /** Display paths the fake analyzer was asked for, in call order (calls may run in parallel). */
  private final List<String> analyzed = Collections.synchronizedList(new ArrayList<>());
  private Path kernel;

  @BeforeEach
  void createKernel() throws IOException {
    kernel = Files.writeString(dir.resolve("k.cu"), "__global__ void k() {}\n");
  }

  private int run(Function<AnalysisOptions, Analyzer> factory, String... args) {
    PrintStream out = new PrintStream(outBytes, true, StandardCharsets.UTF_8);
    PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
    return new Runner(factory).run(args, out, err);
  }

  private String out() {
    return outBytes.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return errBytes.toString(StandardCharsets.UTF_8);
  }

  /** An analyzer whose every file has one access of {@code ways} ways (null: unknown). */
  private Function<AnalysisOptions, Analyzer> fake(Integer ways, boolean suppressed) {
    return options -> (file, display) -> {
      analyzed.add(display);
      Verdict verdict = ways == null ? Verdict.UNKNOWN : ways > 1 ? Verdict.CONFLICT : Verdict.OK;
      Finding f = new Finding(new Pos(display, 3, 5), ways != null && ways > 1 ? Rules.BANK_CONFLICT : Rules.NONE,
          "k", "tile", null, Op.LOAD, 4, ways, ways, 1, 128L, verdict, null, null, suppressed, "stride 32 words",
          List.of(), null, null);
      return new FileReport(display, FileReport.Status.ANALYZED, List.of(), List.of(f));
    };
  }

  private Function<AnalysisOptions, Analyzer> withStatus(FileReport.Status status) {
    return options -> (file, display) -> new FileReport(display, status, List.of(), List.of());
  }

  @Test
  void missingPathExitsTwoAndNamesIt() {
    String missing = dir.resolve("nope.cu").toString();
    assertEquals(2, run(fake(1, false), kernel.toString(), missing));
    assertTrue(err().contains("bankcheck: error: no such file or directory: " + missing), err());
  }

  @Test
  void missingPathIsNotMaskedByExitZero() {
    assertEquals(2, run(fake(1, false), "--exit-zero", "does-not-exist.cu"));
  }

  @Test
  void unknownOptionExitsTwoWithUsage() {
    assertEquals(2, run(fake(1, false), "--frobnicate", kernel.toString()));
    assertTrue(err().contains("--frobnicate"), err());
    assertTrue(err().contains("usage: bankcheck"), err());
    assertEquals("", out());
  }

  @Test
  void partialOptionNamesAreNotAccepted() {
    assertEquals(2, run(fake(1, false), "--fail", "3", kernel.toString()));
  }

  @Test
  void badValuesExitTwo() {
    String k = kernel.toString();
    assertEquals(2, run(fake(1, false), "--fail-on", "0", k));
    assertEquals(2, run(fake(1, false), "--block", "64x32", k), "2048 threads");
    assertEquals(2, run(fake(1, false), "--block", "0x4", k));
    assertEquals(2, run(fake(1, false), "--block", "32xx", k));
    assertEquals(2, run(fake(1, false), "--format", "xml", k));
    assertEquals(2, run(fake(1, false), "--jobs", "many", k));
    // a bank model past 1024 is no GPU's, and --bank-bytes 2000000000 took minutes per file
    assertEquals(2, run(fake(1, false), "--bank-bytes", "2000000000", k));
    assertEquals(2, run(fake(1, false), "--warp-size", "1025", k));
    assertEquals(0, run(fake(1, false), "--banks", "1024", k));
    assertEquals(2, run(fake(1, false)), "no paths");
  }

  @Test
  void failOnGate() {
    String k = kernel.toString();
    assertEquals(1, run(fake(2, false), k), "default threshold is 2");
    assertEquals(0, run(fake(2, false), "--fail-on", "4", k));
    assertEquals(1, run(fake(4, false), "--fail-on", "4", k));
    assertEquals(0, run(fake(1, false), k));
    assertEquals(0, run(fake(32, true), k), "suppressed accesses do not gate");
    assertEquals(0, run(fake(null, false), k), "an unknown access has no ways");
  }

  @Test
  void exitZeroTurnsFindingsIntoSuccess() {
    assertEquals(0, run(fake(32, false), "--exit-zero", kernel.toString()));
    assertEquals(0, run(withStatus(FileReport.Status.FAILED), "--exit-zero", kernel.toString()));
  }

  @Test
  void partialOrFailedFileExitsOne() {
    assertEquals(1, run(withStatus(FileReport.Status.PARTIAL), kernel.toString()));
    assertEquals(1, run(withStatus(FileReport.Status.FAILED), kernel.toString()));
  }

  @Test
  void analyzerCrashBecomesAFailedFileAndTheRunGoesOn() throws IOException {
    Path second = Files.writeString(dir.resolve("z.cu"), "");
    Function<AnalysisOptions, Analyzer> crashing = options -> (file, display) -> {
      if (display.endsWith("k.cu")) throw new StackOverflowError();
      return new FileReport(display, FileReport.Status.ANALYZED, List.of(), List.of());
    };
    assertEquals(1, run(crashing, "-f", "json", kernel.toString(), second.toString()));
    JsonObject o = JsonParser.parseString(out()).getAsJsonObject();
    var files = o.getAsJsonArray("files");
    assertEquals("failed", files.get(0).getAsJsonObject().get("status").getAsString());
    assertTrue(files.get(0).getAsJsonObject().getAsJsonArray("errors").get(0).getAsJsonObject()
        .get("message").getAsString().contains("StackOverflowError"));
    assertEquals("analyzed", files.get(1).getAsJsonObject().get("status").getAsString());
  }

  @Test
  void aFileOutOfMemoryNextToOthersRunsAgainAloneAndOnlyThenFails() throws IOException {
    Path big = Files.writeString(dir.resolve("big.cu"), "");
    Path huge = Files.writeString(dir.resolve("huge.cu"), "");
    java.util.Map<String, Integer> runs = new java.util.concurrent.ConcurrentHashMap<>();
    java.util.concurrent.atomic.AtomicInteger running = new java.util.concurrent.atomic.AtomicInteger();
    Function<AnalysisOptions, Analyzer> hungry = options -> (file, display) -> {
      runs.merge(display, 1, Integer::sum);
      running.incrementAndGet();
      try {
        // big.cu fits in memory only alone; huge.cu never does
        if (display.endsWith("huge.cu") || display.endsWith("big.cu") && running.get() > 1) {
          throw new OutOfMemoryError("Java heap space");
        }
        return new FileReport(display, FileReport.Status.ANALYZED, List.of(), List.of());
      } finally {
        running.decrementAndGet();
      }
    };
    run(hungry, "-j", "3", "-f", "json", big.toString(), huge.toString(), kernel.toString());
    var files = JsonParser.parseString(out()).getAsJsonObject().getAsJsonArray("files");
    assertEquals(List.of("big.cu", "huge.cu", "k.cu"), java.util.stream.IntStream.range(0, 3)
        .mapToObj(i -> Path.of(files.get(i).getAsJsonObject().get("path").getAsString()).getFileName().toString())
        .toList());
    assertEquals("failed", files.get(1).getAsJsonObject().get("status").getAsString());
    assertTrue(files.get(1).getAsJsonObject().getAsJsonArray("errors").get(0).getAsJsonObject().get("message")
        .getAsString().contains("out of memory"));
    assertEquals(2, runs.get(huge.toString()));
    assertEquals(1, runs.get(kernel.toString()));
    // big.cu either ran alone the first time or ran again alone; either way it is analyzed
    assertEquals("analyzed", files.get(0).getAsJsonObject().get("status").getAsString());
    assertEquals("analyzed", files.get(2).getAsJsonObject().get("status").getAsString());
  }

  @Test
  void folderWalkTakesOnlyCudaSourcesInSortedOrder() throws IOException {
    Path src = Files.createDirectories(dir.resolve("src"));
    Files.writeString(src.resolve("b.cu"), "");
    Files.writeString(src.resolve("a.cuh"), "");
    Files.writeString(src.resolve("notes.txt"), "");
    Files.writeString(src.resolve("c.cpp"), "");
    Files.writeString(Files.createDirectories(src.resolve("sub")).resolve("d.cu"), "");
    // A folder named like a source file is walked, not read.
    Files.writeString(Files.createDirectories(src.resolve("x.cu")).resolve("e.cuh"), "");
    assertEquals(0, run(fake(1, false), "-f", "json", "-j", "3", src.toString()));
    List<String> expected = List.of(src.resolve("a.cuh").toString(), src.resolve("b.cu").toString(),
        src.resolve("sub/d.cu").toString(), src.resolve("x.cu/e.cuh").toString());
    assertEquals(expected.size(), analyzed.size());
    assertEquals(new java.util.HashSet<>(expected), new java.util.HashSet<>(analyzed));
    List<String> reported = new ArrayList<>();
    JsonParser.parseString(out()).getAsJsonObject().getAsJsonArray("files")
        .forEach(f -> reported.add(f.getAsJsonObject().get("path").getAsString()));
    assertEquals(expected, reported, "sorted order");
  }

  @Test
  void outputKeepsInputOrderWithParallelJobs() throws IOException {
    Path src = Files.createDirectories(dir.resolve("many"));
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      Path f = Files.writeString(src.resolve(String.format("f%02d.cu", i)), "");
      expected.add(f.toString());
    }
    assertEquals(0, run(fake(1, false), "-f", "json", "--jobs", "4", src.toString()));
    List<String> paths = new ArrayList<>();
    JsonParser.parseString(out()).getAsJsonObject().getAsJsonArray("files")
        .forEach(f -> paths.add(f.getAsJsonObject().get("path").getAsString()));
    assertEquals(expected, paths);
  }

  @Test
  void textOutputAndSummary() {
    assertEquals(1, run(fake(32, false), kernel.toString()));
    assertEquals(kernel + ":3:5: warning: 32-way bank conflict on load of 'tile' (stride 32 words) [bank-conflict]\n",
        out());
    assertEquals("bankcheck: 1 files, 1 accesses, 1 conflicts, 0 unknown\n", err());
  }

  @Test
  void jsonHasNoSummaryLineOnStderr() {
    run(fake(32, false), "-f", "json", kernel.toString());
    assertEquals("", err());
  }

  @Test
  void optionsReachTheAnalyzer() {
    AtomicReference<AnalysisOptions> seen = new AtomicReference<>();
    Function<AnalysisOptions, Analyzer> capture = options -> {
      seen.set(options);
      return fake(1, false).apply(options);
    };
    assertEquals(0, run(capture, "--block", "16x16", "-DTILE=32", "-D", "N", "-I", "inc", "--banks", "16",
        "--bank-bytes", "8", "--warp-size", "64", kernel.toString()));
    AnalysisOptions o = seen.get();
    assertEquals(List.of(16, 16, 1), List.of(o.block()[0], o.block()[1], o.block()[2]));
    assertEquals("32", o.defines().get("TILE"));
    assertEquals("1", o.defines().get("N"));
    assertEquals(List.of(Path.of("inc")), o.includeDirs());
    assertEquals(16, o.bank().banks());
    assertEquals(8, o.bank().bankBytes());
    assertEquals(64, o.bank().warpSize());
  }

  /** A PrintStream swallows write errors: a full disk or a closed pipe on stdout was exit 1 (or 0) and no word. */
  @Test
  void aReportThatCannotBeWrittenToStdoutIsAnIoError() {
    java.io.OutputStream full = new java.io.OutputStream() {
      @Override
      public void write(int b) throws IOException {
        throw new IOException("No space left on device");
      }
    };
    PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
    int code = new Runner(fake(1, false)).run(new String[] {"-f", "json", kernel.toString()},
        new PrintStream(full, false, StandardCharsets.UTF_8), err);
    assertEquals(2, code);
    assertTrue(err().contains("bankcheck: error: cannot write the report to standard output"), err());
  }

  @Test
  void htmlFileIsWrittenWithParentFolders() throws IOException {
    Path html = dir.resolve("reports/deep/r.html");
    assertEquals(0, run(fake(1, false), "--html", html.toString(), kernel.toString()));
    assertTrue(Files.readString(html).contains("__global__ void k()"));
  }

  @Test
  void helpAndVersionExitZero() {
    assertEquals(0, run(fake(1, false), "--help"));
    assertTrue(out().contains("--fail-on"));
    assertTrue(out().contains("Exit codes"));
    outBytes.reset();
    assertEquals(0, run(fake(1, false), "--version"));
    assertTrue(out().startsWith("bankcheck "));
    assertFalse(out().contains("null"));
  }
  @Test
  void symlinkLoopIsNotFollowedForever() throws IOException {
    Path src = Files.createDirectories(dir.resolve("loop"));
    Files.writeString(src.resolve("a.cu"), "");
    try {
      Files.createSymbolicLink(src.resolve("back"), src);
    } catch (UnsupportedOperationException | IOException e) {
      return; // no symbolic links on this file system
    }
    assertEquals(0, run(fake(1, false), src.toString()));
    assertEquals(List.of(src.resolve("a.cu").toString()), analyzed);
  }

  @Test
  void pathsWithSpacesAndNonAsciiAreKeptAsGiven() throws IOException {
    Path odd = Files.writeString(Files.createDirectories(dir.resolve("my kernels")).resolve("tr\u00e4nspose.cu"), "");
    assertEquals(1, run(fake(32, false), odd.toString()));
    assertTrue(out().startsWith(odd + ":3:5: warning: 32-way bank conflict"), out());
  }
}
