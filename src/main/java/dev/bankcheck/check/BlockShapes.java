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
    for (Function f : program.functions().values()) {
      if (f.body() == null) continue;
      new LaunchFinder(kernel, program, shapes).stmt(f.body(), new HashMap<>());
    }
    return new ArrayList<>(shapes.values());
  }

  /** Walks host code in order, tracking constant ints and dim3 variables, and evaluates each launch. */
  private static final class LaunchFinder {
    private final String kernel;
    private final Program program;
    private final Map<String, Shape> out;

    LaunchFinder(String kernel, Program program, Map<String, Shape> out) {
      this.kernel = kernel;
      this.program = program;
      this.out = out;
    }

    void stmt(Stmt s, Map<String, Object> env) {
      if (s instanceof Stmt.Block b) {
        Map<String, Object> inner = new HashMap<>(env);
        for (Stmt i : b.items()) stmt(i, inner);
      } else if (s instanceof Stmt.Decl d) {
        for (VarDecl v : d.vars()) {
          if (v.init() == null) continue;
          if (v.type().base().equals("dim3")) {
            int[] dims = dims(v.init(), env);
            if (dims != null) env.put(v.name(), dims);
          } else {
            Long c = constant(v.init(), env);
            if (c != null) env.put(v.name(), c);
          }
          expr(v.init(), env);
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
        if (name.equals(kernel) && l.config().size() >= 2) {
          int[] dims = dims(l.config().get(1), env);
          if (dims != null && valid(dims)) {
            String key = dims[0] + "x" + dims[1] + "x" + dims[2];
            out.putIfAbsent(key, new Shape(dims, "from the launch at line " + l.pos().line()));
          }
        }
      } else if (e instanceof Expr.Comma c) {
        for (Expr x : c.exprs()) expr(x, env);
      }
    }

    private int[] dims(Expr e, Map<String, Object> env) {
      List<Expr> parts = null;
      if (e instanceof Expr.Call c && c.callee() instanceof Expr.Name nm && nm.name().equals("dim3")) parts = c.args();
      else if (e instanceof Expr.InitList il) parts = il.items();
      else if (e instanceof Expr.Name nm && env.get(nm.name()) instanceof int[] d) return d;
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
