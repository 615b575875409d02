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
      for (int i = 0; i + 1 < t.size(); i++) {
        Token tok = t.get(i);
        if (tok.kind() == TokenKind.IDENTIFIER && shared.contains(tok.text()) && t.get(i + 1).text().equals("[")
            && (i == 0 || !t.get(i - 1).kind().equals(TokenKind.IDENTIFIER) && !t.get(i - 1).text().equals("__shared__"))
            && !isDeclaration(t, i)) {
          out.add(new Finding(tok.pos(), Rules.UNANALYZED_ACCESS, "", tok.text(), null, Op.LOAD, 0, null, null, null, null,
              Verdict.UNKNOWN, null, null, false,
              "this use of '" + tok.text() + "' is in code that could not be parsed (see the parse error); "
                  + "not analyzed", List.of(), null));
        }
      }
    }
    return out;
  }

  private static boolean isDeclaration(List<Token> t, int i) {
    for (int j = Math.max(0, i - 6); j < i; j++) {
      if (t.get(j).text().equals("__shared__")) return true;
    }
    return false;
  }
}
