package dev.bankcheck.source;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Hand-written C/C++/CUDA lexer producing preprocessing tokens (C11 6.4). One pass over the text; line
 * splices are skipped on the fly, so token text is a plain substring except for the rare token that contains a
 * splice. Never throws: stray characters and unterminated literals or comments become {@link SourceError}s.
 */
public final class Lexer {
  private static final int MAX_ERRORS = 1000;

  private final String file;
  private final String src;
  private final int n;
  private int pos;
  private int line = 1;
  private int lineStart;
  /** Set when a splice was skipped since the current token started: its text must then be rebuilt. */
  private boolean sawSplice;

  private final List<Token> tokens;
  private byte[] flags;
  private final List<SourceError> errors = new ArrayList<>();
  private int[] errorTokenIndex = new int[8];
  private String[] internTable = new String[1024];
  private int internCount;

  private Lexer(String file, String text) {
    // one String per path: the header items that parsing caches compare their tokens' positions
    this.file = file.intern();
    this.src = text;
    this.n = text.length();
    this.tokens = new ArrayList<>(Math.max(16, n / 6));
    this.flags = new byte[Math.max(16, n / 6)];
  }

  /** Tokenizes a whole file; {@code file} goes into every {@link Pos}. */
  public static LexedFile tokenize(String file, String text) {
    Lexer lexer = new Lexer(file, text == null ? "" : text);
    lexer.run();
    return new LexedFile(lexer.tokens, lexer.flags, lexer.errors,
        Arrays.copyOf(lexer.errorTokenIndex, lexer.errors.size()), lexer.src);
  }

  /** Convenience: just the tokens. */
  public static List<Token> lex(String file, String text) {
    return tokenize(file, text).tokens();
  }

  private void run() {
    if (n > 0 && src.charAt(0) == '\uFEFF') {
      pos = 1;
      lineStart = 1; // the BOM takes no column
    }
    boolean startOfLine = true;
    boolean space = false;
    int strayRunEnd = -1; // a run of stray characters gets one error, not one per byte
    for (;;) {
      int c = peek();
      if (c < 0) break;
      switch (c) {
        case ' ', '\t', '\f', 0x0B -> {
          pos++;
          space = true;
          continue;
        }
        case '\n', '\r' -> {
          consumeNewline();
          startOfLine = true;
          space = true;
          continue;
        }
        case '/' -> {
          int next = lookahead(1);
          if (next == '/' || next == '*') {
            skipComment(next == '*');
            space = true;
            continue;
          }
        }
        default -> { }
      }
      int startPos = pos;
      int startLine = line;
      int startCol = pos - lineStart + 1;
      sawSplice = false;
      Token token = lexToken(c, startPos, new Pos(file, startLine, startCol));
      if (token == null) {
        if (strayRunEnd != startPos && errors.size() <= MAX_ERRORS) stray(c, startLine, startCol);
        pos++;
        strayRunEnd = pos;
        continue;
      }
      add(token, startOfLine, space);
      startOfLine = false;
      space = false;
    }
  }

  private Token lexToken(int c, int start, Pos at) {
    if (isIdentStart(c)) return identifierOrPrefixedLiteral(start, at);
    if (isDigit(c) || (c == '.' && isDigit(lookahead(1)))) return number(start, at);
    if (c == '"' || c == '\'') return quoted(start, at, (char) c);
    String digraph = digraph(c);
    String punct = digraph != null ? digraph : punctuator(c);
    if (punct == null) return null;
    int length = digraph == null ? punct.length() : punct.equals("##") ? 4 : 2;
    for (int i = 0; i < length; i++) {
      peek();
      pos++;
    }
    return new Token(TokenKind.PUNCT, punct, at);
  }

  /**
   * The token a digraph spells ({@code <: :> <% %> %: %:%:}), or null. As in C++11, {@code <::} is {@code <}
   * then {@code ::} unless a third ':' or a '>' follows, so {@code A<::B>} stays a template argument.
   */
  private String digraph(int c) {
    int c1 = lookahead(1);
    if (c == '<' && c1 == ':') {
      int c3 = lookahead(3);
      return lookahead(2) == ':' && c3 != ':' && c3 != '>' ? null : "[";
    }
    if (c == ':' && c1 == '>') return "]";
    if (c == '<' && c1 == '%') return "{";
    if (c == '%' && c1 == '>') return "}";
    if (c == '%' && c1 == ':') return lookahead(2) == '%' && lookahead(3) == ':' ? "##" : "#";
    return null;
  }

  private Token identifierOrPrefixedLiteral(int start, Pos at) {
    pos++;
    for (int c = peek(); c >= 0 && isIdentPart(c); c = peek()) pos++;
    String text = sawSplice ? textFrom(start) : intern(start, pos);
    int c = peek();
    if (c == '"' || c == '\'') {
      switch (text) {
        case "u8", "u", "U", "L" -> {
          return quoted(start, at, (char) c);
        }
        case "R", "u8R", "uR", "UR", "LR" -> {
          if (c == '"') return rawString(start, at, text);
        }
        default -> { }
      }
    }
    // C++'s alternative tokens (and, or, not, ...) stay names here: the preprocessor makes them operators
    return new Token(TokenKind.IDENTIFIER, text, at);
  }

  /** pp-number (C11 6.4.8) plus C++14 digit separators. */
  private Token number(int start, Pos at) {
    pos++;
    for (int c = peek(); c >= 0; c = peek()) {
      if (isDigit(c) || isLetter(c) || c == '_' || c == '.') {
        pos++;
        if (c == 'e' || c == 'E' || c == 'p' || c == 'P') {
          int sign = peek();
          if (sign == '+' || sign == '-') pos++;
        }
      } else if (c == '\'' && isAlnum(lookahead(1))) {
        pos++;
      } else {
        break;
      }
    }
    return new Token(TokenKind.NUMBER, textFrom(start), at);
  }

  /** String or char literal whose opening quote is at the current position (any prefix already consumed). */
  private Token quoted(int start, Pos at, char quote) {
    TokenKind kind = quote == '"' ? TokenKind.STRING_LITERAL : TokenKind.CHAR_LITERAL;
    pos++;
    for (;;) {
      int c = peek();
      if (c < 0 || c == '\n' || c == '\r') {
        // Recover at the end of the line; close the literal so later stages see a well-formed token.
        error(at, kind == TokenKind.STRING_LITERAL ? "unterminated string literal" : "unterminated character literal");
        return new Token(kind, textFrom(start) + quote, at);
      }
      pos++;
      if (c == quote) {
        // a user-defined literal's suffix is part of the token ("name"_a, "text"s); as GCC does, a name without '_'
        // that is no standard suffix is a macro after the literal ("%"PRIu64)
        int end = pos;
        while (end < n && isIdentPart(src.charAt(end))) end++;
        String suffix = src.substring(pos, end);
        if (isIdentStart(peek()) && (suffix.startsWith("_") || suffix.equals("s") || suffix.equals("sv"))) pos = end;
        return new Token(kind, textFrom(start), at);
      }
      if (c == '\\') {
        int escaped = peek();
        if (escaped >= 0 && escaped != '\n' && escaped != '\r') pos++;
      }
    }
  }

  /** R"delim(...)delim": the body is taken verbatim, splices included (C++ [lex.pptoken]). */
  private Token rawString(int start, Pos at, String prefix) {
    int quote = pos;
    int open = quote + 1;
    while (open < n && open - quote - 1 <= 16 && isRawDelimiterChar(src.charAt(open))) open++;
    if (open >= n || src.charAt(open) != '(' || open - quote - 1 > 16) {
      error(at, "invalid raw string delimiter");
      return quoted(start, at, '"');
    }
    String terminator = ")" + src.substring(quote + 1, open) + "\"";
    int close = src.indexOf(terminator, open + 1);
    int end;
    if (close < 0) {
      error(at, "unterminated raw string literal");
      end = n;
    } else {
      end = close + terminator.length();
    }
    for (int i = quote; i < end; i++) {
      char c = src.charAt(i);
      if (c == '\n' || (c == '\r' && (i + 1 >= n || src.charAt(i + 1) != '\n'))) {
        line++;
        lineStart = i + 1;
      }
    }
    pos = end;
    String body = src.substring(quote, end);
    return new Token(TokenKind.STRING_LITERAL, close < 0 ? prefix + body + terminator : prefix + body, at);
  }

  private static boolean isRawDelimiterChar(char c) {
    return c > ' ' && c < 0x7F && c != '(' && c != ')' && c != '\\' && c != '"';
  }

  /** Longest punctuator starting with c (maximal munch), or null for a stray character. */
  private String punctuator(int c) {
    int c1 = lookahead(1);
    switch (c) {
      case '(': return "(";
      case ')': return ")";
      case '[': return "[";
      case ']': return "]";
      case '{': return "{";
      case '}': return "}";
      case ';': return ";";
      case ',': return ",";
      case '?': return "?";
      case '~': return "~";
      case '<':
        if (c1 == '<') {
          int c2 = lookahead(2);
          return c2 == '<' ? "<<<" : c2 == '=' ? "<<=" : "<<";
        }
        return c1 == '=' ? "<=" : "<";
      case '>':
        if (c1 == '>') {
          int c2 = lookahead(2);
          return c2 == '>' ? ">>>" : c2 == '=' ? ">>=" : ">>";
        }
        return c1 == '=' ? ">=" : ">";
      case '-':
        if (c1 == '>') return lookahead(2) == '*' ? "->*" : "->";
        return c1 == '-' ? "--" : c1 == '=' ? "-=" : "-";
      case '+': return c1 == '+' ? "++" : c1 == '=' ? "+=" : "+";
      case '*': return c1 == '=' ? "*=" : "*";
      case '/': return c1 == '=' ? "/=" : "/";
      case '%': return c1 == '=' ? "%=" : "%";
      case '&': return c1 == '&' ? "&&" : c1 == '=' ? "&=" : "&";
      case '|': return c1 == '|' ? "||" : c1 == '=' ? "|=" : "|";
      case '^': return c1 == '=' ? "^=" : "^";
      case '=': return c1 == '=' ? "==" : "=";
      case '!': return c1 == '=' ? "!=" : "!";
      case ':': return c1 == ':' ? "::" : ":";
      case '#': return c1 == '#' ? "##" : "#";
      case '.':
        if (c1 == '.' && lookahead(2) == '.') return "...";
        return c1 == '*' ? ".*" : ".";
      default: return null;
    }
  }

  private void skipComment(boolean block) {
    Pos start = new Pos(file, line, pos - lineStart + 1);
    pos += 1;
    peek();
    pos += 1; // past "//" or "/*" (a splice may sit between the two characters)
    if (!block) {
      for (int c = peek(); c >= 0 && c != '\n' && c != '\r'; c = peek()) pos++;
      return;
    }
    for (;;) {
      int c = peek();
      if (c < 0) {
        error(start, "unterminated comment");
        return;
      }
      if (c == '*' && lookahead(1) == '/') {
        pos++;
        peek();
        pos++;
        return;
      }
      if (c == '\n' || c == '\r') consumeNewline();
      else pos++;
    }
  }

  /** The current character after skipping any line splices, or -1 at the end. */
  private int peek() {
    while (pos < n) {
      char c = src.charAt(pos);
      if (c != '\\') return c;
      int newline = newlineLength(pos + 1);
      if (newline == 0) return c;
      pos += 1 + newline;
      line++;
      lineStart = pos;
      sawSplice = true;
    }
    return -1;
  }

  /** The k-th logical character from the current position, without consuming anything. */
  private int lookahead(int k) {
    int p = pos;
    for (;;) {
      while (p < n && src.charAt(p) == '\\') {
        int newline = newlineLength(p + 1);
        if (newline == 0) break;
        p += 1 + newline;
      }
      if (p >= n) return -1;
      if (k == 0) return src.charAt(p);
      k--;
      p++;
    }
  }

  private int newlineLength(int p) {
    if (p >= n) return 0;
    char c = src.charAt(p);
    if (c == '\n') return 1;
    if (c == '\r') return p + 1 < n && src.charAt(p + 1) == '\n' ? 2 : 1;
    return 0;
  }

  private void consumeNewline() {
    pos += newlineLength(pos);
    line++;
    lineStart = pos;
  }

  private String textFrom(int start) {
    if (!sawSplice) return src.substring(start, pos);
    StringBuilder sb = new StringBuilder(pos - start);
    for (int p = start; p < pos; p++) {
      char c = src.charAt(p);
      int newline = c == '\\' ? newlineLength(p + 1) : 0;
      if (newline > 0) p += newline;
      else sb.append(c);
    }
    return sb.toString();
  }

  /**
   * The identifier spelled by src[start, end), shared with earlier occurrences: ordinary code repeats a few
   * thousand names millions of times, so this saves most of the token text memory.
   */
  private String intern(int start, int end) {
    int len = end - start;
    int h = 0;
    for (int p = start; p < end; p++) h = 31 * h + src.charAt(p);
    int mask = internTable.length - 1;
    for (int i = slot(h); ; i = (i + 1) & mask) {
      String s = internTable[i];
      if (s == null) {
        s = src.substring(start, end);
        internTable[i] = s;
        if (++internCount * 2 > internTable.length) growInternTable();
        return s;
      }
      if (s.length() == len && src.regionMatches(start, s, 0, len)) return s;
    }
  }

  /** Fibonacci hashing: spreads the near-consecutive hash codes of short names over the whole table. */
  private int slot(int hash) {
    return (hash * 0x9E3779B9) >>> (32 - Integer.numberOfTrailingZeros(internTable.length));
  }

  private void growInternTable() {
    String[] old = internTable;
    internTable = new String[old.length * 2];
    int mask = internTable.length - 1;
    for (String s : old) {
      if (s == null) continue;
      int i = slot(s.hashCode()); // same formula as the loop in intern()
      while (internTable[i] != null) i = (i + 1) & mask;
      internTable[i] = s;
    }
  }

  private void add(Token token, boolean startOfLine, boolean space) {
    int i = tokens.size();
    if (i == flags.length) flags = Arrays.copyOf(flags, flags.length * 2);
    flags[i] = (byte) ((startOfLine ? LexedFile.START_OF_LINE : 0) | (space ? LexedFile.LEADING_SPACE : 0));
    tokens.add(token);
  }

  private void stray(int c, int atLine, int atColumn) {
    String shown;
    if (c < 0x20 || c == 0x7F) shown = String.format("\\x%02x", c);
    else if (c < 0x80) shown = String.valueOf((char) c);
    else shown = String.format("\\u%04x", c);
    error(new Pos(file, atLine, atColumn), "stray character '" + shown + "'");
  }

  private void error(Pos at, String message) {
    int k = errors.size();
    if (k > MAX_ERRORS) return;
    if (k == errorTokenIndex.length) errorTokenIndex = Arrays.copyOf(errorTokenIndex, k * 2);
    errorTokenIndex[k] = tokens.size();
    errors.add(new SourceError(at, k == MAX_ERRORS ? "too many lexical errors; further ones are not reported" : message));
  }

  private static boolean isDigit(int c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isLetter(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  private static boolean isAlnum(int c) {
    return isDigit(c) || isLetter(c) || c == '_';
  }

  private static boolean isIdentStart(int c) {
    return isLetter(c) || c == '_' || c == '$' || (c >= 0x80 && isNonAsciiIdentChar(c));
  }

  private static boolean isIdentPart(int c) {
    return isAlnum(c) || c == '$' || (c >= 0x80 && isNonAsciiIdentChar(c));
  }

  private static boolean isNonAsciiIdentChar(int c) {
    // Surrogates are accepted so that supplementary-plane letters stay inside one identifier.
    return Character.isLetterOrDigit(c) || Character.isSurrogate((char) c);
  }
}
