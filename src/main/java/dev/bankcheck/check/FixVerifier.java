package dev.bankcheck.check;

import dev.bankcheck.ir.Function;
import dev.bankcheck.ir.VarDecl;
import dev.bankcheck.ir.Walk;
import dev.bankcheck.source.Pos;
import dev.bankcheck.source.Token;
import dev.bankcheck.sym.Program;
import dev.bankcheck.types.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a fix the way a user would: its edits are applied to the text of the file and the file is
 * analyzed again with the same options and model. A fix promises only what this re-analysis shows.
 */
final class FixVerifier {
  /**
   * Analyzes an edited copy of the file, only the kernel named (the others cannot change what is
   * promised for its accesses): its report, or null when the analysis was incomplete (work bound).
   */
  interface Reanalysis {
    FileReport analyze(String text, String kernel);

    /** The edited copy preprocessed and parsed, not analyzed; null when the file's time is up. */
    Parsed parse(String text);
  }

  /** An edited copy of the file before analysis: its tokens, how many errors, its program. */
  record Parsed(List<Token> tokens, int errors, Program program) {}

  private final String displayPath;
  private final String text;
  private final List<Token> tokens;
  private final Reanalysis reanalysis;
  private final int baselineErrors;
  private final Map<List<Object>, After> cache = new HashMap<>();

  /**
   * @param displayPath the file's path as positions give it; only edits of this file can be checked
   * @param text the file's text
   * @param tokens the file's preprocessed tokens
   * @param baselineErrors the preprocessing and parse errors of the unedited file (an edit must not add any)
   */
  FixVerifier(String displayPath, String text, List<Token> tokens, Reanalysis reanalysis, int baselineErrors) {
    this.displayPath = displayPath;
    this.text = text;
    this.tokens = tokens;
    this.reanalysis = reanalysis;
    this.baselineErrors = baselineErrors;
  }

  String text() {
    return text;
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
    List<Object> key = List.of(List.copyOf(edits), kernel);
    if (cache.containsKey(key)) return cache.get(key);
    After result = null;
    boolean checkable = true;
    for (Fix.Edit e : edits) {
      if (!e.file().equals(displayPath) || e.line() != e.endLine() || e.replacement().indexOf('\n') >= 0
          || e.replacement().indexOf('\r') >= 0) {
        checkable = false;
      }
    }
    if (checkable) {
      String edited = null;
      try {
        edited = Edits.apply(text, edits);
      } catch (IllegalArgumentException overlapping) {
        result = new After(List.copyOf(edits), List.of(), true);
      }
      FileReport r = edited == null ? null : reanalysis.analyze(edited, kernel);
      if (r != null) result = new After(List.copyOf(edits), r.findings(), r.errors().size() > baselineErrors);
    }
    cache.put(key, result);
    return result;
  }

  /**
   * Whether the edit does nothing but give the innermost dimension of {@code decl} the value {@code length}:
   * the edited text preprocesses to the same tokens outside the edited columns, parses with no new error,
   * and the edited declaration's innermost dimension has that value. The edited program is then the
   * analyzed one with that dimension overridden, so the analysis made with the override is the analysis
   * of the edited text, and running it again would show nothing new.
   */
  boolean onlyResizes(List<Fix.Edit> edits, VarDecl decl, long length) {
    if (edits.size() != 1) return false;
    Fix.Edit e = edits.get(0);
    if (!e.file().equals(displayPath) || e.line() != e.endLine() || e.replacement().indexOf('\n') >= 0
        || e.replacement().indexOf('\r') >= 0) {
      return false;
    }
    try {
      Parsed edited = reanalysis.parse(Edits.apply(text, edits));
      if (edited == null || edited.errors() != baselineErrors || !sameOutside(tokens, edited.tokens(), e)) return false;
      VarDecl now = find(edited.program(), decl);
      if (now == null) return false;
      List<String> problems = new ArrayList<>();
      Type t = edited.program().resolve(now.type(), Map.of(), problems);
      while (t instanceof Type.Array a && a.element() instanceof Type.Array) t = a.element();
      return problems.isEmpty() && t instanceof Type.Array inner && inner.length() == length;
    } catch (RuntimeException notComparable) {
      return false;
    }
  }

  /**
   * Whether the tokens after an edit equal those before it, except tokens that start inside the edited
   * columns (before: the replaced ones, after: the replacement's); after the edit on its line, columns
   * move by the replacement's change of length.
   */
  static boolean sameOutside(List<Token> before, List<Token> after, Fix.Edit e) {
    int shift = e.replacement().length() - (e.endColumn() - e.column());
    int i = 0;
    while (i < before.size() && i < after.size() && before.get(i).equals(after.get(i))) i++;
    int j = before.size() - 1;
    int k = after.size() - 1;
    while (j >= i && k >= i && sameShifted(before.get(j), after.get(k), e, shift)) {
      j--;
      k--;
    }
    for (int x = i; x <= j; x++) {
      if (!startsWithin(before.get(x), e.line(), e.column(), e.endColumn())) return false;
    }
    for (int x = i; x <= k; x++) {
      if (!startsWithin(after.get(x), e.line(), e.column(), e.column() + e.replacement().length())) return false;
    }
    return true;
  }

  private static boolean sameShifted(Token before, Token after, Fix.Edit e, int shift) {
    Pos p = before.pos();
    boolean moved = p.file().equals(e.file()) && p.line() == e.line() && p.column() >= e.endColumn();
    Pos expected = moved ? new Pos(p.file(), p.line(), p.column() + shift) : p;
    return before.kind() == after.kind() && before.text().equals(after.text()) && expected.equals(after.pos());
  }

  private static boolean startsWithin(Token t, int line, int fromColumn, int toColumn) {
    return t.pos().line() == line && t.pos().column() >= fromColumn && t.pos().column() < toColumn;
  }

  /** The declaration in {@code program} at the same place and of the same name as {@code decl}. */
  private static VarDecl find(Program program, VarDecl decl) {
    VarDecl global = program.global(decl.name());
    if (global != null && global.pos().equals(decl.pos())) return global;
    VarDecl[] found = {null};
    for (Function f : program.allFunctions()) {
      if (f.body() == null) continue;
      Walk.stmt(f.body(), d -> {
        if (d.name().equals(decl.name()) && d.pos().equals(decl.pos())) found[0] = d;
      }, x -> {});
    }
    return found[0];
  }
}
