package dev.bankcheck.sym;

import dev.bankcheck.types.Type;

/** The value of an expression in one lane. */
public sealed interface Val {
  /** An integer: concrete, or a polynomial over warp-uniform symbols. */
  record Num(Poly poly) implements Val {
    // written out: a record's generated equals is bootstrapped through method handles, a start-up cost
    @Override
    public boolean equals(Object o) {
      return o instanceof Num n && n.poly.equals(poly);
    }

    @Override
    public int hashCode() {
      return poly.hashCode();
    }
  }

  /**
   * A pointer into a __shared__ array: {@code offset} in bytes from the array's start, or null with
   * {@code unknown} (why it cannot be computed) or {@code data} (it depends on memory contents). A data
   * pointer may still have an offset: then the address is that offset modulo {@code modulus} bytes
   * ({@code &s[d * 32 + tid]} for a float array: {@code 4 * tid} modulo 128), that offset plus {@code modulus}
   * times a k in {@code range} where that is not null; lanes whose data pointers have one {@code warpToken} (not
   * null) have one k (see {@link Data}). {@code orElsewhere}, where not null, says why the lanes may hold an address
   * of memory that is not shared instead.
   */
  record Ptr(SharedRoot root, Poly offset, Type pointee, String via, String unknown, boolean data, long modulus,
      String orElsewhere, Range range, Object warpToken) implements Val {
    public Ptr(SharedRoot root, Poly offset, Type pointee, String via, String unknown, boolean data) {
      this(root, offset, pointee, via, unknown, data, 0, null, null, null);
    }

    /** A data pointer, {@code offset + modulus * k} bytes. */
    public Ptr(SharedRoot root, Poly offset, Type pointee, String via, long modulus, Range range, Object warpToken) {
      this(root, offset, pointee, via, null, true, modulus, null, range, warpToken);
    }

    /** The exact offset: null where it is unknown or depends on data. */
    public Poly exactOffset() {
      return data ? null : offset;
    }

    Ptr withOffset(Poly o) {
      return new Ptr(root, o, pointee, via, unknown, data, modulus, orElsewhere, range, warpToken);
    }

    Ptr withPointee(Type t) {
      return new Ptr(root, offset, t, via, unknown, data, modulus, orElsewhere, range, warpToken);
    }

    Ptr orElsewhere(String why) {
      return new Ptr(root, offset, pointee, via, unknown, data, modulus, why, range, warpToken);
    }

    Ptr withVia(String v) {
      return new Ptr(root, offset, pointee, v, unknown, data, modulus, orElsewhere, range, warpToken);
    }
  }

  /**
   * A value read from memory whose contents the tool does not know (per lane), known only to be congruent to
   * {@code residue} modulo {@code modulus} ({@code d * 32 + tid} is {@code tid} modulo 32; modulus 1: any integer),
   * and where {@code range} is not null to be {@code residue + modulus * k} for k in it ({@code d & 31}: 0..31).
   * Each lane has its own k, but for lanes whose data has one {@code warpToken} (not null): they have one k, a value
   * the same in the whole warp (a vote, a value a shuffle broadcasts, and what is computed from them): lanes holding
   * {@code base + lane} differ by their lanes alone. Such data keeps its residue as computed.
   */
  record Data(String source, long modulus, Poly residue, Range range, Object warpToken) implements Val {
    public Data(String source) {
      this(source, 1, Poly.ZERO, null, null);
    }

    public Data(String source, long modulus, Poly residue) {
      this(source, modulus, residue, null, null);
    }

    public Data(String source, long modulus, Poly residue, Range range) {
      this(source, modulus, residue, range, null);
    }

    /** This value, one k for every lane whose data has {@code token}. */
    Data sharing(Object token) {
      return new Data(source, modulus, residue, range, token);
    }

    /** This value with each lane's own k: what it is known to be, nothing shared. */
    Data ownK() {
      return warpToken == null ? this : congruent(source, modulus, residue, range);
    }

    /** Any value of {@code residue + modulus * k}: the constant part reduced to {@code [0, modulus)}. */
    static Data congruent(String source, long modulus, Poly residue) {
      return congruent(source, modulus, residue, null);
    }

    /** {@code residue + modulus * k} for k in {@code range} (null: any k). */
    static Data congruent(String source, long modulus, Poly residue, Range range) {
      if (modulus <= 1 && range == null) return new Data(source);
      modulus = Math.max(1, modulus);
      long c = residue.constant();
      long reduced = Math.floorMod(c, modulus);
      // the constant part moves into k: c = reduced + modulus * shift
      Range r = range == null ? null : range.plus((c - reduced) / modulus);
      return new Data(source, modulus, residue.sub(Poly.of(c)).add(Poly.of(reduced)), r);
    }

    /** Data from {@code lo} to {@code hi}. */
    static Data between(String source, long lo, long hi) {
      return congruent(source, 1, Poly.ZERO, Range.of(lo, hi));
    }

    /** Data from {@code lo} to {@code hi} congruent to lo modulo {@code modulus}. */
    static Data spanning(String source, long modulus, long lo, long hi) {
      long r = Math.floorMod(lo, modulus);
      Range k = Range.of(Math.floorDiv(lo - r, modulus), Math.floorDiv(hi - r, modulus));
      return congruent(source, modulus, Poly.of(r), k);
    }

    Data plus(Poly p) {
      // a shared k stays: the lanes' values are as far apart as what each added
      return warpToken != null ? new Data(source, modulus, residue.add(p), range, warpToken)
          : congruent(source, modulus, residue.add(p), range);
    }

    Data plain() {
      return modulus == 1 && range == null && warpToken == null ? this : new Data(source);
    }

    /** The least value, where the residue is a constant and k bounded; null otherwise. */
    Long min() {
      return at(range == null ? 0 : range.lo());
    }

    /** The greatest value, where the residue is a constant and k bounded; null otherwise. */
    Long max() {
      return at(range == null ? 0 : range.hi());
    }

    private Long at(long k) {
      if (range == null || !residue.isConstant()) return null;
      try {
        return Math.addExact(residue.constant(), Math.multiplyExact(modulus, k));
      } catch (ArithmeticException overflow) {
        return null;
      }
    }
  }

  /**
   * The values {@code lo..hi} (inclusive) that the multiplier k of a data value or pointer takes; bounded by
   * {@link #LIMIT} on both sides, so that sums and products with small factors stay exact.
   */
  record Range(long lo, long hi) {
    static final long LIMIT = 1L << 40;

    /** The range, or null (any k) where it is empty or reaches past {@link #LIMIT}. */
    static Range of(long lo, long hi) {
      return lo > hi || lo < -LIMIT || hi > LIMIT ? null : new Range(lo, hi);
    }

    Range plus(long c) {
      return Math.abs(c) > LIMIT ? null : of(lo + c, hi + c);
    }

    Range negate() {
      return of(-hi, -lo);
    }
  }

  /**
   * A floating-point or other non-index value; or a type bound to a name ("type:float"), with the
   * {@code instance} its arguments select when it is a class template's ("type:tile<16,8>").
   */
  record Opaque(String what, Instance instance) implements Val {
    public Opaque(String what) {
      this(what, null);
    }
  }

  /**
   * A pointer to memory that is not shared (global, local, constant): {@code offset} elements of
   * {@code pointee} past the start of {@code name}. Lanes with equal pointers read one address.
   */
  record Foreign(String name, Type pointee, Poly offset) implements Val {
    Foreign(String name, Type pointee) {
      this(name, pointee, Poly.ZERO);
    }

    Foreign plus(Poly elements) {
      return new Foreign(name, pointee, offset.add(elements));
    }

    /** The same address seen as {@code t}; an offset counted in the old elements moves into the name. */
    Foreign withPointee(Type t) {
      if (t.equals(pointee) || offset.equals(Poly.ZERO)) return new Foreign(name, t, offset);
      return new Foreign(name + " + " + offset, t, Poly.ZERO);
    }

    // written out: a record's generated equals is bootstrapped through method handles, a start-up cost
    @Override
    public boolean equals(Object o) {
      return o instanceof Foreign f && f.name.equals(name) && f.offset.equals(offset)
          && java.util.Objects.equals(f.pointee, pointee);
    }

    @Override
    public int hashCode() {
      return (name.hashCode() * 31 + offset.hashCode()) * 31 + java.util.Objects.hashCode(pointee);
    }
  }

  /**
   * A lambda with a body the tool runs: {@code scopes} are the variables it was written among (it runs with them,
   * as a capture by reference does), with the template arguments and namespace of the code around it.
   */
  record Closure(dev.bankcheck.ir.Expr.Lambda lambda, java.util.Deque<? extends java.util.Map<String, ?>> scopes,
      java.util.Map<String, Val> template, String namespace) implements Val {}

  /** An object of a struct whose {@code operator T*()} may hand out shared memory (SharedMemory<T>()). */
  record Obj(dev.bankcheck.ir.StructDef def, java.util.Map<String, Val> bindings) implements Val {}

  /**
   * A struct's value in one lane: its class ({@code obj}: definition and template arguments) and its members' values
   * by name. A member without an entry (an array, one never initialized) has no value the tool knows.
   */
  record Struct(Obj obj, java.util.Map<String, Val> members) implements Val {
    /** The member of that name: its own, or its base class's (a member "base B" holds the base subobject). */
    Val member(String name) {
      Val v = members.get(name);
      if (v != null) return v;
      Struct base = baseDeclaring(name);
      if (base != null) return base.member(name);
      for (java.util.Map.Entry<String, Val> e : members.entrySet()) {
        // a base subobject the tool lost (a loop changed it): its members have its reason
        if (e.getKey().startsWith(dev.bankcheck.ir.VarDecl.BASE + " ") && e.getValue() instanceof Unknown u) return u;
      }
      if (obj.def().union()) {
        return new Unknown("the member '" + name + "' of the union '" + obj.def().name() + "' has no value here (an array"
            + " member, one not initialized, or another member was written last)");
      }
      return new Unknown("the member '" + name + "' of a '" + obj.def().name() + "' object has no value here (an array"
          + " member, or one not initialized)");
    }

    /** This union with member {@code name} set to {@code v}: the others share its storage, and have no value now. */
    Struct only(String name, Val v) {
      return new Struct(obj, java.util.Map.of(name, v));
    }

    /** This object with member {@code name} (its own, or its base class's) set to {@code v}. */
    Struct with(String name, Val v) {
      java.util.Map<String, Val> m = new java.util.HashMap<>(members);
      Struct base = members.containsKey(name) ? null : baseDeclaring(name);
      if (base == null) {
        m.put(name, v);
      } else {
        m.replaceAll((key, value) -> value == base ? base.with(name, v) : value);
      }
      return new Struct(obj, java.util.Collections.unmodifiableMap(m));
    }

    /** The base subobject that declares a member {@code name} (through its own bases too), or null. */
    private Struct baseDeclaring(String name) {
      for (java.util.Map.Entry<String, Val> e : members.entrySet()) {
        if (e.getKey().startsWith(dev.bankcheck.ir.VarDecl.BASE + " ") && e.getValue() instanceof Struct b
            && (b.declares(name))) {
          return b;
        }
      }
      return null;
    }

    private boolean declares(String name) {
      for (dev.bankcheck.ir.VarDecl f : obj.def().fields()) {
        if (f.name().equals(name)) return true;
      }
      return baseDeclaring(name) != null;
    }

    // written out: the definition compares by identity (a record's equals would compare its whole tree)
    @Override
    public boolean equals(Object o) {
      return o instanceof Struct s && s.obj.def() == obj.def() && s.obj.bindings().equals(obj.bindings())
          && s.members.equals(members);
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(obj.def()) * 31 + members.hashCode();
    }
  }

  /** A value the tool cannot compute, with the reason. */
  record Unknown(String reason) implements Val {}

  static Val num(long v) {
    return SmallNums.num(v);
  }
}
