package dev.bankcheck.cli;

import dev.bankcheck.check.AnalysisOptions;
import dev.bankcheck.check.Analyzer;
import dev.bankcheck.check.DefaultAnalyzer;
import dev.bankcheck.check.FileReport;
import dev.bankcheck.check.Finding;
import dev.bankcheck.report.HtmlReporter;
import dev.bankcheck.report.Report;
import dev.bankcheck.report.Reporter;
import dev.bankcheck.report.ReporterFactory;
import dev.bankcheck.source.Pos;
import dev.bankcheck.source.SourceError;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/** One run of bankcheck: arguments in, output on the given streams, exit code out. Never exits. */
public final class Runner {
  /** Deeply nested expressions recurse deeply; analysis threads get a generous stack. */
  private static final long ANALYSIS_STACK_BYTES = 64L * 1024 * 1024;

  private final Function<AnalysisOptions, Analyzer> analyzerFactory;

  public Runner() {
    this(DefaultAnalyzer::new);
  }

  /** For tests: analyze with something other than the {@link DefaultAnalyzer}. */
  Runner(Function<AnalysisOptions, Analyzer> analyzerFactory) {
    this.analyzerFactory = analyzerFactory;
  }

  /** The version from the jar manifest, "dev" when run from classes. */
  public static String version() {
    String v = Runner.class.getPackage() == null ? null : Runner.class.getPackage().getImplementationVersion();
    return v == null || v.isBlank() ? "dev" : v;
  }

  /** Runs with {@code args}; writes the report to {@code out}, messages to {@code err}; returns the exit code. */
  public int run(String[] args, PrintStream out, PrintStream err) {
    Cli.Config config;
    try {
      config = Cli.parse(args);
    } catch (UsageException e) {
      err.println("bankcheck: error: " + e.getMessage());
      err.println(Cli.SHORT_USAGE);
      return ExitCode.USAGE.code;
    }
    if (config.help()) {
      PrintWriter w = new PrintWriter(out, true, StandardCharsets.UTF_8);
      Cli.printHelp(w);
      return ExitCode.OK.code;
    }
    if (config.version()) {
      out.println("bankcheck " + version());
      return ExitCode.OK.code;
    }

    InputFiles.Result inputs = InputFiles.collect(config.paths());
    for (String message : inputs.errors()) {
      err.println("bankcheck: error: " + message);
    }
    boolean ioError = !inputs.errors().isEmpty();

    AnalysisOptions options =
        new AnalysisOptions(config.bank(), config.block(), config.defines(), config.includeDirs());
    List<FileReport> files = analyzeAll(inputs.inputs(), options, config.jobs());
    Report report = new Report(version(), config.bank(), files, assumptions(config));

    Reporter reporter = ReporterFactory.forName(config.format()).orElseThrow(); // Cli validated the name
    // Straight to stdout, not through a second copy of the whole report: a million-line code base's JSON
    // is hundreds of megabytes. A PrintStream does not throw; checkError() tells whether it failed.
    Writer stdout = new java.io.BufferedWriter(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
    try {
      reporter.write(report, stdout);
      stdout.flush();
    } catch (IOException e) {
      err.println("bankcheck: error: cannot write the report: " + describe(e));
      ioError = true;
    }
    out.flush();

    if (config.htmlFile() != null && !writeHtml(report, config.htmlFile(), err)) ioError = true;
    if (config.format().equals("text")) {
      Report.Summary s = report.summary();
      err.println("bankcheck: " + s.files() + " files, " + s.accesses() + " accesses, " + s.conflicts()
          + " conflicts, " + s.unknown() + " unknown");
    }
    return exitCode(report, config, ioError).code;
  }

  /** USAGE beats FINDINGS beats OK; --exit-zero turns FINDINGS into OK but never masks USAGE. */
  static ExitCode exitCode(Report report, Cli.Config config, boolean ioError) {
    if (ioError) return ExitCode.USAGE;
    boolean gate = false;
    for (FileReport file : report.files()) {
      if (file.status() != FileReport.Status.ANALYZED) gate = true; // a gate must not pass unread code
      for (Finding f : file.findings()) {
        if (!f.suppressed() && f.ways() != null && f.ways() >= config.failOn()) gate = true;
      }
    }
    if (!gate || config.exitZero()) return ExitCode.OK;
    return ExitCode.FINDINGS;
  }

  private static List<String> assumptions(Cli.Config config) {
    List<String> out = new ArrayList<>();
    if (config.block() != null) {
      int[] b = config.block();
      out.add("blockDim = (" + b[0] + "," + b[1] + "," + b[2] + ") from --block where the source gives none");
    } else {
      out.add("blockDim.x a multiple of 32 where the source gives no block shape");
    }
    config.defines().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
        .forEach(d -> out.add("-D " + d.getKey() + "=" + d.getValue()));
    return out;
  }

  /** Analyzes on a fixed pool of {@code jobs} threads; the result keeps the input order. */
  private List<FileReport> analyzeAll(List<InputFiles.Input> inputs, AnalysisOptions options, int jobs) {
    if (inputs.isEmpty()) return List.of();
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(jobs, inputs.size()), analysisThreads());
    try {
      List<Future<FileReport>> futures = new ArrayList<>();
      for (InputFiles.Input input : inputs) {
        futures.add(pool.submit(() -> analyzeOne(input, options)));
      }
      List<FileReport> reports = new ArrayList<>();
      for (int i = 0; i < futures.size(); i++) {
        reports.add(await(futures.get(i), inputs.get(i)));
      }
      return reports;
    } finally {
      pool.shutdownNow();
    }
  }

  /** The analyzer promises not to throw; if it does anyway, that file fails and the run goes on. */
  private FileReport analyzeOne(InputFiles.Input input, AnalysisOptions options) {
    try {
      FileReport report = analyzerFactory.apply(options).analyze(input.file(), input.displayPath());
      return report != null ? report : failed(input, "internal error: the analyzer returned no report");
    } catch (RuntimeException | StackOverflowError | AssertionError e) {
      return failed(input, "internal error: " + describe(e));
    }
  }

  private static FileReport await(Future<FileReport> future, InputFiles.Input input) {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return failed(input, "internal error: interrupted");
    } catch (ExecutionException e) {
      return failed(input, "internal error: " + describe(e.getCause()));
    }
  }

  private static FileReport failed(InputFiles.Input input, String message) {
    SourceError error = new SourceError(new Pos(input.displayPath(), 1, 1), message);
    return new FileReport(input.displayPath(), FileReport.Status.FAILED, List.of(error), List.of());
  }

  private static String describe(Throwable e) {
    String name = e.getClass().getSimpleName();
    return e.getMessage() == null ? name : name + ": " + e.getMessage();
  }

  private static ThreadFactory analysisThreads() {
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread t = new Thread(null, task, "bankcheck-analysis-" + count.incrementAndGet(), ANALYSIS_STACK_BYTES);
      t.setDaemon(true);
      return t;
    };
  }

  private static boolean writeHtml(Report report, Path file, PrintStream err) {
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) Files.createDirectories(parent);
      try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
        new HtmlReporter().write(report, w);
      }
      return true;
    } catch (IOException | RuntimeException e) {
      err.println("bankcheck: error: cannot write " + file + ": " + describe(e));
      return false;
    }
  }
}
