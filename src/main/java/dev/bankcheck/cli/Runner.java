package dev.bankcheck.cli;

import dev.bankcheck.check.AnalysisOptions;
import dev.bankcheck.check.Analyzer;
import dev.bankcheck.check.DefaultAnalyzer;
import dev.bankcheck.check.FileReport;
import dev.bankcheck.check.Finding;
import dev.bankcheck.report.Baseline;
import dev.bankcheck.report.HtmlReporter;
import dev.bankcheck.report.Report;
import dev.bankcheck.report.Reporter;
import dev.bankcheck.report.ReporterFactory;
import dev.bankcheck.report.RunContext;
import dev.bankcheck.report.SourceLines;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/** One run of bankcheck: arguments in, output on the given streams, exit code out. Never exits. */
public final class Runner {
  /** Deeply nested expressions recurse deeply; analysis threads get a generous stack. */
  private static final long ANALYSIS_STACK_BYTES = 64L * 1024 * 1024;

  private final Function<AnalysisOptions, Analyzer> analyzerFactory;
  private final BooleanSupplier stderrIsTerminal;

  public Runner() {
    this(DefaultAnalyzer::new);
  }

  /** For tests: analyze with something other than the {@link DefaultAnalyzer}. */
  Runner(Function<AnalysisOptions, Analyzer> analyzerFactory) {
    this(analyzerFactory, Progress::stderrIsTerminal);
  }

  /** For tests: also say whether stderr is a terminal (progress is shown on terminals only). */
  Runner(Function<AnalysisOptions, Analyzer> analyzerFactory, BooleanSupplier stderrIsTerminal) {
    this.analyzerFactory = analyzerFactory;
    this.stderrIsTerminal = stderrIsTerminal;
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

    ConfigFile.Settings settings = null;
    if (!config.gate().noConfig()) {
      Path file = config.gate().configFile() != null ? config.gate().configFile() : ConfigFile.find(config.paths());
      try {
        if (file != null) settings = ConfigFile.load(file);
      } catch (ConfigFile.ConfigException e) {
        err.println("bankcheck: error: " + e.getMessage());
        return ExitCode.USAGE.code;
      } catch (IOException | RuntimeException e) {
        err.println("bankcheck: error: cannot read configuration file " + file + ": " + describe(e));
        return ExitCode.USAGE.code;
      }
    }
    String blockOrigin = "from --block";
    if (settings != null) {
      config = merge(config, settings);
      if (!config.gate().given().contains("block") && settings.block() != null) {
        blockOrigin = "from block in " + settings.display();
      }
    }
    Baseline baseline = null;
    if (config.gate().baseline() != null) {
      try {
        baseline = Baseline.read(config.gate().baseline());
      } catch (IOException | RuntimeException e) {
        err.println("bankcheck: error: cannot read baseline " + config.gate().baseline() + ": " + describe(e));
        return ExitCode.USAGE.code;
      } catch (Baseline.FormatException e) {
        err.println("bankcheck: error: baseline " + config.gate().baseline() + ": " + e.getMessage());
        return ExitCode.USAGE.code;
      }
    }

    InputFiles.Result inputs = InputFiles.collect(config.paths());
    for (String message : inputs.errors()) {
      err.println("bankcheck: error: " + message);
    }
    boolean ioError = !inputs.errors().isEmpty();
    List<InputFiles.Input> selected = inputs.inputs();
    if (settings != null && !settings.excludes().isEmpty()) {
      ConfigFile.Settings s = settings;
      selected = selected.stream().filter(in -> !s.excludes(in.file())).toList();
    }

    AnalysisOptions options = new AnalysisOptions(config.bank(), config.block(), config.defines(),
        config.includeDirs(), blockOrigin, settings == null ? Map.of() : settings.kernelBlocks(),
        settings == null ? null : settings.display(), settings == null ? Map.of() : settings.kernelAssumptions());
    Progress progress = showProgress(config, selected.size()) ? new Progress(err, selected.size(),
        Progress.terminalWidth()) : null;
    List<FileReport> files;
    try {
      files = analyzeAll(selected, options, config.jobs(), progress, config.htmlFile() != null);
    } finally {
      if (progress != null) progress.clear();
    }
    if (config.fix()) {
      int jobs = config.jobs();
      boolean keepLanes = config.htmlFile() != null;
      FixApplier.Result fixed = FixApplier.apply(selected, files, err,
          changed -> analyzeAll(changed, options, jobs, null, keepLanes));
      files = fixed.reports();
      ioError |= fixed.ioError();
    }
    files = FileReport.withoutRepeatedHeaderFindings(files);
    Report report = new Report(version(), config.bank(), files, assumptions(config, blockOrigin));
    RunContext context = RunContext.of(report, RunContext.defaultRoot(), SourceLines.fromDisk(), baseline);

    Reporter reporter = ReporterFactory.forName(config.format(), context).orElseThrow(); // Cli validated the name
    // Straight to stdout, not through a second copy of the whole report: a million-line code base's JSON
    // is hundreds of megabytes. A PrintStream does not throw; checkError() tells whether it failed.
    Writer stdout = new java.io.BufferedWriter(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
    try {
      reporter.write(report, stdout);
      stdout.flush();
    } catch (IOException e) {
      err.println("bankcheck: error: cannot write the report: " + describe(e));
      ioError = true;
    } catch (OutOfMemoryError e) {
      err.println("bankcheck: error: cannot write the report: out of memory (a larger heap:"
          + " BANKCHECK_JAVA_OPTS=-Xmx2g)");
      ioError = true;
    }
    out.flush();
    if (out.checkError() && !ioError) { // a full disk, a closed pipe
      err.println("bankcheck: error: cannot write the report to standard output");
      ioError = true;
    }

    if (config.htmlFile() != null && !writeHtml(report, config.htmlFile(), err)) ioError = true;
    Baseline written = null;
    boolean baselineWritten = false;
    if (config.gate().writeBaseline() != null) {
      written = Baseline.of(report, context);
      try {
        written.write(config.gate().writeBaseline());
        baselineWritten = true;
      } catch (IOException | RuntimeException e) {
        err.println("bankcheck: error: cannot write " + config.gate().writeBaseline() + ": " + describe(e));
        ioError = true;
      } catch (OutOfMemoryError e) {
        err.println("bankcheck: error: cannot write " + config.gate().writeBaseline() + ": out of memory for "
            + written.entries().size() + " findings (a larger heap: BANKCHECK_JAVA_OPTS=-Xmx2g)");
        ioError = true;
      }
    }
    if (config.format().equals("text")) {
      Report.Summary s = report.summary();
      String line = "bankcheck: " + s.files() + " files, " + s.accesses() + " accesses, " + s.conflicts()
          + " conflicts, " + s.unknown() + " unknown";
      int suppressed = RunContext.suppressedCount(report);
      if (suppressed > 0) line += ", " + suppressed + " suppressed";
      if (baseline != null) line += ", " + context.baselinedCount() + " baselined";
      if (baselineWritten) line += "; " + written.entries().size() + " findings written to " + config.gate().writeBaseline();
      err.println(line);
    }
    RunContext gateContext = written == null ? context : context.withBaseline(written);
    return exitCode(report, config, ioError, gateContext).code;
  }

  /** The command line's settings where given, else the configuration file's, else the defaults. */
  static Cli.Config merge(Cli.Config config, ConfigFile.Settings settings) {
    java.util.Set<String> given = config.gate().given();
    int failOn = !given.contains("fail-on") && settings.failOn() != null ? settings.failOn() : config.failOn();
    int[] block = !given.contains("block") && settings.block() != null ? settings.block() : config.block();
    Map<String, String> defines = new LinkedHashMap<>(settings.defines());
    defines.putAll(config.defines()); // -D beats define.NAME
    List<Path> includes = new ArrayList<>(config.includeDirs()); // -I folders are searched first
    includes.addAll(settings.includeDirs());
    return config.withSettings(failOn, block, Map.copyOf(defines), List.copyOf(includes),
        ConfigFile.bank(settings, config));
  }

  private boolean showProgress(Cli.Config config, int files) {
    Boolean asked = config.gate().progress();
    if (asked != null) return asked && files > 0;
    return files > 1 && stderrIsTerminal.getAsBoolean();
  }

  /** As {@link #exitCode(Report, Cli.Config, boolean, RunContext)} without a baseline. */
  static ExitCode exitCode(Report report, Cli.Config config, boolean ioError) {
    return exitCode(report, config, ioError, null);
  }

  /**
   * USAGE beats FINDINGS beats OK; --exit-zero turns FINDINGS into OK but never masks USAGE. Findings
   * the baseline of {@code context} accepted do not count (context null: no baseline).
   */
  static ExitCode exitCode(Report report, Cli.Config config, boolean ioError, RunContext context) {
    if (ioError) return ExitCode.USAGE;
    boolean gate = false;
    for (FileReport file : report.files()) {
      if (file.status() != FileReport.Status.ANALYZED) gate = true; // a gate must not pass unread code
      for (Finding f : file.findings()) {
        if (!f.suppressed() && f.ways() != null && f.ways() >= config.failOn()
            && (context == null || !context.isBaselined(f))) {
          gate = true;
        }
      }
    }
    if (!gate || config.exitZero()) return ExitCode.OK;
    return ExitCode.FINDINGS;
  }

  private static List<String> assumptions(Cli.Config config, String blockOrigin) {
    List<String> out = new ArrayList<>();
    if (config.block() != null) {
      int[] b = config.block();
      out.add("blockDim = (" + b[0] + "," + b[1] + "," + b[2] + ") " + blockOrigin + " where the source gives none");
    } else {
      out.add("blockDim.x a multiple of 32 where the source gives no block shape");
    }
    config.defines().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
        .forEach(d -> out.add("-D " + d.getKey() + "=" + d.getValue()));
    return out;
  }

  /**
   * Analyzes on a fixed pool of {@code jobs} threads; the result keeps the input order. {@code keepLanes}:
   * the evaluated warps are kept for the HTML report, else dropped as each file is done.
   */
  private List<FileReport> analyzeAll(List<InputFiles.Input> inputs, AnalysisOptions options, int jobs,
      Progress progress, boolean keepLanes) {
    if (inputs.isEmpty()) return List.of();
    int workers = Math.min(jobs, inputs.size());
    List<FileReport> reports = runAll(inputs, options, workers, progress, keepLanes);
    // a file that ran out of memory next to others runs again alone, with the whole heap to itself
    List<InputFiles.Input> again = new ArrayList<>();
    for (int i = 0; i < reports.size(); i++) {
      if (reports.get(i) == null) again.add(inputs.get(i));
    }
    if (again.isEmpty()) return reports;
    List<FileReport> alone = runAll(again, options, 1, progress, keepLanes);
    for (int i = 0, k = 0; i < reports.size(); i++) {
      if (reports.get(i) == null) reports.set(i, alone.get(k++));
    }
    return reports;
  }

  /** Each input's report, in order; null for one that ran out of memory while other workers held theirs. */
  private List<FileReport> runAll(List<InputFiles.Input> inputs, AnalysisOptions options, int workers,
      Progress progress, boolean keepLanes) {
    ExecutorService pool = Executors.newFixedThreadPool(workers, analysisThreads());
    try {
      // Headers first: a .cu file then finds their kernels' analyses to reuse where it answers alike, and the
      // first files run while the JIT is still cold; a header's own findings are mostly replaced by those of the
      // .cu files (FileReport.withoutRepeatedHeaderFindings), so it is the one to lose to the time bound.
      List<Future<FileReport>> futures = new ArrayList<>(java.util.Collections.nCopies(inputs.size(), null));
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < inputs.size(); i++) if (!inputs.get(i).displayPath().endsWith(".cu")) order.add(i);
      for (int i = 0; i < inputs.size(); i++) if (inputs.get(i).displayPath().endsWith(".cu")) order.add(i);
      for (int i : order) {
        InputFiles.Input input = inputs.get(i);
        futures.set(i, pool.submit(() -> {
          FileReport r = analyzeOne(input, options, workers > 1);
          if (r == null) return null;
          if (!keepLanes) r = r.withoutLanes();
          if (progress != null) progress.fileDone(input.displayPath());
          return r;
        }));
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

  /**
   * The analyzer promises not to throw; if it does anyway, that file fails and the run goes on. Out of memory
   * with {@code retryAlone}: null, for a run of its own.
   */
  private FileReport analyzeOne(InputFiles.Input input, AnalysisOptions options, boolean retryAlone) {
    try {
      FileReport report = analyzerFactory.apply(options).analyze(input.file(), input.displayPath());
      return report != null ? report : failed(input, "internal error: the analyzer returned no report");
    } catch (RuntimeException | StackOverflowError | AssertionError e) {
      return failed(input, "internal error: " + describe(e));
    } catch (OutOfMemoryError e) {
      // this file's data is garbage once the error unwinds: the other files go on
      return retryAlone ? null : failed(input, "analysis of " + input.displayPath() + " stopped: out of memory (the"
          + " launcher's heap limit; a larger one: BANKCHECK_JAVA_OPTS=-Xmx2g)");
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
    } catch (OutOfMemoryError e) {
      // the page is built in memory: a report of a very large run may not fit the launcher's heap
      err.println("bankcheck: error: cannot write " + file + ": out of memory for an HTML report of "
          + report.summary().accesses() + " accesses (a larger heap: BANKCHECK_JAVA_OPTS=-Xmx2g)");
      return false;
    }
  }
}
