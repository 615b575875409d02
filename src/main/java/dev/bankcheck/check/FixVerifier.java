package dev.bankcheck.check;

import dev.bankcheck.ir.Expr;
import dev.bankcheck.ir.TypeRef;
import dev.bankcheck.ir.VarDecl;
import dev.bankcheck.parse.CudaParserFacade;
import dev.bankcheck.source.Pos;
import dev.bankcheck.source.Token;
import dev.bankcheck.source.TokenKind;
import dev.bankcheck.sym.Program;
import dev.bankcheck.types.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks a fix the way a user would: its edits are applied to the text of the file and the file is
 * analyzed again with the same options and model. A fix promises only what this re-analysis shows.
 * A padding whose edit provably gives the program the search analyzed is not run again ({@link #onlyResizes}).
 */
final class FixVerifier {
  /**
   * Analyzes an edited copy of the file, only the kernels named (the others cannot change what is
   * promised for their accesses): its report, or null when the analysis was incomplete (work bound).
   */
  interface Reanalysis {
    FileReport analyze(String text, Set<String> kernels);
  }

  private final String displayPath;
  private final String text;
  private final FileLines lines;
  private final List<Token> tokens;
  private final Program program;
  private final Reanalysis reanalysis;
  private final int baselineErrors;
  private final Map<List<Object>, After> cache = new HashMap<>();
  /** Since {@link #record()}: whether the file's text was used, and each resize asked about (see KernelMemo). */
  private boolean textUsed;
  private List<Resize> resizes = new ArrayList<>();

  /** A question to {@link #onlyResizes} and its answer. */
  record Resize(List<Fix.Edit> edits, VarDecl decl, long length, boolean answer) {}

  /**
   * @param displayPath the file's path as positions give it; only edits of this file can be checked
   * @param text the file's text
   * @param lines the lines of the file and of the headers it read
   * @param tokens the file's preprocessed tokens
   * @param program the file's program
   * @param baselineErrors the preprocessing and parse errors of the unedited file (an edit must not add any)
   */
  FixVerifier(String displayPath, String text, FileLines lines, List<Token> tokens, Program program,
      Reanalysis reanalysis, int baselineErrors) {
    this.displayPath = displayPath;
    this.text = text;
    this.lines = lines;
    this.tokens = tokens;
    this.program = program;
    this.reanalysis = reanalysis;
    this.baselineErrors = baselineErrors;
  }

  String text() {
    textUsed = true;
    return text;
  }

  /** Starts recording what is asked of the file (a kernel's fix search is about to run). */
  void record() {
    textUsed = false;
    resizes = new ArrayList<>();
  }

  /** Whether the text of the file itself was used (to check an edit) since {@link #record()}. */
  boolean textUsed() {
    return textUsed;
  }

  /** The resizes asked about since {@link #record()}. */
  List<Resize> resizes() {
    return List.copyOf(resizes);
  }

  String displayPath() {
    return displayPath;
  }

  /** The findings after the edits, looked up by their position before them. */
  static final class After {
    private final List<Fix.Edit> edits;
    private final Map<String, Finding> byKey = new HashMap<>();

    private final boolean broken;

    After(List<Fix.Edit> edits, List<Finding> findings, boolean broken) {
      this.edits = edits;
      this.broken = broken;
      for (Finding f : findings) {
        if (f.widthBytes() == 0) continue; // a use in skipped code, never evaluated
        byKey.put(key(f.pos(), f.op(), f.array(), f.kernel()), f);
      }
    }

    /** True when the edited file no longer parses as before (new errors): the edits are wrong. */
    boolean broken() {
      return broken;
    }

    /** The access that was at {@code before} (op, array, kernel), after the edits; null when it is gone. */
    Finding at(Pos before, Op op, String array, String kernel) {
      Pos now = new Pos(before.file(), before.line(), Edits.shiftedColumn(edits, before.line(), before.column()));
      return byKey.get(key(now, op, array, kernel));
    }

    private static String key(Pos p, Op op, String array, String kernel) {
      return p.line() + ":" + p.column() + ":" + op + ":" + array + ":" + kernel;
    }
  }

  /**
   * The re-analysis of the file with {@code edits} applied; {@link After#broken()} when the edits overlap or
   * add an error. Null when it cannot be checked here: an edit of another file or across lines, or an
   * analysis stopped by the work bound.
   */
  After after(List<Fix.Edit> edits, String kernel) {
    if (edits.isEmpty()) return null;
    textUsed = true;
    List<Object> key = List.of(List.copyOf(edits), kernel);
    if (cache.containsKey(key)) return cache.get(key);
    After result = null;
    if (checkable(edits)) {
      String edited = null;
      try {
        edited = Edits.apply(text, edits);
      } catch (IllegalArgumentException overlapping) {
        result = new After(List.copyOf(edits), List.of(), true);
      }
      FileReport r = edited == null ? null : reanalysis.analyze(edited, Set.of(kernel));
      if (r != null) result = new After(List.copyOf(edits), r.findings(), r.errors().size() > baselineErrors);
    }
    cache.put(key, result);
    return result;
  }

  /** Edits of this file within one line each: others cannot be checked here. */
  private boolean checkable(List<Fix.Edit> edits) {
    for (Fix.Edit e : edits) {
      if (!e.file().equals(displayPath) || e.line() != e.endLine() || e.replacement().indexOf('\n') >= 0
          || e.replacement().indexOf('\r') >= 0) {
        return false;
      }
    }
    return true;
  }

  /** The edits a kernel's fix search will check first, and the lines of the kernel's body. */
  record Planned(String kernel, List<Fix.Edit> edits, int firstLine, int lastLine) {}

  /**
   * Checks the first edits of several kernels in one re-analysis of the file with all of them applied, for
   * {@link #after} to find done. Each kernel's edits lie in its own body, which no other kernel's analysis
   * reads (a kernel is not called, and the edits only rewrite shared-memory indices, never a launch), so each
   * kernel's findings are those its edits alone give. Nothing is kept when the edits together add an error,
   * or when the run is incomplete: each is then checked on its own, as before.
   */
  void prefetch(List<Planned> plans) {
    List<Planned> usable = new ArrayList<>();
    Set<String> kernels = new java.util.HashSet<>();
    Set<String> repeated = new java.util.HashSet<>();
    for (Planned p : plans) {
      if (!kernels.add(p.kernel())) repeated.add(p.kernel());
    }
    String[] fileLines = lines.of(displayPath);
    for (Planned p : plans) {
      if (repeated.contains(p.kernel()) || p.edits().isEmpty() || !checkable(p.edits())
          || cache.containsKey(List.of(List.copyOf(p.edits()), p.kernel()))) {
        continue;
      }
      boolean inBody = true;
      for (Fix.Edit e : p.edits()) {
        inBody &= e.line() >= p.firstLine() && e.line() <= p.lastLine() && e.line() <= fileLines.length
            && !fileLines[e.line() - 1].contains("<<<");
      }
      boolean apart = true;
      for (Planned q : usable) apart &= p.lastLine() < q.firstLine() || q.lastLine() < p.firstLine();
      if (inBody && apart) usable.add(p);
    }
    if (usable.size() < 2) return;
    List<Fix.Edit> all = new ArrayList<>();
    Set<String> names = new java.util.LinkedHashSet<>();
    for (Planned p : usable) {
      all.addAll(p.edits());
      names.add(p.kernel());
    }
    String edited;
    try {
      edited = Edits.apply(text, all);
    } catch (IllegalArgumentException overlapping) {
      return;
    }
    textUsed = true;
    FileReport r = reanalysis.analyze(edited, names);
    if (r == null || r.errors().size() > baselineErrors) return;
    for (Planned p : usable) {
      cache.put(List.of(List.copyOf(p.edits()), p.kernel()), new After(List.copyOf(p.edits()), r.findings(), false));
    }
  }

  /**
   * Whether the edit does nothing but give the innermost dimension of {@code decl} the value {@code length},
   * so that the analysis made with that dimension overridden is the analysis of the edited text (running it
   * again would show nothing new). The edit must replace what lies between the file's own last brackets of
   * the declaration (tokens of the edited file, once in the preprocessed file, so that no macro spans them and no
   * other copy of the line changes), by a number or by that text "+ k" or "(that text) + k"; the tokens the
   * replacement then preprocesses to are the old ones with "+ k" after them (or in parentheses before it),
   * and as the declaration's dimension they must have the value {@code length}.
   */
  boolean onlyResizes(List<Fix.Edit> edits, VarDecl decl, long length) {
    boolean answer = resizes(edits, decl, length);
    resizes.add(new Resize(List.copyOf(edits), decl, length, answer));
    return answer;
  }

  private boolean resizes(List<Fix.Edit> edits, VarDecl decl, long length) {
    if (edits.size() != 1 || decl.type().dims().isEmpty()) return false;
    Fix.Edit e = edits.get(0);
    Pos end = decl.dimsEnd(); // just after the last ']'
    if (e.line() != e.endLine() || end == null || !end.file().equals(e.file()) || end.line() != e.line()
        || end.column() != e.endColumn() + 1) {
      return false;
    }
    Integer open = bracketAt().get(new Pos(e.file(), e.line(), e.column() - 1));
    if (open == null || open < 0) return false;
    int close = open + 1;
    while (close < tokens.size() && tokens.get(close).file().equals(e.file())
        && tokens.get(close).line() == e.line() && tokens.get(close).column() >= e.column()
        && tokens.get(close).column() < e.endColumn()) {
      close++;
    }
    if (close == open + 1 || close == tokens.size() || !tokens.get(close).is("]")
        || !at(tokens.get(close), e.file(), e.line(), e.endColumn())) {
      return false;
    }
    List<Token> old = tokens.subList(open + 1, close);
    String[] fileLines = lines.of(e.file());
    String line = e.line() <= fileLines.length ? fileLines[e.line() - 1] : "";
    if (e.endColumn() - 1 > line.length()) return false;
    String oldText = line.substring(e.column() - 1, e.endColumn() - 1).trim();
    String r = e.replacement();
    Pos where = old.get(0).pos();
    List<Token> now = new ArrayList<>();
    Matcher plus = PLUS.matcher(r);
    if (r.matches("\\d+")) {
      now.add(new Token(TokenKind.NUMBER, r, where));
    } else if (plus.matches() && (plus.group(1).equals(oldText) || plus.group(1).equals("(" + oldText + ")"))) {
      boolean parenthesized = !plus.group(1).equals(oldText);
      if (parenthesized) now.add(new Token(TokenKind.PUNCT, "(", where));
      now.addAll(old);
      if (parenthesized) now.add(new Token(TokenKind.PUNCT, ")", where));
      now.add(new Token(TokenKind.PUNCT, "+", where));
      now.add(new Token(TokenKind.NUMBER, plus.group(2), where));
    } else {
      return false;
    }
    Expr size = CudaParserFacade.parseExpression(now);
    if (size == null) return false;
    List<Expr> dims = new ArrayList<>(decl.type().dims());
    dims.set(dims.size() - 1, size);
    TypeRef t = decl.type();
    TypeRef resized = new TypeRef(t.base(), t.struct(), t.templateArgs(), t.templateValues(), t.pointers(), dims,
        t.builtin(), t.reference(), t.pointerToArray());
    List<String> problems = new ArrayList<>();
    Type type = program.resolve(resized, Map.of(), problems);
    return problems.isEmpty() && type instanceof Type.Array a && PaddingSearch.innermost(a).length() == length;
  }

  private static final Pattern PLUS = Pattern.compile("(.*) \\+ (\\d+)");

  private static boolean at(Token t, String file, int line, int column) {
    return t.line() == line && t.column() == column && t.file().equals(file);
  }

  /**
   * Where each '[' of {@link #tokens} is: its index, or -1 where another token has its position too (the line
   * is in the file twice, it includes itself; or a macro's expansion). Built on first use: one scan for all
   * the paddings of a file, where each scanned every token (a 3 MB file spent most of its time there).
   */
  private Map<Pos, Integer> bracketAt() {
    if (bracketAt == null) {
      bracketAt = new HashMap<>();
      for (int i = 0; i < tokens.size(); i++) {
        if (tokens.get(i).is("[")) bracketAt.merge(tokens.get(i).pos(), i, (a, b) -> -1);
      }
      for (int i = 0; i < tokens.size(); i++) {
        Token t = tokens.get(i);
        if (t.is("[")) continue;
        Pos p = t.pos();
        if (bracketAt.containsKey(p)) bracketAt.put(p, -1);
      }
    }
    return bracketAt;
  }

  private Map<Pos, Integer> bracketAt;
}
