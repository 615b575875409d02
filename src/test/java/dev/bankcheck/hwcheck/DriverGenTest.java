package dev.bankcheck.hwcheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DriverGenTest {
  @Test
  void launchesPassBuffersAndSizesByParameterName() {
    String d = DriverGen.driver("samples-cu/x.cu", List.of(
        new DriverGen.Launch("k", List.of("in", "out", "n", "col"), new int[] {16, 16, 1}, false),
        new DriverGen.Launch("ns::t<32, float>", List.of("p"), new int[] {256, 1, 1}, true)));
    assertTrue(d.contains("#include \"samples-cu/x.cu\"\n"), d);
    assertTrue(d.contains("if (which < 0 || which == 0) {\n    const dim3 block(16, 16, 1);\n    const size_t dyn = 0;\n"
        + "    k<<<grid, block, dyn>>>(hwcheck::Arg{buf[0], 1}, hwcheck::Arg{buf[1], 1}, hwcheck::Arg{buf[2], 256}, "
        + "hwcheck::Arg{buf[3], 1});\n"), d);
    assertTrue(d.contains("const size_t dyn = hwcheck::dynamicBytes(ns::t<32, float>);\n"
        + "    ns::t<32, float><<<grid, block, dyn>>>(hwcheck::Arg{buf[0], 1});\n"), d);
    // The control runs first in every run, on the same grid.
    assertTrue(d.indexOf(DriverGen.CONTROL + "<<<grid, 128>>>") < d.indexOf("which == 0"), d);
  }

  @Test
  void sizeNamesAreCaseSensitive() {
    assertTrue(DriverGen.sizeLike("n"));
    assertTrue(DriverGen.sizeLike("K"));
    assertTrue(DriverGen.sizeLike("width"));
    assertFalse(DriverGen.sizeLike("k"));
    assertFalse(DriverGen.sizeLike("offset"));
  }

  @Test
  void templateArgumentsAndNamespacesAreReadFromTheSource() {
    String code = Sample.stripComments(String.join("\n",
        "namespace a { // k<1>(",
        "namespace b {",
        "template <int N, class T> __global__ void k(T *p) {}",
        "}",
        "namespace {",
        "__global__ void anon() {}",
        "}",
        "}",
        "template __global__ void k<8, float>(float *);",
        "void host(float *p) { a::b::k<32, float><<<1, 32>>>(p); k< 8 ,  float >(p); }",
        "__global__ void top() { const char *s = \"namespace x {\"; }"));
    assertEquals("a::b", Sample.namespaceAt(code, 3));
    assertEquals("a", Sample.namespaceAt(code, 6));
    assertEquals("", Sample.namespaceAt(code, 11));
    assertEquals(List.of("8, float", "32, float"), Sample.instantiations(code, "k"));
  }

  /** bankcheck names an enum argument by its number; the launch casts it, as no integer converts to an enum. */
  @Test
  void enumArgumentsAreCastToTheirEnum() {
    Sample.Kernel k = new Sample.Kernel("k", "k", 1, List.of("p"), true, List.of(),
        java.util.Arrays.asList("Model", null, null));
    assertEquals("(Model)1, 32, float", k.templateArguments("1, 32, float"));
  }
}
