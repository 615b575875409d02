package dev.bankcheck.check;

import dev.bankcheck.ir.Function;
import dev.bankcheck.parse.CudaParserFacade;
import dev.bankcheck.source.Pos;
import dev.bankcheck.source.PreprocessResult;
import dev.bankcheck.source.Preprocessor;
import dev.bankcheck.source.SourceError;
import dev.bankcheck.sym.Program;
import dev.bankcheck.sym.WorkBudget;
import java.io.IOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** The real analyzer: preprocess, parse, build the IR, interpret each kernel per warp, apply the bank model. */
public final class DefaultAnalyzer implements Analyzer {
  /** Interpreter steps and seconds one file may take: bounds pathological inputs. */
  static final long STEPS_PER_FILE = 40_000_000;
  static final long SECONDS_PER_FILE = 20;
  private static final String MISSING_INCLUDE = "cannot find include file ";

  private final AnalysisOptions options;
  private final long secondsPerFile;
  private final Shortcuts shortcuts;

  public DefaultAnalyzer(AnalysisOptions options) {
    this(options, SECONDS_PER_FILE);
  }

  /** For tests: another time bound per file (0: stop at once). */
  DefaultAnalyzer(AnalysisOptions options, long secondsPerFile) {
    this(options, secondsPerFile, Shortcuts.ALL);
  }

  /** For tests: without a shortcut, the reference it must match. */
  DefaultAnalyzer(AnalysisOptions options, long secondsPerFile, Shortcuts shortcuts) {
    this.options = options;
    this.secondsPerFile = secondsPerFile;
    this.shortcuts = shortcuts;
  }

  @Override
  public FileReport analyze(Path file, String displayPath) {
    String text;
    try {
      if (Files.isDirectory(file)) return failed(displayPath, "is a directory");
      // a FIFO or device would block the read (or never end): only regular files are read
      if (!Files.isRegularFile(file)) return failed(displayPath, "is not a regular file");
      if (Files.size(file) > Preprocessor.MAX_FILE_BYTES) {
        return failed(displayPath, "larger than " + (Preprocessor.MAX_FILE_BYTES >> 20) + " MiB");
      }
      byte[] bytes = Files.readAllBytes(file);
      if (bytes.length >= 2 && (bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE
          || bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF)) {
        return failed(displayPath, "is UTF-16 (it starts with a UTF-16 byte-order mark); nvcc, like bankcheck, reads"
            + " UTF-8: save it as UTF-8");
      }
      if (looksBinary(bytes)) return failed(displayPath, "looks like a binary file (NUL bytes), not CUDA source");
      text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
          .onUnmappableCharacter(CodingErrorAction.REPLACE).decode(java.nio.ByteBuffer.wrap(bytes)).toString();
    } catch (IOException | RuntimeException e) {
      return failed(displayPath, "cannot be read: " + e.getMessage());
    }
    return analyzeText(file, displayPath, text);
  }

  /** Analyzes source text; {@code file} locates relative includes. */
  public FileReport analyzeText(Path file, String displayPath, String text) {
    long[] deadline = {0};
    int[] runs = {0};
    // the re-analyses change one line: the items they leave alone are not parsed again
    CudaParserFacade.ItemCache parsedItems = new CudaParserFacade.ItemCache(displayPath);
    // nor do they read and lex the headers again
    Preprocessor.HeaderCache headers = new Preprocessor.HeaderCache();
    // a fix is checked by analyzing the edited text again, without fixes; these runs share a bound of their own
    FixVerifier.Reanalysis reanalysis = (edited, kernels) -> {
      if (deadline[0] == 0) deadline[0] = System.nanoTime() + secondsPerFile * 1_000_000_000L;
      long seconds = (deadline[0] - System.nanoTime()) / 1_000_000_000L;
      if (seconds < 1 || runs[0]++ >= MAX_FIX_CHECKS) return null;
      Run r = run(file, displayPath, edited, null, seconds, kernels, parsedItems, headers);
      return r.complete() ? r.report() : null;
    };
    return run(file, displayPath, text, reanalysis, secondsPerFile, null, parsedItems, headers).report();
  }

  /** Re-analyses of edited text per file, to check fixes. */
  static final int MAX_FIX_CHECKS = 32;

  /** One analysis: its report, and whether nothing stopped it early (work bound, failure). */
  private record Run(FileReport report, boolean complete) {}

  /** What the reasons of undeclared names depend on besides the code: a memo entry is reused only where it is alike. */
  private static List<String> reasonContext(List<String> missingHeaders, Map<String, String> skippedDefines) {
    List<String> context = new ArrayList<>(missingHeaders);
    new java.util.TreeMap<>(skippedDefines).forEach((name, where) -> context.add(name + " " + where));
    return context;
  }

  /** A call holding statements in its arguments is a macro from a header that was not found, if one was not. */
  private static SourceError withMissingHeaders(SourceError e, List<String> missingHeaders) {
    if (missingHeaders.isEmpty() || !e.message().contains(CudaParserFacade.NOT_A_MACRO)) return e;
    return new SourceError(e.pos(), e.message().replace(CudaParserFacade.NOT_A_MACRO, CudaParserFacade.NOT_A_MACRO
        + Program.missingHeadersHint(missingHeaders)));
  }

  /** {@code reanalysis} null: no fixes are searched; {@code onlyKernels} non-null: those kernels alone are checked. */
  private Run run(Path file, String displayPath, String text, FixVerifier.Reanalysis reanalysis, long seconds,
      java.util.Set<String> onlyKernels, CudaParserFacade.ItemCache parsedItems, Preprocessor.HeaderCache headers) {
    boolean complete = true;
    List<SourceError> errors = new ArrayList<>();
    // the time bound covers the whole file: parsing a huge file stops too, not only its interpretation
    WorkBudget budget = new WorkBudget(STEPS_PER_FILE, Math.min(seconds, secondsPerFile));
    PreprocessResult pp = new Preprocessor(options.includeDirs(), options.defines())
        .process(file, displayPath, text, headers, budget::pastDeadline);
    // A header that is not found (often a helper from another project) is no reason to fail the file:
    // names it would have defined become unknown, and their reasons name the header.
    List<String> missingHeaders = new ArrayList<>();
    for (SourceError e : pp.errors()) {
      if (e.message().startsWith(MISSING_INCLUDE)) missingHeaders.add(e.message().substring(MISSING_INCLUDE.length()));
      else errors.add(e);
    }
    CudaParserFacade.Result parsed = CudaParserFacade.parse(pp.tokens(), budget::pastDeadline, parsedItems);
    for (SourceError e : parsed.errors()) errors.add(withMissingHeaders(e, missingHeaders));
    FileLines lines = new FileLines(displayPath, text, pp.headerTexts());
    List<Finding> findings = new ArrayList<>();
    try {
      Program program = new Program(parsed.unit(), missingHeaders, parsed.namespaces(), pp.skippedDefines());
      FixVerifier verifier = reanalysis == null ? null
          : new FixVerifier(displayPath, text, lines, pp.tokens(), program, reanalysis, errors.size());
      KernelMemo memo = null;
      if (verifier != null && hasHeaderKernel(program, displayPath)) {
        program.keepLookups();
        memo = new KernelMemo(program, options, reasonContext(missingHeaders, pp.skippedDefines()), lines, verifier,
            budget);
      }
      KernelChecker checker = new KernelChecker(program, options.bank(), lines, options, budget, verifier, memo, shortcuts);
      findings.addAll(checker.check(onlyKernels));
      errors.addAll(checker.errors());
      if (onlyKernels == null) findings.addAll(UnreachedShared.find(program));
      complete = !budget.exhausted();
    } catch (StackOverflowError e) {
      complete = false;
      errors.add(new SourceError(new Pos(displayPath, 1, 1), "analysis of " + displayPath
          + " stopped: its code is nested too deeply for the analysis' stack"));
    } catch (RuntimeException e) {
      complete = false;
      errors.add(new SourceError(new Pos(displayPath, 1, 1), "analysis failed: " + e));
    }
    if (budget.timedOut()) {
      errors.add(new SourceError(new Pos(displayPath, 1, 1), "analysis of " + displayPath + " stopped after "
          + budget.seconds() + " s; the findings cover what was analyzed until then"));
    }
    findings.addAll(UnanalyzedUses.find(parsed.skipped(), parsed.unit()));
    List<Finding> result = Suppressions.apply(findings, lines);
    result.sort(Comparator.comparing(Finding::pos).thenComparing(f -> f.op().ordinal()));
    errors.sort(Comparator.comparing(SourceError::pos));
    FileReport.Status status = errors.isEmpty() ? FileReport.Status.ANALYZED : FileReport.Status.PARTIAL;
    return new Run(new FileReport(displayPath, status, List.copyOf(errors), List.copyOf(result)), complete);
  }

  private static boolean hasHeaderKernel(Program program, String displayPath) {
    for (Function f : program.allFunctions()) {
      if (f.isKernel() && !f.pos().file().equals(displayPath)) return true;
    }
    return false;
  }

  private static boolean looksBinary(byte[] bytes) {
    int nul = 0;
    int n = Math.min(bytes.length, 8192);
    for (int i = 0; i < n; i++) {
      if (bytes[i] == 0) nul++;
    }
    return nul > 0 && nul * 100 >= n;
  }

  private static FileReport failed(String path, String why) {
    return new FileReport(path, FileReport.Status.FAILED, List.of(new SourceError(new Pos(path, 1, 1), path + " " + why)),
        List.of());
  }
}
