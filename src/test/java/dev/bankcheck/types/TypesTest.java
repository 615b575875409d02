package dev.bankcheck.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Layout of built-in types and structs. The expected values were printed by nvcc 13.0 (sizeof/alignof for
 * sm_90, vector_types.h of CUDA 13.0) and are re-checked against the compiler by {@link #tableMatchesNvcc}
 * where nvcc is installed.
 */
class TypesTest {
  @TempDir Path dir;

  /** name | size | align, as nvcc 13.0 reports them. */
  static final String[] NVCC_LAYOUT = {
      "bool|1|1", "char|1|1", "signed char|1|1", "unsigned char|1|1", "short|2|2", "unsigned short|2|2",
      "int|4|4", "unsigned int|4|4", "long|8|8", "unsigned long|8|8", "long long|8|8", "unsigned long long|8|8",
      "float|4|4", "double|8|8", "long double|16|16", "__half|2|2", "__nv_bfloat16|2|2", "half|2|2",
      "nv_bfloat16|2|2", "__half2|4|4", "__nv_bfloat162|4|4", "half2|4|4", "nv_bfloat162|4|4", "dim3|12|4",
      "size_t|8|8", "clock_t|8|8", "int8_t|1|1", "uint16_t|2|2", "int32_t|4|4", "uint64_t|8|8",
      "char1|1|1", "char2|2|2", "char3|3|1", "char4|4|4", "uchar1|1|1", "uchar2|2|2", "uchar3|3|1", "uchar4|4|4",
      "short1|2|2", "short2|4|4", "short3|6|2", "short4|8|8", "ushort1|2|2", "ushort2|4|4", "ushort3|6|2",
      "ushort4|8|8",
      "int1|4|4", "int2|8|8", "int3|12|4", "int4|16|16", "uint1|4|4", "uint2|8|8", "uint3|12|4", "uint4|16|16",
      "float1|4|4", "float2|8|8", "float3|12|4", "float4|16|16",
      "long1|8|8", "long2|16|16", "long3|24|8", "long4|32|16", "ulong1|8|8", "ulong2|16|16", "ulong3|24|8",
      "ulong4|32|16",
      "longlong1|8|8", "longlong2|16|16", "longlong3|24|8", "longlong4|32|16", "ulonglong1|8|8",
      "ulonglong2|16|16", "ulonglong3|24|8", "ulonglong4|32|16",
      "double1|8|8", "double2|16|16", "double3|24|8", "double4|32|16",
      "long4_16a|32|16", "long4_32a|32|32", "ulong4_16a|32|16", "ulong4_32a|32|32", "longlong4_16a|32|16",
      "longlong4_32a|32|32", "ulonglong4_16a|32|16", "ulonglong4_32a|32|32", "double4_16a|32|16",
      "double4_32a|32|32",
  };

  static List<String[]> layoutRows() {
    List<String[]> rows = new ArrayList<>();
    for (String r : NVCC_LAYOUT) rows.add(r.split("\\|"));
    return rows;
  }

  @Test
  void everyBuiltinHasTheLayoutNvccReports() {
    List<String> wrong = new ArrayList<>();
    for (String[] r : layoutRows()) {
      Type t = Types.builtin(r[0]);
      String got = t == null ? "missing" : t.size() + "/" + t.align();
      String want = r[1] + "/" + r[2];
      if (!got.equals(want)) wrong.add(r[0] + ": table " + got + ", nvcc " + want);
    }
    assertEquals(List.of(), wrong);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "char | 1 | 1", "short | 2 | 2", "int | 4 | 4", "long long | 8 | 8", "float | 4 | 4", "double | 8 | 8",
      "unsigned long long int | 8 | 8", "long unsigned int | 8 | 8", "signed char | 1 | 1", "unsigned | 4 | 4",
      "signed | 4 | 4", "short int | 2 | 2", "unsigned short | 2 | 2", "long | 8 | 8", "long double | 16 | 16",
      "bool | 1 | 1",
  })
  void keywordSequencesNormalizeToTheRightScalar(String words, long size, long align) {
    Type t = Types.fromKeywords(List.of(words.split(" ")));
    assertEquals(size + "/" + align, t.size() + "/" + t.align(), words);
  }

  @Test
  void keywordSequencesKeepSignedness() {
    assertTrue(((Type.Scalar) Types.fromKeywords(List.of("int"))).signed());
    assertTrue(!((Type.Scalar) Types.fromKeywords(List.of("unsigned", "char"))).signed());
    assertTrue(Type.isInteger(Types.fromKeywords(List.of("long", "long"))));
    assertTrue(!Type.isInteger(Types.fromKeywords(List.of("float"))));
  }

  @Test
  void pointersAreEightBytes() {
    Type p = new Type.Pointer(Types.CHAR);
    assertEquals(8, p.size());
    assertEquals(8, p.align());
    assertEquals("char*", p.display());
  }

  @Test
  void vectorTypesKnowTheirComponents() {
    Type.Vector f4 = assertInstanceOf(Type.Vector.class, Types.builtin("float4"));
    assertEquals(Types.FLOAT, f4.component());
    assertEquals(4, f4.count());
    Type.Vector h2 = assertInstanceOf(Type.Vector.class, Types.builtin("__half2"));
    assertEquals(Types.HALF, h2.component());
    Type.Vector d4 = assertInstanceOf(Type.Vector.class, Types.builtin("double4_32a"));
    assertEquals(Types.DOUBLE, d4.component());
    assertEquals(4, d4.count());
  }

  // ---- arrays ----

  @Test
  void arraysMultiplyAndUnsizedArraysHaveNoSize() {
    assertEquals(32 * 33 * 4, new Type.Array(new Type.Array(Types.FLOAT, 33), 32).size());
    assertEquals(16, new Type.Array(Types.builtin("float4"), 3).align());
    assertEquals(-1, new Type.Array(Types.FLOAT, -1).size());
    assertEquals(-1, new Type.Array(new Type.Opaque("T"), 4).size(), "an array of an unknown type has no size");
    assertEquals("float[4]", new Type.Array(Types.FLOAT, 4).display());
    assertEquals("float[][2][4]", new Type.Array(new Type.Array(new Type.Array(Types.FLOAT, 4), 2), -1).display());
  }

  // ---- struct layout ----

  private static Type.Struct struct(String name, Object... fieldsAndTypes) {
    Types.StructBuilder b = new Types.StructBuilder(name, false);
    for (int i = 0; i < fieldsAndTypes.length; i += 2) b.field((String) fieldsAndTypes[i], (Type) fieldsAndTypes[i + 1], 0);
    return assertInstanceOf(Type.Struct.class, b.build(0));
  }

  private static String layout(Type t) {
    StringBuilder sb = new StringBuilder(t.size() + "/" + t.align());
    if (t instanceof Type.Struct s) {
      for (Type.Field f : s.fields()) sb.append(' ').append(f.name()).append('@').append(f.offset());
    }
    return sb.toString();
  }

  @Test
  void cAbiPaddingBetweenAndAfterFields() {
    assertEquals("8/4 c@0 i@4", layout(struct("A", "c", Types.CHAR, "i", Types.INT)));
    assertEquals("16/8 c@0 d@8", layout(struct("B", "c", Types.CHAR, "d", Types.DOUBLE)));
    assertEquals("16/8 d@0 c@8", layout(struct("C", "d", Types.DOUBLE, "c", Types.CHAR)));
    assertEquals("6/2 a@0 s@2 b@4", layout(struct("D", "a", Types.CHAR, "s", Types.SHORT, "b", Types.CHAR)));
    assertEquals("16/4 c@0 f3@4", layout(struct("E", "c", Types.CHAR, "f3", Types.builtin("float3"))));
    assertEquals("32/16 c@0 f4@16", layout(struct("F", "c", Types.CHAR, "f4", Types.builtin("float4"))));
    assertEquals("3/1 a@0 b@1 c@2", layout(struct("G", "a", Types.CHAR, "b", Types.CHAR, "c", Types.CHAR)));
  }

  @Test
  void nestedStructsAndArrayMembers() {
    Type.Struct inner = struct("In", "c", Types.CHAR, "d", Types.DOUBLE);
    assertEquals("24/8 k@0 in@8", layout(struct("Out", "k", Types.CHAR, "in", inner)));
    assertEquals("16/4 c@0 a@4", layout(struct("Arr", "c", Types.CHAR, "a", new Type.Array(Types.INT, 3))));
    assertEquals("40/8 c@0 a@8", layout(struct("ArrS", "c", Types.CHAR, "a", new Type.Array(inner, 2))));
    assertEquals("24/8 c@0 p@8 s@16", layout(struct("P", "c", Types.CHAR, "p", new Type.Pointer(Types.CHAR), "s",
        Types.SHORT)));
  }

  @Test
  void unionsOverlapAndPadToTheLargestAlignment() {
    Types.StructBuilder b = new Types.StructBuilder("U", true);
    b.field("c", new Type.Array(Types.CHAR, 5), 0).field("i", Types.INT, 0).field("s", Types.SHORT, 0);
    assertEquals("8/4 c@0 i@0 s@0", layout(b.build(0)));
    Types.StructBuilder d = new Types.StructBuilder("UD", true);
    d.field("f", Types.FLOAT, 0).field("d", Types.DOUBLE, 0);
    assertEquals("8/8 f@0 d@0", layout(d.build(0)));
  }

  @Test
  void declaredAlignmentRaisesSizeToAMultiple() {
    Types.StructBuilder b = new Types.StructBuilder("S", false);
    b.field("v", Types.builtin("float3"), 0).field("k", Types.INT, 0);
    assertEquals("16/16 v@0 k@12", layout(b.build(16)));
    Types.StructBuilder c = new Types.StructBuilder("T", false).field("c", Types.CHAR, 0);
    assertEquals("8/8 c@0", layout(c.build(8)));
    Types.StructBuilder lower = new Types.StructBuilder("L", false).field("d", Types.DOUBLE, 0);
    assertEquals("8/8 d@0", layout(lower.build(4)), "a declared alignment never lowers the natural one");
  }

  @Test
  void perFieldAlignasMovesTheFieldAndTheStruct() {
    Types.StructBuilder b = new Types.StructBuilder("F", false);
    b.field("c", Types.CHAR, 0).field("x", Types.INT, 16).field("d", Types.CHAR, 0);
    assertEquals("32/16 c@0 x@16 d@20", layout(b.build(0)));
  }

  @Test
  void emptyStructHasSizeOneAsInCxx() {
    assertEquals("1/1", layout(new Types.StructBuilder("E", false).build(0)));
  }

  @Test
  void structWithAnOpaqueFieldIsOpaque() {
    Types.StructBuilder b = new Types.StructBuilder("X", false).field("t", new Type.Opaque("T"), 0);
    assertInstanceOf(Type.Opaque.class, b.build(0));
    Types.StructBuilder arr = new Types.StructBuilder("Y", false).field("t", new Type.Array(new Type.Opaque("T"), 4), 0);
    assertInstanceOf(Type.Opaque.class, arr.build(0));
  }

  /** cub's TempStorage in a union with the kernel's own arrays: the members at certain offsets stay usable. */
  @Test
  void anOpaqueStructKeepsTheMembersWhoseOffsetsAreCertain() {
    Type.Opaque union = (Type.Opaque) new Types.StructBuilder("U", true).field("storage", new Type.Opaque("T"), 0)
        .field("vals", new Type.Array(Types.FLOAT, 8), 0).build(0);
    assertEquals(0, union.field("vals").offset());
    assertEquals(0, union.field("storage").offset());
    Type.Opaque struct = (Type.Opaque) new Types.StructBuilder("S", false).field("n", Types.CHAR, 0)
        .field("d", Types.DOUBLE, 0).field("storage", new Type.Array(new Type.Opaque("T"), 2), 0)
        .field("after", Types.INT, 0).build(0);
    assertEquals(8, struct.field("d").offset());
    assertNull(struct.field("storage"), "its alignment, and so its offset, is unknown");
    assertNull(struct.field("after"));
    assertEquals("storage", struct.unsized().name());
    Type.Opaque first = (Type.Opaque) new Types.StructBuilder("F", false).field("storage", new Type.Opaque("T"), 0)
        .field("after", Types.INT, 0).build(0);
    assertEquals(0, first.field("storage").offset(), "the first member is at offset 0 whatever its alignment");
    assertNull(first.field("after"));
  }

  @Test
  void alignUpRoundsToMultiples() {
    assertEquals(0, Types.alignUp(0, 8));
    assertEquals(8, Types.alignUp(1, 8));
    assertEquals(8, Types.alignUp(8, 8));
    assertEquals(5, Types.alignUp(5, 1));
  }

  // ---- the compiler as the oracle ----

  /**
   * Writes a static_assert for every row of the table (from {@link Types}, not from the constants above) and
   * every struct layout tested here, and compiles it with nvcc for sm_90. Skipped where nvcc is not installed.
   */
  @Test
  void tableMatchesNvcc() throws Exception {
    assumeTrue(onPath("nvcc"), "nvcc is not on PATH");
    StringBuilder src = new StringBuilder("#include <cuda_runtime.h>\n#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n"
        + "#include <cstdint>\n#include <cstddef>\n#include <ctime>\n");
    for (String[] r : layoutRows()) {
      Type t = Types.builtin(r[0]);
      assertNotNull(t, r[0]);
      src.append("static_assert(sizeof(").append(r[0]).append(") == ").append(t.size()).append(" && alignof(")
          .append(r[0]).append(") == ").append(t.align()).append(", \"").append(r[0]).append("\");\n");
    }
    src.append("""
        struct A { char c; int i; }; static_assert(sizeof(A) == 8 && alignof(A) == 4, "A");
        struct B { char c; double d; }; static_assert(sizeof(B) == 16 && alignof(B) == 8, "B");
        struct C { double d; char c; }; static_assert(sizeof(C) == 16 && alignof(C) == 8, "C");
        struct D { char a; short s; char b; }; static_assert(sizeof(D) == 6, "D");
        struct E { char c; float3 f3; }; static_assert(sizeof(E) == 16 && alignof(E) == 4, "E");
        struct F { char c; float4 f4; }; static_assert(sizeof(F) == 32 && alignof(F) == 16, "F");
        struct Out { char k; B in; }; static_assert(sizeof(Out) == 24 && offsetof(Out, in) == 8, "Out");
        struct Arr { char c; int a[3]; }; static_assert(sizeof(Arr) == 16 && offsetof(Arr, a) == 4, "Arr");
        struct ArrS { char c; B a[2]; }; static_assert(sizeof(ArrS) == 40, "ArrS");
        union U { char c[5]; int i; short s; }; static_assert(sizeof(U) == 8 && alignof(U) == 4, "U");
        struct __align__(16) S { float3 v; int k; }; static_assert(sizeof(S) == 16 && alignof(S) == 16, "S");
        struct alignas(8) T { char c; }; static_assert(sizeof(T) == 8 && alignof(T) == 8, "T");
        struct FA { char c; alignas(16) int x; char d; };
        static_assert(sizeof(FA) == 32 && offsetof(FA, d) == 20 && alignof(FA) == 16, "FA");
        struct Empty {}; static_assert(sizeof(Empty) == 1, "Empty");
        """);
    Path cu = dir.resolve("layout.cu");
    Files.writeString(cu, src.toString());
    Process p = new ProcessBuilder("nvcc", "-c", "-arch=sm_90", "-Wno-deprecated-declarations", "-o",
        dir.resolve("layout.o").toString(), cu.toString()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), "nvcc timed out");
    assertEquals(0, p.exitValue(), out);
  }

  private static boolean onPath(String exe) {
    String path = System.getenv("PATH");
    if (path == null) return false;
    for (String d : path.split(File.pathSeparator)) {
      if (!d.isEmpty() && Files.isExecutable(Path.of(d, exe))) return true;
    }
    return false;
  }

  /** A size past 2^63 bytes wrapped to 0, and a padding proposal then promised "+0 bytes of shared memory". */
  @Test
  void sizesPastTwoToTheSixtyThreeAreUnknownNotWrapped() {
    assertEquals(1L << 42, new Type.Array(Types.INT, 1L << 40).size());
    assertEquals(-1, new Type.Array(new Type.Array(Types.INT, 1L << 40), 1L << 40).size());
    assertEquals(-1, new Type.Array(Types.INT, Long.MAX_VALUE).size());
    Type big = new Types.StructBuilder("Big", false).field("a", new Type.Array(Types.INT, 1L << 60), 0)
        .field("b", new Type.Array(Types.INT, 1L << 60), 0).field("c", Types.INT, 0).build(0);
    assertInstanceOf(Type.Opaque.class, big);
  }
}
