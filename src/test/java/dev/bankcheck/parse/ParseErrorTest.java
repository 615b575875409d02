package dev.bankcheck.parse;

import static dev.bankcheck.parse.ParserTest.functions;
import static dev.bankcheck.parse.ParserTest.messages;
import static dev.bankcheck.parse.ParserTest.parse;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bankcheck.ir.Function;
import dev.bankcheck.source.PreprocessResult;
import dev.bankcheck.source.Preprocessor;
import dev.bankcheck.source.SourceError;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** What the facade does with input that does not parse: one error per bad item, never an exception. */
class ParseErrorTest {

  @Test
  void syntaxErrorInOneFunctionIsReportedOnceAtItsOriginalPositionAndTheNextFunctionSurvives() {
    CudaParserFacade.Result r = parse("""
        __global__ void bad(float* p) {
          p[0] = = 1;
        }
        __global__ void good(float* p) { p[0] = 1; }
        """);
    assertEquals(1, r.errors().size(), messages(r.errors()).toString());
    SourceError e = r.errors().get(0);
    assertEquals("t.cu:2:10", e.pos().toString());
    assertTrue(e.message().startsWith("syntax error"), e.message());
    assertEquals(List.of("good"), functions(r.unit()).stream().map(Function::name).toList());
    assertEquals(1, r.skipped().size());
    assertEquals("__global__", r.skipped().get(0).tokens().get(0).text());
  }

  /**
   * Statements among a call's arguments (apex's DISPATCH_HALF_AND_BFLOAT(t, "f", run<T>(x););) mean a macro that was
   * not read; a for header, and a lambda's body among the arguments, hold ';' in C++ too and are not blamed.
   */
  @Test
  void statementsInACallsArgumentsNameTheMacroThatWasNotRead() {
    String error = messages(parse("void host(int t) { DISPATCH(t, \"f\", run(1);); }").errors()).get(0);
    assertTrue(error.contains("in the arguments of 'DISPATCH(...)', which hold statements"), error);
    for (String fine : List.of("void h() { for (int i = 0; i < ; i++) {} }", "void h() { g([&] { x; }, ); }")) {
      List<String> errors = messages(parse(fine).errors());
      assertEquals(1, errors.size(), fine);
      assertFalse(errors.get(0).contains("arguments of"), errors.get(0));
    }
  }

  /** A word alone before a statement (tiny-cuda-nn's TCNN_PRAGMA_UNROLL for (...)) is a macro that was not read. */
  @Test
  void aWordAloneBeforeAStatementNamesTheMacroThatWasNotRead() {
    String error = messages(parse("__device__ void f(int* p) {\n  p[0] = 1;\n  UNROLL\n  for (;;) {}\n}").errors())
        .get(0);
    assertTrue(error.contains("at 'for' after 'UNROLL', alone before a statement: it is no macro"), error);
    String other = messages(parse("__device__ void f(int* p) { p[0] = 1 for (;;) {} }").errors()).get(0);
    assertFalse(other.contains("alone before a statement"), other);
  }

  @Test
  void errorPositionsPointIntoTheOriginalFileThroughMacros() {
    CudaParserFacade.Result r = parse("#define IDX(i) (i) +\n__global__ void k(float* p) {\n  p[IDX(1)] = 0;\n}\n");
    assertEquals(1, r.errors().size(), messages(r.errors()).toString());
    assertEquals(3, r.errors().get(0).pos().line());
  }

  @Test
  void tenThousandNestedParenthesesAreRejectedWithAClearErrorNotAStackOverflow() {
    String deep = "(".repeat(10_000) + "1" + ")".repeat(10_000);
    CudaParserFacade.Result r = assertDoesNotThrow(() -> parse(
        "__device__ int x = " + deep + ";\n__global__ void k(int* p) { p[0] = " + deep + "; }\n"
            + "__global__ void ok(int* p) { p[0] = 1; }"));
    assertEquals(2, r.errors().size(), messages(r.errors()).toString());
    for (SourceError e : r.errors()) {
      assertTrue(e.message().contains("nesting") && e.message().contains("deeper than 256"), e.message());
    }
    assertEquals("t.cu:1:1", r.errors().get(0).pos().toString());
    assertEquals("t.cu:2:1", r.errors().get(1).pos().toString());
    assertEquals(List.of("ok"), functions(r.unit()).stream().map(Function::name).toList());
  }

  @Test
  void nestingUpToTheLimitStillParses() {
    String deep = "(".repeat(200) + "1" + ")".repeat(200);
    CudaParserFacade.Result r = parse("__global__ void k(int* p) { p[0] = " + deep + "; }");
    assertEquals(List.of(), r.errors());
  }

  @Test
  void deepRecursionWithoutBracketsNeverThrows() {
    String unary = "- ".repeat(20_000) + "1";
    String chain = "a + ".repeat(9_000) + "a";
    String elseIf = "if (a) a = 1; else ".repeat(5_000) + "a = 0;";
    CudaParserFacade.Result r = assertDoesNotThrow(() -> parse("__device__ int a;\n"
        + "__device__ void u() { a = " + unary + "; }\n"
        + "__device__ void c() { a = " + chain + "; }\n"
        + "__device__ void e() { " + elseIf + " }\n"
        + "__device__ void last() { a = 2; }\n"));
    List<String> names = functions(r.unit()).stream().map(Function::name).toList();
    assertTrue(names.contains("c"), "a long left-associative chain parses: " + messages(r.errors()));
    assertTrue(names.contains("last"), names.toString());
    for (SourceError e : r.errors()) assertFalse(e.message().isBlank());
  }

  /** Every pass over the IR recurses into it: deeper code is an error, not a stack overflow later. */
  @Test
  void aChainLongerThanTheDepthBoundIsSkippedWithAnError() {
    CudaParserFacade.Result r = parse("__device__ int a;\n__device__ void c() { a = " + "a + ".repeat(50_000) + "a; }\n"
        + "__device__ void last() { a = 2; }\n");
    assertEquals(List.of("last"), functions(r.unit()).stream().map(Function::name).toList());
    assertEquals(List.of("t.cu:2:27: code nested more than 10000 levels deep (each operator of a chain such as a + b + c is a"
        + " level); item skipped"), messages(r.errors()));
  }

  @Test
  void missingClosingBraceAtEndOfFileIsAnError() {
    CudaParserFacade.Result r = parse("__global__ void ok(int* p) { p[0] = 1; }\n__global__ void k(int* p) {\n  p[0] = 1;\n");
    assertFalse(r.errors().isEmpty());
    assertEquals("t.cu:2:1", r.errors().get(0).pos().toString());
    assertTrue(r.errors().get(0).message().contains("end of file"), r.errors().get(0).message());
    assertEquals(List.of("ok"), functions(r.unit()).stream().map(Function::name).toList());
  }

  @Test
  void randomTokenSoupNeverThrows() {
    String[] vocab = {"(", ")", "[", "]", "{", "}", ";", ",", "<", ">", "<<<", ">>>", "<<", ">>", "=", "==", "+",
        "-", "*", "&", "&&", "||", "?", ":", "::", ".", "->", "++", "!", "~", "sizeof", "int", "float", "float4",
        "unsigned", "struct", "union", "enum", "typedef", "template", "typename", "__shared__", "__global__",
        "extern", "\"C\"", "namespace", "static_cast", "return", "if", "else", "for", "while", "do", "switch",
        "case", "default", "asm", "x", "y", "T", "k", "0", "1", "0x10", "1.5f", "'a'", "__align__", "alignas",
        "__launch_bounds__", "using", "class", "public", "operator", "...", "const", "void", "[[", "]]"};
    Random rnd = new Random(20240611L);
    for (int iter = 0; iter < 2_000; iter++) {
      StringBuilder sb = new StringBuilder();
      int n = 1 + rnd.nextInt(60);
      for (int i = 0; i < n; i++) sb.append(vocab[rnd.nextInt(vocab.length)]).append(i % 9 == 8 ? '\n' : ' ');
      String src = sb.toString();
      PreprocessResult pp = new Preprocessor(List.of(), Map.of()).process(null, "soup.cu", src);
      CudaParserFacade.Result r = assertDoesNotThrow(() -> CudaParserFacade.parse(pp.tokens()), src);
      for (SourceError e : r.errors()) {
        assertEquals("soup.cu", e.pos().file(), src);
        assertTrue(e.pos().line() >= 1, src);
      }
    }
  }

  @Test
  void inputThatSllRejectsButLlAcceptsStillParses() {
    String src = ParserTest.SLL_FAILS_LL_PARSES;
    PreprocessResult pp = new Preprocessor(List.of(), Map.of()).process(null, "t.cu", src);
    assertFalse(CudaParserFacade.sllAccepts(pp.tokens()), "this input must need the LL retry");
    CudaParserFacade.Result r = CudaParserFacade.parse(pp.tokens());
    assertEquals(List.of(), r.errors());
    assertEquals(1, r.unit().items().size());
  }
}
