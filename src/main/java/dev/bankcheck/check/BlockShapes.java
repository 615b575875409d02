package dev.bankcheck.check;

import dev.bankcheck.ir.Expr;
import dev.bankcheck.ir.Function;
import dev.bankcheck.ir.Stmt;
import dev.bankcheck.ir.VarDecl;
import dev.bankcheck.sym.Program;
import dev.bankcheck.sym.Val;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a kernel's block shape comes from, in order: a {@code // bankcheck: block XxY} comment before
 * the kernel, the launches of the kernel in the same file, {@code --block}, else the default assumption.
 */
final class BlockShapes {
  static final Pattern ANNOTATION = Pattern.compile("//\\s*bankcheck:\\s*block\\s+(\\d+)(?:\\s*x\\s*(\\d+))?(?:\\s*x\\s*(\\d+))?");

  /** A shape and the sentence that says where it came from. */
  record Shape(int[] dims, String origin) {
    String describe() {
      return "blockDim = (" + dims[0] + "," + dims[1] + "," + dims[2] + ") " + origin;
    }
  }

  private BlockShapes() {}

  static List<Shape> forKernel(Function kernel, Program program, String[] lines, int[] cliBlock) {
    Shape annotated = annotation(kernel, lines);
    if (annotated != null) return List.of(annotated);
    List<Shape> launches = launches(kernel.name(), program);
    if (!launches.isEmpty()) return launches;
    if (cliBlock != null) return List.of(new Shape(cliBlock, "from --block"));
    return List.of();
  }

  /** The annotation on one of the lines just above the kernel's name (its head may span lines). */
  private static Shape annotation(Function kernel, String[] lines) {
    int nameLine = kernel.pos().line();
    for (int l = nameLine - 1; l >= Math.max(1, nameLine - 4) && l <= lines.length; l--) {
      String text = lines[l - 1];
      Matcher m = ANNOTATION.matcher(text);
      if (m.find()) {
        int[] dims = {Integer.parseInt(m.group(1)), m.group(2) == null ? 1 : Integer.parseInt(m.group(2)),
            m.group(3) == null ? 1 : Integer.parseInt(m.group(3))};
        if (valid(dims)) return new Shape(dims, "from the annotation at line " + l);
      }
      String code = text.replaceAll("//.*", "").trim();
      if (l < nameLine && (code.endsWith(";") || code.endsWith("}"))) break;
    }
    return null;
  }

  static boolean valid(int[] d) {
    return d[0] >= 1 && d[1] >= 1 && d[2] >= 1 && (long) d[0] * d[1] * d[2] <= 1024;
  }

  private static List<Shape> launches(String kernel, Program program) {
    Map<String, Shape> shapes = new LinkedHashMap<>();
    for (Launch l : findLaunches(kernel, program)) {
      if (l.block() != null && valid(l.block())) {
        int[] d = l.block();
        shapes.putIfAbsent(d[0] + "x" + d[1] + "x" + d[2], new Shape(d, "from the launch at line " + l.line()));
      }
    }
    return new ArrayList<>(shapes.values());
  }

  /** A launch of a kernel: its block shape (null when not constant) and its template arguments as written. */
  record Launch(int line, int[] block, Expr.Launch expr) {}

  static List<Launch> findLaunches(String kernel, Program program) {
    Map<String, List<Launch>> all = LAUNCHES.get(program);
    if (all == null) { // computed outside the lock: files analyzed in parallel do not wait for each other
      all = allLaunches(program);
      LAUNCHES.put(program, all);
    }
    return all.getOrDefault(kernel, List.of());
  }

  /**
   * Every launch in the program, by kernel name, found in one walk over the host code: walking it again for each
   * kernel made a file with many kernels quadratic. Kept while the program is (the key is weak).
   */
  private static final Map<Program, Map<String, List<Launch>>> LAUNCHES =
      java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

  private static Map<String, List<Launch>> allLaunches(Program program) {
    Map<String, List<Launch>> out = new HashMap<>();
    for (Function f : program.allFunctions()) {
      if (f.body() != null) new LaunchFinder(program, out).stmt(f.body(), new HashMap<>());
    }
    return out;
  }

  /**
   * Walks host code in order, tracking constant ints and dim3 variables through declarations and
   * assignments ({@code n = 16;}, {@code blk.x = 16;}, {@code blk = dim3(8, 8);}), and evaluates each launch.
   */
  private static final class LaunchFinder {
    private final Program program;
    private final Map<String, List<Launch>> out;

    LaunchFinder(Program program, Map<String, List<Launch>> out) {
      this.program = program;
      this.out = out;
    }

    void stmt(Stmt s, Map<String, Object> env) {
      if (s instanceof Stmt.Block b) {
        Map<String, Object> inner = new HashMap<>(env);
        for (Stmt i : b.items()) stmt(i, inner);
        for (String k : env.keySet()) env.put(k, inner.get(k)); // assignments to outer variables stay
      } else if (s instanceof Stmt.Decl d) {
        for (VarDecl v : d.vars()) {
          if (v.type().base().equals("dim3") && v.type().pointers() == 0) {
            env.put(v.name(), v.init() == null ? new int[] {1, 1, 1} : dims(v.init(), env));
          } else if (v.init() != null) {
            env.put(v.name(), constant(v.init(), env));
          }
          if (v.init() != null) expr(v.init(), env);
        }
      } else if (s instanceof Stmt.ExprStmt e) {
        expr(e.expr(), env);
      } else if (s instanceof Stmt.If i) {
        stmt(i.then(), env);
        stmt(i.otherwise(), env);
      } else if (s instanceof Stmt.For f) {
        stmt(f.body(), env);
      } else if (s instanceof Stmt.While w) {
        stmt(w.body(), env);
      } else if (s instanceof Stmt.DoWhile d) {
        stmt(d.body(), env);
      } else if (s instanceof Stmt.Switch w) {
        stmt(w.body(), env);
      }
    }

    void expr(Expr e, Map<String, Object> env) {
      if (e instanceof Expr.Launch l) {
        String name = l.kernel().contains("::") ? l.kernel().substring(l.kernel().lastIndexOf("::") + 2) : l.kernel();
        out.computeIfAbsent(name, k -> new ArrayList<>())
            .add(new Launch(l.pos().line(), l.config().size() >= 2 ? dims(l.config().get(1), env) : null, l));
      } else if (e instanceof Expr.Comma c) {
        for (Expr x : c.exprs()) expr(x, env);
      } else if (e instanceof Expr.Assign a && a.op().equals("=")) {
        if (a.target() instanceof Expr.Name nm && env.containsKey(nm.name())) {
          env.put(nm.name(), env.get(nm.name()) instanceof int[] ? dims(a.value(), env) : constant(a.value(), env));
        } else if (a.target() instanceof Expr.Member m && m.base() instanceof Expr.Name nm
            && env.get(nm.name()) instanceof int[] d) {
          int axis = "xyz".indexOf(m.member());
          Long v = constant(a.value(), env);
          int[] updated = d.clone();
          if (axis >= 0 && m.member().length() == 1 && v != null && v >= 1 && v <= 1024) updated[axis] = v.intValue();
          env.put(nm.name(), axis >= 0 && v != null ? updated : null);
        }
      }
    }

    private int[] dims(Expr e, Map<String, Object> env) {
      List<Expr> parts = null;
      if (e instanceof Expr.Call c && c.callee() instanceof Expr.Name nm && nm.name().equals("dim3")) parts = c.args();
      else if (e instanceof Expr.InitList il) parts = il.items();
      else if (e instanceof Expr.Name nm && env.get(nm.name()) instanceof int[] d) return d;
      else if (e instanceof Expr.Name nm && env.containsKey(nm.name()) && !(env.get(nm.name()) instanceof Long)) return null;
      else if (e instanceof Expr.Cast c && c.type().base().equals("dim3")) return dims(c.operand(), env);
      if (parts == null) {
        Long x = constant(e, env);
        return x == null ? null : new int[] {x.intValue(), 1, 1};
      }
      if (parts.isEmpty() || parts.size() > 3) return null;
      int[] d = {1, 1, 1};
      for (int i = 0; i < parts.size(); i++) {
        Long v = constant(parts.get(i), env);
        if (v == null || v < 1 || v > 1024) return null;
        d[i] = v.intValue();
      }
      return d;
    }

    private Long constant(Expr e, Map<String, Object> env) {
      Map<String, Val> scope = new HashMap<>();
      env.forEach((k, v) -> {
        if (v instanceof Long l) scope.put(k, Val.num(l));
      });
      Val v = program.constantIn(e, scope);
      return v instanceof Val.Num n && n.poly().isConstant() ? n.poly().constant() : null;
    }
  }
}
