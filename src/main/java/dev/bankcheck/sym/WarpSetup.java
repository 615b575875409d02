package dev.bankcheck.sym;

import java.util.List;

/**
 * The threads of one warp: which lanes exist, their threadIdx, and blockDim. With an unknown block
 * shape, threadIdx.x is {@code 32*w + lane} for a uniform symbol w, and y, z are uniform symbols.
 * A symbolic warp stands for several: {@code warpSymbols} are the texts that name what differs between
 * them, {@code axes} the symbols whose values tell them apart (empty for a concrete warp).
 */
public record WarpSetup(int warp, boolean[] active, Val[][] threadIdx, Val[] blockDim, List<String> warpSymbols,
    List<Axis> axes, boolean shaped) {
  /** A concrete warp: nothing in it stands for several warps. */
  public WarpSetup(int warp, boolean[] active, Val[][] threadIdx, Val[] blockDim) {
    this(warp, active, threadIdx, blockDim, List.of(), List.of(), false);
  }

  /** A symbol of the symbolic warp that is 0 .. count-1 across the warps it stands for (the first axis varies fastest). */
  public record Axis(String symbol, int count) {}

  /** Whether a text (a symbol name, a reason) mentions a symbol that differs from warp to warp. */
  public boolean mentionsWarp(String text) {
    for (String s : warpSymbols) {
      if (text.contains(s)) return true;
    }
    return false;
  }

  /** Whether a symbol is one of the axes: its own term, linear in it. */
  public boolean isAxis(String symbol) {
    return axisIndex(symbol) >= 0;
  }

  /**
   * p made ready to be computed in each warp: every symbol of p must be an axis or stand for an operation on
   * such values ({@code made}, see {@link Interpreter#made}); null otherwise.
   */
  public PerWarp perWarp(Poly p, java.util.function.Function<String, Interpreter.Made> made) {
    return perWarp(p, made, 0);
  }

  private PerWarp perWarp(Poly p, java.util.function.Function<String, Interpreter.Made> made, int depth) {
    int k = p.termCount();
    long[] coefficients = new long[k];
    int[] axis = new int[k];
    Interpreter.Made[] ops = new Interpreter.Made[k];
    PerWarp[] left = new PerWarp[k];
    PerWarp[] right = new PerWarp[k];
    for (int i = 0; i < k; i++) {
      coefficients[i] = p.termCoefficient(i);
      axis[i] = axisIndex(p.termName(i));
      if (axis[i] >= 0) continue;
      ops[i] = depth < 16 ? made.apply(p.termName(i)) : null;
      if (ops[i] == null) return null;
      left[i] = perWarp(ops[i].left(), made, depth + 1);
      right[i] = left[i] == null ? null : perWarp(ops[i].right(), made, depth + 1);
      if (right[i] == null) return null;
    }
    return new PerWarp(p.constant(), coefficients, axis, ops, left, right);
  }

  /**
   * A polynomial whose value can be computed in each warp (see {@link #perWarp}): per term, its coefficient
   * and either its axis or (axis -1) the operation that made it, with that operation's operands.
   */
  public record PerWarp(long constant, long[] coefficients, int[] axis, Interpreter.Made[] ops, PerWarp[] left,
      PerWarp[] right) {

    /**
     * The value in the warp whose axis values are {@code values}; {@code ok[0]} becomes false where a run of
     * that warp alone might not give it: a division by zero, a negative operand of a comparison, division or
     * shift (which may be unsigned), an overflow.
     */
    public long value(long[] values, boolean[] ok) {
      long v = constant;
      try {
        for (int i = 0; i < axis.length && ok[0]; i++) {
          long t;
          if (axis[i] >= 0) {
            t = values[axis[i]];
          } else {
            long a = left[i].value(values, ok);
            long b = right[i].value(values, ok);
            int code = ops[i].code();
            if (!ok[0] || code == Arith.OTHER || b == 0 && (code == Arith.DIV || code == Arith.MOD)
                || Interpreter.unsignedSensitive(code) && (a < 0 || b < 0)) {
              ok[0] = false;
              return 0;
            }
            t = Arith.value(code, a, b);
          }
          v = Math.addExact(v, Math.multiplyExact(coefficients[i], t));
        }
      } catch (ArithmeticException overflow) {
        ok[0] = false;
      }
      return v;
    }
  }

  /** The least and greatest value of p over the warps of the axes, where p is linear in them (null otherwise). */
  public long[] range(Poly p) {
    long lo = p.constant();
    long hi = lo;
    for (int i = 0; i < p.termCount(); i++) {
      int axis = axisIndex(p.termName(i));
      if (axis < 0) return null;
      long span = p.termCoefficient(i) * (axes.get(axis).count() - 1);
      if (span < 0) lo += span;
      else hi += span;
    }
    return new long[] {lo, hi};
  }

  private int axisIndex(String symbol) {
    for (int i = 0; i < axes.size(); i++) {
      if (axes.get(i).symbol().equals(symbol)) return i;
    }
    return -1;
  }

  /** How many warps the axes enumerate. */
  public int axisWarps() {
    int warps = 1;
    for (Axis a : axes) warps *= a.count();
    return warps;
  }

  /** Each axis symbol's value in warp k of {@link #axisWarps()}. */
  public long[] axisValues(int k) {
    long[] v = new long[axes.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = k % axes.get(i).count();
      k /= axes.get(i).count();
    }
    return v;
  }

  /**
   * How findings name warp w of {@code warps}: "warp w" for a known shape, the threadIdx.x range under the
   * default assumption; nothing for the first warp of the assumption or the only warp of a shape.
   */
  public static String label(boolean shaped, int w, int warps, int warpSize) {
    if (shaped) return warps > 1 ? "warp " + w : "";
    return w == 0 ? "" : "threadIdx.x " + w * warpSize + ".." + ((w + 1) * warpSize - 1);
  }

  public static final String[] AXES = {"x", "y", "z"};

  /** The warps of a block of the given shape (x, y, z), in order. */
  public static WarpSetup[] ofShape(int[] shape, int warpSize) {
    int threads = shape[0] * shape[1] * shape[2];
    int warps = (threads + warpSize - 1) / warpSize;
    WarpSetup[] out = new WarpSetup[warps];
    Val[] dim = {Val.num(shape[0]), Val.num(shape[1]), Val.num(shape[2])};
    for (int w = 0; w < warps; w++) {
      boolean[] active = new boolean[warpSize];
      Val[][] idx = new Val[3][warpSize];
      for (int l = 0; l < warpSize; l++) {
        int t = w * warpSize + l;
        active[l] = t < threads;
        idx[0][l] = Val.num(t % shape[0]);
        idx[1][l] = Val.num((t / shape[0]) % shape[1]);
        idx[2][l] = Val.num(t / (shape[0] * shape[1]));
      }
      out[w] = new WarpSetup(w, active, idx, dim);
    }
    return out;
  }

  /**
   * One warp standing for all of them under the default assumption: threadIdx.x = warpSize*w + lane
   * for a warp-uniform symbol w. Exact for every warp when nothing in the kernel depends on w per lane.
   */
  public static WarpSetup symbolicWarp(int warpSize) {
    WarpSetup any = assumedWarp(0, warpSize); // only warp 0 is needed: not all 1024 / warpSize of them
    Poly base = Poly.symbol(WARP_SYMBOL).scale(warpSize);
    for (int l = 0; l < warpSize; l++) any.threadIdx()[0][l] = new Val.Num(base.add(Poly.of(l)));
    return new WarpSetup(0, any.active(), any.threadIdx(), any.blockDim(), List.of(WARP_SYMBOL),
        List.of(new Axis(WARP_SYMBOL, Math.max(1, 1024 / warpSize))), false);
  }

  public static final String WARP_SYMBOL = "(threadIdx.x / warpSize)";

  /**
   * For a known shape whose warps each lie in one z plane and cover whole rows (x extent a multiple
   * of the warp size) or hold whole rows (x extent a divisor of it, x*y extent a multiple): one warp
   * whose uniform part is a symbol stands for all of them; null for other shapes.
   */
  public static WarpSetup symbolicWarp(int[] shape, int warpSize) {
    Val[] dim = {Val.num(shape[0]), Val.num(shape[1]), Val.num(shape[2])};
    // with a known shape, y and z are known per warp too: an answer that depends on them needs every warp
    List<String> varying = List.of(WARP_SYMBOL, "threadIdx.y", "threadIdx.z");
    if (shape[0] % warpSize == 0) {
      WarpSetup any = symbolicWarp(warpSize);
      return new WarpSetup(0, any.active(), any.threadIdx(), dim, varying, List.of(new Axis(WARP_SYMBOL,
          shape[0] / warpSize), new Axis("threadIdx.y", shape[1]), new Axis("threadIdx.z", shape[2])), true);
    }
    if (warpSize % shape[0] != 0 || shape[0] * shape[1] % warpSize != 0) return null;
    int rows = warpSize / shape[0];
    String rowGroup = "(threadIdx.y / " + rows + ")";
    Poly firstRow = Poly.symbol(rowGroup).scale(rows);
    Val z = new Val.Num(Poly.symbol("threadIdx.z"));
    boolean[] active = new boolean[warpSize];
    Val[][] idx = new Val[3][warpSize];
    for (int l = 0; l < warpSize; l++) {
      active[l] = true;
      idx[0][l] = Val.num(l % shape[0]);
      idx[1][l] = new Val.Num(firstRow.add(Poly.of(l / shape[0])));
      idx[2][l] = z;
    }
    return new WarpSetup(0, active, idx, dim, varying,
        List.of(new Axis(rowGroup, shape[1] / rows), new Axis("threadIdx.z", shape[2])), true);
  }

  /**
   * The default assumption: blockDim.x is a multiple of the warp size (at most 1024), so a warp varies
   * only in x. Warp w holds threadIdx.x = w*warpSize + lane; y, z and blockDim stay symbolic.
   */
  public static WarpSetup[] assumedWarps(int warpSize) {
    int warps = Math.max(1, 1024 / warpSize);
    WarpSetup[] out = new WarpSetup[warps];
    for (int w = 0; w < warps; w++) out[w] = assumedWarp(w, warpSize);
    return out;
  }

  /** Warp w under the default assumption (values are immutable: lanes share the symbolic ones). */
  private static WarpSetup assumedWarp(int w, int warpSize) {
    Val[] dim = {new Val.Num(Poly.symbol("(blockDim.x / " + warpSize + ")").scale(warpSize)),
        new Val.Num(Poly.symbol("blockDim.y")), new Val.Num(Poly.symbol("blockDim.z"))};
    Val y = new Val.Num(Poly.symbol("threadIdx.y"));
    Val z = new Val.Num(Poly.symbol("threadIdx.z"));
    boolean[] active = new boolean[warpSize];
    Val[][] idx = new Val[3][warpSize];
    for (int l = 0; l < warpSize; l++) {
      active[l] = true;
      idx[0][l] = Val.num((long) w * warpSize + l);
      idx[1][l] = y;
      idx[2][l] = z;
    }
    return new WarpSetup(w, active, idx, dim);
  }
}
