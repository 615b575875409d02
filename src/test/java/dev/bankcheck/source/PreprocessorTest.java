package dev.bankcheck.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PreprocessorTest {
  @TempDir Path dir;

  private static PreprocessResult run(String src) {
    return new Preprocessor(List.of(), Map.of()).process(null, "m.cu", src);
  }

  /** Token texts joined by single spaces. */
  private static String out(String src) {
    PreprocessResult r = run(src);
    assertEquals(List.of(), r.errors(), "unexpected errors");
    return join(r.tokens());
  }

  private static String join(List<Token> tokens) {
    return tokens.stream().map(Token::text).collect(Collectors.joining(" "));
  }

  private static List<String> messages(PreprocessResult r) {
    return r.errors().stream().map(SourceError::message).collect(Collectors.toList());
  }

  /**
   * A macro defined only in a group a conditional skipped is noted with where, and which conditional (kaldi's
   * GPU_WARP_SIZE under "#if HAVE_CUDA"); one defined elsewhere too, or in an #else taken, is not.
   */
  @Test
  void macrosDefinedOnlyInSkippedGroupsAreNotedWithTheirConditional() {
    PreprocessResult r = run("""
        #if HAVE_CUDA
        #ifdef HIP
        #define HIP_ONLY 1
        #else
        #define WARP 32
        #endif
        #define BOTH 1
        #elif defined(OTHER)
        #define ELIF_ONLY 1
        #else
        #define TAKEN 1
        #endif
        #ifdef NOPE
        #define BOTH 2
        #else
        #define BOTH 1
        #endif
        """);
    assertEquals("m.cu:5, in a group that '#if HAVE_CUDA' at m.cu:1 skips", r.skippedDefines().get("WARP"));
    assertEquals("m.cu:3, in a group that '#if HAVE_CUDA' at m.cu:1 skips", r.skippedDefines().get("HIP_ONLY"));
    assertEquals("m.cu:9, in a group that '#elif defined(OTHER)' at m.cu:8 skips", r.skippedDefines().get("ELIF_ONLY"));
    assertEquals(java.util.Set.of("WARP", "HIP_ONLY", "ELIF_ONLY"), r.skippedDefines().keySet());
  }

  /**
   * C++'s alternative tokens are operators (DeepSpeed: "#if defined(__HIP_PLATFORM_AMD__) and ROCM_WAVEFRONT_SIZE ==
   * 64"), but pasting and '#' see their spelling, as in GCC (arrayfire: af_##fn##_t with fn = and is af_and_t).
   */
  @Test
  void alternativeTokensAreOperatorsThatPasteAsTheyAreSpelled() {
    assertEquals("&& || ! != & | ^ ~ &= |= ^= android",
        out("and or not not_eq bitand bitor xor compl and_eq or_eq xor_eq android"));
    assertEquals("yes", out("#define X 1\n#if defined(X) and not defined(Y)\nyes\n#endif"));
    assertEquals("af_and_t \"__\" \"and\" a && b", out("#define T(fn) af_##fn##_t \"__\" #fn\nT(and) a and b"));
  }

  /** CUTLASS's and CuTe's macros read as their headers define them, unless the code defines them itself. */
  @Test
  void libraryMacrosExpandWhereTheCodeDefinesNone() {
    assertEquals("__forceinline__ __device__ void f ( ) ; for", out("CUTLASS_DEVICE void f();\nCUTE_UNROLL for"));
    assertEquals("inline void f ( ) ;", out("#define CUTLASS_DEVICE inline\nCUTLASS_DEVICE void f();"));
    assertEquals("no", out("#ifdef CUTLASS_DEVICE\nyes\n#else\nno\n#endif"));
    assertEquals("x", out("#define CUTE_HOST_DEVICE\nCUTE_HOST_DEVICE x"));
    // DeepSpeed's evoformer (CUTLASS-based) before its main loops
    assertEquals("for", out("CUTLASS_GEMM_LOOP for"));
    assertEquals("__grid_constant__ const P p", out("CUTE_GRID_CONSTANT const P p"));
    // a pragma in a macro's body, as NVIDIA Warp writes its unroll macro for nvcc
    assertEquals("for", out("#define WP_PRAGMA_UNROLL #pragma unroll\nWP_PRAGMA_UNROLL\nfor"));
    assertEquals("\"%\" \"lu\"", out("\"%\" PRIu64"));
    assertEquals("typedef struct __align__ ( 16 ) { } P ;", out("typedef struct __CUDA_ALIGN__(16) {} P;"));
    // PyTorch's: an if-statement, so a use without ';' parses (StyleGAN's filtered_lrelu in mmcv)
    assertEquals("if ( ! ( x > 0 ) ) { } if ( ! ( p ) ) { } ;", out("TORCH_CHECK(x > 0, \"x\", n)\nTORCH_CHECK(p);"));
  }

  /** As nvcc 13 for sm_90: the arch-specific feature macros (sm_90a's) are not defined. */
  @Test
  void archFeatureTestsAreFalseForSm90() {
    assertEquals("no", out("#if __CUDA_ARCH_HAS_FEATURE__(SM90_ALL)\nyes\n#else\nno\n#endif"));
    assertEquals("900", out("__CUDA_ARCH_LIST__"));
  }

  @Test
  void expansionNeverAddsParentheses() {
    assertEquals("( x ) >> 4 + 1", out("#define OFF(n) (n) >> 4 + 1\nOFF(x)"));
  }

  @Test
  void conflictFreeOffsetExpandsTokenForToken() {
    String src = "#define NUM_BANKS 32\n#define LOG_NUM_BANKS 5\n"
        + "#define CONFLICT_FREE_OFFSET(n) ((n) >> NUM_BANKS + (n) >> (2*LOG_NUM_BANKS))\n"
        + "s[ai + CONFLICT_FREE_OFFSET(ai)] = 0;";
    assertEquals("s [ ai + ( ( ai ) >> 32 + ( ai ) >> ( 2 * 5 ) ) ] = 0 ;", out(src));
  }

  @Test
  void objectAndFunctionLikeMacros() {
    assertEquals("1 + 2", out("#define A 1\n#define B A + 2\nB"));
    assertEquals("f ; f", out("#define f(x) x\nf ; f"), "a function-like name without ( is not expanded");
    assertEquals("( ( 1 ) * ( 1 ) )", out("#define SQ(x) ((x)*(x))\n#define ONE 1\nSQ(ONE)"));
    assertEquals("g ( 2 ) + 1", out("#define f(a) g(a) + 1\n#define h(x) f(x)\nh(2)"));
    assertEquals("[ ] [ , ]", out("#define E(x) [x]\n#define P(a,b) [a,b]\nE() P(,)"));
    assertEquals("( ( a , ( b ) ) )", out("#define F(x) (x)\nF((a, (b)))"));
    assertEquals("1 + 2", out("#define ADD(a,\\\n b) a + b\nADD(\n1,\n2\n)"));
  }

  @Test
  void selfReferenceAndRecursionStop() {
    assertEquals("x + 1", out("#define x x + 1\nx"));
    assertEquals("1 f ( 2 )", out("#define f(x) x f\nf(1)(2)"), "f in its own expansion stays blue");
    assertEquals("b a", out("#define a b a\n#define b a\nb"));
    // C11 6.10.3.5 example 3 (excerpt)
    String c11 = "#define x 3\n#define f(a) f(x * (a))\n#undef x\n#define x 2\n#define g f\n#define z z[0]\n"
        + "#define h g(~\n#define m(a) a(w)\n#define w 0,1\n#define t(a) a\n"
        + "f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);\ng(x+(3,4)-w) | h 5) & m\n(f)^m(m);";
    assertEquals("f ( 2 * ( y + 1 ) ) + f ( 2 * ( f ( 2 * ( z [ 0 ] ) ) ) ) % f ( 2 * ( 0 ) ) + t ( 1 ) ; "
        + "f ( 2 * ( 2 + ( 3 , 4 ) - 0 , 1 ) ) | f ( 2 * ( ~ 5 ) ) & f ( 2 * ( 0 , 1 ) ) ^ m ( 0 , 1 ) ;", out(c11));
  }

  @Test
  void stringizeAndPaste() {
    assertEquals("\"a + b\"", out("#define S(x) #x\nS(  a   +\n b  )"));
    assertEquals("\"\\\"q\\\\n\\\" 'c'\"", out("#define S(x) #x\nS(\"q\\n\" 'c')"));
    assertEquals("xy 12 x", out("#define CAT(a,b) a##b\nCAT(x,y) CAT(1,2) CAT(x,)"));
    assertEquals("abc", out("#define C3(a,b,c) a ## b ## c\nC3(a,b,c)"));
    assertEquals("\"CAT(1,2)\" 12", out("#define CAT(a,b) a##b\n#define S(x) #x\n#define XS(x) S(x)\nS(CAT(1,2)) CAT(1,2)"));
    assertEquals("+=", out("#define P(a,b) a##b\nP(+,=)"));
    PreprocessResult bad = run("#define P(a,b) a##b\nP(+,-)");
    assertEquals(List.of("pasting \"+\" and \"-\" does not give a valid preprocessing token"), messages(bad));
    assertEquals("+ -", join(bad.tokens()));
  }

  @Test
  void variadicMacros() {
    assertEquals("printf ( \"%d\" , 1 , 2 )", out("#define P(fmt, ...) printf(fmt, __VA_ARGS__)\nP(\"%d\", 1, 2)"));
    assertEquals("f ( 1 ) f ( 1 , 2 )", out("#define L(a, ...) f(a, ## __VA_ARGS__)\nL(1) L(1, 2)"));
    assertEquals("\"a, b\"", out("#define S(...) #__VA_ARGS__\nS(a, b)"));
    assertEquals("g ( x , y )", out("#define G(args...) g(args)\nG(x, y)"));
  }

  @Test
  void conditionalsWithDefinedAndArithmetic() {
    String src = "#define N 4\n#if defined(N) && N * 2 == 8 && !defined M\nyes\n#else\nno\n#endif\n"
        + "#ifdef N\na\n#endif\n#ifndef N\nb\n#endif\n"
        + "#if (1 ? 2 : (1/0)) == 2 && -1 < 0 && -1 > 0u && 0x10 == 16 && 010 == 8 && 'A' == 65\nok\n#endif\n"
        + "#if true && !false && UNKNOWN == 0 && (1 << 62) > 0 && 7 / 2 == 3 && -7 % 3 == -1\nok2\n#endif";
    assertEquals("yes a ok ok2", out(src));
  }

  @Test
  void elifChainsAndNesting() {
    String chain = "#if V == 1\none\n#elif V == 2\ntwo\n#elifdef W\nw\n#else\nother\n#endif";
    assertEquals("one", out("#define V 1\n" + chain));
    assertEquals("two", out("#define V 2\n" + chain));
    assertEquals("w", out("#define W\n" + chain));
    assertEquals("other", out(chain));
    assertEquals("c", out("#if 0\n#if 1\na\n#else\nb\n#endif\n#elif 1\nc\n#else\nd\n#endif"));
  }

  @Test
  void divisionByZeroIsAnErrorNotACrash() {
    PreprocessResult r = run("#if 1 / 0\nx\n#endif\ny");
    assertEquals("y", join(r.tokens()));
    assertEquals(List.of(new SourceError(new Pos("m.cu", 1, 7), "division by zero in #if")), r.errors());
  }

  @Test
  void deeplyNestedParenthesesInIfGiveAnError() {
    String src = "#if " + "(".repeat(100_000) + "1" + ")".repeat(100_000) + "\nx\n#endif\ny";
    PreprocessResult r = run(src);
    assertEquals("y", join(r.tokens()));
    assertEquals(List.of("#if expression nested too deeply"), messages(r));
  }

  @Test
  void unbalancedConditionalsAreReportedAtTheDirective() {
    PreprocessResult r = run("a\n  #if 1\nb\n#endif\n#endif\n#ifdef X\nc");
    assertEquals("a b", join(r.tokens()));
    assertEquals(List.of(new SourceError(new Pos("m.cu", 5, 1), "#endif without #if"),
        new SourceError(new Pos("m.cu", 6, 1), "unterminated #ifdef")), r.errors());
  }

  @Test
  void skippedGroupsIgnoreGarbageAndUnknownDirectives() {
    assertEquals("z", out("#if 0\n#bogus\nit's \"open\n#error no\n#endif\n#pragma unroll\n#\n#line 3\nz"));
    assertEquals(List.of("unknown directive '#bogus'"), messages(run("#bogus x\n")));
  }

  @Test
  void predefinedMacrosAndCommandLineDefines() {
    assertEquals("1 1 900 201703L", out("__CUDACC__ __NVCC__ __CUDA_ARCH__ __cplusplus"));
    // nvcc 13.0's version, and the runtime's, which every .cu file sees
    assertEquals("13 0 13 13000", out("__CUDACC_VER_MAJOR__ __CUDACC_VER_MINOR__ __CUDA_API_VER_MAJOR__ CUDART_VERSION"));
    // the driver API's version, where cuda.h (not read) is included, as nvcc has it; -D wins
    assertEquals("CUDA_VERSION 13000 13000", out("CUDA_VERSION\n#include <cuda.h>\nCUDA_VERSION\n#include <cuda.h>\n"
        + "CUDA_VERSION"));
    assertEquals("12040", join(new Preprocessor(List.of(), Map.of("CUDA_VERSION", "12040"))
        .process(null, "m.cu", "#include <cudaTypedefs.h>\nCUDA_VERSION").tokens()));
    Preprocessor pp = new Preprocessor(List.of(), Map.of("__CUDA_ARCH__", "700", "DEBUG", "", "SQ(x)", "x*x"));
    PreprocessResult r = pp.process(null, "m.cu", "__CUDA_ARCH__ DEBUG SQ(3)");
    assertEquals("700 1 3 * 3", join(r.tokens()));
  }

  @Test
  void lineFileAndPragmaOperator() {
    assertEquals("2 \"m.cu\" x", out("\n__LINE__ __FILE__ _Pragma(\"unroll\") x"));
    assertEquals("for", out("#define UNROLL _Pragma(\"unroll 4\")\nUNROLL for"));
  }

  @Test
  void expandedTokensPointToTheInvocation() {
    PreprocessResult r = run("#define TWICE(x) x + x\n\n  y = TWICE(a);");
    List<Token> t = r.tokens();
    assertEquals("y = a + a ;", join(t));
    assertEquals(new Pos("m.cu", 3, 7), t.get(3).pos(), "body token '+' at the macro name");
    assertEquals(new Pos("m.cu", 3, 13), t.get(2).pos(), "argument token keeps where the user wrote it");
    assertEquals(new Pos("m.cu", 3, 15), t.get(5).pos());
    Token nested = run("#define A B\n#define B c\nint A;").tokens().get(1);
    assertEquals(new Pos("m.cu", 3, 5), nested.pos());
  }

  @Test
  void positionsAfterCommentsAndSplicesInPreprocessedOutput() {
    List<Token> t = run("/* a\n b */ x\ny \\\n z").tokens();
    assertEquals(new Pos("m.cu", 2, 7), t.get(0).pos());
    assertEquals(new Pos("m.cu", 4, 2), t.get(2).pos());
  }

  @Test
  void headerCacheGivesTheSameResultForEditedCopies(@TempDir Path other) throws IOException {
    Files.writeString(dir.resolve("local.h"), "#pragma once\n#define N 32\nlocal /* unterminated\n");
    Files.writeString(other.resolve("lib.h"), "#ifndef LIB_H\n#define LIB_H\nlib N\n#endif\n");
    Path main = dir.resolve("main.cu");
    Preprocessor pp = new Preprocessor(List.of(other), Map.of());
    Preprocessor.HeaderCache headers = new Preprocessor.HeaderCache();
    for (String src : List.of("#include \"local.h\"\n#include \"lib.h\"\nx[N];\n#include \"lib.h\"\n",
        "#include \"local.h\"\n#include \"lib.h\"\nx[N + 1];\n#include \"lib.h\"\n",
        "#define LIB_H\n#include \"lib.h\"\n#include \"local.h\"\nx[N];\n")) {
      PreprocessResult fresh = pp.process(main, "main.cu", src);
      PreprocessResult cached = pp.process(main, "main.cu", src, headers);
      assertEquals(fresh, cached, src);
    }
  }

  @Test
  void includesRelativeAndViaIncludeDirs(@TempDir Path other) throws IOException {
    Files.createDirectories(dir.resolve("sub"));
    Files.writeString(dir.resolve("sub/local.h"), "#pragma once\nlocal\n");
    Files.writeString(other.resolve("lib.h"), "#ifndef LIB_H\n#define LIB_H\nlib\n#endif\n");
    Files.writeString(other.resolve("sys.h"), "sys\n");
    Path main = dir.resolve("main.cu");
    String src = "#include \"sub/local.h\"\n#include \"sub/local.h\"\n#include \"lib.h\"\n#include \"lib.h\"\n"
        + "#include <sys.h>\n#include <cuda_runtime.h>\n#define HDR \"lib.h\"\n#include HDR\nend";
    PreprocessResult r = new Preprocessor(List.of(other), Map.of()).process(main, "src/main.cu", src);
    assertEquals(List.of(), r.errors());
    assertEquals("local lib sys end", join(r.tokens()));
    assertEquals(new Pos("src/sub/local.h", 2, 1), r.tokens().get(0).pos());
    assertTrue(r.includedFiles().contains("src/sub/local.h"));
    assertTrue(r.includedFiles().contains(other.resolve("lib.h").toString()));
  }

  @Test
  void aHeaderKeepsTheLeadingDotOfItsIncluderSoThatItHasTheNameItHasAsAnInput() throws IOException {
    Files.createDirectories(dir.resolve("x/a"));
    Files.createDirectories(dir.resolve("x/lib"));
    Files.writeString(dir.resolve("x/lib/k.h"), "k\n");
    Files.writeString(dir.resolve("up.h"), "up\n");
    Path main = Files.writeString(dir.resolve("x/a/main.cu"), "");
    String src = "#include \"../lib/k.h\"\n#include \"../../up.h\"\n";
    PreprocessResult r = new Preprocessor(List.of(), Map.of()).process(main, "./a/main.cu", src);
    assertEquals("k up", join(r.tokens()));
    assertEquals(List.of("./lib/k.h", "../up.h"), List.copyOf(r.includedFiles()));
    assertEquals("k\n", r.headerTexts().get("./lib/k.h"));
  }

  @Test
  void missingAndRecursiveIncludes() throws IOException {
    Path main = dir.resolve("main.cu");
    PreprocessResult missing = new Preprocessor(List.of(), Map.of()).process(main, "main.cu", "x\n  #include \"nope.h\"\ny");
    assertEquals(List.of(new SourceError(new Pos("main.cu", 2, 3), "cannot find include file 'nope.h'")), missing.errors());
    assertEquals("x y", join(missing.tokens()));

    Files.writeString(dir.resolve("self.h"), "s\n#include \"self.h\"\n");
    PreprocessResult loop = new Preprocessor(List.of(), Map.of()).process(main, "main.cu", "#include \"self.h\"\n");
    assertEquals(List.of("#include nested too deeply (limit 64)"), messages(loop));
    assertEquals(64, loop.tokens().size()); // main file + 64 nested includes
  }

  @Test
  void expansionBudgetStopsExponentialMacros() {
    StringBuilder src = new StringBuilder("#define A0 x x\n");
    for (int i = 1; i <= 30; i++) src.append("#define A").append(i).append(" A").append(i - 1).append(" A").append(i - 1).append('\n');
    src.append("a A30 b\nc\n");
    PreprocessResult r = run(src.toString());
    assertEquals(List.of("macro expansion exceeds 5000000 tokens; this use of the macro is left out"), messages(r));
    assertEquals("a b c", join(r.tokens())); // the rest of the file is still there
  }

  @Test
  void theFileBudgetStopsManyLargeExpansions() {
    StringBuilder src = new StringBuilder("#define A0 x x\n");
    for (int i = 1; i <= 30; i++) src.append("#define A").append(i).append(" A").append(i - 1).append(" A").append(i - 1).append('\n');
    src.append("A30\n".repeat(6)).append("z\n");
    PreprocessResult r = run(src.toString());
    assertEquals(List.of("macro expansion exceeds 5000000 tokens; this use of the macro is left out",
        "macro expansion exceeds 5000000 tokens; this use of the macro is left out",
        "macro expansion exceeds 5000000 tokens; this use of the macro is left out",
        "macro expansion in this file exceeds 20000000 tokens; the rest of the file is not preprocessed"), messages(r));
    assertEquals("", join(r.tokens()));
  }

  @Test
  void deeplyNestedInvocationsAreBoundedNotOverflowed() {
    PreprocessResult r = run("#define F(x) x\n" + "F(".repeat(100_000) + "1" + ")".repeat(100_000));
    assertEquals(1, r.errors().size());
    PreprocessResult shallow = run("#define F(x) [x]\n" + "F(".repeat(50) + "1" + ")".repeat(50));
    assertEquals("[".repeat(50) + "1" + "]".repeat(50), join(shallow.tokens()).replace(" ", ""));
  }

  @Test
  void malformedInvocationsAreReported() {
    PreprocessResult r = run("#define F(a,b) a b\nF(1)\nF(1,2,3)\nF(1,");
    assertEquals(List.of("macro 'F' passed 1 arguments, but takes 2", "macro 'F' passed 3 arguments, but takes 2",
        "unterminated argument list invoking macro 'F'"), messages(r));
    assertEquals(new Pos("m.cu", 4, 1), r.errors().get(2).pos());
  }

  @Test
  void randomInputNeverThrows() {
    Random random = new Random(7);
    String[] pieces = {"#define ", "#if ", "#elif ", "#endif\n", "#else\n", "#include ", "#undef ", "F", "G", "(", ")",
        ",", "##", "#", "x", "1", "/", "0", "\n", " ", "\"", "'", "\\\n", "/*", "*/", "...", "__VA_ARGS__", "defined",
        "<", ">", "?", ":", "\0", "_Pragma", "-", "F(x) x F", "G(a,b) a##b #a", "\uFEFF"};
    Preprocessor pp = new Preprocessor(List.of(), Map.of());
    for (int round = 0; round < 3000; round++) {
      StringBuilder sb = new StringBuilder();
      int n = random.nextInt(60);
      for (int i = 0; i < n; i++) {
        sb.append(random.nextInt(8) == 0 ? String.valueOf((char) random.nextInt(0x10000)) : pieces[random.nextInt(pieces.length)]);
      }
      PreprocessResult r = pp.process(null, "r.cu", sb.toString());
      for (SourceError e : r.errors()) assertTrue(e.pos().line() >= 1, e::toString);
    }
  }

  /** Thirty guardless headers that each include the next twice: 2^30 inclusions, which ran past every bound. */
  @Test
  void anIncludeBombIsCutAndTheRestOfTheFileIsKept() throws IOException {
    for (int i = 0; i < 30; i++) {
      Files.writeString(dir.resolve("h" + i + ".h"), "#include \"h" + (i + 1) + ".h\"\n#include \"h" + (i + 1) + ".h\"\n");
    }
    Files.writeString(dir.resolve("h30.h"), "int leaf;\n");
    Path main = Files.writeString(dir.resolve("m.cu"), "#include \"h0.h\"\nint after;\n");
    PreprocessResult r = new Preprocessor(List.of(), Map.of()).process(main, "m.cu", Files.readString(main));
    assertEquals(List.of("this file's #includes read more than 100000 files or 20000000 tokens (each inclusion"
        + " counts); this and its later #include directives are skipped"), messages(r));
    String text = join(r.tokens());
    assertTrue(text.endsWith("int leaf ; int after ;"), text.substring(Math.max(0, text.length() - 80)));
    long leaves = r.tokens().stream().filter(t -> t.text().equals("leaf")).count();
    assertTrue(leaves > PreprocessRun.MAX_INCLUSIONS / 3 && leaves < PreprocessRun.MAX_INCLUSIONS, "inclusions up to the"
        + " bound (about half of them of the leaf), then none: " + leaves);
  }

  /** The file's time bound stops preprocessing too: a huge expansion or include chain cannot hold the run. */
  @Test
  void theTimeBoundStopsPreprocessing() {
    String src = "int x;\n".repeat(100_000);
    PreprocessResult r = new Preprocessor(List.of(), Map.of()).process(null, "m.cu", src,
        new Preprocessor.HeaderCache(), () -> true);
    assertTrue(r.tokens().size() < 300_000, "stopped at the first check: " + r.tokens().size());
    assertEquals(List.of(), r.errors(), "the caller reports the stop, with the time it took");
  }
}
