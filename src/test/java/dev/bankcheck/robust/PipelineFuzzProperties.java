package dev.bankcheck.robust;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonObject;
import dev.bankcheck.source.Lexer;
import dev.bankcheck.source.Token;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Hostile input through the whole pipeline (read, preprocess, parse, interpret, report in text, JSON and SARIF):
 * random bytes, random streams of CUDA tokens, and the samples with tokens deleted, duplicated and swapped. Every
 * run must end with exit code 0 (--exit-zero), no internal error in any file's report, JSON and SARIF that parse
 * strictly and well-formed text lines. A hang would hold the build; the per-file work budget prevents it.
 */
class PipelineFuzzProperties {
  private static Path dir;
  private static List<List<Token>> samples;

  @BeforeContainer
  static void setUp() throws IOException {
    dir = Files.createTempDirectory("bankcheck-fuzz");
    samples = new ArrayList<>();
    try (Stream<Path> files = Files.walk(Path.of("samples-cu"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".cu")).sorted().toList()) {
        samples.add(Lexer.lex(f.toString(), Files.readString(f)));
      }
    }
  }

  @AfterContainer
  static void tearDown() throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
    }
  }

  // Fixed seeds: CI runs the same inputs every time, so a red build always means a change broke
  // something. To explore new inputs, run with another seed locally (it found the crash that
  // AnalyzerTest.pointerVariableAssignedAnInteger now covers).
  @Property(tries = 400, seed = "20261129")
  void randomBytes(@ForAll("bytes") byte[] content) {
    check(content);
  }

  @Property(tries = 400, seed = "20261129")
  void randomTokenStreams(@ForAll("tokenStreams") String source) {
    check(source.getBytes(StandardCharsets.UTF_8));
  }

  @Property(tries = 600, seed = "20261129")
  void mutatedSamples(@ForAll("mutatedSamples") String source) {
    check(source.getBytes(StandardCharsets.UTF_8));
  }

  private static void check(byte[] content) {
    Path file = dir.resolve("fuzz.cu");
    try {
      Files.write(file, content);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    JsonObject report = Pipeline.checkAllFormats(file.toString());
    assertEquals(1, report.getAsJsonArray("files").size());
  }

  @Provide
  Arbitrary<byte[]> bytes() {
    Arbitrary<byte[]> any = Arbitraries.bytes().array(byte[].class).ofMaxSize(4000);
    // Mostly printable ASCII with some control, NUL and high bytes: closer to text, so the lexer gets further.
    Arbitrary<byte[]> texty = Arbitraries.frequencyOf(
            net.jqwik.api.Tuple.of(20, Arbitraries.bytes().between((byte) 32, (byte) 126)),
            net.jqwik.api.Tuple.of(3, Arbitraries.of((byte) '\n', (byte) '\r', (byte) '\t', (byte) '\\')),
            net.jqwik.api.Tuple.of(1, Arbitraries.bytes()))
        .array(byte[].class).ofMaxSize(4000);
    return Arbitraries.oneOf(any, texty);
  }

  private static final List<String> VOCABULARY = List.of(
      "__global__", "__device__", "__shared__", "extern", "template", "typename", "struct", "class", "union",
      "enum", "typedef", "using", "namespace", "static", "const", "constexpr", "volatile", "unsigned", "void",
      "int", "float", "double", "char", "short", "long", "float4", "int2", "dim3", "auto", "if", "else", "for",
      "while", "do", "switch", "case", "default", "break", "continue", "return", "goto", "sizeof", "alignof",
      "__syncthreads", "atomicAdd", "threadIdx", "blockIdx", "blockDim", "x", "y", "z", "s", "tile", "i", "k",
      "n", "T", "N", "0", "1", "2", "31", "32", "33", "1024", "0x1F", "1u", "2.5f", "'a'", "\"str\"", "(", ")",
      "[", "]", "{", "}", ";", ",", ".", "->", "::", "<", ">", "<<", ">>", "<<<", ">>>", "+", "-", "*", "/", "%",
      "&", "|", "^", "~", "!", "=", "+=", "-=", "*=", "<<=", "==", "!=", "<=", ">=", "&&", "||", "?", ":", "++",
      "--", "...", "#", "##", "\n#define ", "\n#if ", "\n#ifdef ", "\n#else\n", "\n#endif\n", "\n#include ",
      "\n#undef ", "\n", "\\\n", "/*", "*/", "//", "defined", "__VA_ARGS__", "__align__(16)", "alignas(8)");

  @Provide
  Arbitrary<String> tokenStreams() {
    return Arbitraries.of(VOCABULARY).list().ofMaxSize(400).map(t -> String.join(" ", t));
  }

  /** A mutation: 0 deletes token a, 1 duplicates it, 2 swaps tokens a and b (a, b taken modulo the length). */
  record Mutation(int kind, int a, int b) {}

  @Provide
  Arbitrary<String> mutatedSamples() {
    Arbitrary<Mutation> mutation = Combinators.combine(Arbitraries.integers().between(0, 2),
        Arbitraries.integers().between(0, 100_000), Arbitraries.integers().between(0, 100_000)).as(Mutation::new);
    return Combinators.combine(Arbitraries.integers().between(0, samples.size() - 1),
        mutation.list().ofMinSize(1).ofMaxSize(8)).as(PipelineFuzzProperties::mutate);
  }

  private static String mutate(int sample, List<Mutation> mutations) {
    List<Token> tokens = new ArrayList<>(samples.get(sample));
    for (Mutation m : mutations) {
      if (tokens.isEmpty()) break;
      int a = m.a() % tokens.size();
      int b = m.b() % tokens.size();
      switch (m.kind()) {
        case 0 -> tokens.remove(a);
        case 1 -> tokens.add(a, tokens.get(a));
        default -> {
          Token t = tokens.get(a);
          tokens.set(a, tokens.get(b));
          tokens.set(b, t);
        }
      }
    }
    // Tokens keep their lines: a line break where the (original) line changes, so directives stay directives.
    StringBuilder sb = new StringBuilder();
    int line = 1;
    for (Token t : tokens) {
      sb.append(t.pos().line() != line ? "\n" : " ").append(t.text());
      line = t.pos().line();
    }
    return sb.append('\n').toString();
  }
}
