package dev.bankcheck.check;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.constraints.IntRange;

/**
 * A loop iteration is skipped only when it would repeat the one before: whatever the body does with the
 * counter (moves a global pointer, indexes shared memory, decides a branch, leaves a value in a variable
 * read after the loop, hands it to a function by reference), every finding equals the one of running
 * every iteration.
 */
class LoopRepeatProperties {
  /** Statements of the loop's body; {@code t} is the counter. */
  private static final String[] BODY = {
      "s[ty][tx] = g[t * n + gx];",
      "s[ty][(tx + t) % 32] = v;",
      "acc += s[tx][ty];",
      "q = t;",
      "k += 1;",
      "gp = g + t * n; *gp = s[ty][tx];",
      "if (t > 4) s[tx][ty] = v;",
      "sp = &s[t % 4][0];",
      "helper(q, t);",
      "if (t == 12) break;",
      "if (tx == 3 && t == 0) break;",
      "same = ty * 2;",
      "r = (t & 1) ? tx : ty;",
      "for (int j = 0; j < 4; j++) s[j * 8 + ty][tx] += v;",
      "if (t % 8 == 4) continue;",
      "w = (int) g[t]; s[w % 4][tx] = v;",
      "w = t / 100; s[ty][(tx + w) % 32] = v;",
      "acc = acc + (float) t;",
      "s[ty][tx * 2 % 32] = g[t];",
      "setIfEven(r, t);",
      "sp[(tx * (t + 1)) % 64] = v;",
      "if (t == 1) sp = &s[0][tx];",
      "atomicAdd(sp + (tx * (t + 1)) % 64, 1.0f);",
      "float& e = s[tx % (t + 1)][0]; e = v;",
      "put(&s[0][0], (tx * (t + 1)) % 64, 1.0f);",
      "float* lp = sp + 64; lp[(tx * (t + 1)) % 64] = v;",
      "int& rq = q; rq = t;",
      "s[(tx * same) % 32][4] = v; touch(&same);",
      "if (t == 3) [&] { k = t; }();",
      // an if whose branches touch only private memory does not make the counter relevant; one whose
      // branches write a variable read later, or move a pointer to shared memory, does
      "if (t > 4) priv[tx % 4] = v;",
      "if (t > 2) w = 1;",
      "if (t % 3 == 1) { priv[0] = acc; acc = priv[1]; }",
      "if (t > 5) { for (int j = 0; j < 2; j++) priv[j] = v; } else { priv[3] = v; }",
      "if (t > 9) sp = &s[1][0];",
      "if (t > 3) { if (tx > 8) s[ty][tx] = v; }",
      "if (t < 2) { int z = t; r = z; }",
      "if (t > 2) { w = 1; int w = 5; w += 1; }",
      "if (t > 6) { int q = 3; priv[q % 4] = v; }",
      "if (t > 1) { int z = 1; z += t; priv[z % 4] = v; }",
      // && || ?: run their right operand (branches) for the lanes the left one (the condition) decides
      "if (t > 2 && tx < 16) priv[0] = v;",
      "w = (t > 3 && tx > 4) ? 1 : 0;",
      "if (t > 4 && s[tx][ty] > 0.0f) priv[0] = v;",
      "priv[0] = (t > 6) ? s[tx][ty] : 0.0f;",
      "if (t < 3 || (sp = &s[1][0]) == 0) priv[1] = v;",
      "k += (t > 8 && tx == 0);",
      "bool b = t > 7 || priv[0] > 0.0f; if (b) s[ty][tx] = v;",
      "priv[(t % 4 > 1 && tx > 2) ? 1 : 0] = v;",
      "if (t == 2 || tx == 31) s[ty][tx] = v;",
      "t > 5 && (same = 3) > 0;",
      // an asynchronous copy and PTX are accesses at their operands' addresses
      "float* cp = &s[ty][0] + (tx * (t + 1)) % 32; __pipeline_memcpy_async(cp, &g[t], 4);",
      "asm volatile(\"st.shared.f32 [%0], %1;\" :: \"r\"((unsigned) __cvta_generic_to_shared(&s[ty][(tx * (t + 1)) % 32])), \"f\"(v));",
  };
  private static final int[] TRIPS = {1, 2, 5, 16, 48};

  /** Statements drawn uniformly: jqwik's integers favour small values, which left the last statements rarely drawn. */
  @Provide
  Arbitrary<List<Integer>> bodies() {
    return Arbitraries.integers().between(0, BODY.length - 1).withDistribution(RandomDistribution.uniform())
        .list().ofMinSize(1).ofMaxSize(4);
  }

  @Property(tries = 300)
  void skippingRepeatedIterationsChangesNoFinding(@ForAll("bodies") List<Integer> body,
      @ForAll @IntRange(max = 4) int trips, @ForAll @IntRange(min = 1, max = 3) int step, @ForAll boolean nested) {
    StringBuilder loop = new StringBuilder("for (int t = 0; t < " + TRIPS[trips] + " * " + step + "; t += " + step + ") {\n");
    for (int b : body) loop.append("    ").append(BODY[b]).append('\n');
    loop.append("  }\n");
    String inner = nested ? "for (int o = 0; o < 3; o++) {\n  " + loop + "  }\n" : loop.toString();
    String src = "// bankcheck: block 32x8\n"
        + "__device__ void helper(int& out, int x) { out = x; }\n"
        + "__device__ void setIfEven(int& out, int x) { if (x % 2 == 0) out = x; }\n"
        + "__device__ void put(float* p, int i, float v) { p[i] = v; }\n"
        + "__device__ void touch(int* p);\n"
        + "__global__ void k(float* g, int n) {\n"
        + "  __shared__ float s[32][32];\n"
        + "  int tx = threadIdx.x, ty = threadIdx.y, gx = blockIdx.x * 32 + tx;\n"
        + "  float v = 1.0f, acc = 0.0f;\n"
        + "  int q = 0, k = 0, r = tx, same = 0, w = 0;\n"
        + "  float* gp = g;\n"
        + "  float* sp = &s[0][0];\n"
        + "  float priv[4];\n"
        + "  " + inner
        // after the loop, accesses whose conflicts depend on the values the loop left
        + "  s[(tx * q) % 32][0] = acc;\n"
        + "  s[(tx * k) % 32][1] = v;\n"
        + "  s[ty][r % 32] = v;\n"
        + "  s[(tx * same) % 32][2] = v;\n"
        + "  s[(tx * w) % 32][3] = v;\n"
        + "  sp[tx * 2] = v;\n"
        + "  g[gx] = *gp;\n"
        + "}\n";
    ShortcutReference.assertSame(src, Shortcuts.ALL, new Shortcuts(true, false), true);
  }

  /** The second iteration starts with the same values, but 'same' escaped in the first: its read is unknown now. */
  @Example
  void anIterationAfterAVariableEscapesIsRun() {
    ShortcutReference.assertSame("""
        __device__ void touch(int* p);
        __global__ void k() {
          __shared__ float s[32][32];
          int same = 0;
          for (int t = 0; t < 4; t += 1) {
            s[(threadIdx.x * same) % 32][4] = 1.0f;
            touch(&same);
          }
        }
        """, Shortcuts.ALL, new Shortcuts(true, false), true);
  }
}
