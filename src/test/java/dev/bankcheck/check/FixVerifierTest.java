package dev.bankcheck.check;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bankcheck.source.Lexer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When an edited file is the analyzed program with one dimension changed (and its analysis is known). */
class FixVerifierTest {
  private static final String BEFORE = "__shared__ float t[32][32]; int x = 1;\nint y = 2;\n";

  private static boolean sameOutside(String after, Fix.Edit e) {
    return FixVerifier.sameOutside(Lexer.tokenize("f.cu", BEFORE).tokens(), Lexer.tokenize("f.cu", after).tokens(), e);
  }

  @Test
  void tokensInsideTheEditMayChangeAndThoseAfterItOnItsLineMove() {
    Fix.Edit pad = new Fix.Edit("f.cu", 1, 24, 1, 26, "32 + 1");
    assertTrue(sameOutside(Edits.apply(BEFORE, List.of(pad)), pad));
    Fix.Edit literal = new Fix.Edit("f.cu", 1, 24, 1, 26, "33");
    assertTrue(sameOutside(Edits.apply(BEFORE, List.of(literal)), literal));
  }

  @Test
  void anyOtherDifferenceIsNotTheSameProgram() {
    Fix.Edit pad = new Fix.Edit("f.cu", 1, 24, 1, 26, "33");
    String padded = Edits.apply(BEFORE, List.of(pad));
    assertFalse(sameOutside(padded.replace("int y = 2", "int y = 3"), pad));
    assertFalse(sameOutside(padded.replace("int x = 1", "int x = 1 "), pad)); // same tokens, but not where expected
    assertFalse(sameOutside(padded.replace("[32][", "[16]["), pad)); // the outer dimension is outside the edit
    assertFalse(sameOutside(padded + "int z;\n", pad));
  }
}
