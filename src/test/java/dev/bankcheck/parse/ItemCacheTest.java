package dev.bankcheck.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bankcheck.ir.TranslationUnit;
import dev.bankcheck.source.Preprocessor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    CudaParserFacade.ItemCache cache = new CudaParserFacade.ItemCache("t.cu");
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

  /** Two files that include one header: the second takes the header's items from the first (the same IR). */
  @Test
  void headerItemsAreSharedBetweenFilesAndParseAsWithout(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("tiles.cuh"), String.join("\n",
        "typedef float real;",
        "template <int N> __device__ real load(const real* s) { return s[threadIdx.x * N]; }",
        ""));
    String a = "#include \"tiles.cuh\"\n__global__ void a(real* o) { __shared__ real s[64]; o[0] = load<2>(s); }\n";
    String b = "#include \"tiles.cuh\"\n__global__ void b(real* o) { __shared__ real s[64]; o[0] = load<1>(s); }\n";
    List<CudaParserFacade.Result> both = parseOneThenTheOther(dir, "a.cu", a, "b.cu", b);
    List<TranslationUnit.Item> x = both.get(0).unit().items();
    List<TranslationUnit.Item> y = both.get(1).unit().items();
    assertEquals(x.size(), y.size());
    for (int i = 0; i < x.size() - 1; i++) assertTrue(x.get(i) == y.get(i), "the header's item was parsed again: " + x.get(i));
    assertTrue(x.get(x.size() - 1) != y.get(y.size() - 1));
  }

  /**
   * The type names known before a header item matter only where the item spells them: files that declare
   * other types first still share the header's items, and its item that does not parse, with its error.
   */
  @Test
  void headerItemsAreSharedAfterOtherTypesAndWhenTheyFail(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("mixed.cuh"), String.join("\n",
        "typedef float real;",
        "__device__ real twice(real v) { return (real) - v; }",
        "int broken = * ;",
        "__device__ float thrice(float v) { return (Pa) - v; }",
        ""));
    String a = "struct Pa { int x; };\n#include \"mixed.cuh\"\n__global__ void a(real* o) { o[0] = twice(1); }\n";
    String b = "struct Pb { int x; };\n#include \"mixed.cuh\"\n__global__ void b(real* o) { o[0] = twice(2); }\n";
    List<CudaParserFacade.Result> both = parseOneThenTheOther(dir, "c.cu", a, "d.cu", b);
    CudaParserFacade.Result first = both.get(0);
    CudaParserFacade.Result second = both.get(1);
    List<TranslationUnit.Item> x = first.unit().items();
    List<TranslationUnit.Item> y = second.unit().items();
    assertEquals(5, x.size(), "struct, typedef, twice, thrice, kernel: " + x);
    assertTrue(x.get(1) == y.get(1) && x.get(2) == y.get(2), "the header's items were parsed again");
    // "(Pa) - v" is a cast where Pa is a type (c.cu), a subtraction where it is not (d.cu): parsed for each
    assertTrue(x.get(3) != y.get(3) && !x.get(3).equals(y.get(3)));
    assertEquals(1, first.errors().size());
    assertTrue(first.errors().get(0) == second.errors().get(0), "the failed item was parsed again");
  }

  /** Two files parsed in turn, each with its own cache; the second must parse as it does without one. */
  private static List<CudaParserFacade.Result> parseOneThenTheOther(Path dir, String name1, String text1, String name2,
      String text2) {
    CudaParserFacade.Result first = parseFile(dir.resolve(name1), text1, new CudaParserFacade.ItemCache(name1));
    CudaParserFacade.Result second = parseFile(dir.resolve(name2), text2, new CudaParserFacade.ItemCache(name2));
    assertSame(parseFile(dir.resolve(name2), text2, null), second);
    return List.of(first, second);
  }

  private static CudaParserFacade.Result parseFile(Path file, String text, CudaParserFacade.ItemCache cache) {
    String display = file.getFileName().toString();
    return CudaParserFacade.parse(new Preprocessor(List.of(), Map.of()).process(file, display, text,
        new Preprocessor.HeaderCache()).tokens(), () -> false, cache);
  }
}
