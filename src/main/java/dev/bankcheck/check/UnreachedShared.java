package dev.bankcheck.check;

import dev.bankcheck.ir.Expr;
import dev.bankcheck.ir.Function;
import dev.bankcheck.ir.Stmt;
import dev.bankcheck.ir.StructDef;
import dev.bankcheck.ir.Walk;
import dev.bankcheck.sym.Program;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * __shared__ memory declared in a function that is not a kernel and that no kernel of the file calls: often
 * a kernel whose {@code __global__} is hidden in a macro of a header that was not read ({@code RAFT_KERNEL}).
 * Each use is reported as not analyzed, never dropped. A {@code __device__} function written in a header is
 * left to the files whose kernels call it.
 */
final class UnreachedShared {
  private UnreachedShared() {}

  static List<Finding> find(Program program) {
    Map<String, List<Function>> byName = new HashMap<>();
    for (Function f : program.allFunctions()) byName.computeIfAbsent(f.name(), k -> new ArrayList<>()).add(f);
    Set<Function> reached = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<Function> work = new ArrayDeque<>();
    for (Function f : program.allFunctions()) {
      if (f.isKernel()) work.add(f);
    }
    while (!work.isEmpty()) {
      Function f = work.pop();
      if (!reached.add(f)) continue;
      // local objects of a struct, by name: a call of their method runs it ("smem.getPointer()")
      Map<String, String> objects = new HashMap<>();
      Walk.stmt(f.body(), d -> {
        StructDef struct = program.objectStruct(d.type());
        if (struct != null) objects.put(d.name(), struct.name());
        // its constructor runs where it is made
        if (struct != null) work.addAll(byName.getOrDefault(struct.qualifiedName() + "::" + struct.name(), List.of()));
      }, e -> {});
      Walk.stmt(f.body(), d -> {}, e -> {
        if (e instanceof Expr.Call c && c.callee() instanceof Expr.Name nm) {
          work.addAll(byName.getOrDefault(BlockShapes.simpleName(nm.name()), List.of()));
          StructDef made = program.structDef(BlockShapes.simpleName(nm.name())); // S(a, b): a temporary
          if (made != null) work.addAll(byName.getOrDefault(made.qualifiedName() + "::" + made.name(), List.of()));
          // a method, "S::m", is run by a call of that name, also with the class's arguments ("S<N>::m")
          if (nm.name().contains("::")) {
            work.addAll(byName.getOrDefault(nm.name(), List.of()));
            work.addAll(byName.getOrDefault(withoutTemplateArguments(nm.name()), List.of()));
          }
        } else if (e instanceof Expr.Call c && c.callee() instanceof Expr.Member m && !m.arrow()
            && m.base() instanceof Expr.Name obj && objects.containsKey(obj.name())) {
          String struct = objects.get(obj.name());
          for (Function method : program.methodsNamed(m.member())) {
            // the template's method or an explicit specialization's ("S<float>::m")
            if (method.name().startsWith(struct + "::") || method.name().startsWith(struct + "<")) work.add(method);
          }
        }
      });
    }
    List<Finding> out = new ArrayList<>();
    for (Function f : program.allFunctions()) {
      // a __device__ function of a header is there for the kernels of the files that include it
      boolean library = f.qualifiers().contains("__device__") && !f.pos().file().endsWith(".cu");
      if (!reached.contains(f) && !library) uses(f, out);
    }
    return out;
  }

  /** "S<A<1>, 2>::m" without its template arguments: "S::m". */
  private static String withoutTemplateArguments(String name) {
    String out = name;
    for (String before = null; !out.equals(before); ) {
      before = out;
      out = out.replaceAll("<[^<>]*>", "");
    }
    return out;
  }

  /** Why a use in a member of a class ("S::m", "S::S", "S::operator[]") is not analyzed. */
  private static String memberReason(String name) {
    String[] parts = name.split("::");
    String member = parts[parts.length - 1];
    String owner = parts.length > 1 ? parts[parts.length - 2] : "";
    if (owner.indexOf('<') > 0) owner = owner.substring(0, owner.indexOf('<')); // an explicit specialization's
    if (member.startsWith("operator")) {
      return "'" + name + "' is an operator of a class, which bankcheck does not run, so this access is not analyzed";
    }
    if (member.equals(owner) || member.startsWith("~")) {
      return "'" + name + "' is a constructor or destructor, which bankcheck does not run, so this access is not"
          + " analyzed";
    }
    return "'" + name + "' is a member of a class, and bankcheck runs one only where a kernel in this file calls it"
        + " by that name ('" + name + "(...)') or on a local object ('x." + member + "(...)'), not through a pointer,"
        + " a reference or a template argument, so this access is not analyzed";
  }

  private static void uses(Function f, List<Finding> out) {
    String why = f.name().contains("::") ? memberReason(f.name())
        : "'" + f.name() + "' is not a kernel (no __global__) and no kernel in this file calls it by name, so this"
            + " access is not analyzed (a call through a pointer or a template argument is not followed; where a macro"
            + " stands for __global__, give the header that defines it with -I)";
    uses(f.body(), f.name(), why, out);
  }

  /**
   * Reports the uses of the shared variables declared in {@code body}, then those of the lambdas written in it: a
   * device lambda passed from host code to a kernel template (moderngpu's cta_launch(k, ...)) runs where bankcheck
   * does not follow it.
   */
  private static void uses(Stmt body, String function, String why, List<Finding> out) {
    Set<String> shared = new HashSet<>();
    Set<Expr> targets = Collections.newSetFromMap(new IdentityHashMap<>());
    Set<Expr> bases = Collections.newSetFromMap(new IdentityHashMap<>());
    List<Expr.Lambda> lambdas = new ArrayList<>();
    Walk.stmt(body, d -> {
      if (d.is("__shared__")) shared.add(d.name());
    }, e -> {
      if (e instanceof Expr.Assign a) targets.add(a.target());
      if (e instanceof Expr.Index i) bases.add(i.base());
      if (e instanceof Expr.Member m) bases.add(m.base());
      if (e instanceof Expr.SizeofExpr z) bases.add(z.operand()); // no access
      if (e instanceof Expr.Lambda l && l.function() != null && l.function().body() != null) lambdas.add(l);
    });
    if (!shared.isEmpty()) {
      // each whole use: s[i][j], smem.part.x[i], and a shared variable passed or bound as it is
      Walk.stmt(body, d -> {}, e -> {
        if (bases.contains(e) || !(e instanceof Expr.Index || e instanceof Expr.Member || e instanceof Expr.Name)) return;
        Expr root = e;
        while (root instanceof Expr.Index || root instanceof Expr.Member) {
          root = root instanceof Expr.Index x ? x.base() : ((Expr.Member) root).base();
        }
        if (root instanceof Expr.Name nm && shared.contains(nm.name())) {
          out.add(new Finding(nm.pos(), Rules.UNANALYZED_ACCESS, function, nm.name(), null,
              targets.contains(e) ? Op.STORE : Op.LOAD, 0, null, null, null, null, Verdict.UNKNOWN, null, null, false,
              why, List.of(), null, null));
        }
      });
    }
    for (Expr.Lambda l : lambdas) {
      uses(l.function().body(), function, "it is in the lambda at " + l.pos().fileName() + ":" + l.pos().line()
          + ", which bankcheck does not run: it is written in '" + function + "', which no kernel in this file runs,"
          + " and a lambda passed to a kernel is not followed, so this access is not analyzed", out);
    }
  }
}
