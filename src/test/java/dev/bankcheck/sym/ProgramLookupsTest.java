package dev.bankcheck.sym;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bankcheck.parse.CudaParserFacade;
import dev.bankcheck.source.Preprocessor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The lookups a header kernel's reused analysis depends on: another program must answer each one alike. */
class ProgramLookupsTest {
  private static Program program(String src) {
    return new Program(CudaParserFacade.parse(new Preprocessor(List.of(), Map.of()).process(null, "t.cu", src).tokens())
        .unit());
  }

  /** These two lookups were compared against the file-scope variables, so a file adding either still matched. */
  @Test
  void specializationsAndStaticMembersAreComparedInTheirOwnMaps() {
    String base = "template <typename T> __device__ void f(T* p) {}\n";
    Program first = program(base);
    first.keepLookups();
    first.hasExplicitSpecialization("f");
    first.qualifierMayBeDropped("P<int>::k");
    assertTrue(program(base).answersAlike(first.lookups()));
    assertFalse(program(base + "template <> __device__ void f<float>(float* p) {}\n").answersAlike(first.lookups()));
    assertFalse(program(base + "struct Q { static constexpr int k = 3; };\n").answersAlike(first.lookups()));
  }
}
