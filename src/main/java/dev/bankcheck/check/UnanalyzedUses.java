package dev.bankcheck.check;

import dev.bankcheck.ir.TranslationUnit;
import dev.bankcheck.ir.VarDecl;
import dev.bankcheck.parse.CudaParserFacade;
import dev.bankcheck.source.Token;
import dev.bankcheck.source.TokenKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A use of a __shared__ array inside code the parser had to skip is reported as
 * {@code unanalyzed-access}, never dropped silently.
 */
final class UnanalyzedUses {
  private UnanalyzedUses() {}

  private static final Set<String> ARGUMENT_BEFORE = Set.of("(", ",");
  private static final Set<String> ARGUMENT_AFTER = Set.of(",", ")");

  static List<Finding> find(List<CudaParserFacade.SkippedItem> skipped, TranslationUnit unit) {
    Set<String> globalShared = new HashSet<>();
    for (TranslationUnit.Item item : unit.items()) {
      if (item instanceof TranslationUnit.DeclItem d) {
        for (VarDecl v : d.vars()) {
          if (v.is("__shared__")) globalShared.add(v.name());
        }
      }
    }
    List<Finding> out = new ArrayList<>();
    for (CudaParserFacade.SkippedItem item : skipped) {
      List<Token> t = item.tokens();
      Set<String> shared = new HashSet<>(globalShared);
      for (int i = 0; i < t.size(); i++) {
        if (t.get(i).text().equals("__shared__")) {
          for (int j = i + 1; j < t.size() && j < i + 12; j++) {
            if (t.get(j).kind() == TokenKind.IDENTIFIER && j + 1 < t.size()
                && (t.get(j + 1).text().equals("[") || t.get(j + 1).text().equals(";"))) {
              shared.add(t.get(j).text());
              break;
            }
          }
        }
      }
      String function = functionName(t);
      for (int i = 0; i + 1 < t.size(); i++) {
        Token tok = t.get(i);
        boolean subscripted = t.get(i + 1).text().equals("[");
        // the array handed whole to a call (apex's reduce_block_into_lanes(vals, val)): the callee's accesses
        boolean argument = i > 0 && ARGUMENT_BEFORE.contains(t.get(i - 1).text())
            && ARGUMENT_AFTER.contains(t.get(i + 1).text());
        if (tok.kind() == TokenKind.IDENTIFIER && shared.contains(tok.text()) && (subscripted || argument)
            && (i == 0 || !t.get(i - 1).kind().equals(TokenKind.IDENTIFIER) && !t.get(i - 1).text().equals("__shared__"))
            && !isDeclaration(t, i)) {
          Op op = subscripted && isAssigned(t, i + 1) ? Op.STORE : Op.LOAD;
          out.add(new Finding(tok.pos(), Rules.UNANALYZED_ACCESS, function, tok.text(), null, op, 0, null, null, null, null,
              Verdict.UNKNOWN, null, null, false,
              "this use of '" + tok.text() + "' is in code that could not be parsed (see the parse error); "
                  + "not analyzed", List.of(), null, null));
        }
      }
    }
    return out;
  }

  /** The name before the first '(' of the item: the function the skipped code belongs to, if it is one. */
  private static String functionName(List<Token> t) {
    for (int i = 1; i < t.size(); i++) {
      if (t.get(i).text().equals("(") && t.get(i - 1).kind() == TokenKind.IDENTIFIER) return t.get(i - 1).text();
    }
    return "";
  }

  /** Whether the subscript opening at {@code open} (and any that follow) is the target of an assignment. */
  private static boolean isAssigned(List<Token> t, int open) {
    int i = open;
    while (i < t.size() && t.get(i).text().equals("[")) {
      int depth = 0;
      for (; i < t.size(); i++) {
        String s = t.get(i).text();
        if (s.equals("[")) depth++;
        else if (s.equals("]") && --depth == 0) break;
      }
      i++;
    }
    return i < t.size() && t.get(i).kind() == TokenKind.PUNCT && t.get(i).text().endsWith("=")
        && !t.get(i).text().equals("==") && !t.get(i).text().equals("<=") && !t.get(i).text().equals(">=")
        && !t.get(i).text().equals("!=");
  }

  private static boolean isDeclaration(List<Token> t, int i) {
    for (int j = Math.max(0, i - 6); j < i; j++) {
      if (t.get(j).text().equals("__shared__")) return true;
    }
    return false;
  }
}
