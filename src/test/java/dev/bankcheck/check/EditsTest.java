package dev.bankcheck.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class EditsTest {
  private static Fix.Edit edit(int line, int col, int endCol, String text) {
    return new Fix.Edit("k.cu", line, col, line, endCol, text);
  }

  @Test
  void editsOnOneLineApplyAtTheirOriginalColumns() {
    String src = "a = t[x][y] + t[y][x];\r\nb;\n";
    // both columns refer to the original text, whatever the order of the list
    List<Fix.Edit> edits = List.of(edit(1, 20, 21, "x ^ (y % 8)"), edit(1, 10, 11, "y ^ (x % 8)"));
    assertEquals("a = t[x][y ^ (x % 8)] + t[y][x ^ (y % 8)];\r\nb;\n", Edits.apply(src, edits));
    assertEquals(15 + 10, Edits.shiftedColumn(edits, 1, 15), "the second access moves right by the first edit");
    assertEquals(5, Edits.shiftedColumn(edits, 1, 5));
    assertEquals(3, Edits.shiftedColumn(edits, 2, 3));
  }

  @Test
  void identicalEditsCountOnceAndInsertionsWork() {
    String src = "struct P { float a, b; };\nfloat s[32][32];\n";
    Fix.Edit pad = edit(2, 13, 15, "33");
    Fix.Edit member = edit(1, 24, 24, "float _pad; ");
    assertEquals("struct P { float a, b; float _pad; };\nfloat s[32][33];\n",
        Edits.apply(src, List.of(pad, member, pad)));
  }

  @Test
  void overlapsAndPositionsOutsideTheTextAreRefused() {
    String src = "float s[32][32];\n";
    assertFalse(Edits.compatible(src, List.of(edit(1, 13, 15, "33"), edit(1, 13, 15, "34"))));
    assertFalse(Edits.compatible(src, List.of(edit(1, 10, 15, "1"), edit(1, 13, 14, "2"))));
    assertThrows(IllegalArgumentException.class, () -> Edits.apply(src, List.of(edit(1, 30, 31, "x"))));
    assertThrows(IllegalArgumentException.class, () -> Edits.apply(src, List.of(edit(5, 1, 1, "x"))));
  }
}
