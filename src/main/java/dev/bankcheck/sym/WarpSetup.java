package dev.bankcheck.sym;

import java.util.List;

/**
 * The threads of one warp: which lanes exist, their threadIdx, and blockDim. With an unknown block
 * shape, threadIdx.x is {@code 32*w + lane} for a uniform symbol w, and y, z are uniform symbols.
 */
public record WarpSetup(int warp, boolean[] active, Val[][] threadIdx, Val[] blockDim, List<String> warpSymbols) {
  /** A concrete warp: nothing in it stands for several warps. */
  public WarpSetup(int warp, boolean[] active, Val[][] threadIdx, Val[] blockDim) {
    this(warp, active, threadIdx, blockDim, List.of());
  }

  /** Whether a text (a symbol name, a reason) mentions a symbol that differs from warp to warp. */
  public boolean mentionsWarp(String text) {
    for (String s : warpSymbols) {
      if (text.contains(s)) return true;
    }
    return false;
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
    return new WarpSetup(0, any.active(), any.threadIdx(), any.blockDim(), List.of(WARP_SYMBOL));
  }

  public static final String WARP_SYMBOL = "(threadIdx.x / warpSize)";

  /**
   * For a known shape whose x extent is a multiple of the warp size (a warp never spans rows): one
   * warp with threadIdx.x = warpSize*w + lane and symbolic y and z stands for all of them.
   */
  public static WarpSetup symbolicWarp(int[] shape, int warpSize) {
    WarpSetup any = symbolicWarp(warpSize);
    Val[] dim = {Val.num(shape[0]), Val.num(shape[1]), Val.num(shape[2])};
    // with a known shape, y and z are known per warp too: an answer that depends on them needs every warp
    return new WarpSetup(0, any.active(), any.threadIdx(), dim, List.of(WARP_SYMBOL, "threadIdx.y", "threadIdx.z"));
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
