package dev.bankcheck.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.junit.jupiter.api.Test;

class TypesTest {
  private static final Type INT = Types.builtin("int");

  /** A size past 2^63 bytes wrapped to 0, and a padding proposal then promised "+0 bytes of shared memory". */
  @Test
  void sizesPastTwoToTheSixtyThreeAreUnknownNotWrapped() {
    assertEquals(1L << 42, new Type.Array(INT, 1L << 40).size());
    assertEquals(-1, new Type.Array(new Type.Array(INT, 1L << 40), 1L << 40).size());
    assertEquals(-1, new Type.Array(INT, Long.MAX_VALUE).size());
    Type big = new Types.StructBuilder("Big", false).field("a", new Type.Array(INT, 1L << 60), 0)
        .field("b", new Type.Array(INT, 1L << 60), 0).field("c", INT, 0).build(0);
    assertInstanceOf(Type.Opaque.class, big);
  }
}
