package dev.bankcheck.bench;

import dev.bankcheck.parse.CudaParserFacade;
import dev.bankcheck.source.Lexer;
import dev.bankcheck.source.Preprocessor;
import dev.bankcheck.source.Token;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * The benchmark's floors (README, "Benchmark"): reads the same files as bankcheck, the same way, and only
 * lexes them ({@code lex}), lexes and preprocesses them ({@code pp}), or also parses them into the IR
 * ({@code parse}), on the same number of threads. No analysis can take less time than {@code lex}, and
 * none built on this parser less than {@code parse}.
 *
 * <pre>java -cp target/bankcheck.jar dev.bankcheck.bench.LexOnly lex|pp|parse [-j N] PATH...</pre>
 *
 * Prints one line: {@code mode files lines tokens millis} (millis: in-process, after JVM start).
 */
public final class LexOnly {
  private LexOnly() {}

  public static void main(String[] args) throws Exception {
    String mode = args.length < 2 ? "" : args[0];
    if (!List.of("lex", "pp", "parse").contains(mode)) {
      System.err.println("usage: LexOnly lex|pp|parse [-j N] PATH...");
      System.exit(2);
    }
    int jobs = Runtime.getRuntime().availableProcessors();
    List<Path> files = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      if (args[i].equals("-j")) {
        jobs = Integer.parseInt(args[++i]);
      } else {
        collect(Path.of(args[i]), files);
      }
    }
    long start = System.nanoTime();
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, jobs));
    List<Future<long[]>> results = new ArrayList<>();
    for (Path file : files) {
      results.add(pool.submit(() -> one(file, mode)));
    }
    long lines = 0;
    long tokens = 0;
    for (Future<long[]> f : results) {
      long[] r = f.get();
      lines += r[0];
      tokens += r[1];
    }
    pool.shutdown();
    long millis = (System.nanoTime() - start) / 1_000_000;
    System.out.println(args[0] + " " + files.size() + " " + lines + " " + tokens + " " + millis);
  }

  private static long[] one(Path file, String mode) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
        .onUnmappableCharacter(CodingErrorAction.REPLACE).decode(ByteBuffer.wrap(bytes)).toString();
    long lines = 1;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') lines++;
    }
    if (text.endsWith("\n")) lines--;
    String display = file.toString();
    if (mode.equals("lex")) return new long[] {lines, Lexer.tokenize(display, text).size()};
    List<Token> tokens = new Preprocessor(List.of(), Map.of()).process(file, display, text).tokens();
    // the parser's item cache, as bankcheck's run has it: header items parsed once for all files
    if (mode.equals("parse")) CudaParserFacade.parse(tokens, () -> false, new CudaParserFacade.ItemCache(display));
    return new long[] {lines, tokens.size()};
  }

  /** The files bankcheck analyzes for PATH: itself, or the *.cu and *.cuh files below it in sorted order. */
  private static void collect(Path path, List<Path> out) throws IOException {
    if (!Files.isDirectory(path)) {
      out.add(path);
      return;
    }
    try (Stream<Path> walk = Files.walk(path)) {
      walk.filter(Files::isRegularFile).filter(p -> {
        String n = p.getFileName().toString();
        return n.endsWith(".cu") || n.endsWith(".cuh");
      }).sorted().forEach(out::add);
    }
  }
}
