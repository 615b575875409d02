package dev.bankcheck.hwcheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * hwcheck/run.sh end to end without a GPU: nvcc, ncu and nvidia-smi are replaced by scripts that answer like the
 * real tools (ncu with the CSV fixtures), so the script's plumbing is checked here: compilation list, one profile
 * per kernel, exports, status, the results archive and the comparison. The numbers themselves are the fixtures'.
 */
class RunShDryRunTest {
  @TempDir Path tmp;

  private static void script(Path file, String body) throws Exception {
    Files.writeString(file, "#!/usr/bin/env bash\n" + body, StandardCharsets.UTF_8);
    assertTrue(file.toFile().setExecutable(true));
  }

  @Test
  void runShProfilesEachKernelAndWritesTheTable() throws Exception {
    assumeTrue(new File("/bin/bash").canExecute() || new File("/usr/bin/bash").canExecute(), "no bash");
    Path root = Path.of("").toAbsolutePath();
    Path prep = tmp.resolve("prep");
    Prepare.run(root, prep, List.of("samples-cu"));
    Path bin = Files.createDirectories(tmp.resolve("bin"));
    Path fixtures = Files.createDirectories(tmp.resolve("fixtures"));
    for (String f : List.of("source-cuda-sass.csv", "details.csv")) {
      Files.writeString(fixtures.resolve(f), NcuCsvTest.resource(f), StandardCharsets.UTF_8);
    }
    script(bin.resolve("nvcc"), String.join("\n",
        "[ \"$1\" = --version ] && { echo 'Cuda compilation tools (fake)'; exit 0; }",
        "out=; prev=; for a in \"$@\"; do [ \"$prev\" = -o ] && out=$a; prev=$a; done",
        "printf '#!/bin/sh\\necho \"hwcheck: ok\"\\n' > \"$out\"; chmod +x \"$out\"", ""));
    script(bin.resolve("nvidia-smi"), "case \"$*\" in *name*) echo 'Fake GPU';; *driver*) echo '0.0';; esac\n");
    script(bin.resolve("ncu"), String.join("\n",
        "case \" $* \" in",
        "  *' --query-metrics '*) echo 'l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld Counter'; exit 0;;",
        "  *' --version '*) echo 'Nsight Compute (fake)'; exit 0;;",
        "  *' -i '*' --page source '*) cat '" + fixtures.resolve("source-cuda-sass.csv") + "'; exit 0;;",
        "  *' -i '*' --page details '*) cat '" + fixtures.resolve("details.csv") + "'; exit 0;;",
        "esac",
        "out=; prev=; for a in \"$@\"; do [ \"$prev\" = -o ] && out=$a; prev=$a; done",
        "echo \"$*\" >> '" + tmp.resolve("ncu-calls.txt") + "'",
        "echo 'hwcheck: ok'; : > \"$out.ncu-rep\"", ""));
    Path out = tmp.resolve("out");
    ProcessBuilder pb = new ProcessBuilder("bash", "hwcheck/run.sh", prep.toString()).directory(root.toFile())
        .redirectErrorStream(true);
    Map<String, String> env = pb.environment();
    env.put("PATH", bin + File.pathSeparator + Path.of(System.getProperty("java.home"), "bin") + File.pathSeparator
        + env.getOrDefault("PATH", "/usr/bin:/bin"));
    env.put("OUT", out.toString());
    env.put("HWCHECK_ONLY", "ex01_stride");
    env.put("HWCHECK_JOBS", "2");
    env.put("HWCHECK_JAVA_CP", System.getProperty("java.class.path"));
    Process p = pb.start();
    String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(3, TimeUnit.MINUTES));
    assertEquals(0, p.exitValue(), log);

    // Two kernels in ex01_stride.cu, one ncu run each, with the metrics this "ncu" offers.
    List<String> calls = Files.readAllLines(tmp.resolve("ncu-calls.txt"));
    assertEquals(2, calls.size(), calls.toString());
    assertTrue(calls.get(0).startsWith("--clock-control none --section SourceCounters --metrics "
        + "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum --import-source yes -f -o "), calls.get(0));
    // drivers are numbered in the samples' sorted order
    assertTrue(calls.get(0).matches(".*work/\\d+_ex01_stride 0"), calls.get(0));
    assertTrue(calls.get(1).matches(".*work/\\d+_ex01_stride 1"), calls.get(1));
    String status = Files.readString(prep.resolve("results/status.tsv"));
    assertTrue(status.contains("samples-cu/ex01_stride.cu\tidentity\t0\tok\t"), status);
    assertTrue(status.contains("samples-cu/ex01_stride.cu\tstrides\t1\tok\t"), status);
    assertTrue(status.lines().skip(1).allMatch(l -> l.endsWith("\tvolatile")), status); // the volatile copy compiled
    assertTrue(Files.size(out.resolve("results.tar.gz")) > 0);
    assertTrue(Files.readString(out.resolve("log.txt")).contains("2 kernels measured, 0 not"), log);

    // The fixture's line 22 (two 32-way instructions) meets bankcheck's 32-way load on that line; its line 17
    // (a 2-way load) meets a conflict-free one: the comparison reports what was measured, agreeing or not.
    List<String> truth = Files.readAllLines(out.resolve("hardware-truth.tsv"));
    String date = truth.get(1).substring(truth.get(1).lastIndexOf('\t') + 1);
    assertEquals(List.of(Compare.TRUTH_HEADER,
        "samples-cu/ex01_stride.cu\t17\tstrides\ts\tload\t0\t1.000\tFake GPU\t0.0\t" + date,
        "samples-cu/ex01_stride.cu\t22\tstrides\ts\tload\t31\t31.000\tFake GPU\t0.0\t" + date), truth);
    assertTrue(log.contains("disagree: samples-cu/ex01_stride.cu:17 strides s load predicted 0 measured 1.000"), log);
  }
}
