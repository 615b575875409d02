package dev.bankcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.bankcheck.check.DefaultAnalyzer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A header's kernel is analyzed by every file that includes it; what they all find is reported once. */
class HeaderRepeatsTest {
  @TempDir Path dir;

  private static final String HEADER = """
      #pragma once
      __global__ void col(float* out) {
        __shared__ float t[32][32];
        t[threadIdx.x][0] = 1.0f;
        out[threadIdx.x] = t[0][threadIdx.x];
      }
      """;

  /** A kernel template whose store is at line 5 of a header that starts with #pragma once. */
  private static final String TILED = """
      template <int B>
      __global__ void tiled(float* out) {
        __shared__ float s[B * B];
        s[threadIdx.x * B] = 1.0f;
      }
      """;

  /** The accesses of the JSON report of the folder, as "file:line op assumptions". */
  private List<String> accesses() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    new Runner(DefaultAnalyzer::new).run(new String[] {"-f", "json", "-j", "2", dir.toString()},
        new PrintStream(out, true, StandardCharsets.UTF_8), err);
    JsonObject report = JsonParser.parseString(out.toString(StandardCharsets.UTF_8)).getAsJsonObject();
    List<String> found = new ArrayList<>();
    JsonArray all = report.getAsJsonArray("accesses");
    for (JsonElement e : all) {
      JsonObject a = e.getAsJsonObject();
      found.add(dir.relativize(Path.of(a.get("file").getAsString())) + ":" + a.get("line").getAsInt() + " "
          + a.get("op").getAsString() + " " + a.getAsJsonArray("assumptions").get(0).getAsString()
              .replace(dir + "/", ""));
    }
    assertEquals(all.size(), report.getAsJsonObject("summary").get("accesses").getAsInt());
    return found;
  }

  @Test
  void equalFindingsOfAHeaderAreReportedOnce() throws IOException {
    Files.writeString(dir.resolve("k.h"), "// bankcheck: block 32x1\n" + HEADER);
    Files.writeString(dir.resolve("a.cu"), "#include \"k.h\"\n");
    Files.writeString(dir.resolve("b.cu"), "#include \"k.h\"\n");
    String shape = "blockDim = (32,1,1) from the annotation at line 1";
    assertEquals(List.of("k.h:5 store " + shape, "k.h:6 load " + shape), accesses());
    // the header is an input too (k.cuh is listed after a.cu and b.cu): its own report keeps them
    Files.move(dir.resolve("k.h"), dir.resolve("k.cuh"));
    Files.writeString(dir.resolve("a.cu"), "#include \"k.cuh\"\n");
    Files.writeString(dir.resolve("b.cu"), "#include \"k.cuh\"\n");
    assertEquals(List.of("k.cuh:5 store " + shape, "k.cuh:6 load " + shape), accesses());
  }

  @Test
  void findingsUnderDifferentLaunchesAreEachReported() throws IOException {
    Files.writeString(dir.resolve("k.h"), HEADER);
    Files.writeString(dir.resolve("a.cu"), "#include \"k.h\"\nvoid a(float* o) { col<<<1, 32>>>(o); }\n");
    Files.writeString(dir.resolve("b.cu"), "#include \"k.h\"\nvoid b(float* o) { col<<<1, 64>>>(o); }\n");
    assertEquals(List.of("k.h:4 store blockDim = (32,1,1) from the launch at a.cu:2",
        "k.h:4 store blockDim = (64,1,1) from the launch at b.cu:2",
        "k.h:5 load blockDim = (32,1,1) from the launch at a.cu:2",
        "k.h:5 load blockDim = (64,1,1) from the launch at b.cu:2"), accesses());
  }

  @Test
  void aHeadersOwnAnalysisGivesWayToTheFilesThatIncludeIt() throws IOException {
    // k.cuh alone has no launch and no PAD; a.cu launches its kernel with PAD defined
    Files.writeString(dir.resolve("k.cuh"), """
        #pragma once
        #ifndef PAD
        #define PAD n
        #endif
        __global__ void col(float* out, int n) {
          __shared__ float t[32][33];
          t[threadIdx.x][0] = 1.0f;
          out[threadIdx.x] = t[0][threadIdx.x * PAD];
        }
        __global__ void alone(float* out) {
          __shared__ float u[64];
          out[threadIdx.x] = u[threadIdx.x];
        }
        """);
    Files.writeString(dir.resolve("a.cu"), "#define PAD 1\n#include \"k.cuh\"\n"
        + "void a(float* o) { col<<<1, 64>>>(o, 2); }\n");
    String launch = "blockDim = (64,1,1) from the launch at a.cu:3";
    String none = "blockDim.x is a multiple of 32 (no block shape given: add '// bankcheck: block XxY' before the"
        + " kernel, or --block)";
    // 'alone' is not launched anywhere: every analysis finds the same, reported once by the header
    assertEquals(List.of("k.cuh:7 store " + launch, "k.cuh:8 load " + launch, "k.cuh:12 load " + none),
        accesses());
  }

  /**
   * A header that includes the kernel's header (sgemm's kernels.cuh including every kernels/*.cuh) is not compiled
   * alone either: where a .cu file instantiates the kernel, that header's analysis (template arguments unbound:
   * `unknown`) gives way too; it was reported beside the .cu file's.
   */
  @Test
  void aHeaderIncludingTheKernelsHeaderGivesWayToo() throws IOException {
    Files.createDirectories(dir.resolve("k"));
    Files.writeString(dir.resolve("k/t.cuh"), "#pragma once\n" + TILED);
    Files.writeString(dir.resolve("all.cuh"), "#pragma once\n#include \"k/t.cuh\"\n");
    Files.writeString(dir.resolve("run.cu"), "#include \"all.cuh\"\nvoid r(float* o) { tiled<32><<<1, 32>>>(o); }\n");
    assertEquals(List.of("k/t.cuh:5 store blockDim = (32,1,1) from the launch at run.cu:2"), accesses());
  }

  /**
   * A .cu file that includes a kernel template's header without launching or instantiating it does not compile the
   * kernel: where another file does, the first one's analysis (template arguments unbound: `unknown`) is dropped
   * (FlashInfer's decode_dsv3_2.cu includes the DSV4 kernel's header); a kernel no file instantiates stays.
   */
  @Test
  void aFileThatDoesNotInstantiateAKernelGivesWayToOneThatDoes() throws IOException {
    Files.writeString(dir.resolve("t.h"), "#pragma once\n" + TILED + """
        template <typename T>
        __global__ void never(T* out) {
          __shared__ T u[64];
          u[threadIdx.x] = out[0];
        }
        """);
    Files.writeString(dir.resolve("a.cu"), "#include \"t.h\"\nvoid a(float* o) { tiled<32><<<1, 32>>>(o); }\n");
    Files.writeString(dir.resolve("b.cu"), "#include \"t.h\"\nvoid b(float* o) {}\n");
    String none = "blockDim.x is a multiple of 32 (no block shape given: add '// bankcheck: block XxY' before the"
        + " kernel, or --block)";
    assertEquals(List.of("t.h:5 store blockDim = (32,1,1) from the launch at a.cu:2", "t.h:10 store " + none),
        accesses());
  }
}
