package dev.bankcheck.types;

import java.util.List;

/** A C type with its layout: size and alignment in bytes. Sizes of unsized arrays are -1. */
public sealed interface Type {
  long size();

  long align();

  String display();

  /** char, int, float, __half, ...: {@code integer} tells whether arithmetic on it is integral. */
  record Scalar(String name, long size, long align, boolean integer, boolean signed) implements Type {
    public String display() {
      return name;
    }
  }

  /** A CUDA vector type such as float4: {@code count} components of {@code component}. */
  record Vector(String name, Scalar component, int count, long size, long align) implements Type {
    public String display() {
      return name;
    }
  }

  record Field(String name, Type type, long offset) {}

  record Struct(String name, List<Field> fields, long size, long align) implements Type {
    /** The member of that name, its own or a base class's (then at its offset in this struct). */
    public Field field(String fieldName) {
      return Type.field(fields, fieldName);
    }

    public String display() {
      return name;
    }
  }

  /** length -1: unsized ({@code extern __shared__ float s[]}). */
  record Array(Type element, long length) implements Type {
    public long size() {
      long e = element.size();
      if (length < 0 || e < 0) return -1;
      // past 2^63 bytes (only a hostile declaration gets there) the size is as unknown as an unsized array's
      return e != 0 && length > Long.MAX_VALUE / e ? -1 : e * length;
    }

    public long align() {
      return element.align();
    }

    /** As C writes it: the outermost dimension first ({@code float[2][4]} is two rows of four). */
    public String display() {
      StringBuilder dims = new StringBuilder();
      Type t = this;
      for (; t instanceof Array a; t = a.element()) dims.append('[').append(a.length() < 0 ? "" : a.length()).append(']');
      return t.display() + dims;
    }
  }

  record Pointer(Type pointee) implements Type {
    public long size() {
      return 8;
    }

    public long align() {
      return 8;
    }

    public String display() {
      return pointee.display() + "*";
    }
  }

  /**
   * A type we cannot lay out (an unknown name, a template parameter without a value). A struct or union
   * with a member of unknown size is one too, but keeps the members whose offsets are still certain:
   * every member of a union, and those of a struct before the first such member, {@code unsized}; the
   * members after it are {@code unplaced} (their offsets, unknown, are 0 here).
   */
  record Opaque(String name, List<Field> knownFields, Field unsized, List<Field> unplaced) implements Type {
    public Opaque(String name) {
      this(name, List.of(), null, List.of());
    }

    public Field field(String fieldName) {
      return Type.field(knownFields, fieldName);
    }

    /** The member of {@code unplaced} that is or holds {@code fieldName} (a base's, an anonymous member's), or null. */
    public Field unplacedHolding(String fieldName) {
      for (Field f : unplaced) {
        if (Type.field(List.of(f), fieldName) != null) return f;
      }
      return null;
    }

    public long size() {
      return -1;
    }

    public long align() {
      return 1;
    }

    public String display() {
      return name;
    }
  }

  /** The member of that name of a struct, laid out whole or in part; else null. */
  static Field member(Type t, String fieldName) {
    return t instanceof Struct s ? s.field(fieldName) : t instanceof Opaque o ? o.field(fieldName) : null;
  }

  private static Field field(List<Field> fields, String fieldName) {
    for (Field f : fields) {
      if (f.name().equals(fieldName)) return f;
    }
    for (Field f : fields) {
      // a base class's members, and those of an anonymous struct or union member, are the class's own
      Field inherited = f.name().startsWith("base ") || f.name().startsWith("anonymous ") ? member(f.type(), fieldName)
          : null;
      if (inherited != null) return new Field(inherited.name(), inherited.type(), f.offset() + inherited.offset());
    }
    return null;
  }

  static boolean isInteger(Type t) {
    return t instanceof Scalar s && s.integer();
  }
}
