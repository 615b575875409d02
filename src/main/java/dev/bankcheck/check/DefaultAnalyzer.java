package dev.bankcheck.check;

import dev.bankcheck.parse.CudaParserFacade;
import dev.bankcheck.source.Lines;
import dev.bankcheck.source.Pos;
import dev.bankcheck.source.PreprocessResult;
import dev.bankcheck.source.Preprocessor;
import dev.bankcheck.source.SourceError;
import dev.bankcheck.source.Token;
import dev.bankcheck.ir.TranslationUnit;
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

/** The real analyzer: preprocess, parse, build the IR, interpret each kernel per warp, apply the bank model. */
public final class DefaultAnalyzer implements Analyzer {
  /** Files above this size are refused with a message instead of risking memory. */
  static final long MAX_FILE_BYTES = 64L << 20;
  /** Interpreter steps and seconds one file may take: bounds pathological inputs. */
  static final long STEPS_PER_FILE = 40_000_000;
  static final long SECONDS_PER_FILE = 20;
  private static final String MISSING_INCLUDE = "cannot find include file ";

  private final AnalysisOptions options;
  private final long secondsPerFile;

  public DefaultAnalyzer(AnalysisOptions options) {
    this(options, SECONDS_PER_FILE);
  }

  /** For tests: another time bound per file (0: stop at once). */
  DefaultAnalyzer(AnalysisOptions options, long secondsPerFile) {
    this.options = options;
    this.secondsPerFile = secondsPerFile;
  }

  @Override
  public FileReport analyze(Path file, String displayPath) {
    String text;
    try {
      if (Files.isDirectory(file)) return failed(displayPath, "is a directory");
      // a FIFO or device would block the read (or never end): only regular files are read
      if (!Files.isRegularFile(file)) return failed(displayPath, "is not a regular file");
      if (Files.size(file) > MAX_FILE_BYTES) return failed(displayPath, "larger than " + (MAX_FILE_BYTES >> 20) + " MiB");
      byte[] bytes = Files.readAllBytes(file);
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
    CudaParserFacade.ItemCache parsedItems = new CudaParserFacade.ItemCache();
    // nor do they read and lex the headers again
    Preprocessor.HeaderCache headers = new Preprocessor.HeaderCache();
    // a fix is checked by analyzing the edited text again, without fixes; these runs share a bound of their own
    FixVerifier.Reanalysis reanalysis = new FixVerifier.Reanalysis() {
      @Override
      public FileReport analyze(String edited, String kernel) {
        long seconds = secondsLeft();
        if (seconds < 1 || runs[0]++ >= MAX_FIX_CHECKS) return null;
        Run r = run(file, displayPath, edited, null, seconds, kernel, parsedItems, headers);
        return r.complete() ? r.report() : null;
      }

      @Override
      public FixVerifier.Parsed parse(String edited) {
        long seconds = secondsLeft();
        if (seconds < 1) return null;
        Parsed p = DefaultAnalyzer.this.parse(file, displayPath, edited, new WorkBudget(STEPS_PER_FILE, seconds),
            parsedItems, headers);
        return new FixVerifier.Parsed(p.tokens(), p.errors().size(), new Program(p.unit(), p.missingHeaders()));
      }

      private long secondsLeft() {
        if (deadline[0] == 0) deadline[0] = System.nanoTime() + secondsPerFile * 1_000_000_000L;
        return (deadline[0] - System.nanoTime()) / 1_000_000_000L;
      }
    };
    return run(file, displayPath, text, reanalysis, secondsPerFile, null, parsedItems, headers).report();
  }

  /** Re-analyses of edited text per file, to check fixes. */
  static final int MAX_FIX_CHECKS = 32;

  /** One analysis: its report, and whether nothing stopped it early (work bound, failure). */
  private record Run(FileReport report, boolean complete) {}

  /** {@code reanalysis} null: no fixes are searched; {@code onlyKernel} non-null: that kernel alone is checked. */
  private Run run(Path file, String displayPath, String text, FixVerifier.Reanalysis reanalysis, long seconds,
      String onlyKernel, CudaParserFacade.ItemCache parsedItems, Preprocessor.HeaderCache headers) {
    boolean complete = true;
    // the time bound covers the whole file: parsing a huge file stops too, not only its interpretation
    WorkBudget budget = new WorkBudget(STEPS_PER_FILE, Math.min(seconds, secondsPerFile));
    Parsed parsed = parse(file, displayPath, text, budget, parsedItems, headers);
    List<SourceError> errors = new ArrayList<>(parsed.errors());
    String[] lines = Lines.split(text);
    List<Finding> findings = new ArrayList<>();
    try {
      Program program = new Program(parsed.unit(), parsed.missingHeaders());
      FixVerifier verifier = reanalysis == null ? null
          : new FixVerifier(displayPath, text, parsed.tokens(), reanalysis, errors.size());
      findings.addAll(new KernelChecker(program, options.bank(), lines, options, budget, verifier).check(onlyKernel));
      complete = !budget.exhausted();
    } catch (StackOverflowError | RuntimeException e) {
      complete = false;
      errors.add(new SourceError(new Pos(displayPath, 1, 1), "analysis failed: " + e));
    }
    if (budget.timedOut()) {
      errors.add(new SourceError(new Pos(displayPath, 1, 1), "analysis of " + displayPath + " stopped after "
          + budget.seconds() + " s; the findings cover what was analyzed until then"));
    }
    findings.addAll(UnanalyzedUses.find(parsed.skipped(), parsed.unit()));
    List<Finding> result = Suppressions.apply(findings, displayPath, lines);
    result.sort(Comparator.comparing(Finding::pos).thenComparing(f -> f.op().ordinal()));
    errors.sort(Comparator.comparing(SourceError::pos));
    FileReport.Status status = errors.isEmpty() ? FileReport.Status.ANALYZED : FileReport.Status.PARTIAL;
    return new Run(new FileReport(displayPath, status, List.copyOf(errors), List.copyOf(result)), complete);
  }

  /** A file preprocessed and parsed: its tokens, errors (missing headers aside), and what it is made of. */
  private record Parsed(List<Token> tokens, List<SourceError> errors, List<String> missingHeaders,
      TranslationUnit unit, List<CudaParserFacade.SkippedItem> skipped) {}

  private Parsed parse(Path file, String displayPath, String text, WorkBudget budget,
      CudaParserFacade.ItemCache parsedItems, Preprocessor.HeaderCache headers) {
    List<SourceError> errors = new ArrayList<>();
    PreprocessResult pp = new Preprocessor(options.includeDirs(), options.defines())
        .process(file, displayPath, text, headers);
    // A header that is not found (often a helper from another project) is no reason to fail the file:
    // names it would have defined become unknown, and their reasons name the header.
    List<String> missingHeaders = new ArrayList<>();
    for (SourceError e : pp.errors()) {
      if (e.message().startsWith(MISSING_INCLUDE)) missingHeaders.add(e.message().substring(MISSING_INCLUDE.length()));
      else errors.add(e);
    }
    CudaParserFacade.Result parsed = CudaParserFacade.parse(pp.tokens(), budget::pastDeadline, parsedItems);
    errors.addAll(parsed.errors());
    return new Parsed(pp.tokens(), errors, missingHeaders, parsed.unit(), parsed.skipped());
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
