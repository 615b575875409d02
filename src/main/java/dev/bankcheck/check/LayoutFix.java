package dev.bankcheck.check;

import dev.bankcheck.bank.BankConfig;
import dev.bankcheck.check.KernelChecker.AfterSite;
import dev.bankcheck.check.KernelChecker.Proposal;
import dev.bankcheck.check.KernelChecker.Site;
import dev.bankcheck.check.KernelChecker.SiteKey;
import dev.bankcheck.ir.StructDef;
import dev.bankcheck.ir.VarDecl;
import dev.bankcheck.sym.Program;
import dev.bankcheck.sym.SharedRoot;
import dev.bankcheck.types.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The layout fix for an array of structs whose field accesses conflict because the struct is an even
 * number of bank words long (its stride shares a factor with the number of banks): one more word at the
 * end of the struct makes the stride odd. The edit inserts the member in the struct's definition; it is
 * checked by analyzing the edited file again ({@link FixVerifier}), which also covers every other use of
 * the struct in the file. (The structure-of-arrays rewrite is suggested by {@link KernelChecker} as a
 * manual change, without edits.)
 */
final class LayoutFix {
  private final Program program;
  private final BankConfig bank;
  private final String kernel;
  private final Map<SiteKey, Site> sites;
  private final FixVerifier verifier;

  LayoutFix(Program program, BankConfig bank, String kernel, Map<SiteKey, Site> sites, FixVerifier verifier) {
    this.program = program;
    this.bank = bank;
    this.kernel = kernel;
    this.sites = sites;
    this.verifier = verifier;
  }

  List<Proposal> proposals() {
    List<Proposal> out = new ArrayList<>();
    if (verifier == null) return out;
    for (SharedRoot root : KernelChecker.conflictedRoots(sites)) {
      Proposal p = padStruct(root);
      if (p != null) out.add(p);
    }
    return out;
  }

  private Proposal padStruct(SharedRoot root) {
    Type t = root.type();
    while (t instanceof Type.Array a) t = a.element();
    if (!(t instanceof Type.Struct st) || root.shapeProblem() != null || root.type().size() <= 0) return null;
    long word = bank.bankBytes();
    if (st.align() > word || st.size() <= 0 || st.size() % word != 0 || (st.size() / word) % 2 != 0) return null;
    boolean fieldConflict = false;
    for (Site s : sites.values()) {
      // an access wider than a word (the struct read as a float4) would no longer be aligned
      if (s.width > word && elementIs(s.root, st)) return null;
      if (s.root.name().equals(root.name()) && s.worst != null && s.worst.ways() >= 2 && s.width < st.size()) {
        fieldConflict = true;
      }
    }
    if (!fieldConflict) return null;
    StructDef def = definition(root, st);
    if (def == null || def.union() || !def.pos().file().equals(verifier.displayPath())) return null;
    SourceText src = new SourceText(verifier.text());
    if (sizeAsserted(src, st.name())) return null; // the new size would break a static_assert
    int[] close = src.closingBrace(def.pos().line(), def.pos().column());
    if (close == null) return null;
    String name = "_pad";
    for (int i = 2; hasField(def, name); i++) name = "_pad" + i;
    String member = word == 4 ? "float " + name + ";" : "char " + name + "[" + word + "];";
    List<Fix.Edit> edits = List.of(new Fix.Edit(verifier.displayPath(), close[0], close[1], close[0], close[1],
        member + " "));
    FixVerifier.After text = verifier.after(edits, kernel);
    if (text == null || text.broken()) return null;
    Map<SiteKey, AfterSite> after = KernelChecker.afterFromText(text, kernel, sites, root.name());
    if (after == null) return null;
    int before = KernelChecker.worstOf(sites, root.name());
    int worstAfter = KernelChecker.worstAfter(after);
    if (worstAfter >= before) return null;
    long newSize = st.size() + word;
    long bytesAfter = root.type().size() / st.size() * newSize;
    long extra = bytesAfter - root.type().size();
    String effect = KernelChecker.effect(sites, root.name(), before, worstAfter, after);
    String description = "pad struct '" + st.name() + "' to an odd number of words: add '" + member
        + "' at the end of its definition (" + newSize + " bytes instead of " + st.size() + ", a stride of "
        + newSize / word + " words) " + effect + " (+" + extra + " bytes of shared memory for '" + root.name()
        + "'; sizeof(" + st.name() + ") changes everywhere it is used)";
    return KernelChecker.proposal(root, Proposal.Kind.LAYOUT, before, worstAfter, extra, description, bytesAfter,
        edits, sites, after);
  }

  /** The struct's definition: written inline in the declaration, or the file-scope struct of that name. */
  private StructDef definition(SharedRoot root, Type.Struct st) {
    StructDef inline = root.decl().type().struct();
    if (inline != null && !inline.fields().isEmpty()) return inline;
    StructDef named = program.structDef(root.decl().type().base());
    if (named == null || !named.name().equals(st.name()) || !named.templateParams().isEmpty()
        || !named.specialization().isEmpty()) {
      return null;
    }
    return named;
  }

  private static boolean elementIs(SharedRoot r, Type.Struct st) {
    Type t = r.type();
    while (t instanceof Type.Array a) t = a.element();
    return t.equals(st);
  }

  /** Whether a static_assert of the file names sizeof the struct. */
  private static boolean sizeAsserted(SourceText src, String name) {
    Pattern p = Pattern.compile("sizeof\\s*\\(\\s*(struct\\s+)?" + Pattern.quote(name) + "\\s*\\)");
    boolean asserts = false;
    boolean names = false;
    for (int l = 1; l <= src.lineCount(); l++) {
      String c = src.code(l);
      asserts |= c.contains("static_assert");
      names |= p.matcher(c).find();
    }
    return asserts && names;
  }

  private static boolean hasField(StructDef def, String name) {
    for (VarDecl f : def.fields()) {
      if (f.name().equals(name)) return true;
    }
    for (VarDecl f : def.statics()) {
      if (f.name().equals(name)) return true;
    }
    return false;
  }
}
