package dev.bankcheck.sym;

import dev.bankcheck.ir.Expr;
import dev.bankcheck.ir.Function;
import dev.bankcheck.ir.Stmt;
import dev.bankcheck.ir.VarDecl;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which variables of a for loop's body can change what the analysis sees: shared-memory addresses, the
 * lanes that run (conditions), calls into code that touches shared memory, and the variables the body
 * writes that outlive it. The rest (a counter that only moves a pointer into global memory) cannot.
 *
 * <p>The interpreter uses it to stop running the body of a loop once an iteration starts from the same
 * state as the one before, that state being the relevant variables and the active lanes: every later
 * iteration would repeat the same accesses, and leave every variable as it found it (see Interpreter.loop).
 * The analysis is syntactic, by name, and errs towards relevant: a name is relevant when any use may be.
 */
final class LoopSlice {
  /** A value computed from names: {@code target} takes what {@code sources} hold. */
  private record Flow(String target, Set<String> sources, boolean fromCall) {}

  /** A memory access: its address reads {@code address}; it may be shared memory if {@code base} may point there. */
  private record Access(Set<String> base, Set<String> address) {}

  /**
   * False when the loop has no step or condition, a body the slice does not model (return, goto), or a
   * counter that a condition reads (every iteration may then take another path).
   */
  final boolean eligible;
  /** Names the condition or the step assigns: they change every iteration, so a relevant one means no repeat. */
  private final Set<String> control = new HashSet<>();
  /** Variables the body may write (directly, through a reference, or passed to a defined function). */
  private final Set<String> assigned = new LinkedHashSet<>();
  private final Set<String> declaredShared = new HashSet<>();
  /** Names read by conditions, and by arguments of calls that may touch shared memory. */
  private final Set<String> sinks = new HashSet<>();
  private final List<Flow> flows = new ArrayList<>();
  private final List<Access> accesses = new ArrayList<>();
  /** Names in each argument of a call to an undefined function: relevant when the argument may point to shared memory. */
  private final List<Set<String>> unknownCallArgs = new ArrayList<>();
  /**
   * An if's condition and what its branches hold, as ranges of {@link #accesses} and {@link #unknownCallArgs}:
   * the condition decides which lanes run them, and matters only where they may touch shared memory or they
   * do what the slice cannot follow ({@code effects}: a break or continue, a function that is run, a launch).
   * What they write ({@code written}) depends on it, except a variable declared only inside them, which matters
   * only there ({@code inside}; a name also declared elsewhere in the body, or before the loop, may be another
   * variable).
   */
  private record Guard(Set<String> names, int accessesFrom, int accessesTo, int argsFrom, int argsTo, boolean effects,
      Set<String> written, Set<String> inside) {}

  private final List<Guard> guards = new ArrayList<>();
  /** Every variable the body declares, in order. */
  private final List<String> declared = new ArrayList<>();
  /** Set when something the current branch holds is an effect (see {@link Guard}). */
  private boolean effects;
  /** The names that may stand for shared memory: what the body computes from, and what it accesses or passes on. */
  private List<String> mentioned = List.of();
  private final Program program;
  private boolean modelled = true;
  /** The answers of {@link #relevant}, by the names that then might point to shared memory and the outer ones written. */
  private final Map<Set<String>, Set<String>> relevantBySharedNames = new HashMap<>();

  private LoopSlice(Program program, Expr cond, Expr step, Stmt body) {
    this.program = program;
    if (cond == null || step == null) {
      eligible = false;
      return;
    }
    for (Expr e : List.of(cond, step)) {
      LoopSlice control = new LoopSlice(program);
      control.expr(e);
      this.control.addAll(control.assigned);
    }
    stmt(body);
    // a counter in a condition (the commonest case) changes what every iteration does
    eligible = modelled && !intersects(control, sinks);
    Set<String> names = new LinkedHashSet<>();
    for (Flow f : flows) {
      names.add(f.target());
      names.addAll(f.sources());
    }
    for (Access a : accesses) names.addAll(a.base());
    for (Set<String> arg : unknownCallArgs) names.addAll(arg);
    mentioned = List.copyOf(names);
  }

  private LoopSlice(Program program) {
    this.program = program;
    this.eligible = false;
  }

  static LoopSlice of(Program program, Expr cond, Expr step, Stmt body) {
    return new LoopSlice(program, cond, step, body);
  }

  /**
   * The relevant names, given which names might point to shared memory when the loop starts (a predicate
   * asked for every name the body mentions), and the names visible before the body runs (its writes to
   * them outlive the iteration): null when a control variable is relevant (no iteration repeats another).
   */
  Set<String> relevant(Predicate<String> mayPointToShared, Predicate<String> visible) {
    // the next commonest: a counter in the address of an access through a name for shared memory (s[ty][k])
    for (Access a : accesses) {
      if (intersects(a.address(), control)) {
        for (String name : a.base()) {
          if (declaredShared.contains(name) || mayPointToShared.test(name)) return null;
        }
      }
    }
    Set<String> shared = new HashSet<>(declaredShared);
    for (String name : mentioned) {
      if (mayPointToShared.test(name)) shared.add(name);
    }
    Set<String> outer = new HashSet<>();
    for (String name : assigned) {
      if (visible.test(name)) outer.add(name);
    }
    Set<String> key = new HashSet<>(shared);
    for (String name : outer) key.add("\0" + name);
    Set<String> known = relevantBySharedNames.get(key);
    if (known != null || relevantBySharedNames.containsKey(key)) return known;
    // what may point to shared memory: what is computed from it, or returned by a call (SharedMemory<T>())
    for (boolean changed = true; changed; ) {
      changed = false;
      for (Flow f : flows) {
        if (!shared.contains(f.target()) && (f.fromCall() || intersects(f.sources(), shared))) {
          changed = shared.add(f.target());
        }
      }
    }
    Set<String> relevant = new HashSet<>(sinks);
    relevant.addAll(outer);
    for (Guard g : guards) {
      if (g.effects() || touches(accesses.subList(g.accessesFrom(), g.accessesTo()), unknownCallArgs.subList(g.argsFrom(),
          g.argsTo()), shared)) {
        relevant.addAll(g.names());
      }
    }
    for (Access a : accesses) {
      if (intersects(a.base(), shared)) relevant.addAll(a.address());
    }
    for (Set<String> arg : unknownCallArgs) {
      if (intersects(arg, shared)) relevant.addAll(arg);
    }
    for (boolean changed = true; changed; ) {
      changed = false;
      for (Flow f : flows) {
        if (relevant.contains(f.target()) && !relevant.containsAll(f.sources())) changed = relevant.addAll(f.sources());
      }
      for (Guard g : guards) {
        if (relevant.containsAll(g.names())) continue;
        for (String w : g.written()) {
          boolean scoped = g.inside().contains(w) && Collections.frequency(declared, w) == 1 && !visible.test(w);
          if (!scoped && relevant.contains(w)) {
            changed = relevant.addAll(g.names());
            break;
          }
        }
      }
    }
    Set<String> result = intersects(control, relevant) ? null : Set.copyOf(relevant);
    relevantBySharedNames.put(key, result);
    return result;
  }

  private static boolean touches(List<Access> accesses, List<Set<String>> unknownCallArgs, Set<String> shared) {
    for (Access a : accesses) {
      if (intersects(a.base(), shared)) return true;
    }
    for (Set<String> arg : unknownCallArgs) {
      if (intersects(arg, shared)) return true;
    }
    return false;
  }

  private static boolean intersects(Set<String> a, Set<String> b) {
    for (String x : a) {
      if (b.contains(x)) return true;
    }
    return false;
  }

  private void stmt(Stmt s) {
    if (s == null) return;
    if (s instanceof Stmt.Block b) {
      for (Stmt item : b.items()) stmt(item);
    } else if (s instanceof Stmt.Decl d) {
      for (VarDecl v : d.vars()) {
        if (v.is("__shared__")) declaredShared.add(v.name());
        assigned.add(v.name());
        declared.add(v.name());
        Set<String> sources = new HashSet<>();
        for (Expr dim : v.type().dims()) sinks.addAll(names(dim));
        if (v.init() != null) {
          sources.addAll(names(v.init()));
          expr(v.init());
        }
        flows.add(new Flow(v.name(), sources, v.init() != null && hasCall(v.init())));
        // writes through a reference change the variable it is bound to (int& r = x); one bound to shared
        // memory (float& e = s[i]) has its address in the initializer, an access like any other
        String bound = v.type().reference() && v.init() != null ? referenced(v.init()) : null;
        if (bound != null) {
          assigned.add(bound);
          flows.add(new Flow(bound, Set.of(v.name()), false));
        }
      }
    } else if (s instanceof Stmt.ExprStmt e) {
      expr(e.expr());
    } else if (s instanceof Stmt.If i) {
      guarded(i);
    } else if (s instanceof Stmt.For f) {
      stmt(f.init());
      condition(f.cond());
      if (f.step() != null) expr(f.step());
      stmt(f.body());
    } else if (s instanceof Stmt.While w) {
      condition(w.cond());
      stmt(w.body());
    } else if (s instanceof Stmt.DoWhile d) {
      stmt(d.body());
      condition(d.cond());
    } else if (s instanceof Stmt.Switch w) {
      condition(w.selector());
      stmt(w.body());
    } else if (s instanceof Stmt.Case c) {
      if (c.value() != null) condition(c.value());
    } else if (s instanceof Stmt.Break || s instanceof Stmt.Continue) {
      // leaving the loop ends lanes: the next iteration's lanes differ, which the state compared includes
      effects = true;
    } else if (!(s instanceof Stmt.Empty)) {
      modelled = false; // return, goto, labels
    }
  }

  /**
   * An if: its condition is a sink only when its branches may touch shared memory or have effects (decided in
   * {@link #relevant}, where what may point to shared memory is known); what they write depends on it.
   */
  private void guarded(Stmt.If i) {
    expr(i.cond());
    guardedBy(names(i.cond()), () -> {
      stmt(i.then());
      stmt(i.otherwise());
    });
  }

  /** What {@code branches} hold runs for the lanes that {@code names} decide: a {@link Guard}. */
  private void guardedBy(Set<String> names, Runnable branches) {
    int accessesFrom = accesses.size();
    int argsFrom = unknownCallArgs.size();
    int flowsFrom = flows.size();
    int declaredFrom = declared.size();
    boolean outerEffects = effects;
    effects = false;
    branches.run();
    Set<String> written = new HashSet<>();
    for (Flow f : flows.subList(flowsFrom, flows.size())) written.add(f.target());
    guards.add(new Guard(names, accessesFrom, accesses.size(), argsFrom, unknownCallArgs.size(), effects, written,
        new HashSet<>(declared.subList(declaredFrom, declared.size()))));
    effects |= outerEffects;
  }

  private void condition(Expr e) {
    if (e == null) return;
    sinks.addAll(names(e));
    expr(e);
  }

  private void expr(Expr e) {
    if (e == null) return;
    if (e instanceof Expr.Assign a) {
      Set<String> sources = new HashSet<>(names(a.value()));
      if (!a.op().equals("=")) sources.addAll(names(a.target()));
      write(a.target(), sources, hasCall(a.value()));
      expr(a.target());
      expr(a.value());
    } else if (e instanceof Expr.Unary u && (u.op().equals("++") || u.op().equals("--"))) {
      write(u.operand(), names(u.operand()), false);
      expr(u.operand());
    } else if (e instanceof Expr.Postfix p) {
      write(p.operand(), names(p.operand()), false);
      expr(p.operand());
    } else if (e instanceof Expr.Unary u && u.op().equals("*")) {
      Set<String> names = names(u.operand());
      accesses.add(new Access(names, names));
      expr(u.operand());
    } else if (e instanceof Expr.Unary u) {
      expr(u.operand());
    } else if (e instanceof Expr.Index i) {
      Set<String> address = new HashSet<>(names(i.base()));
      address.addAll(names(i.index()));
      accesses.add(new Access(names(i.base()), address));
      expr(i.base());
      expr(i.index());
    } else if (e instanceof Expr.Member m) {
      if (m.arrow()) accesses.add(new Access(names(m.base()), names(m.base())));
      expr(m.base());
    } else if (e instanceof Expr.Binary b && (b.op().equals("&&") || b.op().equals("||"))) {
      // the right operand runs for the lanes the left one decides; its value flows where the whole is used
      expr(b.left());
      guardedBy(names(b.left()), () -> expr(b.right()));
    } else if (e instanceof Expr.Binary b) {
      expr(b.left());
      expr(b.right());
    } else if (e instanceof Expr.Ternary t) {
      expr(t.cond());
      guardedBy(names(t.cond()), () -> {
        expr(t.then());
        expr(t.otherwise());
      });
    } else if (e instanceof Expr.Call c) {
      call(c);
    } else if (e instanceof Expr.Cast c) {
      expr(c.operand());
    } else if (e instanceof Expr.Comma c) {
      c.exprs().forEach(this::expr);
    } else if (e instanceof Expr.InitList l) {
      l.items().forEach(this::expr);
    } else if (e instanceof Expr.Launch || e instanceof Expr.Lambda) {
      sinks.addAll(names(e));
      effects = true;
    } else if (e instanceof Expr.Unsupported) {
      modelled = false;
    }
    // names, literals and sizeof (not evaluated) need nothing
  }

  private void call(Expr.Call c) {
    if (!(c.callee() instanceof Expr.Name nm)) {
      sinks.addAll(names(c)); // a method: cooperative groups decide lanes
      effects = true;
      c.args().forEach(this::expr);
      return;
    }
    String simple = nm.name().contains("::") ? nm.name().substring(nm.name().lastIndexOf("::") + 2) : nm.name();
    // the function the interpreter calls (an overload by argument count)
    Function f = program.function(nm.name(), c.args().size());
    if (f == null) f = program.function(simple, c.args().size());
    if (f != null && f.body() != null || program.structDef(simple) != null) {
      // a function that is run: its conditions, its accesses through pointers it is given and its writes
      // through reference parameters read every argument (a variable it writes is then compared anyway)
      sinks.addAll(names(c));
      effects = true;
    } else {
      for (Expr a : c.args()) unknownCallArgs.add(names(a));
    }
    c.args().forEach(this::expr);
  }

  /**
   * A write to {@code target}: only a variable keeps what is written (memory stores are not followed); a member of a
   * local object ({@code s.x}) changes the object, keeping its other members.
   */
  private void write(Expr target, Set<String> sources, boolean fromCall) {
    boolean member = false;
    for (; target instanceof Expr.Member m && !m.arrow(); target = m.base()) member = true;
    if (!(target instanceof Expr.Name nm)) return;
    assigned.add(nm.name());
    Set<String> from = sources;
    if (member) {
      from = new HashSet<>(sources);
      from.add(nm.name());
    }
    flows.add(new Flow(nm.name(), from, fromCall));
  }

  /** The variable a reference is bound to ({@code int& r = x}): writes through r change x. */
  private static String referenced(Expr e) {
    while (true) {
      if (e instanceof Expr.Name nm) return nm.name();
      if (e instanceof Expr.Index i) e = i.base();
      else if (e instanceof Expr.Member m) e = m.base();
      else if (e instanceof Expr.Cast c) e = c.operand();
      else return null;
    }
  }

  private static boolean hasCall(Expr e) {
    boolean[] found = {false};
    dev.bankcheck.ir.Walk.expr(e, x -> found[0] |= x instanceof Expr.Call);
    return found[0];
  }

  private static Set<String> names(Expr e) {
    Set<String> out = new HashSet<>();
    if (e != null) dev.bankcheck.ir.Walk.expr(e, x -> {
      if (x instanceof Expr.Name nm) out.add(nm.name());
    });
    return out;
  }
}
