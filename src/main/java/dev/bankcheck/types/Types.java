package dev.bankcheck.types;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The built-in scalar and CUDA vector types, and C struct layout. */
public final class Types {
  public static final Type.Scalar BOOL = scalar("bool", 1, true, false);
  public static final Type.Scalar CHAR = scalar("char", 1, true, true);
  public static final Type.Scalar UCHAR = scalar("unsigned char", 1, true, false);
  public static final Type.Scalar SHORT = scalar("short", 2, true, true);
  public static final Type.Scalar USHORT = scalar("unsigned short", 2, true, false);
  public static final Type.Scalar INT = scalar("int", 4, true, true);
  public static final Type.Scalar UINT = scalar("unsigned int", 4, true, false);
  public static final Type.Scalar LONG = scalar("long", 8, true, true);
  public static final Type.Scalar ULONG = scalar("unsigned long", 8, true, false);
  public static final Type.Scalar LONGLONG = scalar("long long", 8, true, true);
  public static final Type.Scalar ULONGLONG = scalar("unsigned long long", 8, true, false);
  public static final Type.Scalar FLOAT = scalar("float", 4, false, true);
  public static final Type.Scalar DOUBLE = scalar("double", 8, false, true);
  /** 16 bytes on x86-64 hosts; nvcc keeps that layout in device code (arithmetic is done as double). */
  public static final Type.Scalar LONG_DOUBLE = scalar("long double", 16, false, true);
  public static final Type.Scalar HALF = scalar("__half", 2, false, true);
  public static final Type.Scalar BF16 = scalar("__nv_bfloat16", 2, false, true);
  public static final Type.Scalar VOID = scalar("void", 1, false, false);

  private static final Map<String, Type> BUILTIN = new HashMap<>();

  static {
    for (Type.Scalar s : List.of(BOOL, CHAR, UCHAR, SHORT, USHORT, INT, UINT, LONG, ULONG, LONGLONG, ULONGLONG,
        FLOAT, DOUBLE, LONG_DOUBLE, HALF, BF16, VOID)) {
      BUILTIN.put(s.name(), s);
    }
    alias("signed char", CHAR);
    alias("char8_t", UCHAR);
    alias("short int", SHORT);
    alias("signed short", SHORT);
    alias("unsigned short int", USHORT);
    alias("signed", INT);
    alias("signed int", INT);
    alias("unsigned", UINT);
    alias("long int", LONG);
    alias("unsigned long int", ULONG);
    alias("long long int", LONGLONG);
    alias("unsigned long long int", ULONGLONG);
    alias("half", HALF);
    alias("nv_bfloat16", BF16);
    alias("__nv_half", HALF);
    // PyTorch's (c10/util/Half.h, BFloat16.h): 2-byte structs laid out as CUDA's types
    for (String ns : List.of("at::", "c10::")) {
      alias(ns + "Half", HALF);
      alias(ns + "BFloat16", BF16);
    }
    for (String p : List.of("", "u")) {
      boolean u = p.equals("u");
      alias(p + "int8_t", u ? UCHAR : CHAR);
      alias(p + "int16_t", u ? USHORT : SHORT);
      alias(p + "int32_t", u ? UINT : INT);
      alias(p + "int64_t", u ? ULONGLONG : LONGLONG);
    }
    alias("size_t", ULONG);
    alias("ptrdiff_t", LONG);
    alias("uintptr_t", ULONG);
    alias("intptr_t", LONG);
    alias("clock_t", LONG); // <time.h> on Linux, which CUDA code uses for clock() results
    alias("uint", UINT);
    alias("ushort", USHORT);
    alias("uchar", UCHAR);
    alias("ulong", ULONG);
    // CUDA vector types (vector_types.h): name, component, count, alignment per count.
    vectors("char", CHAR, new long[] {1, 2, 1, 4});
    vectors("uchar", UCHAR, new long[] {1, 2, 1, 4});
    vectors("short", SHORT, new long[] {2, 4, 2, 8});
    vectors("ushort", USHORT, new long[] {2, 4, 2, 8});
    vectors("int", INT, new long[] {4, 8, 4, 16});
    vectors("uint", UINT, new long[] {4, 8, 4, 16});
    vectors("float", FLOAT, new long[] {4, 8, 4, 16});
    vectors("long", LONG, new long[] {8, 16, 8, 16});
    vectors("ulong", ULONG, new long[] {8, 16, 8, 16});
    vectors("longlong", LONGLONG, new long[] {8, 16, 8, 16});
    vectors("ulonglong", ULONGLONG, new long[] {8, 16, 8, 16});
    vectors("double", DOUBLE, new long[] {8, 16, 8, 16});
    // CUDA 13 deprecates the 4-component 64-bit types (still 16-aligned) for explicit 16a/32a variants.
    for (String base : List.of("long", "ulong", "longlong", "ulonglong", "double")) {
      Type.Scalar component = ((Type.Vector) BUILTIN.get(base + "1")).component();
      for (long a : new long[] {16, 32}) {
        String name = base + "4_" + a + "a";
        BUILTIN.put(name, new Type.Vector(name, component, 4, 32, a));
      }
    }
    BUILTIN.put("half2", new Type.Vector("half2", HALF, 2, 4, 4));
    BUILTIN.put("__half2", new Type.Vector("__half2", HALF, 2, 4, 4));
    BUILTIN.put("__nv_bfloat162", new Type.Vector("__nv_bfloat162", BF16, 2, 4, 4));
    BUILTIN.put("nv_bfloat162", BUILTIN.get("__nv_bfloat162"));
    BUILTIN.put("dim3", new Type.Vector("dim3", UINT, 3, 12, 4));
    // cuda_fp8.h, cuda_fp6.h, cuda_fp4.h (CUDA 12.8+): sizes and alignments checked with static_assert under nvcc 13
    for (String kind : List.of("fp8_e4m3", "fp8_e5m2", "fp8_e8m0", "fp6_e2m3", "fp6_e3m2")) {
      String x = kind.substring(0, 3);
      String format = kind.substring(3);
      small("__nv_" + kind, 1);
      small("__nv_" + x + "x2" + format, 2);
      small("__nv_" + x + "x4" + format, 4);
    }
    small("__nv_fp4_e2m1", 1);
    small("__nv_fp4x2_e2m1", 1);
    small("__nv_fp4x4_e2m1", 2);
    alias("__nv_fp8_storage_t", UCHAR);
    alias("__nv_fp8x2_storage_t", USHORT);
    alias("__nv_fp8x4_storage_t", UINT);
    alias("__nv_fp6_storage_t", UCHAR);
    alias("__nv_fp6x2_storage_t", USHORT);
    alias("__nv_fp6x4_storage_t", UINT);
    alias("__nv_fp4_storage_t", UCHAR);
    alias("__nv_fp4x2_storage_t", UCHAR);
    alias("__nv_fp4x4_storage_t", USHORT);
  }

  /** A small floating-point type (FP8, FP6, FP4, packed or not) of {@code size} bytes, aligned to its size. */
  private static void small(String name, long size) {
    BUILTIN.put(name, scalar(name, size, false, true));
  }

  private Types() {}

  private static Type.Scalar scalar(String name, long size, boolean integer, boolean signed) {
    return new Type.Scalar(name, size, size, integer, signed);
  }

  private static void alias(String name, Type t) {
    BUILTIN.put(name, t);
  }

  private static void vectors(String base, Type.Scalar component, long[] aligns) {
    for (int n = 1; n <= 4; n++) {
      String name = base + n;
      BUILTIN.put(name, new Type.Vector(name, component, n, component.size() * n, aligns[n - 1]));
    }
  }

  /** A built-in type by its spelling ("unsigned int", "float4", "uint32_t"), or null. */
  public static Type builtin(String name) {
    return BUILTIN.get(name);
  }

  /** Normalizes a sequence of builtin keywords ("long unsigned int") to one canonical spelling. */
  public static Type fromKeywords(List<String> words) {
    int longs = 0;
    boolean unsigned = false;
    boolean signed = false;
    String base = null;
    for (String w : words) {
      switch (w) {
        case "long" -> longs++;
        case "unsigned" -> unsigned = true;
        case "signed" -> signed = true;
        case "int" -> { if (base == null) base = "int"; }
        default -> base = w;
      }
    }
    if (base == null || base.equals("int")) {
      if (longs >= 2) return unsigned ? ULONGLONG : LONGLONG;
      if (longs == 1) return unsigned ? ULONG : LONG;
      return unsigned ? UINT : INT;
    }
    return switch (base) {
      case "char" -> unsigned ? UCHAR : CHAR;
      case "short" -> unsigned ? USHORT : SHORT;
      case "double" -> longs > 0 ? LONG_DOUBLE : DOUBLE;
      case "auto" -> new Type.Opaque("auto");
      default -> {
        Type t = BUILTIN.get(base);
        yield t != null ? t : (signed || unsigned ? INT : new Type.Opaque(base));
      }
    };
  }

  public static final class StructBuilder {
    private final String name;
    private final boolean union;
    private final List<Type.Field> fields = new ArrayList<>();
    private long offset;
    private long align = 1;
    private boolean opaque;
    /** How many of the first fields sit at offsets that no unknown size before them can move. */
    private int placedFields;
    private Type.Field unsized;

    public StructBuilder(String name, boolean union) {
      this.name = name;
      this.union = union;
    }

    /**
     * A bit-field (System V ABI): it shares the storage unit of its type with the bit-fields before it
     * while its bits fit, else starts the next unit; a width of 0 closes the unit.
     */
    public StructBuilder bitField(String fieldName, Type type, int bits) {
      long unitBits = Math.max(1, type.size()) * 8;
      if (type.size() < 0) opaque = true;
      if (union) bitOffset = 0;
      if (bits == 0 || bitOffset / unitBits != (bitOffset + bits - 1) / unitBits) bitOffset = alignUp(bitOffset, unitBits);
      if (bits > 0) {
        fields.add(new Type.Field(fieldName, type, bitOffset / unitBits * (unitBits / 8)));
        bitOffset += bits;
        if (!opaque || union) placedFields = fields.size();
      }
      offset = union ? Math.max(offset, unitBits / 8) : Math.max(offset, (bitOffset + 7) / 8);
      align = Math.max(align, type.align());
      return this;
    }

    private long bitOffset;

    /** Adds a field with C ABI placement; an extra alignment (alignas on the field) may raise it. */
    public StructBuilder field(String fieldName, Type type, long extraAlign) {
      long a = Math.max(type.align(), extraAlign);
      boolean placed = union || !opaque && (alignmentKnown(type) || offset == 0);
      long at = union ? 0 : alignUp(offset, a);
      fields.add(new Type.Field(fieldName, type, at));
      if (type.size() < 0 && !opaque) {
        opaque = true;
        unsized = fields.get(fields.size() - 1);
      }
      if (placed) placedFields = fields.size();
      offset = union ? Math.max(offset, type.size()) : at + Math.max(type.size(), 0);
      if (at < 0 || offset < 0) opaque = true; // past 2^63 bytes
      bitOffset = offset * 8;
      align = Math.max(align, a);
      return this;
    }

    /** Whether the alignment of a member of this type is known (an unsized array's is its element's). */
    private static boolean alignmentKnown(Type type) {
      return type.size() >= 0 || type instanceof Type.Array array && array.element().size() >= 0;
    }

    /** The struct, padded to its alignment; {@code declaredAlign} is __align__(N)/alignas(N) or 0. */
    public Type build(long declaredAlign) {
      if (opaque) {
        List<Type.Field> unplaced = unsized == null || union ? List.of()
            : fields.subList(fields.indexOf(unsized) + 1, fields.size()).stream()
                .map(f -> new Type.Field(f.name(), f.type(), 0)).toList();
        return new Type.Opaque(name, List.copyOf(fields.subList(0, placedFields)), unsized, unplaced);
      }
      long a = Math.max(align, declaredAlign);
      // C++: a struct without data members still takes one byte
      long size = fields.isEmpty() ? Math.max(1, a) : alignUp(offset, a);
      return new Type.Struct(name, List.copyOf(fields), size, a);
    }
  }

  public static long alignUp(long value, long align) {
    return align <= 1 ? value : (value + align - 1) / align * align;
  }
}
