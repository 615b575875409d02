package dev.bankcheck.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bankcheck.source.Preprocessor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Items taken from {@link CudaParserFacade.ItemCache} give the same result as parsing everything again. */
class ItemCacheTest {
  private static final String SOURCE = String.join("\n",
      "typedef float real;",
      "struct P { float x; float y; };",
      "#define T 32",
      "__global__ void k(float *out, int b) {",
      "  __shared__ float tile[T][T];",
      "  tile[threadIdx.y][threadIdx.x] = (real) - b;",
      "  out[0] = tile[threadIdx.x][threadIdx.y];",
      "}",
      "int broken(;",
      "__global__ void k2(float *out) { __shared__ float s[64]; out[0] = s[threadIdx.x * 2]; }",
      "");

  private static CudaParserFacade.Result parse(String src, CudaParserFacade.ItemCache cache) {
    return CudaParserFacade.parse(new Preprocessor(List.of(), Map.of()).process(null, "t.cu", src).tokens(),
        () -> false, cache);
  }

  private static void assertSame(CudaParserFacade.Result expected, CudaParserFacade.Result actual) {
    assertEquals(expected.unit(), actual.unit());
    assertEquals(expected.errors(), actual.errors());
    assertEquals(expected.skipped(), actual.skipped());
  }

  @Test
  void editedCopiesParseAsWithoutTheCache() {
    CudaParserFacade.ItemCache cache = new CudaParserFacade.ItemCache();
    assertSame(parse(SOURCE, null), parse(SOURCE, cache));
    for (String edited : List.of(
        SOURCE.replace("tile[T][T]", "tile[T][T + 1]"),
        SOURCE.replace("s[64]", "s[65]"),
        // without the typedef, "(real) - b" is a subtraction: the items after it must not come from the cache
        SOURCE.replace("typedef float real;", "float real;        "),
        SOURCE.replace("#define T 32", "#define T 16"),
        SOURCE)) {
      assertSame(parse(edited, null), parse(edited, cache));
    }
  }
}
