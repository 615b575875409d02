package dev.bankcheck.check;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bankcheck.ir.VarDecl;
import dev.bankcheck.ir.Walk;
import dev.bankcheck.parse.CudaParserFacade;
import dev.bankcheck.source.PreprocessResult;
import dev.bankcheck.source.Preprocessor;
import dev.bankcheck.sym.Program;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When a padding's edit is the analyzed program with one dimension changed, so that its analysis is known. */
class FixVerifierTest {
  /** Whether replacing the text at columns [from, to) of the line of {@code t}'s declaration pads it to {@code length}. */
  private static boolean onlyResizes(String src, int from, int to, String replacement, long length) {
    PreprocessResult pp = new Preprocessor(List.of(), Map.of()).process(Path.of("f.cu"), "f.cu", src);
    Program program = new Program(CudaParserFacade.parse(pp.tokens()).unit());
    VarDecl[] decl = {null};
    Walk.stmt(program.allFunctions().get(0).body(), d -> {
      if (d.name().equals("t")) decl[0] = d;
    }, e -> {});
    FixVerifier verifier = new FixVerifier("f.cu", src, new FileLines("f.cu", src, Map.of()), pp.tokens(), program,
        null, 0);
    int line = decl[0].pos().line();
    return verifier.onlyResizes(List.of(new Fix.Edit("f.cu", line, from, line, to, replacement)), decl[0], length);
  }

  private static String kernel(String defines, String dims) {
    return defines + "__global__ void k(float* o) {\n  __shared__ float t" + dims + ";\n  o[0] = t[0][threadIdx.x];\n}\n";
  }

  @Test
  void aNumberOrANameAndPlusKIsTheResizedProgram() {
    // "  __shared__ float t[32][" is 25 characters: the inner dimension starts at column 26
    assertTrue(onlyResizes(kernel("", "[32][32]"), 26, 28, "33", 33));
    assertFalse(onlyResizes(kernel("", "[32][32]"), 26, 28, "33", 34));
    assertTrue(onlyResizes(kernel("#define TILE 32\n", "[32][TILE]"), 26, 30, "TILE + 1", 33));
    assertTrue(onlyResizes(kernel("#define TILE 32\n", "[32][ TILE ]"), 26, 32, "TILE + 1", 33));
  }

  @Test
  void aMacroThatBindsLooselyIsNotPaddedByPlusK() {
    // W + 1 is 16 << 1 + 1, that is 16 << 2; (W) + 1 is 33
    assertFalse(onlyResizes(kernel("#define W 16 << 1\n", "[32][W]"), 26, 27, "W + 1", 33));
    assertTrue(onlyResizes(kernel("#define W 16 << 1\n", "[32][W]"), 26, 27, "(W) + 1", 33));
  }

  @Test
  void anEditThatIsNotTheInnerDimensionBetweenTheFilesOwnBracketsIsNot() {
    assertFalse(onlyResizes(kernel("", "[32][32]"), 26, 27, "33", 33)); // not up to the bracket
    assertFalse(onlyResizes(kernel("", "[32][32]"), 22, 24, "33", 33)); // the outer dimension
    assertFalse(onlyResizes(kernel("", "[32][32]"), 26, 28, "32 - 1", 33)); // not "+ k"
    // the brackets come from a macro: its body, not the declaration's line, would have to change
    assertFalse(onlyResizes(kernel("#define DIMS [32][32]\n", " DIMS"), 22, 26, "[32][33]", 33));
  }
}
