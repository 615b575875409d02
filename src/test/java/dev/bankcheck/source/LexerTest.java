package dev.bankcheck.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class LexerTest {
  private static List<String> texts(String src) {
    return Lexer.lex("t.cu", src).stream().map(Token::text).collect(Collectors.toList());
  }

  private static List<TokenKind> kinds(String src) {
    return Lexer.lex("t.cu", src).stream().map(Token::kind).collect(Collectors.toList());
  }

  @Test
  void punctuatorsUseMaximalMunch() {
    assertEquals(List.of("k", "<<<", "g", ",", "b", ">>>", "(", ")", ";"), texts("k<<<g,b>>>();"));
    assertEquals(List.of("...", "::", "->", "->*", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||"),
        texts("... :: -> ->* ++ -- << >> <= >= == != && ||"));
    assertEquals(List.of("+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "##", "#"),
        texts("+= -= *= /= %= &= |= ^= <<= >>= ## #"));
    assertEquals(List.of("a", "--", "-", "b"), texts("a---b"));
    assertEquals(List.of(".", ".", "x"), texts("..x"));
  }

  /** C++'s digraphs are the tokens they spell; "<::" stays '<' '::' unless ':' or '>' follows (C++11). */
  @Test
  void digraphsSpellTheirTokens() {
    assertEquals(List.of("#", "define", "C", "a", "##", "b", "{", "s", "[", "2", "]", "}"),
        texts("%:define C a %:%: b <% s<:2:> %>"));
    assertEquals(List.of("A", "<", "::", "B", ">", "x", "[", "::", "y", "[", "]"), texts("A<::B> x<:::y <::>"));
    assertEquals(7, Lexer.lex("t.cu", "a<:b:>;").get(4).pos().column()); // ';' after the 2-character ':>'
  }

  /** C++'s alternative tokens keep their spelling here: the preprocessor makes them operators (PreprocessorTest). */
  @Test
  void alternativeTokensAreLexedAsNames() {
    assertEquals(TokenKind.IDENTIFIER, Lexer.lex("t.cu", "a and b").get(1).kind());
  }

  @Test
  void identifiersAndNumbers() {
    assertEquals(List.of("_a$1", "x\u00e9y", "0x1e+1", "1.5e-3f", ".5", "1'000'000", "0b1010u", "1..2"),
        texts("_a$1 x\u00e9y 0x1e+1 1.5e-3f .5 1'000'000 0b1010u 1..2"));
    assertEquals(List.of(TokenKind.IDENTIFIER, TokenKind.NUMBER, TokenKind.PUNCT, TokenKind.NUMBER),
        kinds("a 1 + 2"));
  }

  @Test
  void stringAndCharLiteralsWithPrefixes() {
    List<Token> toks = Lexer.lex("t.cu", "u8\"a\" u\"b\" U\"c\" L\"d\" 'x' L'y' u8'z' \"q\\\"\" '\\''");
    assertEquals(List.of("u8\"a\"", "u\"b\"", "U\"c\"", "L\"d\"", "'x'", "L'y'", "u8'z'", "\"q\\\"\"", "'\\''"),
        toks.stream().map(Token::text).collect(Collectors.toList()));
    assertEquals(TokenKind.STRING_LITERAL, toks.get(0).kind());
    assertEquals(TokenKind.CHAR_LITERAL, toks.get(4).kind());
  }

  /** "name"_a and "text"s are one token (a user-defined literal); "%"PRIu64 is a literal and a macro, as in GCC. */
  @Test
  void userDefinedLiteralSuffixesBelongToTheString() {
    assertEquals(List.of("\"N\"_a", "=", "\"t\"s", "\"%\"", "PRIu64"),
        Lexer.lex("t.cu", "\"N\"_a = \"t\"s \"%\"PRIu64").stream().map(Token::text).collect(Collectors.toList()));
  }

  @Test
  void rawStringsKeepTheirBodyVerbatim() {
    List<Token> toks = Lexer.lex("t.cu", "R\"x(a)\"\nb\\\n)x\" next");
    assertEquals("R\"x(a)\"\nb\\\n)x\"", toks.get(0).text());
    assertEquals(new Pos("t.cu", 3, 5), toks.get(1).pos());
    assertEquals("LR\"(z)\"", Lexer.lex("t.cu", "LR\"(z)\"").get(0).text());
  }

  @Test
  void commentsAreSkippedAndPositionsFollowThem() {
    List<Token> toks = Lexer.lex("t.cu", "a /* one\ntwo\n three */ b // c\n\td");
    assertEquals(List.of("a", "b", "d"), toks.stream().map(Token::text).collect(Collectors.toList()));
    assertEquals(new Pos("t.cu", 3, 11), toks.get(1).pos());
    assertEquals(new Pos("t.cu", 4, 2), toks.get(2).pos()); // a tab is one column
  }

  @Test
  void lineSplicesJoinTokensAndKeepPhysicalPositions() {
    List<Token> toks = Lexer.lex("t.cu", "ab\\\ncd x\\\r\n+\\\n= y // c\\\nstill comment\nz");
    assertEquals(List.of("abcd", "x", "+=", "y", "z"), toks.stream().map(Token::text).collect(Collectors.toList()));
    assertEquals(new Pos("t.cu", 2, 4), toks.get(1).pos());
    assertEquals(new Pos("t.cu", 3, 1), toks.get(2).pos());
    assertEquals(new Pos("t.cu", 4, 3), toks.get(3).pos());
    assertEquals(new Pos("t.cu", 6, 1), toks.get(4).pos());
  }

  @Test
  void crlfAndLoneCrCountLines() {
    List<Token> toks = Lexer.lex("t.cu", "a\r\nb\rc\n\rd");
    assertEquals(List.of(1, 2, 3, 5), toks.stream().map(t -> t.pos().line()).collect(Collectors.toList()));
    assertTrue(toks.stream().allMatch(t -> t.pos().column() == 1));
  }

  @Test
  void bomIsSkipped() {
    List<Token> toks = Lexer.lex("t.cu", "\uFEFFint x;");
    assertEquals("int", toks.get(0).text());
    assertEquals(new Pos("t.cu", 1, 1), toks.get(0).pos());
  }

  @Test
  void nulAndStrayCharactersAreReportedAndSkipped() {
    LexedFile f = Lexer.tokenize("t.cu", "a\0\0b @ c");
    assertEquals(List.of("a", "b", "c"), f.tokens().stream().map(Token::text).collect(Collectors.toList()));
    assertEquals(2, f.errors().size()); // one per run of stray characters
    assertEquals(new SourceError(new Pos("t.cu", 1, 2), "stray character '\\x00'"), f.errors().get(0));
    assertEquals("stray character '@'", f.errors().get(1).message());
  }

  @Test
  void unterminatedLiteralsRecoverAtEndOfLine() {
    LexedFile f = Lexer.tokenize("t.cu", "x = \"abc\ny 'q\nz");
    assertEquals(List.of("x", "=", "\"abc\"", "y", "'q'", "z"),
        f.tokens().stream().map(Token::text).collect(Collectors.toList()));
    assertEquals(2, f.errors().size());
    assertEquals(new Pos("t.cu", 1, 5), f.errors().get(0).pos());
    assertEquals("unterminated string literal", f.errors().get(0).message());
  }

  @Test
  void unterminatedCommentIsAnErrorAtItsStart() {
    LexedFile f = Lexer.tokenize("t.cu", "a\n  /* never\nclosed");
    assertEquals(List.of("a"), f.tokens().stream().map(Token::text).collect(Collectors.toList()));
    assertEquals(List.of(new SourceError(new Pos("t.cu", 2, 3), "unterminated comment")), f.errors());
  }

  @Test
  void marksStartOfLineAndLeadingSpace() {
    LexedFile f = Lexer.tokenize("t.cu", "  # define X \\\n 1\nX(y)");
    assertTrue(f.startsLine(0));
    assertFalse(f.startsLine(1));
    assertFalse(f.startsLine(3)); // after a splice: same logical line
    assertTrue(f.startsLine(4));
    assertTrue(f.hasLeadingSpace(1));
    assertFalse(f.hasLeadingSpace(5));
  }

  @Test
  void randomInputNeverThrows() {
    Random random = new Random(42);
    String alphabet = "ab1_.'\"\\/*\n\r\t #<>=-+:%&|^!?()[]{};,@$\0\uFEFF\u00e9\uD83D";
    for (int round = 0; round < 2000; round++) {
      StringBuilder sb = new StringBuilder();
      int len = random.nextInt(200);
      for (int i = 0; i < len; i++) {
        sb.append(random.nextInt(4) == 0 ? (char) random.nextInt(0x10000) : alphabet.charAt(random.nextInt(alphabet.length())));
      }
      LexedFile f = Lexer.tokenize("r.cu", sb.toString());
      for (Token t : f.tokens()) {
        assertFalse(t.text().isEmpty());
        assertTrue(t.pos().line() >= 1 && t.pos().column() >= 1);
      }
    }
  }
}
