package dev.bankcheck.samples;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every sample is real CUDA: nvcc must compile it (no GPU needed). Skipped where nvcc is not installed. */
class NvccCompileTest {
  @TempDir Path out;

  @Test
  void everySampleCompilesWithNvcc() throws Exception {
    assumeTrue(Nvcc.onPath(), "nvcc is not on PATH");
    List<Path> files = SamplesTest.samples().stream().filter(p -> p.toString().endsWith(".cu")).toList();
    // Two workers: the build machines have few cores and nvcc is heavy.
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<String>> results = new ArrayList<>();
      for (int i = 0; i < files.size(); i++) {
        Path src = files.get(i);
        Path obj = out.resolve(i + ".o");
        results.add(pool.submit(() -> compile(src, obj)));
      }
      List<String> failures = new ArrayList<>();
      for (Future<String> r : results) {
        String f = r.get(5, TimeUnit.MINUTES);
        if (f != null) failures.add(f);
      }
      assertTrue(failures.isEmpty(), String.join("\n", failures));
    } finally {
      pool.shutdownNow();
    }
  }

  /** Null on success, else the file and nvcc's output. */
  private static String compile(Path src, Path obj) throws IOException, InterruptedException {
    Process p = new ProcessBuilder("nvcc", "-c", "-arch=sm_90", "-o", obj.toString(), src.toString())
        .redirectErrorStream(true)
        .start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    int rc = p.waitFor();
    return rc == 0 ? null : SamplesTest.display(src) + ": nvcc exit " + rc + "\n" + output;
  }

}
