package dev.bankcheck.source;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * State of one {@link Preprocessor#process} call. Tokens flow through a single stream: macro expansions are
 * pushed back as frames in front of the file stack, and the file reader executes directives as it meets them,
 * so arguments may span lines and directives (as GCC does). Expansion follows Prosser's algorithm with hide
 * sets (the reference algorithm behind C11 6.10.3.4).
 */
final class PreprocessRun {
  static final int MAX_INCLUDE_DEPTH = 64;
  /** Tokens one use of a macro in the file may expand to; past it, that use is left out and the file goes on. */
  static final long MAX_EXPANSION_TOKENS = 5_000_000;
  /** Tokens all expansions of one file may produce; past it, preprocessing of the file stops. */
  static final long MAX_FILE_EXPANSION_TOKENS = 4 * MAX_EXPANSION_TOKENS;
  /** Macro arguments are expanded recursively; deeper nesting than this is reported, not overflowed. */
  static final int MAX_ARGUMENT_NESTING = 200;
  /** Inclusions, and tokens of included files, one file may read; past either, its later #includes are skipped. */
  static final int MAX_INCLUSIONS = 100_000;
  static final long MAX_INCLUDED_TOKENS = MAX_FILE_EXPANSION_TOKENS;
  static final int MAX_ERRORS = 10_000;

  /** Aborts the expansion in progress once a budget is spent (the error is already recorded). */
  private static final class ExpansionLimit extends RuntimeException {
    ExpansionLimit() {
      super(null, null, false, false);
    }
  }

  /** One open {@code #if} group. */
  private static final class Conditional {
    final Pos pos;
    final String directive;
    final boolean parentActive;
    /** Token indices of the '#' of the branch now open and of the one before it (-1: none), for messages. */
    int branchAt;
    int previousBranchAt = -1;
    boolean anyBranchTaken;
    boolean active;
    boolean sawElse;
    /** The {@code #ifndef X} opening a file: if it closes at the file's end, X is an include guard. */
    boolean guardCandidate;
    String guardMacro;

    Conditional(Pos pos, String directive, boolean parentActive) {
      this.pos = pos;
      this.directive = directive;
      this.parentActive = parentActive;
    }
  }

  /** A file being read: its tokens, a cursor, and its open conditionals. */
  private static final class SourceFile {
    final LexedFile lexed;
    final List<Token> tokens;
    final int size;
    final Path dir;
    final Path key;
    final String display;
    final ArrayDeque<Conditional> conditionals = new ArrayDeque<>();
    int index;
    int nextLexError;
    boolean active = true;

    SourceFile(LexedFile lexed, Path dir, Path key, String display) {
      this.lexed = lexed;
      this.tokens = lexed.tokens();
      this.size = tokens.size();
      this.dir = dir;
      this.key = key;
      this.display = display;
    }

    boolean startsDirective(int i) {
      return lexed.startsLine(i) && tokens.get(i).kind() == TokenKind.PUNCT && tokens.get(i).text().equals("#");
    }

    int lineEnd(int from) {
      int i = from;
      while (i < size && !lexed.startsLine(i)) i++;
      return i;
    }

    void updateActive() {
      active = conditionals.isEmpty() || conditionals.peek().active;
    }
  }

  /** A token source with push-back: expansion frames on top of either a fixed list or the file stack. */
  private final class Input {
    private final ArrayDeque<Frame> frames = new ArrayDeque<>();
    private final List<PPToken> base;
    private int baseIndex;

    Input(List<PPToken> base) {
      this.base = base;
    }

    PPToken next() {
      Frame f;
      while ((f = frames.peek()) != null) {
        if (f.index < f.tokens.size()) return f.tokens.get(f.index++);
        frames.pop();
      }
      if (base == null) return readFromFiles();
      return baseIndex < base.size() ? base.get(baseIndex++) : null;
    }

    void push(List<PPToken> tokens) {
      if (!tokens.isEmpty()) frames.push(new Frame(tokens));
    }

    void unread(PPToken t) {
      Frame f = frames.peek();
      if (f != null && f.index > 0 && f.tokens.get(f.index - 1) == t) f.index--;
      else if (f == null && base != null && baseIndex > 0 && base.get(baseIndex - 1) == t) baseIndex--;
      else frames.push(new Frame(List.of(t)));
    }
  }

  private static final class Frame {
    final List<PPToken> tokens;
    int index;

    Frame(List<PPToken> tokens) {
      this.tokens = tokens;
    }
  }

  /** Arguments of one invocation; each is macro-expanded at most once, and only if used that way. */
  private final class Arguments {
    final List<List<PPToken>> raw;
    final List<List<PPToken>> expanded;
    final PPToken close;
    final boolean countMatches;

    Arguments(List<List<PPToken>> raw, PPToken close, boolean countMatches) {
      this.raw = raw;
      this.close = close;
      this.countMatches = countMatches;
      this.expanded = new ArrayList<>(Collections.nCopies(raw.size(), null));
    }

    List<PPToken> expanded(int i) {
      List<PPToken> e = expanded.get(i);
      if (e == null) {
        e = expandList(raw.get(i));
        expanded.set(i, e);
      }
      return e;
    }
  }

  private final List<Path> includeDirs;
  private final Map<String, String> defines;
  private final Map<String, Macro> macros = new HashMap<>();
  /** {@link Preprocessor#LIBRARY_MACROS}: expanded where {@code macros} has no macro of the name. */
  private final Map<String, Macro> libraryMacros = new HashMap<>();
  private final List<Token> output = new ArrayList<>();
  private final List<SourceError> errors = new ArrayList<>();
  private final Set<String> includedFiles = new LinkedHashSet<>();
  private final Map<String, String> headerTexts = new HashMap<>();
  private final Set<Path> pragmaOnce = new HashSet<>();
  private final Map<Path, String> includeGuards = new HashMap<>();
  /** Included files as lexed, by canonical path and display path (shared by the runs of one file's fix checks). */
  private final Map<String, LexedFile> lexCache;
  private final ArrayDeque<SourceFile> files = new ArrayDeque<>();
  /** Tokens produced by the current use of a macro in the file, and by all uses. */
  private long expansionTokens;
  private long fileExpansionTokens;
  private int argumentNesting;
  private int counter;

  PreprocessRun(List<Path> includeDirs, Map<String, String> defines, Map<String, LexedFile> lexCache,
      BooleanSupplier stop) {
    this.includeDirs = includeDirs;
    this.defines = defines;
    this.lexCache = lexCache;
    this.stop = stop;
  }

  /** The file's time bound: past it, preprocessing stops where it is (the caller reports that it stopped). */
  private final BooleanSupplier stop;
  /** The time bound was reached: the rest of the file is not preprocessed. */
  private boolean stopped;
  private int inclusions;
  private long includedTokens;
  private boolean includesSkipped;

  PreprocessResult run(Path file, String display, String text) {
    try {
      for (Map.Entry<String, String> e : Preprocessor.PREDEFINED.entrySet()) {
        if (!defines.containsKey(e.getKey())) defineFromText("<built-in>", e.getKey() + " " + e.getValue());
      }
      for (Map.Entry<String, String> e : Preprocessor.LIBRARY_MACROS.entrySet()) {
        defineFromText("<built-in>", e.getKey() + " " + e.getValue());
        libraryMacros.put(e.getKey(), macros.remove(e.getKey()));
      }
      for (Map.Entry<String, String> e : defines.entrySet()) {
        String value = e.getValue() == null || e.getValue().isEmpty() ? "1" : e.getValue();
        defineFromText("<command-line>", e.getKey() + " " + value);
      }
      Path dir = file == null ? null : file.toAbsolutePath().getParent();
      files.push(new SourceFile(Lexer.tokenize(display, text), dir, file == null ? null : canonical(file), display));
      Input main = new Input(null);
      int useStart = 0; // where the output of the current top-level macro use starts
      for (int tick = 1; ; tick++) {
        try {
          if ((tick & 0xFFFF) == 0 && stop.getAsBoolean()) break;
          if (main.frames.isEmpty()) {
            if (copyPlainToken()) continue;
            useStart = output.size();
            expansionTokens = 0;
          }
          PPToken t = expandNext(main);
          if (t == null) break;
          output.add(operatorForAlternative(t.token));
        } catch (ExpansionLimit cut) {
          // this use of the macro is left out (its partial output too); the rest of the file is preprocessed
          // unless the file's whole budget is spent
          output.subList(useStart, output.size()).clear();
          main.frames.clear();
          if (stopped || fileExpansionTokens > MAX_FILE_EXPANSION_TOKENS) break;
        }
      }
    } catch (ExpansionLimit stop) {
      // a directive's expansion (#if, #include) overran the file's budget: the error is recorded; the tokens
      // produced so far are still returned
    }
    skippedDefines.keySet().removeAll(macros.keySet());
    return new PreprocessResult(Collections.unmodifiableList(output), Collections.unmodifiableList(errors),
        Collections.unmodifiableSet(includedFiles), Collections.unmodifiableMap(headerTexts),
        Collections.unmodifiableMap(skippedDefines));
  }

  /**
   * Fast path for the common case: the next file token cannot start an expansion or a directive, so it goes
   * straight to the output without a {@link PPToken} wrapper. Returns false if the slow path must decide.
   */
  private boolean copyPlainToken() {
    SourceFile f = files.peek();
    if (f == null || !f.active) return false;
    int i = f.index;
    if (i >= f.size || f.startsDirective(i)) return false;
    Token t = f.tokens.get(i);
    if (t.kind() == TokenKind.IDENTIFIER && (t.text().startsWith("_") || macros.containsKey(t.text())
        || libraryMacros.containsKey(t.text()))) {
      return false;
    }
    flushLexErrors(f, i);
    f.index = i + 1;
    output.add(operatorForAlternative(t));
    return true;
  }

  /**
   * C++'s alternative tokens (C++17 5.5): {@code M >= 128 and N >= 128} is {@code &&}. The lexer keeps them as
   * names, so that pasting and '#' see their spelling ({@code af_##and##_t} is {@code af_and_t}, as in GCC).
   */
  private static final Map<String, String> ALTERNATIVE_TOKENS = Map.ofEntries(Map.entry("and", "&&"),
      Map.entry("or", "||"), Map.entry("not", "!"), Map.entry("bitand", "&"), Map.entry("bitor", "|"),
      Map.entry("xor", "^"), Map.entry("compl", "~"), Map.entry("and_eq", "&="), Map.entry("or_eq", "|="),
      Map.entry("xor_eq", "^="), Map.entry("not_eq", "!="));

  private static Token operatorForAlternative(Token t) {
    if (t.kind() != TokenKind.IDENTIFIER) return t;
    String text = t.text();
    // every output token passes here: most are told apart without hashing them
    if (text.length() < 2 || text.length() > 6 || "abcnox".indexOf(text.charAt(0)) < 0) return t;
    String op = ALTERNATIVE_TOKENS.get(text);
    return op == null ? t : new Token(TokenKind.PUNCT, op, t.pos());
  }

  // ---------------------------------------------------------------- macro expansion

  /** The next fully expanded token from {@code in}, or null at its end. */
  private PPToken expandNext(Input in) {
    for (;;) {
      PPToken t = in.next();
      if (t == null || t.token.kind() != TokenKind.IDENTIFIER) return t;
      String name = t.text();
      Macro m = macros.get(name);
      if (m == null) m = libraryMacros.get(name);
      if (m == null) {
        if (name.startsWith("_")) {
          PPToken builtin = builtin(t, in);
          if (builtin == null) continue; // _Pragma(...) dropped
          return builtin;
        }
        return t;
      }
      if (t.hideSet.contains(name)) return t;
      if (!m.functionLike()) {
        in.push(substitute(m, null, t, t.hideSet.with(name)));
        continue;
      }
      PPToken next = in.next();
      if (next == null || !next.isPunct("(")) {
        if (next != null) in.unread(next);
        return t; // a function-like macro name without '(' is an ordinary identifier
      }
      List<PPToken> consumed = new ArrayList<>();
      consumed.add(next);
      Arguments args = collectArguments(in, m, t, consumed);
      if (args == null || !args.countMatches) {
        in.push(consumed); // put the would-be arguments back; they are rescanned as ordinary tokens
        // After a wrong argument count the name stays unexpanded for good; an unterminated list inside an
        // argument may still be completed by a later rescan.
        return args == null ? t : new PPToken(t.token, t.space, t.hideSet.with(name));
      }
      in.push(substitute(m, args, t, t.hideSet.intersect(args.close.hideSet).with(name)));
    }
  }

  /** __LINE__, __FILE__, __COUNTER__ and the _Pragma operator; null means "dropped". */
  private PPToken builtin(PPToken t, Input in) {
    Pos at = t.token.pos();
    switch (t.text()) {
      case "__LINE__":
        return new PPToken(new Token(TokenKind.NUMBER, Integer.toString(at.line()), at), t.space, t.hideSet);
      case "__FILE__":
        return new PPToken(new Token(TokenKind.STRING_LITERAL, quote(at.file()), at), t.space, t.hideSet);
      case "__COUNTER__":
        return new PPToken(new Token(TokenKind.NUMBER, Integer.toString(counter++), at), t.space, t.hideSet);
      case "_Pragma": {
        PPToken open = in.next();
        PPToken string = open != null && open.isPunct("(") ? in.next() : null;
        PPToken close = string != null && string.token.kind() == TokenKind.STRING_LITERAL ? in.next() : null;
        if (close != null && close.isPunct(")")) return null;
        error(at, "_Pragma takes a parenthesized string literal");
        for (PPToken back : new PPToken[] {close, string, open}) if (back != null) in.unread(back);
        return t;
      }
      default:
        return t;
    }
  }

  /**
   * Reads the arguments after '(' (already in {@code consumed}, like every token read here). Returns null if
   * the input ends first.
   */
  private Arguments collectArguments(Input in, Macro m, PPToken nameToken, List<PPToken> consumed) {
    List<List<PPToken>> args = new ArrayList<>();
    List<PPToken> current = new ArrayList<>();
    int depth = 0;
    for (;;) {
      PPToken t = in.next();
      if (t == null) {
        // Inside an argument or #if line the invocation may legitimately be completed by a later rescan.
        if (in.base == null) error(nameToken.token.pos(), "unterminated argument list invoking macro '" + m.name() + "'");
        return null;
      }
      consumed.add(t);
      // Re-collecting arguments that are themselves arguments is the quadratic case (F(F(F(...)))): bound it.
      if (in.base != null && (consumed.size() & 1023) == 0) charge(1024, nameToken.token.pos());
      if (t.token.kind() == TokenKind.PUNCT) {
        String s = t.text();
        if (s.equals("(")) {
          depth++;
        } else if (s.equals(")")) {
          if (depth == 0) {
            args.add(current);
            return new Arguments(args, t, checkArgumentCount(m, args, nameToken));
          }
          depth--;
        } else if (s.equals(",") && depth == 0 && !(m.variadic() && args.size() >= m.paramCount() - 1)) {
          args.add(current);
          current = new ArrayList<>();
          continue;
        }
      }
      current.add(t);
    }
  }

  private boolean checkArgumentCount(Macro m, List<List<PPToken>> args, PPToken nameToken) {
    int expected = m.paramCount();
    if (expected == 0 && args.size() == 1 && args.get(0).isEmpty()) {
      args.clear();
      return true;
    }
    if (m.variadic() && args.size() == expected - 1) args.add(new ArrayList<>()); // f(a) for f(a, ...)
    if (args.size() == expected) return true;
    error(nameToken.token.pos(), "macro '" + m.name() + "' passed " + args.size() + " arguments, but takes "
        + expected);
    return false;
  }

  /** Fully macro-expands an argument in isolation (C11 6.10.3.1). */
  private List<PPToken> expandList(List<PPToken> tokens) {
    if (!mayExpand(tokens)) return tokens;
    if (argumentNesting >= MAX_ARGUMENT_NESTING) {
      error(tokens.get(0).token.pos(), "macro arguments nested too deeply (limit " + MAX_ARGUMENT_NESTING + ")");
      return tokens;
    }
    argumentNesting++;
    try {
      Input in = new Input(tokens);
      List<PPToken> out = new ArrayList<>(tokens.size());
      for (PPToken t = expandNext(in); t != null; t = expandNext(in)) out.add(t);
      return out;
    } finally {
      argumentNesting--;
    }
  }

  private boolean mayExpand(List<PPToken> tokens) {
    for (PPToken t : tokens) {
      if (t.token.kind() == TokenKind.IDENTIFIER && (macros.containsKey(t.text()) || t.text().startsWith("_"))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Replaces an invocation by the macro body: parameters by (expanded) arguments, {@code #} stringizes,
   * {@code ##} pastes. Body tokens take the invocation's position; argument tokens keep theirs. Every result
   * token gets {@code hideSet} added.
   */
  private List<PPToken> substitute(Macro m, Arguments args, PPToken invocation, HideSet hideSet) {
    List<PPToken> body = m.body();
    int[] paramIndex = m.paramIndex();
    Pos at = invocation.token.pos();
    List<PPToken> out = new ArrayList<>(body.size() + 4);
    boolean placemarkers = false;
    for (int i = 0; i < body.size(); i++) {
      PPToken b = body.get(i);
      int param = paramIndex[i];
      if (m.functionLike() && b.isPunct("#") && i + 1 < body.size() && paramIndex[i + 1] >= 0) {
        i++;
        out.add(new PPToken(new Token(TokenKind.STRING_LITERAL, stringize(args.raw.get(paramIndex[i])), at),
            b.space, hideSet));
        continue;
      }
      if (b.isPunct("##") && i + 1 < body.size() && !out.isEmpty()) {
        i++;
        int rhsParam = paramIndex[i];
        if (rhsParam >= 0 && rhsParam == m.variadicIndex() && out.get(out.size() - 1).isPunct(",")) {
          // GNU ", ## __VA_ARGS__": the comma disappears with an empty variadic argument.
          List<PPToken> va = args.raw.get(rhsParam);
          if (va.isEmpty()) out.remove(out.size() - 1);
          else for (PPToken a : va) out.add(new PPToken(a.token, a.space, a.hideSet.union(hideSet)));
          continue;
        }
        List<PPToken> rhs = rhsParam >= 0 ? args.raw.get(rhsParam) : List.of(body.get(i));
        paste(out, rhs, at, hideSet, rhsParam < 0);
        continue;
      }
      if (param >= 0) {
        boolean beforePaste = i + 1 < body.size() && body.get(i + 1).isPunct("##");
        List<PPToken> arg = beforePaste ? args.raw.get(param) : args.expanded(param);
        if (arg.isEmpty()) {
          if (beforePaste) {
            out.add(PPToken.PLACEMARKER);
            placemarkers = true;
          }
          continue;
        }
        for (int k = 0; k < arg.size(); k++) {
          PPToken a = arg.get(k);
          out.add(new PPToken(a.token, k == 0 ? b.space : a.space, a.hideSet.union(hideSet)));
        }
        continue;
      }
      out.add(new PPToken(new Token(b.token.kind(), b.text(), at), b.space, hideSet));
    }
    if (placemarkers) out.removeIf(t -> t == PPToken.PLACEMARKER);
    if (!out.isEmpty()) {
      PPToken first = out.get(0);
      out.set(0, new PPToken(first.token, invocation.space, first.hideSet));
    }
    charge(out.size(), at);
    return out;
  }

  /** Counts tokens produced (or re-read) by expansion against the per-file budget. */
  private void charge(int tokens, Pos at) {
    expansionTokens += tokens;
    fileExpansionTokens += tokens;
    if (fileExpansionTokens > MAX_FILE_EXPANSION_TOKENS) {
      error(at, "macro expansion in this file exceeds " + MAX_FILE_EXPANSION_TOKENS + " tokens; the rest of the"
          + " file is not preprocessed");
      throw new ExpansionLimit();
    }
    if (expansionTokens > MAX_EXPANSION_TOKENS) {
      error(at, "macro expansion exceeds " + MAX_EXPANSION_TOKENS + " tokens; this use of the macro is left out");
      throw new ExpansionLimit();
    }
  }

  /** Applies {@code lhs ## rhs[0]}; an empty {@code rhs} is a placemarker and leaves the left side alone. */
  private void paste(List<PPToken> out, List<PPToken> rhs, Pos at, HideSet hideSet, boolean rhsFromBody) {
    if (rhs.isEmpty()) return;
    int last = out.size() - 1;
    PPToken lhs = out.get(last);
    int from = 0;
    if (lhs == PPToken.PLACEMARKER) {
      out.remove(last);
    } else {
      PPToken right = rhs.get(0);
      String text = lhs.text() + right.text();
      LexedFile lexed = Lexer.tokenize(at.file(), text);
      if (lexed.size() == 1 && lexed.errors().isEmpty() && lexed.get(0).text().equals(text)) {
        out.set(last, new PPToken(new Token(lexed.get(0).kind(), text, at), lhs.space, hideSet));
        from = 1;
      } else {
        error(at, "pasting \"" + lhs.text() + "\" and \"" + right.text() + "\" does not give a valid preprocessing token");
      }
    }
    for (int k = from; k < rhs.size(); k++) {
      PPToken r = rhs.get(k);
      Token tok = rhsFromBody ? new Token(r.token.kind(), r.text(), at) : r.token;
      out.add(new PPToken(tok, r.space, r.hideSet.union(hideSet)));
    }
  }

  /** {@code #x} (C11 6.10.3.2): spelling with single spaces, quotes and backslashes escaped inside literals. */
  private static String stringize(List<PPToken> arg) {
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < arg.size(); i++) {
      PPToken t = arg.get(i);
      if (i > 0 && t.space) sb.append(' ');
      TokenKind kind = t.token.kind();
      if (kind == TokenKind.STRING_LITERAL || kind == TokenKind.CHAR_LITERAL) appendEscaped(sb, t.text());
      else sb.append(t.text());
    }
    return sb.append('"').toString();
  }

  private static void appendEscaped(StringBuilder sb, String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') sb.append('\\');
      sb.append(c);
    }
  }

  private static String quote(String s) {
    StringBuilder sb = new StringBuilder("\"");
    appendEscaped(sb, s);
    return sb.append('"').toString();
  }

  // ---------------------------------------------------------------- files and directives

  /** Next token of the innermost open file, executing directives and skipping inactive groups. */
  private PPToken readFromFiles() {
    SourceFile f;
    while ((f = files.peek()) != null) {
      int i = f.index;
      if (i >= f.size) {
        finishFile(f);
        files.pop();
        continue;
      }
      if (f.startsDirective(i)) {
        flushLexErrors(f, i);
        directive(f);
        continue;
      }
      if (!f.active) {
        int j = i + 1;
        while (j < f.size && !f.startsDirective(j)) j++;
        f.index = j;
        flushLexErrors(f, j - 1);
        continue;
      }
      flushLexErrors(f, i);
      f.index = i + 1;
      return new PPToken(f.tokens.get(i), f.lexed.hasLeadingSpace(i), HideSet.EMPTY);
    }
    return null;
  }

  /** Reports (in an active group) or drops (in a skipped one) lexical errors up to token {@code upTo}. */
  private void flushLexErrors(SourceFile f, int upTo) {
    List<SourceError> lexErrors = f.lexed.errors();
    while (f.nextLexError < lexErrors.size() && f.lexed.errorTokenIndex(f.nextLexError) <= upTo) {
      if (f.active) error(lexErrors.get(f.nextLexError));
      f.nextLexError++;
    }
  }

  private void finishFile(SourceFile f) {
    flushLexErrors(f, Integer.MAX_VALUE);
    for (var it = f.conditionals.descendingIterator(); it.hasNext(); ) {
      Conditional c = it.next();
      error(c.pos, "unterminated #" + c.directive);
    }
  }

  private void directive(SourceFile f) {
    int hashIndex = f.index;
    int end = f.lineEnd(hashIndex + 1);
    f.index = end;
    if (hashIndex + 1 == end) return; // the null directive
    Token hash = f.tokens.get(hashIndex);
    Token nameToken = f.tokens.get(hashIndex + 1);
    int args = hashIndex + 2;
    String name = nameToken.kind() == TokenKind.IDENTIFIER ? nameToken.text() : "";
    switch (name) {
      case "if", "ifdef", "ifndef" -> {
        Conditional c = new Conditional(hash.pos(), name, f.active);
        c.branchAt = hashIndex;
        if (f.active) {
          c.active = name.equals("if") ? condition(f, args, end, hash) : definedTest(f, args, end, name);
          c.anyBranchTaken = c.active;
          if (name.equals("ifndef") && hashIndex == 0 && args < end) {
            c.guardCandidate = true;
            c.guardMacro = f.tokens.get(args).text();
          }
        }
        f.conditionals.push(c);
        f.updateActive();
        return;
      }
      case "elif", "elifdef", "elifndef", "else" -> {
        Conditional c = f.conditionals.peek();
        if (c == null) {
          if (f.active) error(hash.pos(), "#" + name + " without #if");
          return;
        }
        if (c.sawElse) error(hash.pos(), "#" + name + " after #else");
        c.guardCandidate = false;
        if (!c.parentActive || c.anyBranchTaken) {
          c.active = false;
        } else if (name.equals("else")) {
          c.active = true;
        } else {
          c.active = name.equals("elif") ? condition(f, args, end, hash)
              : definedTest(f, args, end, name.substring(2));
        }
        c.anyBranchTaken |= c.active;
        c.sawElse |= name.equals("else");
        c.previousBranchAt = c.branchAt;
        c.branchAt = hashIndex;
        f.updateActive();
        return;
      }
      case "endif" -> {
        Conditional c = f.conditionals.poll();
        if (c == null) {
          if (f.active) error(hash.pos(), "#endif without #if");
          return;
        }
        if (c.guardCandidate && end == f.size && f.key != null) includeGuards.put(f.key, c.guardMacro);
        f.updateActive();
        return;
      }
      default -> { }
    }
    if (!f.active) {
      if (name.equals("define") && args < end && f.tokens.get(args).kind() == TokenKind.IDENTIFIER) {
        noteSkippedDefine(f, f.tokens.get(args).text(), hash.pos());
      }
      return;
    }
    switch (name) {
      case "define" -> define(f.lexed, args, end, hash.pos());
      case "undef" -> {
        if (args >= end || f.tokens.get(args).kind() != TokenKind.IDENTIFIER) error(hash.pos(), "#undef expects a macro name");
        else macros.remove(f.tokens.get(args).text());
      }
      case "include", "include_next", "import" -> include(f, args, end, hash);
      case "pragma" -> {
        if (args < end && f.tokens.get(args).is("once") && f.key != null) pragmaOnce.add(f.key);
      }
      case "error", "warning", "line", "ident", "sccs", "assert", "unassert" -> { }
      default -> {
        // "# 12 "file"" line markers from an earlier preprocessing step are fine.
        if (nameToken.kind() != TokenKind.NUMBER) error(nameToken.pos(), "unknown directive '#" + nameToken.text() + "'");
      }
    }
  }

  private List<PPToken> lineTokens(SourceFile f, int from, int end) {
    List<PPToken> line = new ArrayList<>(Math.max(0, end - from));
    for (int i = from; i < end; i++) line.add(new PPToken(f.tokens.get(i), f.lexed.hasLeadingSpace(i), HideSet.EMPTY));
    return line;
  }

  private boolean definedTest(SourceFile f, int from, int end, String which) {
    if (from >= end || f.tokens.get(from).kind() != TokenKind.IDENTIFIER) {
      error(f.tokens.get(from - 1).pos(), "#" + which + " expects a macro name");
      return false;
    }
    return macros.containsKey(f.tokens.get(from).text()) == which.equals("ifdef");
  }

  /** Macro-expands an #if/#elif line, resolving {@code defined} and {@code __has_include}, and evaluates it. */
  private boolean condition(SourceFile f, int from, int end, Token hash) {
    Input in = new Input(lineTokens(f, from, end));
    List<PPToken> expanded = new ArrayList<>();
    for (PPToken t = expandNext(in); t != null; t = expandNext(in)) {
      String s = t.text();
      if (t.token.kind() == TokenKind.IDENTIFIER && (s.equals("defined") || s.startsWith("__has_"))) {
        boolean value;
        if (s.equals("defined")) {
          value = definedOperator(in, t);
        } else if (s.equals("__has_include") || s.equals("__has_include_next")) {
          value = hasInclude(f, in, t);
        } else { // __has_attribute, __has_builtin, ...: claim nothing
          skipParenthesized(in);
          value = false;
        }
        expanded.add(new PPToken(new Token(TokenKind.NUMBER, value ? "1" : "0", t.token.pos()), t.space, HideSet.EMPTY));
      } else {
        Token op = operatorForAlternative(t.token); // "#if defined(X) and Y"
        expanded.add(op == t.token ? t : new PPToken(op, t.space, t.hideSet));
      }
    }
    return IfExpression.evaluate(expanded, hash.pos(), this::error);
  }

  private boolean definedOperator(Input in, PPToken defined) {
    PPToken t = in.next();
    boolean parenthesized = t != null && t.isPunct("(");
    if (parenthesized) t = in.next();
    if (t == null || t.token.kind() != TokenKind.IDENTIFIER) {
      error(defined.token.pos(), "operator 'defined' requires an identifier");
      if (t != null) in.unread(t);
      return false;
    }
    if (parenthesized) {
      PPToken close = in.next();
      if (close == null || !close.isPunct(")")) {
        error(defined.token.pos(), "missing ')' after 'defined'");
        if (close != null) in.unread(close);
      }
    }
    return macros.containsKey(t.text());
  }

  /** {@code __has_include("x")} / {@code __has_include(<x>)}: true if #include would read a file. */
  private boolean hasInclude(SourceFile f, Input in, PPToken at) {
    PPToken open = in.next();
    if (open == null || !open.isPunct("(")) {
      error(at.token.pos(), "__has_include requires a parenthesized header name");
      if (open != null) in.unread(open);
      return false;
    }
    List<PPToken> inner = new ArrayList<>();
    for (PPToken t = in.next(); t != null && !t.isPunct(")"); t = in.next()) inner.add(t);
    HeaderName header = headerName(inner);
    return header != null && resolve(f, header) != null;
  }

  /** Macros defined only in skipped groups: where, and the conditional that skipped it (see PreprocessResult). */
  private final Map<String, String> skippedDefines = new HashMap<>();

  private void noteSkippedDefine(SourceFile f, String macro, Pos at) {
    for (Conditional c : f.conditionals) { // innermost first: the one whose parent is active skipped the group
      if (c.parentActive && !c.active) {
        String branch = directiveText(f, c.branchAt);
        if (branch.equals("#else")) branch += " (of " + directiveText(f, c.previousBranchAt) + ")";
        skippedDefines.putIfAbsent(macro, f.display + ":" + at.line() + ", in a group that '" + branch + "' at "
            + f.display + ":" + f.tokens.get(c.branchAt).line() + " skips");
        return;
      }
    }
  }

  /** A directive's line as written, shortened: "#if HAVE_CUDA". */
  private static String directiveText(SourceFile f, int hashIndex) {
    int end = f.lineEnd(hashIndex + 1);
    StringBuilder sb = new StringBuilder("#");
    for (int i = hashIndex + 1; i < end && sb.length() < 60; i++) {
      if (i == hashIndex + 2 || i > hashIndex + 2 && f.lexed.hasLeadingSpace(i)) sb.append(' ');
      sb.append(f.tokens.get(i).text());
    }
    return sb.length() >= 60 ? sb.substring(0, 57) + "..." : sb.toString();
  }

  private void skipParenthesized(Input in) {
    PPToken t = in.next();
    if (t == null || !t.isPunct("(")) {
      if (t != null) in.unread(t);
      return;
    }
    for (int depth = 1; depth > 0 && (t = in.next()) != null; ) {
      if (t.isPunct("(")) depth++;
      else if (t.isPunct(")")) depth--;
    }
  }

  private void define(LexedFile lexed, int from, int end, Pos at) {
    List<Token> toks = lexed.tokens();
    if (from >= end || toks.get(from).kind() != TokenKind.IDENTIFIER) {
      error(from < end ? toks.get(from).pos() : at, "macro names must be identifiers");
      return;
    }
    String name = toks.get(from).text();
    if (name.equals("defined")) {
      error(toks.get(from).pos(), "'defined' cannot be used as a macro name");
      return;
    }
    int i = from + 1;
    boolean functionLike = i < end && toks.get(i).is("(") && !lexed.hasLeadingSpace(i);
    List<String> params = new ArrayList<>();
    int variadicIndex = -1;
    if (functionLike) {
      i++;
      boolean expectParam = true;
      for (;; i++) {
        if (i >= end) {
          error(toks.get(from).pos(), "missing ')' in macro parameter list");
          return;
        }
        Token t = toks.get(i);
        if (t.is(")") && (params.isEmpty() || !expectParam)) break;
        if (expectParam && variadicIndex < 0 && (t.kind() == TokenKind.IDENTIFIER || t.is("..."))) {
          String param = t.is("...") ? "__VA_ARGS__" : t.text();
          if (params.contains(param)) {
            error(t.pos(), "duplicate macro parameter '" + param + "'");
            return;
          }
          params.add(param);
          if (t.is("...") || (i + 1 < end && toks.get(i + 1).is("..."))) { // GNU "args..." names the rest
            variadicIndex = params.size() - 1;
            if (!t.is("...")) i++;
          }
          expectParam = false;
        } else if (!expectParam && t.is(",") && variadicIndex < 0) {
          expectParam = true;
        } else {
          error(t.pos(), "invalid macro parameter list");
          return;
        }
      }
      i++;
    }
    // "#define WP_PRAGMA_UNROLL #pragma unroll" (NVIDIA Warp, CUTLASS for nvcc): used on a line of its own, nvcc
    // takes the pragma it expands to (checked with nvcc 13); dropped as a _Pragma is
    if (!functionLike && end - i >= 2 && toks.get(i).is("#") && toks.get(i + 1).text().equals("pragma")) i = end;
    List<PPToken> body = new ArrayList<>(end - i);
    int[] paramIndex = new int[end - i];
    for (int k = i; k < end; k++) {
      Token t = toks.get(k);
      paramIndex[k - i] = t.kind() == TokenKind.IDENTIFIER ? params.indexOf(t.text()) : -1;
      body.add(new PPToken(t, lexed.hasLeadingSpace(k), HideSet.EMPTY));
    }
    if (!body.isEmpty() && (body.get(0).isPunct("##") || body.get(body.size() - 1).isPunct("##"))) {
      error(at, "'##' cannot appear at either end of a macro expansion");
      return;
    }
    if (functionLike) {
      for (int k = 0; k < body.size(); k++) {
        if (body.get(k).isPunct("#") && (k + 1 >= body.size() || paramIndex[k + 1] < 0)) {
          error(body.get(k).token.pos(), "'#' is not followed by a macro parameter");
          return;
        }
      }
    }
    macros.put(name, new Macro(name, functionLike, params.size(), variadicIndex, List.copyOf(body), paramIndex));
  }

  private void defineFromText(String origin, String text) {
    LexedFile lexed = Lexer.tokenize(origin, text);
    for (SourceError e : lexed.errors()) error(e);
    define(lexed, 0, lexed.size(), new Pos(origin, 1, 1));
  }

  private record HeaderName(String name, boolean angled) {}

  /** Parses {@code "x"} or {@code <x>} from (possibly macro-expanded) tokens; null if neither. */
  private static HeaderName headerName(List<PPToken> toks) {
    if (toks.isEmpty()) return null;
    PPToken first = toks.get(0);
    String text = first.text();
    if (first.token.kind() == TokenKind.STRING_LITERAL && text.length() >= 2 && text.startsWith("\"")) {
      return new HeaderName(text.substring(1, text.length() - 1), false);
    }
    if (!first.isPunct("<")) return null;
    StringBuilder sb = new StringBuilder();
    for (int i = 1; i < toks.size(); i++) {
      PPToken t = toks.get(i);
      if (t.isPunct(">")) return new HeaderName(sb.toString(), true);
      if (i > 1 && t.space) sb.append(' ');
      sb.append(t.text());
    }
    return null;
  }

  private record Resolved(Path path, String display) {}

  private Resolved resolve(SourceFile includer, HeaderName header) {
    try {
      if (header.name().isEmpty() || header.name().indexOf('\0') >= 0) return null;
      if (!header.angled() && includer.dir != null) {
        Path candidate = includer.dir.resolve(header.name());
        if (Files.isRegularFile(candidate)) return new Resolved(candidate, displayNextTo(includer.display, header.name()));
      }
      for (Path dir : includeDirs) {
        Path candidate = dir.resolve(header.name());
        if (Files.isRegularFile(candidate)) return new Resolved(candidate, normalized(candidate, dir.toString()));
      }
    } catch (InvalidPathException | SecurityException e) {
      return null;
    }
    return null;
  }

  private static String displayNextTo(String includerDisplay, String name) {
    try {
      Path parent = Path.of(includerDisplay).getParent();
      return normalized(parent == null ? Path.of(name) : parent.resolve(name), includerDisplay);
    } catch (InvalidPathException e) {
      return name;
    }
  }

  /**
   * {@code p} normalized, keeping a leading "./" where {@code written} has one: a folder given as "." lists
   * "./x/k.cuh", and the same header included from "./x/a.cu" must have that name too, not "x/k.cuh".
   */
  private static String normalized(Path p, String written) {
    Path n = p.normalize();
    boolean dot = written.startsWith("." + java.io.File.separator) && !n.isAbsolute() && n.getNameCount() > 0
        && !n.getName(0).toString().equals("..") && !n.toString().isEmpty();
    return dot ? "." + java.io.File.separator + n : n.toString();
  }

  private void include(SourceFile f, int from, int end, Token hash) {
    List<PPToken> line = lineTokens(f, from, end);
    HeaderName header = headerName(line);
    if (header == null) header = headerName(expandList(line)); // computed include: #include MACRO
    if (header == null) {
      error(hash.pos(), "#include expects \"FILENAME\" or <FILENAME>");
      return;
    }
    Resolved found = resolve(f, header);
    if (found == null) {
      if (!header.angled()) error(hash.pos(), "cannot find include file '" + header.name() + "'");
      if (header.angled() && Preprocessor.CUDA_VERSION_HEADERS.contains(header.name())
          && !macros.containsKey("CUDA_VERSION")) {
        defineFromText("<" + header.name() + ">", "CUDA_VERSION 13000");
      }
      return;
    }
    if (files.size() > MAX_INCLUDE_DEPTH) {
      error(hash.pos(), "#include nested too deeply (limit " + MAX_INCLUDE_DEPTH + ")");
      return;
    }
    Path key = canonical(found.path());
    includedFiles.add(found.display());
    String guard = includeGuards.get(key);
    if (pragmaOnce.contains(key) || (guard != null && macros.containsKey(guard))) return;
    if (stopped || (stopped = stop.getAsBoolean())) throw new ExpansionLimit();
    if (includesSkipped) return;
    String cacheKey = key + "\0" + found.display();
    LexedFile lexed = lexCache.get(cacheKey);
    if (lexed == null) {
      String text;
      try {
        if (Files.size(found.path()) > Preprocessor.MAX_FILE_BYTES) {
          error(hash.pos(), "include file '" + header.name() + "' is larger than " + (Preprocessor.MAX_FILE_BYTES >> 20)
              + " MiB; not read");
          return;
        }
        text = new String(Files.readAllBytes(found.path()), StandardCharsets.UTF_8);
      } catch (IOException | OutOfMemoryError | SecurityException e) {
        error(hash.pos(), "cannot read include file '" + header.name() + "': " + e.getMessage());
        return;
      }
      lexed = Lexer.tokenize(found.display(), text);
      lexCache.put(cacheKey, lexed);
    }
    // a header included twice by each of 30 nested guardless headers would be read 2^30 times
    includedTokens += lexed.size();
    if (++inclusions > MAX_INCLUSIONS || includedTokens > MAX_INCLUDED_TOKENS) {
      error(hash.pos(), "this file's #includes read more than " + MAX_INCLUSIONS + " files or " + MAX_INCLUDED_TOKENS
          + " tokens (each inclusion counts); this and its later #include directives are skipped");
      includesSkipped = true;
      return;
    }
    headerTexts.putIfAbsent(found.display(), lexed.text());
    files.push(new SourceFile(lexed, key.getParent(), key, found.display()));
  }

  private static Path canonical(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException | RuntimeException e) {
      return p.toAbsolutePath().normalize();
    }
  }

  // ---------------------------------------------------------------- errors

  private void error(Pos at, String message) {
    error(new SourceError(at, message));
  }

  private void error(SourceError e) {
    if (errors.size() < MAX_ERRORS) errors.add(e);
    else if (errors.size() == MAX_ERRORS) errors.add(new SourceError(e.pos(), "too many errors; further ones are not reported"));
  }
}
