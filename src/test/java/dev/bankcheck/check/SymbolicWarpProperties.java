package dev.bankcheck.check;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * One symbolic warp stands for all warps of a block only where that is exact: whatever the block shape,
 * index and guard (conditions on the warp that the tool can or cannot decide, around shared accesses or
 * only around other code), every finding equals the one of running each warp on its own, lane by lane.
 */
class SymbolicWarpProperties {
  /** Block shapes; {0, 0}: none given (the default assumption, 32 warps along x). */
  private static final int[][] SHAPES = {{32, 8}, {32, 4}, {64, 2}, {16, 16}, {8, 8}, {16, 4}, {4, 16}, {32, 1}, {0, 0}};
  private static final String[] TYPES = {"float", "double", "short", "char", "float4"};
  private static final String[] ROWS = {"ty", "tx", "tx / 2", "ty + j", "tx % 8", "ty * 2", "r", "(ty < 2 && gx < n) * 3"};
  private static final String[] COLS = {"tx", "ty", "(tx + ty) % 16", "ty * 2 + 1", "tx * 3", "0", "r",
      "tx ^ (ty % 16)", "ty ^ (tx % 8)", "(ty * 5) % 7 + tx", "__shfl_xor_sync(0xffffffff, tx, 1) % 32",
      "__shfl_sync(0xffffffff, ty, 0) + tx % 32", "__shfl_down_sync(0xffffffff, tx + ty, 3, 8) % 32",
      "__reduce_max_sync(0xffffffff, ty) + tx % 32", "__brev(tx) >> 27", "__popc(tx + ty) * 3",
      "__shfl_sync(0xffffffff, tx, tx / 2) % 32", "__reduce_add_sync(0xffffffff, tx) % 32 + tx % 32"};

  /** Guards around one access: {@code A = V} is a store of v or a load into g; {@code j} is a loop counter or 0. */
  private static final String[] GUARDS = {
      "A = (gy < m && gx < n) ? V : 0;",
      "if (gy < m && gx < n) A = V;",
      "if (gx < n && gy < m) g[gy * n + gx] = B;",
      "int r = gy < m ? 1 : 0;\n  A = V;",
      "if (ty < 2) A = V;",
      "int r = ty < 2 ? tx : tx * 2;\n  A = V;",
      "for (int j = 0; j < 8; j += 2)\n    if (gx < n && (gy + j) < m) A = V;",
      "if (gy >= m) return;\n  A = V;",
      "if (gy < m) g[gx] = 1.0f; else g[gx] = 2.0f;\n  A = V;",
      "for (int j = ty; j < 8; j += 4) A = V;",
      "if (tx + ty * 32 < n) A = V;",
      "if (ty == 0 && gx < n) A = V;",
      "if (ty < 2 && B > 0) g[gx] = 1.0f;",
      "if (gy < m && B > 0) g[gx] = 1.0f;",
      "for (int r = tx; r < 96; r += 32) A = V;",
      "for (int r = gx; r < n; r += 64) A = V;",
      "if (tx < 64 && ty < 4) A = V;",
      "for (int r = tx + 32 * ty; r < 512; r += 128) A = V;",
      "int r = ty < 2 ? tx : ty < 5 ? tx * 2 : tx * 4;\n  A = V;",
      "if (tx + 32 * ty >= 96) A = V;",
  };

  @Property(tries = 400)
  void theSymbolicWarpAgreesWithEveryWarpRunOnItsOwn(@ForAll @IntRange(max = 8) int shape,
      @ForAll @IntRange(max = 4) int type, @ForAll @IntRange(max = 7) int row, @ForAll @IntRange(max = 255) int column,
      @ForAll @IntRange(max = 19) int guard, @ForAll boolean store, @ForAll @IntRange(min = 16, max = 34) int width) {
    int[] s = SHAPES[shape];
    String t = TYPES[type];
    String col = COLS[column % COLS.length]; // modulo: a column added to COLS is drawn without touching the range
    String access = "s[" + ROWS[row] + "][" + col + "]";
    String body = GUARDS[guard].replace("A", store ? access : "g[gx]").replace("V", store ? "v" : load(t, access))
        .replace("B", load(t, access));
    if (!body.contains("int r") && (ROWS[row].equals("r") || col.equals("r"))) body = "int r = tx;\n  " + body;
    if (!body.contains("int j") && (ROWS[row].contains("j"))) body = "int j = 0;\n  " + body;
    String src = (s[0] == 0 ? "// no block shape\n" : "// bankcheck: block " + s[0] + "x" + s[1] + "\n")
        + "__global__ void k(float* g, int n, int m) {\n"
        + "  __shared__ " + t + " s[128][" + width + "];\n"
        + "  int tx = threadIdx.x, ty = threadIdx.y;\n"
        + "  int gx = blockIdx.x * " + s[0] + " + tx, gy = blockIdx.y * " + s[1] + " + ty;\n"
        + "  " + t + " v = " + (t.equals("float4") ? "make_float4(1, 2, 3, 4)" : "(" + t + ") 1") + ";\n"
        + "  " + body + "\n}\n";
    ShortcutReference.assertSame(src, Shortcuts.ALL, new Shortcuts(false, true), false);
  }

  private static String load(String type, String access) {
    return type.equals("float4") ? access + ".x" : "(float) " + access;
  }
}
