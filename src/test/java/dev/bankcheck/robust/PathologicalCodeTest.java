package dev.bankcheck.robust;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Code that parses but that no analyzer can evaluate exactly (recursion, absurd sizes, overflow, endless
 * loops, self-inclusion, exploding macros): every format stays valid, nothing throws, and the ordinary
 * kernel after it is still checked (its 2-way load found).
 */
class PathologicalCodeTest {
  @TempDir Path dir;

  private static final String AFTER = "\n__global__ void after(float *o) {\n  __shared__ float t[64];\n"
      + "  o[threadIdx.x] = t[threadIdx.x * 2];\n}\n";

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("recursion", "__device__ int f(int x) { return f(x + 1) + 1; }\n"
            + "__global__ void k() { __shared__ float s[64]; s[f(threadIdx.x) % 64] = 1; }"),
        Arguments.of("mutual recursion", "__device__ int g(int);\n__device__ int f(int x) { return g(x) + 1; }\n"
            + "__device__ int g(int x) { return f(x * 2); }\n"
            + "__global__ void k() { __shared__ float s[64]; s[f(threadIdx.x) & 63] = 1; }"),
        Arguments.of("absurd sizes", "__global__ void k() { __shared__ float s[1LL << 40]; __shared__ char t[-5];\n"
            + "__shared__ int u[0]; __shared__ int v[3 / 0];\n"
            + "s[threadIdx.x * (1LL << 62)] = 1; t[threadIdx.x] = 1; u[threadIdx.x] = 2; v[threadIdx.x] = 3; }"),
        Arguments.of("overflow and division by zero", "__global__ void k() { __shared__ int s[1024];\n"
            + "long long a = 9223372036854775807LL; s[(a + threadIdx.x) % 1024] = 1; s[threadIdx.x << 70] = 2;\n"
            + "s[threadIdx.x >> -1] = 3; s[-9223372036854775807LL - 1 + threadIdx.x] = 1;\n"
            + "s[threadIdx.x % 0] = 1; s[threadIdx.x / 0] = 1; }"),
        Arguments.of("endless loops", "__global__ void k() { __shared__ int s[1024];\n"
            + "for (;;) { s[threadIdx.x] = 1; } while (1) s[threadIdx.x * 2]++; do { s[0] = 1; } while (true); }"),
        Arguments.of("goto", "__global__ void k() { __shared__ int s[1024]; int i = 0;\n"
            + "top: s[threadIdx.x * i] = 1; i++; if (i < 5) goto top; }"),
        Arguments.of("self-inclusion", "#include \"self.cu\"\n"),
        Arguments.of("exploding macro", "#define A0 x\n" + exploding(40) + "int y = A40;\n"),
        Arguments.of("recursive macros", "#define F(x) F(x) + G(x)\n#define G(x) F(x)\n"
            + "__global__ void k() { __shared__ int s[64]; s[F(threadIdx.x)] = 1; }"),
        Arguments.of("template recursion", "template <int N> __device__ int f() { return f<N + 1>(); }\n"
            + "__global__ void k() { __shared__ int s[64]; s[f<0>() & threadIdx.x] = 1; }"),
        Arguments.of("absurd block shapes", "// bankcheck: block 1000000000x1000000000\n"
            + "__global__ void k() { __shared__ int s[64]; s[threadIdx.x & 63] = 1; }\n// bankcheck: block 0x0\n"
            + "__global__ void k2() { __shared__ int s[64]; s[threadIdx.x & 63] = 1; }\n"),
        Arguments.of("absurd launches", "__global__ void k(int n) { __shared__ int s[64]; s[(threadIdx.x * n) & 63] = 1; }\n"
            + "void h() { k<<<1, dim3(99999999, 99999999, 99999999)>>>(3); k<<<1, 1024 * 1024 * 1024 * 8>>>(5);"
            + " k<<<1, -1>>>(7); }"),
        Arguments.of("recursive structs", "struct A; struct B { A a[2]; }; struct A { B b[2]; }; struct C { C c; int x; };\n"
            + "__global__ void k() { __shared__ A s[4]; __shared__ C t[3]; s[threadIdx.x].b[0].a[1].b[1];"
            + " t[threadIdx.x].x = 1; }"),
        Arguments.of("a billion iterations", "__global__ void k() { __shared__ float s[1024];\n"
            + "for (long long i = 0; i < 1000000000000LL; i++) s[(threadIdx.x * i) % 1024] += 1; }"),
        Arguments.of("block shapes past int, and a launch whose thread count wraps to 0",
            "// bankcheck: block 99999999999x1\n__global__ void k() { __shared__ int s[64]; s[threadIdx.x & 63] = 1; }\n"
            + "__global__ void k2() { __shared__ int s[64]; s[threadIdx.x & 63] = 1; }\n"
            + "void h() { k2<<<1, dim3(1 << 30, 1 << 30, 64)>>>(); k2<<<1, 1LL << 32>>>(); }\n"),
        Arguments.of("100,000 chained operators", kernelWith("s[threadIdx.x] = " + "1 + ".repeat(100_000) + "1;")),
        Arguments.of("100,000 prefix operators and casts", kernelWith("s[threadIdx.x] = " + "-".repeat(100_000) + "1;\n"
            + "s[threadIdx.x] = " + "(int)".repeat(100_000) + "1;")),
        Arguments.of("20,000 else-ifs on one line", kernelWith("int q = threadIdx.x; "
            + "if (q == 0) s[q] = 1; else ".repeat(20_000) + "s[0] = 2;")),
        // each took the parser exponential time: 16 nested template arguments did not end within 100 s
        Arguments.of("50 nested template arguments", "template <class T> struct A { int x; };\n"
            + "A<".repeat(50) + "int" + ">".repeat(50) + " v;\n"
            + kernelWith("__shared__ " + "A<".repeat(50) + "int" + ">".repeat(50) + " t[32]; t[threadIdx.x].x = 1;")),
        Arguments.of("200 chained comparisons", kernelWith("int q = threadIdx.x" + " < q".repeat(200) + ";")),
        Arguments.of("an item of 800,000 tokens", kernelWith("int q = 0;\n" + "q += 1;\n".repeat(200_000))));
  }

  private static String kernelWith(String body) {
    return "__global__ void k() { __shared__ int s[64];\n" + body + "\n}\n";
  }

  private static String exploding(int levels) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < levels; i++) sb.append("#define A").append(i + 1).append(" A").append(i).append(" A").append(i).append('\n');
    return sb.toString();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void analyzedWithValidOutputAndTheNextKernelStillChecked(String name, String code) throws IOException {
    Path file = Files.writeString(dir.resolve("self.cu"), code + AFTER, StandardCharsets.UTF_8);
    JsonObject report = Pipeline.checkAllFormats(file.toString());
    boolean found = false;
    for (JsonElement e : report.getAsJsonArray("accesses")) {
      JsonObject a = e.getAsJsonObject();
      if (a.get("kernel").getAsString().equals("after") && !a.get("ways").isJsonNull() && a.get("ways").getAsInt() == 2) {
        found = true;
      }
    }
    assertTrue(found, name + ": the 2-way load of the kernel after it is reported: " + report.get("accesses"));
  }

  /** Deeply nested template arguments and huge items are refused before parsing, saying why and where. */
  @org.junit.jupiter.api.Test
  void whatTheParserCannotBoundIsRefusedWithAReason() throws IOException {
    Path file = Files.writeString(dir.resolve("refused.cu"), "template <class T> struct A {};\n"
        + "A<".repeat(11) + "int" + ">".repeat(11) + " v;\n" + kernelWith("int q = 0;\n" + "q += 1;\n".repeat(200_000))
        + AFTER, StandardCharsets.UTF_8);
    JsonObject report = Pipeline.checkAllFormats(file.toString());
    String errors = report.getAsJsonArray("files").get(0).getAsJsonObject().get("errors").toString();
    assertTrue(errors.contains("\"line\":2,\"column\":22,\"message\":\"more than 10 '<' open at once"), errors);
    assertTrue(errors.contains("\"line\":3,\"column\":1,\"message\":\"this item has 800019 tokens, more than the"
        + " 750000 that bankcheck parses in one item"), errors);
  }

  /** The analysis stops short of code nested too deeply, and says where; the accesses in it are listed as not analyzed. */
  @org.junit.jupiter.api.Test
  void codeNestedTooDeeplyIsReportedNotDropped() throws IOException {
    Path file = Files.writeString(dir.resolve("chain.cu"), kernelWith("s[threadIdx.x] = " + "1 + ".repeat(100_000) + "1;")
        + AFTER, StandardCharsets.UTF_8);
    JsonObject report = Pipeline.checkAllFormats(file.toString());
    String errors = report.getAsJsonArray("files").get(0).getAsJsonObject().get("errors").toString();
    assertTrue(errors.contains("code nested more than 10000 levels deep"), errors);
    boolean listed = false;
    for (JsonElement e : report.getAsJsonArray("accesses")) {
      JsonObject a = e.getAsJsonObject();
      listed |= a.get("line").getAsInt() == 2 && a.get("verdict").getAsString().equals("unknown");
    }
    assertTrue(listed, "the store in the chain's line is listed as unknown: " + report.get("accesses"));
  }
}
