package dev.bankcheck.bench;

import dev.bankcheck.source.Lexer;
import dev.bankcheck.source.Preprocessor;
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
 * The benchmark's floor (bench/README.md): reads the same files as bankcheck, the same way, and only
 * lexes them ({@code lex}) or lexes and preprocesses them ({@code pp}), on the same number of threads.
 * Nothing an analyzer does can take less time than this.
 *
 * <pre>java -cp target/bankcheck.jar dev.bankcheck.bench.LexOnly lex|pp [-j N] PATH...</pre>
 *
 * Prints one line: {@code mode files lines tokens millis} (millis: in-process, after JVM start).
 */
public final class LexOnly {
  private LexOnly() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 2 || !(args[0].equals("lex") || args[0].equals("pp"))) {
      System.err.println("usage: LexOnly lex|pp [-j N] PATH...");
      System.exit(2);
    }
    boolean pp = args[0].equals("pp");
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
      results.add(pool.submit(() -> one(file, pp)));
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

  private static long[] one(Path file, boolean pp) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
        .onUnmappableCharacter(CodingErrorAction.REPLACE).decode(ByteBuffer.wrap(bytes)).toString();
    long lines = 1;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') lines++;
    }
    if (text.endsWith("\n")) lines--;
    String display = file.toString();
    int tokens = pp ? new Preprocessor(List.of(), Map.of()).process(file, display, text).tokens().size()
        : Lexer.tokenize(display, text).size();
    return new long[] {lines, tokens};
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
