package dev.bankcheck.parse;

import dev.bankcheck.ir.Expr;
import dev.bankcheck.ir.TranslationUnit;
import dev.bankcheck.source.Pos;
import dev.bankcheck.source.SourceError;
import dev.bankcheck.source.Token;
import dev.bankcheck.source.TokenKind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CommonToken;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ListTokenSource;
import org.antlr.v4.runtime.NoViableAltException;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Vocabulary;
import org.antlr.v4.runtime.atn.ATN;
import org.antlr.v4.runtime.atn.ATNConfigSet;
import org.antlr.v4.runtime.atn.ParserATNSimulator;
import org.antlr.v4.runtime.atn.PredictionContextCache;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.dfa.DFA;
import org.antlr.v4.runtime.misc.ParseCancellationException;

/**
 * The only entry to ANTLR. Splits the preprocessed tokens into top-level items, parses each one
 * (SLL first, LL on failure, as Trino does) and builds the IR; an item that does not parse is
 * skipped with a recorded error, and the rest of the file is still analyzed.
 */
public final class CudaParserFacade {
  /** Deeper nesting of (), [] and {} than this is rejected before parsing: no StackOverflowError. */
  public static final int MAX_NESTING = 256;

  /**
   * More '<' open at once than this is rejected before parsing. Each '<' after a name may open a template
   * argument list, and ANTLR's prediction time grows exponentially with how many are open: 10 nested
   * {@code A<A<...>>} take about 1 s, 12 about 4 s, 16 did not end within 100 s (a single prediction step,
   * where the file's time limit is not checked). Real code stays below: 9 at most in CUTLASS, cuda-samples,
   * ggml and llm.c.
   */
  public static final int MAX_OPEN_ANGLES = 10;

  /**
   * An item (a function, a declaration) of more tokens than this is rejected before parsing: its parse tree
   * would not fit the launcher's heap (a 50,000-line kernel has about 700,000 tokens; 1,000,000 ran out).
   */
  public static final int MAX_ITEM_TOKENS = 750_000;

  private static final Map<String, Integer> TYPE_BY_TEXT = new HashMap<>();

  static {
    Vocabulary v = CudaParser.VOCABULARY;
    for (int t = 1; t <= v.getMaxTokenType(); t++) {
      String lit = v.getLiteralName(t);
      if (lit != null && lit.length() >= 2) TYPE_BY_TEXT.put(lit.substring(1, lit.length() - 1), t);
    }
  }

  public record Result(TranslationUnit unit, List<SourceError> errors, List<SkippedItem> skipped,
      List<TranslationUnit.Namespace> namespaces) {}

  /** An item that could not be parsed, kept so that shared-memory uses inside it can be reported. */
  public record SkippedItem(List<Token> tokens) {}

  private CudaParserFacade() {}

  public static Result parse(List<Token> tokens) {
    return parse(tokens, () -> false, null);
  }

  /**
   * The IR built from the items of one file, kept while the file is analyzed again with small edits (to check
   * fixes): an edit changes one item, and every other item, with the same tokens at the same positions, is taken
   * from here instead of being parsed again. Not thread-safe: one file's analyses at a time. Items that come
   * from headers are also shared with the other files of the run (thread-safe, bounded): a project's files
   * include the same headers, and ggml's 273 files parsed its common.cuh 273 times.
   */
  public static final class ItemCache {
    private final String mainFile;

    /** A cache for the analyses of {@code mainFile} (its display path: the file of its own tokens). */
    public ItemCache(String mainFile) {
      this.mainFile = mainFile;
    }

    /** Header items of every file: the IR is immutable, and the key decides it (as below). */
    private static final Map<Key, Built> HEADER_ITEMS = new java.util.concurrent.ConcurrentHashMap<>();
    /** Tokens held by HEADER_ITEMS' keys: past a bound no more items are kept, as memory must stay bounded. */
    private static final java.util.concurrent.atomic.AtomicLong HEADER_TOKENS = new java.util.concurrent.atomic.AtomicLong();
    /**
     * A token and its share of the IR take about 75 bytes: a fifth of the heap at most (the launcher's 368 MiB:
     * 965,000 tokens; ggml's headers take 680,000, flashinfer's 900,000). The items kept are the first ones
     * seen, those of the headers that most files include. Clearing the map at 500,000 tokens (before) parsed
     * ggml's header items 2,851 times where 1,155 differ.
     */
    private static final long MAX_HEADER_TOKENS = Runtime.getRuntime().maxMemory() / 400;

    private boolean fromHeader(List<Token> item) {
      for (Token t : item) {
        if (t.file().equals(mainFile)) return false;
      }
      return true;
    }

    private Built get(Key key, boolean header) {
      Built b = built.get(key);
      return b != null || !header ? b : HEADER_ITEMS.get(key);
    }

    private void put(Key key, Built b, boolean header) {
      built.put(key, b);
      if (!header) return;
      if (HEADER_TOKENS.get() + key.tokens.size() <= MAX_HEADER_TOKENS && HEADER_ITEMS.putIfAbsent(key, b) == null) {
        HEADER_TOKENS.addAndGet(key.tokens.size());
      }
    }

    /** The item's tokens and the type names among its identifiers: they alone decide what building it adds. */
    private record Key(List<Token> tokens, Set<String> typeNames) {
      // written out: a record's generated methods are bootstrapped through method handles, a start-up cost
      @Override
      public boolean equals(Object o) {
        return o instanceof Key k && k.tokens.equals(tokens) && k.typeNames.equals(typeNames);
      }

      @Override
      public int hashCode() {
        return tokens.hashCode() * 31 + typeNames.hashCode();
      }
    }

    /**
     * What parsing and building an item gave: what it added to the builder, and its errors when it failed (then
     * what the builder got before the failure). A failed item costs the most to parse again (the LL stage).
     */
    private record Built(IrBuilder.Added added, List<SourceError> errors, boolean parsed) {}

    private final Map<Key, Built> built = new HashMap<>();
  }

  /**
   * Parses until {@code stop} says the file's time is up: the items left are skipped unparsed (the caller says
   * that the analysis stopped), so a huge file cannot hold the run.
   */
  public static Result parse(List<Token> tokens, BooleanSupplier stop) {
    return parse(tokens, stop, null);
  }

  /** As {@link #parse(List, BooleanSupplier)}, taking items parsed before from {@code cache} (null: none). */
  public static Result parse(List<Token> tokens, BooleanSupplier stop, ItemCache cache) {
    boundPrediction();
    List<SourceError> errors = new ArrayList<>();
    List<SkippedItem> skipped = new ArrayList<>();
    IrBuilder builder = new IrBuilder();
    boolean stopped = false;
    List<TranslationUnit.Namespace> namespaces = new ArrayList<>();
    for (List<Token> item : splitTopLevel(withoutConstraints(splitClosingAngles(tokens)), errors, namespaces)) {
      if (stopped || (stopped = stop.getAsBoolean())) {
        skipped.add(new SkippedItem(item));
        continue;
      }
      SourceError refused = refusal(item);
      if (refused == null) {
        item = withShortLiteralLists(item);
        if (item.size() > MAX_ITEM_TOKENS) {
          refused = new SourceError(item.get(0).pos(), "this item has " + item.size() + " tokens, more than the "
              + MAX_ITEM_TOKENS + " that bankcheck parses in one item (about 50,000 lines); item skipped");
        }
      }
      if (refused != null) {
        errors.add(refused);
        skipped.add(new SkippedItem(item));
        continue;
      }
      ItemCache.Key key = cache == null ? null : new ItemCache.Key(item, builder.typeNamesIn(item));
      boolean header = key != null && cache.fromHeader(item);
      ItemCache.Built known = key == null ? null : cache.get(key, header);
      boolean parsed;
      if (known != null) {
        builder.add(known.added());
        errors.addAll(known.errors());
        parsed = known.parsed();
      } else {
        int[] mark = builder.mark();
        int errorsBefore = errors.size();
        try {
          parsed = parseItem(item, builder, errors, stop);
        } catch (OutOfTime e) {
          stopped = true;
          skipped.add(new SkippedItem(item));
          continue;
        }
        if (key != null) {
          cache.put(key, new ItemCache.Built(builder.addedSince(mark),
              List.copyOf(errors.subList(errorsBefore, errors.size())), parsed), header);
        }
      }
      if (!parsed) skipped.add(new SkippedItem(item));
    }
    return new Result(builder.unit(), errors, skipped, namespaces);
  }

  /**
   * ">>" becomes two '>' tokens (the grammar's right shift is '>' '>'), so that {@code A<B<int>> x} closes two
   * template lists; ">>>" that closes no "<<<" becomes three. The second and third keep adjacent columns. A launch
   * spelled "k << < g, b >> > (p)", which nvcc accepts, is joined into "<<<" and ">>>" ("<<" is never followed by
   * '<' otherwise; in a launch's configuration, ">> >" before '(' closes it, elsewhere it closes templates). A
   * 'template' after "::" is dropped.
   */
  static List<Token> splitClosingAngles(List<Token> tokens) {
    List<Token> out = new ArrayList<>(tokens.size());
    int openLaunches = 0;
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      // "R::template reduce<T>(s)": the disambiguator tells the compiler what bankcheck's grammar assumes anyway
      if (t.text().equals("template") && i > 0 && tokens.get(i - 1).text().equals("::")) continue;
      if (t.kind() == TokenKind.PUNCT) {
        String joined = joinedLaunchBracket(t, i + 1 < tokens.size() ? tokens.get(i + 1) : null,
            i + 2 < tokens.size() ? tokens.get(i + 2) : null, openLaunches);
        if (joined != null) {
          t = new Token(TokenKind.PUNCT, joined, t.file(), t.line(), t.column());
          i++;
        }
        switch (t.text()) {
          case "<<<" -> openLaunches++;
          case ">>>" -> {
            if (openLaunches > 0) {
              openLaunches--;
            } else {
              splitInto(out, t, 3);
              continue;
            }
          }
          case ">>" -> {
            splitInto(out, t, 2);
            continue;
          }
          default -> {}
        }
      }
      out.add(t);
    }
    return out;
  }

  /** Tokens before which "requires" starts a requires-clause: a template header's '>', a declarator's ')'. */
  private static final Set<String> BEFORE_REQUIRES_CLAUSE = Set.of(">", ")", "const", "noexcept", "&");
  /** Tokens before which "requires" starts a requires-expression ("concept C = requires (T a) { a + a; };"). */
  private static final Set<String> BEFORE_REQUIRES_EXPRESSION = Set.of("=", "(", "&&", "||", "!", ",", "return");

  /**
   * C++20 constraints, which choose among overloads and change no access: a requires-clause ("template <class T>
   * requires (sizeof(T) == 4) ...", "void f() requires C<T> {") is dropped, and a requires-expression becomes
   * {@code true}. A name "requires" elsewhere (C code may use it) stays.
   */
  static List<Token> withoutConstraints(List<Token> tokens) {
    List<Token> out = null;
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      String before = i > 0 ? tokens.get(i - 1).text() : "";
      int end = -1;
      boolean expression = false;
      if (t.kind() == TokenKind.IDENTIFIER && t.text().equals("requires")) {
        if (BEFORE_REQUIRES_CLAUSE.contains(before)) {
          end = constraintEnd(tokens, i + 1);
        } else if (BEFORE_REQUIRES_EXPRESSION.contains(before)) {
          end = requiresExpressionEnd(tokens, i);
          expression = true;
        }
      }
      if (end < 0) {
        if (out != null) out.add(t);
        continue;
      }
      if (out == null) out = new ArrayList<>(tokens.subList(0, i));
      if (expression) out.add(new Token(TokenKind.IDENTIFIER, "true", t.file(), t.line(), t.column()));
      i = end - 1;
    }
    return out == null ? tokens : out;
  }

  /**
   * The end of the constraint from {@code i}: primaries ("(...)", "C<T>::value", a requires-expression) joined by
   * && or ||; -1 if none.
   */
  private static int constraintEnd(List<Token> tokens, int i) {
    int end = constraintPrimaryEnd(tokens, i);
    while (end > 0 && (next(tokens, end).equals("&&") || next(tokens, end).equals("||"))) {
      end = constraintPrimaryEnd(tokens, end + 1);
    }
    return end;
  }

  private static int constraintPrimaryEnd(List<Token> tokens, int i) {
    if (next(tokens, i).equals("(")) return balancedEnd(tokens, i, "(", ")");
    if (next(tokens, i).equals("requires")) return requiresExpressionEnd(tokens, i);
    int j = i;
    if (next(tokens, j).equals("::")) j++;
    if (j >= tokens.size() || tokens.get(j).kind() != TokenKind.IDENTIFIER) return -1;
    j++;
    while (true) {
      if (next(tokens, j).equals("<")) {
        j = balancedEnd(tokens, j, "<", ">");
        if (j < 0) return -1;
      } else if (next(tokens, j).equals("::") && j + 1 < tokens.size()
          && tokens.get(j + 1).kind() == TokenKind.IDENTIFIER) {
        j += 2;
      } else {
        return j;
      }
    }
  }

  /** The end of "requires (params) { ... }" or "requires { ... }" at {@code i}; -1 if it is not one. */
  private static int requiresExpressionEnd(List<Token> tokens, int i) {
    int j = i + 1;
    if (next(tokens, j).equals("(")) j = balancedEnd(tokens, j, "(", ")");
    return j > 0 && next(tokens, j).equals("{") ? balancedEnd(tokens, j, "{", "}") : -1;
  }

  /** The index after the bracket closing the one at {@code i} (other brackets nested inside counted); -1 if none. */
  private static int balancedEnd(List<Token> tokens, int i, String open, String close) {
    int depth = 0;
    for (int j = i; j < tokens.size() && j < i + 10_000; j++) {
      String s = tokens.get(j).text();
      if (s.equals(open)) depth++;
      else if (s.equals(close) && --depth == 0) return j + 1;
      else if (!open.equals("{") && (s.equals(";") || s.equals("{") || s.equals("}"))) return -1;
    }
    return -1;
  }

  private static String joinedLaunchBracket(Token t, Token next, Token after, int openLaunches) {
    if (next == null || next.kind() != TokenKind.PUNCT) return null;
    if (t.text().equals("<<") && next.text().equals("<")) return "<<<";
    if (openLaunches > 0 && t.text().equals(">>") && next.text().equals(">") && after != null && after.text().equals("(")) {
      return ">>>";
    }
    return null;
  }

  private static void splitInto(List<Token> out, Token t, int n) {
    for (int i = 0; i < n; i++) out.add(new Token(TokenKind.PUNCT, ">", t.file(), t.line(), t.column() + i));
  }

  /** The tokens as one whole expression; null when they are not one. */
  public static Expr parseExpression(List<Token> tokens) {
    if (tokens.isEmpty()) return null;
    List<Token> split = splitClosingAngles(tokens);
    CudaParser parser = bailingParser(split, () -> false);
    try {
      return new IrBuilder().expression(sllThenLl(parser, CudaParser::expressionEof).expression(), positions(split));
    } catch (StackOverflowError | RuntimeException e) {
      return null;
    }
  }

  /**
   * What the parsers learn about predicting the grammar's decisions, shared by all of them. ANTLR keeps this in
   * the generated parser's static fields, where it grows with every new shape of code: cccl's headers took
   * 41,000 states of about 2.5 KB, a third of the launcher's heap; with the header items kept, flashinfer's run
   * then spent about a third of its time in full collections. It is started afresh past {@link #MAX_DFA_STATES}
   * (checked once per file), which costs some re-learning: on flashinfer, prediction took 53% of the samples
   * instead of 42%, for the same time overall.
   */
  private record Prediction(DFA[] dfa, PredictionContextCache contexts) {
    static Prediction fresh() {
      ATN atn = CudaParser._ATN;
      DFA[] dfa = new DFA[atn.getNumberOfDecisions()];
      for (int i = 0; i < dfa.length; i++) dfa[i] = new DFA(atn.getDecisionState(i), i);
      return new Prediction(dfa, new PredictionContextCache());
    }

    int states() {
      int n = 0;
      for (DFA d : dfa) n += d.states.size(); // read without ANTLR's lock: an estimate is enough
      return n;
    }
  }

  private static final int MAX_DFA_STATES = 16_000;
  private static volatile Prediction prediction = Prediction.fresh();

  private static void boundPrediction() {
    if (prediction.states() > MAX_DFA_STATES) prediction = Prediction.fresh();
  }

  /**
   * A parser of the tokens that reports nothing to the console and bails out at the first error, SLL first, and
   * throws {@link OutOfTime} at a decision once {@code stop} says the file's time is up.
   */
  private static CudaParser bailingParser(List<Token> tokens, BooleanSupplier stop) {
    return bailingParserOf(antlrTokens(tokens), stop);
  }

  private static CudaParser bailingParserOf(List<org.antlr.v4.runtime.Token> tokens, BooleanSupplier stop) {
    CudaParser parser = new CudaParser(new CommonTokenStream(new ListTokenSource(tokens)));
    Prediction p = prediction;
    parser.setInterpreter(new ParserATNSimulator(parser, parser.getATN(), p.dfa(), p.contexts()) {
      // an item can take many seconds to predict (600 comparisons joined by '||': 21 s): checked at each token
      // looked at
      @Override
      protected ATNConfigSet computeReachSet(ATNConfigSet closure, int t, boolean fullCtx) {
        if (stop.getAsBoolean()) throw new OutOfTime();
        return super.computeReachSet(closure, t, fullCtx);
      }
    });
    parser.removeErrorListeners();
    parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
    parser.setErrorHandler(new BailErrorStrategy());
    return parser;
  }

  /**
   * A part of a parsed item parsed again on its own ({@code tokens}, copied: their indices are the item's), or null
   * where it does not parse: a lambda's body and parameters, which the item keeps as tokens.
   */
  static <T> T parsePart(List<org.antlr.v4.runtime.Token> tokens, java.util.function.Function<CudaParser, T> rule) {
    List<org.antlr.v4.runtime.Token> copies = new ArrayList<>(tokens.size() + 1);
    for (org.antlr.v4.runtime.Token t : tokens) {
      CommonToken c = new CommonToken(t.getType(), t.getText());
      c.setLine(t.getLine());
      c.setCharPositionInLine(t.getCharPositionInLine());
      copies.add(c);
    }
    CommonToken eof = new CommonToken(org.antlr.v4.runtime.Token.EOF, "<EOF>");
    if (!tokens.isEmpty()) eof.setLine(tokens.get(tokens.size() - 1).getLine());
    copies.add(eof);
    try {
      // SLL alone: host code wraps long bodies in lambdas, and the rare part that needs LL stays a lambda not run
      return rule.apply(bailingParserOf(copies, () -> false));
    } catch (ParseCancellationException | RecognitionException e) {
      return null;
    }
  }

  /** The file's time ran out while an item was parsed: it and the items after it are skipped. */
  private static final class OutOfTime extends RuntimeException {
    OutOfTime() {
      super(null, null, false, false);
    }
  }

  /** The rule parsed with SLL prediction, or again with LL where SLL fails (its failures can be spurious). */
  private static <T> T sllThenLl(CudaParser parser, java.util.function.Function<CudaParser, T> rule) {
    try {
      return rule.apply(parser);
    } catch (ParseCancellationException sllFailed) {
      parser.reset(); // back to the first token
      parser.getInterpreter().setPredictionMode(PredictionMode.LL);
      return rule.apply(parser);
    }
  }

  /** Whether one item parses with SLL prediction alone (without the LL retry); for tests. */
  static boolean sllAccepts(List<Token> item) {
    try {
      bailingParser(splitClosingAngles(item), () -> false).topItemEof();
      return true;
    } catch (ParseCancellationException e) {
      return false;
    }
  }

  private static List<org.antlr.v4.runtime.Token> antlrTokens(List<Token> item) {
    List<org.antlr.v4.runtime.Token> antlrTokens = new ArrayList<>(item.size() + 1);
    for (int i = 0; i < item.size(); i++) {
      Token t = item.get(i);
      CommonToken ct = new CommonToken(contextualKeyword(item, i) ? CudaParser.Identifier : antlrType(t), t.text());
      ct.setLine(t.line());
      ct.setCharPositionInLine(t.column() - 1);
      antlrTokens.add(ct);
    }
    CommonToken eof = new CommonToken(org.antlr.v4.runtime.Token.EOF, "<EOF>");
    eof.setLine(item.get(item.size() - 1).line());
    antlrTokens.add(eof);
    return antlrTokens;
  }

  private static final Set<String> BEFORE_VIRT_SPECIFIER = Set.of("const", "volatile", "noexcept", "override",
      "final", "]", "&", "&&");
  private static final Set<String> CLASS_KEYS = Set.of("struct", "class", "union");
  private static final Set<String> CONDITION_KEYS = Set.of("if", "while", "for", "switch", "constexpr");

  /**
   * Whether the token at {@code i} is 'final' or 'override' used as a name ({@code T final;}, apex's reducers):
   * they are keywords only after a function's parameter list and its qualifiers, or after a class's name.
   */
  private static boolean contextualKeyword(List<Token> item, int i) {
    String text = item.get(i).text();
    if (!text.equals("final") && !text.equals("override") || i == 0) return false;
    String before = item.get(i - 1).text();
    if (before.equals(")")) return closesCondition(item, i - 1); // "if (tid < 32) final = x[tid];"
    if (BEFORE_VIRT_SPECIFIER.contains(before)) return false;
    return !(text.equals("final") && i >= 2 && CLASS_KEYS.contains(item.get(i - 2).text()));
  }

  /**
   * Whether the ')' at {@code close} ends the condition of an if, while, for or switch; looked for within 4,096
   * tokens: a hostile nest of such parentheses, each followed by a 'final', stays linear.
   */
  private static boolean closesCondition(List<Token> item, int close) {
    int depth = 0;
    for (int j = close; j >= Math.max(0, close - 4096); j--) {
      String t = item.get(j).text();
      if (t.equals(")")) depth++;
      else if (t.equals("(") && --depth == 0) {
        return j > 0 && CONDITION_KEYS.contains(item.get(j - 1).text());
      }
    }
    return false;
  }

  /** Each token's position, then the last one's again (where the end of the tokens is). */
  private static Pos[] positions(List<Token> tokens) {
    Pos[] positions = new Pos[tokens.size() + 1];
    for (int i = 0; i < tokens.size(); i++) positions[i] = tokens.get(i).pos();
    positions[tokens.size()] = tokens.get(tokens.size() - 1).pos();
    return positions;
  }

  private static boolean parseItem(List<Token> item, IrBuilder builder, List<SourceError> errors, BooleanSupplier stop) {
    Pos[] positions = positions(item);

    // Errors are data: no console listener, and bail out of the item at the first error.
    CudaParser parser = bailingParser(item, stop);
    try {
      if (onlyADeclaration(item)) {
        try {
          builder.addItem(parser.declarationItemEof(), positions);
          return true;
        } catch (ParseCancellationException notOne) {
          parser.reset(); // topItem decides, and says what is wrong
        }
      }
      builder.addItem(sllThenLl(parser, CudaParser::topItemEof).topItem(), positions);
      return true;
    } catch (OutOfTime e) {
      throw e;
    } catch (ParseCancellationException e) {
      errors.add(syntaxError(e, positions, parser, item));
      return false;
    } catch (IrBuilder.TooDeep e) {
      errors.add(new SourceError(e.pos, "code nested more than " + IrBuilder.MAX_DEPTH + " levels deep (each operator of"
          + " a chain such as a + b + c is a level); item skipped"));
      return false;
    } catch (StackOverflowError | RuntimeException e) {
      errors.add(new SourceError(item.get(0).pos(), "could not parse this item (" + e.getClass().getSimpleName()
          + "); item skipped"));
      return false;
    }
  }

  private static final Set<String> NOT_DECLARATIONS = Set.of("template", "extern", "using", "namespace", "static_assert",
      ";");

  /**
   * Whether the item can only parse as topItem's declaration: after its template header, no '(' outside braces
   * and brackets (every other alternative has a parameter list or starts with a word of its own). A struct's
   * definition then costs no prediction over its whole body (cuda-samples: 0.4 of its 2.2 s of parsing).
   */
  static boolean onlyADeclaration(List<Token> item) {
    int i = 0;
    if (item.get(0).text().equals("template")) {
      if (item.size() < 2 || !item.get(1).text().equals("<")) return false;
      int angles = 0;
      int parens = 0;
      for (i = 1; i < item.size(); i++) {
        String t = item.get(i).text();
        if (t.equals("(")) parens++;
        else if (t.equals(")")) parens--;
        else if (parens == 0 && t.equals("<")) angles++;
        else if (parens == 0 && t.equals(">") && --angles == 0) break;
      }
      i++;
    }
    if (i >= item.size() || NOT_DECLARATIONS.contains(item.get(i).text())) return false;
    int depth = 0;
    for (; i < item.size(); i++) {
      switch (item.get(i).text()) {
        case "{", "[" -> depth++;
        case "}", "]" -> depth--;
        case "(" -> {
          if (depth == 0) return false;
        }
        default -> {}
      }
    }
    return true;
  }

  /** Only the LL stage's failure is reported (an SLL failure can be spurious); the item is skipped. */
  private static SourceError syntaxError(ParseCancellationException e, Pos[] positions, CudaParser parser,
      List<Token> item) {
    org.antlr.v4.runtime.Token offending = e.getCause() instanceof RecognitionException re ? re.getOffendingToken()
        : parser.getCurrentToken();
    int index = offending == null ? 0 : Math.max(0, Math.min(offending.getTokenIndex(), positions.length - 1));
    String text = offending == null || offending.getType() == org.antlr.v4.runtime.Token.EOF ? "end of item"
        : "'" + offending.getText() + "'";
    String what = e.getCause() instanceof NoViableAltException ? "cannot parse the code at " + text
        : "unexpected " + text;
    String macro = statementsPassedTo(item, index);
    String word = macro == null ? wordBeforeStatement(item, index) : null;
    // words alone at file level, as a macro that was not read leaves them (_LIBCUDACXX_BEGIN_NAMESPACE_STD)
    boolean wordsAlone = item.size() <= 3 && item.stream().allMatch(CudaParserFacade::plainWord);
    String call = fileScopeCall(item);
    String why = macro != null ? " in the arguments of '" + macro + "(...)', which hold statements: " + NOT_A_MACRO
        : word != null ? " after '" + word + "', alone before a statement: " + NOT_A_MACRO
        : wordsAlone ? ", '" + String.join(" ", item.stream().map(Token::text).toList()) + "' alone: " + NOT_A_MACRO
        : call != null ? " in '" + call + "(...);' at file scope, where C++ has no calls: " + NOT_A_MACRO
        : "";
    return new SourceError(positions[index], "syntax error: " + what + why + "; item skipped");
  }

  /**
   * The name of an item "NAME(...);" whose parentheses close at its end, a call at file scope that only a macro not
   * read leaves (FlashInfer's TVM_FFI_DLL_EXPORT_TYPED_FUNC(plan, Plan);); null for any other item.
   */
  static String fileScopeCall(List<Token> item) {
    int n = item.size();
    if (n < 4 || !plainWord(item.get(0)) || !item.get(1).text().equals("(") || !item.get(n - 1).text().equals(";")) {
      return null;
    }
    int depth = 0;
    for (int i = 1; i < n - 1; i++) {
      String t = item.get(i).text();
      if (t.equals("(")) depth++;
      else if (t.equals(")") && --depth == 0 && i < n - 2) return null;
    }
    return depth == 0 ? item.get(0).text() : null;
  }

  /** Keywords that start a statement. */
  private static final Set<String> STATEMENT_KEYWORDS = Set.of("for", "while", "do", "if", "switch", "return");

  /**
   * The identifier that stands alone between a statement's end and the statement keyword at {@code at}, as a macro
   * that was not read leaves it ({@code TCNN_PRAGMA_UNROLL for (...)}, where it is {@code _Pragma("unroll")}); null
   * where there is none.
   */
  static String wordBeforeStatement(List<Token> item, int at) {
    if (at < 2 || at >= item.size() || !STATEMENT_KEYWORDS.contains(item.get(at).text())) return null;
    Token word = item.get(at - 1);
    String before = item.get(at - 2).text();
    boolean alone = before.equals(";") || before.equals("{") || before.equals("}") || before.equals(")");
    return alone && plainWord(word) ? word.text() : null;
  }

  /** An identifier that is no keyword or built-in type name. */
  private static boolean plainWord(Token t) {
    return t.kind() == TokenKind.IDENTIFIER && !TYPE_BY_TEXT.containsKey(t.text());
  }

  /** Says that a call's name is no macro that was read; the analyzer adds the headers that were not found. */
  public static final String NOT_A_MACRO = "it is no macro bankcheck has read";

  /**
   * The name of the call whose parentheses hold token {@code at} and a ';' among their tokens: only a macro takes
   * statements as arguments (torch's AT_DISPATCH_FLOATING_TYPES(..., [&] { ... });, apex's DISPATCH_HALF_AND_BFLOAT(
   * ..., f(x););), and one that is still a call was not defined where it was read. Null where there is none.
   */
  static String statementsPassedTo(List<Token> item, int at) {
    Deque<Integer> open = new ArrayDeque<>();
    for (int i = 0; i < Math.min(at, item.size()); i++) {
      String t = item.get(i).text();
      if (t.equals("(")) open.push(i);
      else if (t.equals(")") && !open.isEmpty()) open.pop();
    }
    for (int start : (Iterable<Integer>) open::descendingIterator) { // outermost first
      if (start == 0 || item.get(start - 1).kind() != TokenKind.IDENTIFIER
          || CONDITION_KEYS.contains(item.get(start - 1).text())) {
        continue;
      }
      int depth = 0;
      int braces = 0; // a lambda's body among the arguments holds statements in C++ too
      for (int i = start; i < item.size(); i++) {
        switch (item.get(i).text()) {
          case "(" -> depth++;
          case "{" -> braces++;
          case "}" -> braces--;
          case ";" -> {
            if (braces == 0) return item.get(start - 1).text();
          }
          case ")" -> {
            if (--depth == 0) i = item.size();
          }
          default -> {}
        }
      }
    }
    return null;
  }

  private static int antlrType(Token t) {
    if (t.kind() == TokenKind.NUMBER) {
      String s = t.text().toLowerCase();
      boolean hex = s.startsWith("0x");
      boolean isFloat = s.contains(".") || (!hex && s.contains("e")) || (hex && s.contains("p"))
          || (!hex && s.endsWith("f"));
      return isFloat ? CudaParser.FloatingLiteral : CudaParser.IntegerLiteral;
    }
    if (t.kind() == TokenKind.CHAR_LITERAL) return CudaParser.CharLiteral;
    if (t.kind() == TokenKind.STRING_LITERAL) return CudaParser.StringLiteral;
    Integer known = TYPE_BY_TEXT.get(t.text());
    if (known != null) return known;
    if (t.kind() == TokenKind.IDENTIFIER) return CudaParser.Identifier;
    return org.antlr.v4.runtime.Token.INVALID_TYPE;
  }

  /**
   * Splits at top level: an item ends with ';' at depth 0, or with the '}' that closes a function
   * body. {@code namespace X {} } and {@code extern "C" {} } are transparent: their items are split too.
   */
  static List<List<Token>> splitTopLevel(List<Token> tokens, List<SourceError> errors) {
    return splitTopLevel(tokens, errors, new ArrayList<>());
  }

  /** As above, adding the bodies of named namespaces to {@code namespaces}. */
  static List<List<Token>> splitTopLevel(List<Token> tokens, List<SourceError> errors,
      List<TranslationUnit.Namespace> namespaces) {
    List<List<Token>> items = new ArrayList<>();
    List<Token> current = new ArrayList<>();
    int depth = 0;
    boolean functionBody = false;
    // per open transparent block: its qualified name ("" for extern "C", an anonymous or inline namespace) and '{'
    java.util.ArrayDeque<String> openNames = new java.util.ArrayDeque<>();
    java.util.ArrayDeque<Pos> openStarts = new java.util.ArrayDeque<>();
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      String s = t.text();
      boolean punct = t.kind() == TokenKind.PUNCT;
      if (depth == 0 && !current.isEmpty() && current.stream().allMatch(CudaParserFacade::plainWord)
          && (transparentOpener(tokens, i) > 0 || s.equals("template")
              || s.equals("extern") && i + 1 < tokens.size() && tokens.get(i + 1).text().equals("template"))) {
        // a macro bankcheck has not read, alone before a namespace or a template (libcudacxx's
        // _LIBCUDACXX_BEGIN_NAMESPACE_STD): an item of its own, not the start of one holding the whole namespace
        items.add(current);
        current = new ArrayList<>();
      }
      if (depth == 0 && current.isEmpty()) {
        int opener = transparentOpener(tokens, i);
        if (opener > 0) {
          String name = namespaceName(tokens, i, opener);
          String outer = openNames.isEmpty() ? "" : openNames.peek();
          openNames.push(name.isEmpty() ? outer : outer.isEmpty() ? name : outer + "::" + name);
          openStarts.push(tokens.get(i + opener - 1).pos());
          i += opener - 1;
          continue;
        }
        if (punct && s.equals("}") && !openNames.isEmpty()) {
          String name = openNames.pop();
          Pos start = openStarts.pop();
          if (!name.isEmpty() && (openNames.isEmpty() || !openNames.peek().equals(name))) {
            namespaces.add(new TranslationUnit.Namespace(name, start, t.pos()));
          }
          continue;
        }
      }
      current.add(t);
      if (!punct) continue;
      switch (s) {
        case "(", "[" -> depth++;
        case ")", "]" -> depth = Math.max(0, depth - 1);
        case "{" -> {
          if (depth == 0) functionBody = !memberBraceInit(current) && looksLikeFunctionBody(current);
          depth++;
        }
        case "}" -> {
          depth = Math.max(0, depth - 1);
          if (depth == 0 && functionBody) {
            items.add(current);
            current = new ArrayList<>();
            functionBody = false;
          }
        }
        case ";" -> {
          if (depth == 0) {
            items.add(current);
            current = new ArrayList<>();
            functionBody = false;
          }
        }
        default -> {}
      }
    }
    if (!current.isEmpty()) {
      errors.add(new SourceError(current.get(0).pos(), "unexpected end of file: missing ';' or '}'"));
      items.add(current);
    }
    return items;
  }

  /** "a::b" of "namespace a::b {" at i ({@code length} tokens); "" for an anonymous or inline one, extern "C". */
  private static String namespaceName(List<Token> tokens, int i, int length) {
    if (!tokens.get(i).text().equals("namespace")) return "";
    StringBuilder name = new StringBuilder();
    for (int j = i + 1; j < i + length - 1; j++) name.append(tokens.get(j).text());
    return name.toString();
  }

  /** Number of tokens of "namespace a::b {" or "extern "C" {" at i, else 0. */
  private static int transparentOpener(List<Token> tokens, int i) {
    Token t = tokens.get(i);
    if (t.text().equals("namespace") || t.text().equals("inline") && next(tokens, i + 1).equals("namespace")) {
      int j = t.text().equals("inline") ? i + 2 : i + 1;
      while (j < tokens.size() && (tokens.get(j).kind() == TokenKind.IDENTIFIER || tokens.get(j).text().equals("::"))) j++;
      return next(tokens, j).equals("{") ? j - i + 1 : 0;
    }
    if (t.text().equals("extern") && i + 2 < tokens.size() && tokens.get(i + 1).kind() == TokenKind.STRING_LITERAL
        && tokens.get(i + 2).text().equals("{")) {
      return 3;
    }
    return 0;
  }

  private static String next(List<Token> tokens, int i) {
    return i < tokens.size() ? tokens.get(i).text() : "";
  }

  /**
   * Whether the '{' that ends {@code item} gives a member its value in a constructor's initializer list
   * ({@code S(int n) : m_n{n}, m_k{2} {}}): after a member's name that follows the list's ':' or a ','.
   */
  private static boolean memberBraceInit(List<Token> item) {
    int brace = item.size() - 1;
    int name = brace - 1;
    if (name > 0 && (item.get(name).text().equals(">") || item.get(name).text().equals(">>"))) {
      // a base class template: : Session<Coop, mask>{coop, ...}
      for (int depth = 0; name > 0; name--) {
        String t = item.get(name).text();
        if (t.equals(">") || t.equals(">>")) depth += t.length();
        else if (t.equals("<") && --depth == 0) break;
      }
      name--;
    }
    if (name < 2 || item.get(name).kind() != TokenKind.IDENTIFIER
        || !Set.of(":", ",").contains(item.get(name - 1).text())) {
      return false;
    }
    int parens = 0;
    for (int i = 1; i < brace; i++) {
      String t = item.get(i).text();
      if (t.equals("(")) parens++;
      else if (t.equals(")")) parens--;
      else if (parens == 0 && t.equals(":") && item.get(i - 1).text().equals(")")) return true;
    }
    return false;
  }

  private static boolean looksLikeFunctionBody(List<Token> item) {
    int parens = 0;
    boolean sawParenAtTop = false;
    // "template <typename T = float, int N = 4>": the '=' of default arguments does not make an initializer
    int start = 0;
    while (start + 1 < item.size() && item.get(start).text().equals("template") && item.get(start + 1).text().equals("<")) {
      start = skipAngles(item, start + 1);
    }
    for (int i = start; i < item.size() - 1; i++) {
      String s = item.get(i).text();
      if (parens == 0 && TYPE_ATTRIBUTES.contains(s) && next(item, i + 1).equals("(")) {
        i = closingParen(item, i + 1); // "__align__(8) struct S {": no parameter list
        continue;
      }
      if (s.equals("operator")) {
        // "operator=", "operator()", "operator[]": the symbol is the function's name, not an initializer or its
        // parameters
        String symbol = next(item, i + 1);
        if (symbol.equals("(") || symbol.equals("[")) i += 2;
        else if (item.get(Math.min(i + 1, item.size() - 1)).kind() == TokenKind.PUNCT) i++;
        continue;
      }
      if (item.get(i).kind() != TokenKind.PUNCT && !s.equals("struct") && !s.equals("class") && !s.equals("union")
          && !s.equals("enum")) {
        continue;
      }
      if (parens == 0 && s.equals("<") && i > start && item.get(i - 1).kind() == TokenKind.IDENTIFIER) {
        // a template's arguments, "constant<(1)> w{};": their parentheses are no parameter list
        i = skipAngles(item, i) - 1;
        continue;
      }
      switch (s) {
        case "(" -> { if (parens++ == 0) sawParenAtTop = true; }
        case ")" -> parens--;
        case "=" -> { if (parens == 0) return false; }
        case "struct", "class", "union", "enum" -> {
          if (parens == 0 && !sawParenAtTop && !returnsTheType(item, i)) return false;
        }
        default -> {}
      }
    }
    return sawParenAtTop;
  }

  /** Words whose parenthesized argument belongs to a struct's head ("struct __align__(16) S {"). */
  private static final Set<String> TYPE_ATTRIBUTES = Set.of("__align__", "alignas", "__attribute__", "__declspec");

  /**
   * Whether the struct/class/union/enum keyword at {@code keyword} names the return type of a function
   * ("static enum status f(int x) {", "struct P *make() {"), not a type being defined: a second name, or a
   * pointer, before the first '(' that no attribute opens.
   */
  private static boolean returnsTheType(List<Token> item, int keyword) {
    int names = 0;
    boolean pointer = false;
    for (int j = keyword + 1; j < item.size() - 1; j++) {
      Token t = item.get(j);
      String s = t.text();
      if (TYPE_ATTRIBUTES.contains(s) && next(item, j + 1).equals("(")) {
        j = closingParen(item, j + 1);
      } else if (s.equals("(")) {
        return names >= 2 || names == 1 && pointer;
      } else if (s.equals("{") || s.equals(":") || s.equals(";") || s.equals("=")) {
        return false;
      } else if (s.equals("*") || s.equals("&")) {
        pointer = true;
      } else if (s.equals("<")) {
        j = skipAngles(item, j) - 1;
      } else if (s.equals("::")) {
        names--; // "a::B" is one name
      } else if (t.kind() == TokenKind.IDENTIFIER) {
        names++;
      }
    }
    return false;
  }

  /** The index of the ')' that closes the '(' at {@code open}, or the last index. */
  private static int closingParen(List<Token> item, int open) {
    int depth = 0;
    for (int i = open; i < item.size(); i++) {
      String s = item.get(i).text();
      if (s.equals("(")) depth++;
      else if (s.equals(")") && --depth == 0) return i;
    }
    return item.size() - 1;
  }

  /** The index just after the '>' that closes the '<' at {@code open} (parentheses may hold '<' and '>'). */
  private static int skipAngles(List<Token> item, int open) {
    int angles = 0;
    int parens = 0;
    for (int i = open; i < item.size(); i++) {
      switch (item.get(i).text()) {
        case "(" -> parens++;
        case ")" -> parens--;
        case "<" -> { if (parens == 0) angles++; }
        case ">" -> { if (parens == 0 && --angles <= 0) return i + 1; }
        case ">>" -> {
          if (parens == 0) {
            angles -= 2;
            if (angles <= 0) return i + 1;
          }
        }
        default -> {}
      }
    }
    return item.size();
  }

  /** Brace lists of literals longer than this many tokens keep only their first element. */
  static final int MAX_LITERAL_LIST_TOKENS = 4096;

  /**
   * A lookup table ({@code __constant__ float t[] = {0.5f, ...}}) cannot hold a shared-memory address, and the
   * parse tree of a million of its values outgrows the default heap: a brace list made only of literals,
   * signs, commas and such lists keeps its first element when it is longer than {@link #MAX_LITERAL_LIST_TOKENS}.
   */
  static List<Token> withShortLiteralLists(List<Token> item) {
    if (item.size() <= MAX_LITERAL_LIST_TOKENS) return item;
    List<Token> out = null;
    int copied = 0; // item[0, copied) is in out, when out is made
    for (int i = 0; i < item.size(); i++) {
      if (!isPunct(item.get(i), "{")) continue;
      int end = literalListEnd(item, i);
      if (end < 0 || end - i <= MAX_LITERAL_LIST_TOKENS) continue;
      if (out == null) out = new ArrayList<>(item.size());
      out.addAll(item.subList(copied, i + 1));
      int depth = 0;
      for (int j = i + 1; j < end; j++) { // the first element
        Token t = item.get(j);
        if (depth == 0 && isPunct(t, ",")) break;
        if (isPunct(t, "{")) depth++;
        else if (isPunct(t, "}")) depth--;
        out.add(t);
      }
      out.add(item.get(end));
      copied = end + 1;
      i = end;
    }
    if (out == null) return item;
    out.addAll(item.subList(copied, item.size()));
    return out;
  }

  /** The index of the '}' closing the literal list that opens at {@code open}, or -1 if it is not one. */
  private static int literalListEnd(List<Token> item, int open) {
    int depth = 0;
    for (int j = open; j < item.size(); j++) {
      Token t = item.get(j);
      switch (t.kind()) {
        case NUMBER, CHAR_LITERAL, STRING_LITERAL -> {}
        case PUNCT -> {
          switch (t.text()) {
            case "{" -> depth++;
            case "}" -> {
              if (--depth == 0) return j;
            }
            case ",", "+", "-" -> {}
            default -> {
              return -1;
            }
          }
        }
        default -> {
          return -1;
        }
      }
    }
    return -1;
  }

  private static boolean isPunct(Token t, String text) {
    return t.kind() == TokenKind.PUNCT && t.text().equals(text);
  }

  /** Why the item is not parsed at all (nested too deeply for the parser), or null. */
  private static SourceError refusal(List<Token> item) {
    if (maxNesting(item) > MAX_NESTING) {
      return new SourceError(item.get(0).pos(), "nesting of parentheses, brackets or braces deeper than " + MAX_NESTING
          + " levels; item skipped");
    }
    int angle = tooManyOpenAngles(item);
    if (angle >= 0) {
      return new SourceError(item.get(angle).pos(), "more than " + MAX_OPEN_ANGLES + " '<' open at once (template"
          + " arguments nested this deeply, or a chain of comparisons): the parser's time grows exponentially with"
          + " this depth; item skipped");
    }
    return null;
  }

  /**
   * The index of the '<' that is the first past {@link #MAX_OPEN_ANGLES} open at once, or -1. A '<' after a
   * name or a '>' may open a template argument list; '>' closes one; a ')' or ']' closes those opened inside
   * its brackets, and so do '?', '&&' and '||' (where the parser finds out soon that they were comparisons:
   * 120 comparisons joined by '||' take 2 s, 22 nested "A<x && " 2 s); ';', '{' and '}' close all.
   */
  private static int tooManyOpenAngles(List<Token> item) {
    int open = 0;
    java.util.ArrayDeque<Integer> openAtBracket = new java.util.ArrayDeque<>();
    for (int i = 0; i < item.size(); i++) {
      Token t = item.get(i);
      if (t.kind() != TokenKind.PUNCT) continue;
      switch (t.text()) {
        case "<" -> {
          Token before = i > 0 ? item.get(i - 1) : null;
          if (before != null && (before.kind() == TokenKind.IDENTIFIER || before.text().equals(">"))
              && ++open > MAX_OPEN_ANGLES) {
            return i;
          }
        }
        case ">" -> open = Math.max(0, open - 1);
        case "?", "&&", "||" -> open = openAtBracket.isEmpty() ? 0 : openAtBracket.peek();
        case "(", "[" -> openAtBracket.push(open);
        case ")", "]" -> open = openAtBracket.isEmpty() ? 0 : openAtBracket.pop();
        case ";", "{", "}" -> {
          open = 0;
          openAtBracket.clear();
        }
        default -> {}
      }
    }
    return -1;
  }

  private static int maxNesting(List<Token> item) {
    int depth = 0;
    int max = 0;
    for (Token t : item) {
      if (t.kind() != TokenKind.PUNCT) continue;
      switch (t.text()) {
        case "(", "[", "{" -> max = Math.max(max, ++depth);
        case ")", "]", "}" -> depth--;
        default -> {}
      }
    }
    return max;
  }
}
