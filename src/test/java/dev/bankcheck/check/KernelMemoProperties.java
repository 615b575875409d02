package dev.bankcheck.check;

import static dev.bankcheck.check.KernelMemoTest.MAIN;
import static dev.bankcheck.check.KernelMemoTest.PRELUDE;
import static dev.bankcheck.check.KernelMemoTest.fresh;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Reusing a header kernel's findings never changes a file's report: a run of files that include one header in
 * different ways (alike, with other declarations, launches, missing headers, macros, the header twice) gives
 * each file the findings of its analysis alone.
 */
class KernelMemoProperties {
  private static final String HEADER = """
      #ifndef K_H
      #define K_H
      template <int S = 1>
      __global__ void col(float* out) {
        __shared__ real t[32][32];
        t[threadIdx.x][0] = 1.0f;
        out[threadIdx.x] = t[0][idx(threadIdx.x) * STRIDE * S] + t[1][EXTRA * threadIdx.x];
      }
      __global__ void row(float* out) {
        __shared__ float u[32][32];
        u[threadIdx.x][0] = 1.0f;
        out[threadIdx.x] = u[0][threadIdx.x];
      }
      #endif
      """;

  /** How a file includes the header; the first two are alike. */
  private static final List<String> VARIANTS = List.of(
      MAIN,
      MAIN,
      MAIN.replace("p.h", "p2.h"),
      PRELUDE + "#include \"k.h\"\n",
      MAIN + "void go(float* o) { col<<<1, 64>>>(o); }\n",
      MAIN + "void go(float* o) { col<<<1, 32>>>(o); }\n",
      "#include \"nothere.h\"\n" + MAIN,
      "#define STRIDE 2\n" + MAIN,
      MAIN + "#undef K_H\n#include \"k.h\"\n",
      MAIN + "template __global__ void col<2>(float*);\n",
      "#include \"p.h\"\ntypedef double real2;\n#include \"k.h\"\n");

  @Property(tries = 200)
  void reuseNeverChangesAFilesFindings(
      @ForAll @Size(min = 2, max = 6) List<@IntRange(min = 0, max = 10) Integer> picks) throws IOException {
    Path dir = Files.createTempDirectory("memo");
    try {
      Files.writeString(dir.resolve("k.h"), HEADER);
      Files.writeString(dir.resolve("p.h"), PRELUDE);
      Files.writeString(dir.resolve("p2.h"), PRELUDE.replace("STRIDE = 1", "STRIDE = 2"));
      AnalysisOptions run = fresh();
      for (int i = 0; i < picks.size(); i++) {
        Path file = Files.writeString(dir.resolve("m" + i + ".cu"), VARIANTS.get(picks.get(i)));
        assertEquals(findings(fresh(), file), findings(run, file), VARIANTS.get(picks.get(i)));
      }
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
      }
    }
  }

  private static List<Finding> findings(AnalysisOptions options, Path file) {
    FileReport r = new DefaultAnalyzer(options).analyze(file, file.getFileName().toString());
    return r.findings().stream().map(f -> f.withoutLanes(f.assumptions())).toList();
  }
}
