package dev.bankcheck.parse;

import dev.bankcheck.ir.AsmCalls;
import dev.bankcheck.ir.Expr;
import dev.bankcheck.ir.Function;
import dev.bankcheck.ir.LaunchCalls;
import dev.bankcheck.ir.Stmt;
import dev.bankcheck.ir.StructDef;
import dev.bankcheck.ir.TranslationUnit;
import dev.bankcheck.ir.TypeRef;
import dev.bankcheck.ir.VarDecl;
import dev.bankcheck.parse.CudaParser.*;
import dev.bankcheck.source.Pos;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

/** Builds the immutable IR from parse trees; the only class that reads ANTLR contexts. */
final class IrBuilder {
  private final List<TranslationUnit.Item> items = new ArrayList<>();
  private final List<StructDef> structs = new ArrayList<>();
  private final List<TranslationUnit.EnumDef> enums = new ArrayList<>();
  /** Names known to be types: resolves "(a) - b" (cast or subtraction) the way the compiler does. */
  private final Set<String> typeNames = new HashSet<>();
  /** {@link #typeNames} in the order they became known: what an item added is a tail of it. */
  private final List<String> typeNamesInOrder = new ArrayList<>();
  private Pos[] positions;
  /** How deep the expression or statement being built is (see {@link #enter}). */
  private int depth;
  /** Kernel launches built so far: tells each function whether it launches one. */
  private int launchesBuilt;
  /** The template header of the item being built, for a class template defined in it. */
  private List<Function.TemplateParam> structTemplateParams = List.of();
  /** Function bodies and class templates being built: a struct defined in one reads their names. */
  private int dependentScopes;

  TranslationUnit unit() {
    return new TranslationUnit(List.copyOf(items), List.copyOf(structs), List.copyOf(enums));
  }

  /**
   * The names known to be types among the identifiers of {@code item}: with the item's tokens, they decide what
   * building it adds, as a type name is only ever looked up by a name the item spells.
   */
  Set<String> typeNamesIn(List<dev.bankcheck.source.Token> item) {
    Set<String> out = new HashSet<>();
    for (dev.bankcheck.source.Token t : item) {
      if (t.kind() == dev.bankcheck.source.TokenKind.IDENTIFIER && typeNames.contains(t.text())) out.add(t.text());
    }
    return out;
  }

  /** What one item added to the builder, so that it can be added again without parsing it. */
  record Added(List<TranslationUnit.Item> items, List<StructDef> structs, List<TranslationUnit.EnumDef> enums,
      List<String> typeNames) {}

  /** What was added since the builder had the sizes in {@code mark}. */
  Added addedSince(int[] mark) {
    return new Added(List.copyOf(items.subList(mark[0], items.size())),
        List.copyOf(structs.subList(mark[1], structs.size())), List.copyOf(enums.subList(mark[2], enums.size())),
        List.copyOf(typeNamesInOrder.subList(mark[3], typeNamesInOrder.size())));
  }

  int[] mark() {
    return new int[] {items.size(), structs.size(), enums.size(), typeNamesInOrder.size()};
  }

  void add(Added a) {
    items.addAll(a.items());
    structs.addAll(a.structs());
    enums.addAll(a.enums());
    a.typeNames().forEach(this::addTypeName);
  }

  private void addTypeName(String name) {
    if (typeNames.add(name)) typeNamesInOrder.add(name);
  }

  /** The expression of a parse of tokens at {@code tokenPositions} (one per token, then the end's). */
  Expr expression(CudaParser.ExpressionContext ctx, Pos[] tokenPositions) {
    this.positions = tokenPositions;
    return expr(ctx);
  }

  void addItem(TopItemContext ctx, Pos[] tokenPositions) {
    this.positions = tokenPositions;
    if (ctx instanceof FunctionItemContext f) {
      List<Function.TemplateParam> tps = new ArrayList<>();
      for (TemplateHeaderContext h : f.templateHeader()) tps.addAll(templateParams(h));
      // an explicit specialization "template<> __global__ void k<double>(...)" is a function of its own, named
      // "k<double>" (under "k" it would shadow the template); so is a member of a class template defined outside
      // it, "vec_t<T,1>::fill": kernels among them are analyzed, other functions are not called by those names
      items.add(new TranslationUnit.FunctionItem(function(f.functionDefinition(), tps)));
    } else if (ctx instanceof DeclarationItemContext d) {
      addDeclaration(d.templateHeader(), d.declaration());
    } else if (ctx instanceof ExplicitInstantiationContext e) {
      DeclarationContext d = e.declaration();
      TypeSpecifierContext ts = d.declSpecifiers().typeSpecifier();
      // "template __global__ void k<32, float>(float*);" parses as a declaration whose type is k<...>
      if (ts instanceof NamedTypeSpecContext n && n.templateArgs() != null) {
        items.add(new TranslationUnit.InstantiationItem(n.qualifiedName().getText(), templateArgs(n.templateArgs()),
            templateValues(n.templateArgs())));
      } else if (ts instanceof StructTypeSpecContext st && st.structSpecifier().specialization != null
          && st.structSpecifier().name != null && !hasBrace(st.structSpecifier())) {
        // "template class Mlp<float, 128>;"
        items.add(new TranslationUnit.ClassInstantiationItem(st.structSpecifier().name.getText(), null,
            templateArgs(st.structSpecifier().specialization), templateValues(st.structSpecifier().specialization)));
      }
    } else if (ctx instanceof ClassInstantiationContext ci) {
      // "template class Mlp<float, 128>;" (an extern one too: it is instantiated with them elsewhere)
      items.add(new TranslationUnit.ClassInstantiationItem(ci.qualifiedName().getText(), null,
          templateArgs(ci.templateArgs()), templateValues(ci.templateArgs())));
    } else if (ctx instanceof FunctionInstantiationContext fi) {
      // "template __global__ void k<32, float>(float*);", "template void f(float*);" (deduced from the parameters);
      // "template void Layer<float>::Forward(...);": a member of a class template, run with the class's arguments
      if (fi.member != null && fi.args != null) {
        items.add(new TranslationUnit.ClassInstantiationItem(fi.name.getText(), fi.member.getText(),
            templateArgs(fi.args), templateValues(fi.args)));
      } else if (fi.member == null) {
        List<TypeRef> paramTypes = params(fi.parameterList()).stream().map(VarDecl::type).toList();
        items.add(fi.args == null
            ? new TranslationUnit.InstantiationItem(fi.name.getText(), List.of(), List.of(), paramTypes)
            : new TranslationUnit.InstantiationItem(fi.name.getText(), templateArgs(fi.args), templateValues(fi.args),
                paramTypes));
      }
    } else if (ctx instanceof UsingAliasContext u) {
      addTypeName(u.Identifier().getText());
      items.add(new TranslationUnit.UsingItem(u.Identifier().getText(), aliased(u.aliasedType()),
          List.copyOf(templateParams(u.templateHeader()))));
    }
    // namespace aliases, using-directives, static_assert, operator overloads and ';' add no item
  }

  /** An item parsed as a declaration alone (see the grammar's declarationItemEof). */
  void addItem(DeclarationItemEofContext ctx, Pos[] tokenPositions) {
    this.positions = tokenPositions;
    addDeclaration(ctx.templateHeader(), ctx.declaration());
  }

  private void addDeclaration(TemplateHeaderContext header, DeclarationContext d) {
    structTemplateParams = templateParams(header);
    items.add(new TranslationUnit.DeclItem(declaration(d)));
    structTemplateParams = List.of();
  }

  private Pos pos(ParserRuleContext ctx) {
    return pos(ctx.getStart());
  }

  private Pos pos(Token t) {
    int i = t.getTokenIndex();
    return i >= 0 && i < positions.length ? positions[i] : positions[positions.length - 1];
  }

  /** The position just after a token: where an edit that appends to it goes. */
  private Pos after(Token t) {
    Pos p = pos(t);
    return new Pos(p.file(), p.line(), p.column() + t.getText().length());
  }

  private List<Function.TemplateParam> templateParams(TemplateHeaderContext h) {
    List<Function.TemplateParam> out = new ArrayList<>();
    if (h == null) return out;
    for (TemplateParamContext p : h.templateParam()) {
      if (p instanceof TypeTemplateParamContext t) {
        String name = t.name == null ? "" : t.name.getText();
        addTypeName(name);
        out.add(new Function.TemplateParam(name, true, null, null, t.typeName() == null ? null : typeName(t.typeName()),
            t.pack != null));
      } else if (p instanceof ValueTemplateParamContext v) {
        out.add(new Function.TemplateParam(v.name == null ? "" : v.name.getText(), false,
            declSpecType(v.declSpecifiers()).withDeclarator(List.of(), stars(v.pointer()), hasRef(v.pointer()), false),
            v.expression() == null ? null : expr(v.expression()), null));
      } else if (p instanceof FunctionTemplateParamContext f) {
        // "float (*op)(float, float)": calls through it are not followed
        out.add(new Function.TemplateParam(f.name == null ? "" : f.name.getText(), false, TypeRef.FUNCTION_POINTER,
            f.expression() == null ? null : expr(f.expression()), null));
      } else if (p instanceof ValuePackTemplateParamContext v) {
        // "int... Ns": every use of a pack is an expansion, which is not modelled (unknown), but sizeof...(Ns)
        out.add(new Function.TemplateParam(v.name == null ? "" : v.name.getText(), false,
            declSpecType(v.declSpecifiers()), null, null, true));
      }
    }
    return out;
  }

  private Function function(FunctionDefinitionContext f, List<Function.TemplateParam> tps) {
    Set<String> quals = modifiers(f.declSpecifiers());
    TypeRef ret = declSpecType(f.declSpecifiers()).withDeclarator(List.of(), stars(f.pointer()), hasRef(f.pointer()),
        false);
    for (FunctionSuffixContext suffix : f.functionSuffix()) {
      // "auto f(...) -> T": the trailing return type
      if (suffix.getStart().getText().equals("->") && ret.base().equals("auto") && ret.pointers() == 0) {
        ret = typeName(suffix.typeName(0));
      }
    }
    List<VarDecl> params = params(f.parameterList());
    int launchesBefore = launchesBuilt;
    Stmt.Block body = f.body == null ? null : block(f.body);
    String name = f.name.getText() + (f.classArgs == null ? "" : f.classArgs.getText() + "::" + f.member.getText())
        + (f.specialization == null ? "" : f.specialization.getText());
    return new Function(pos(f.name), name, quals, ret, params, body, List.copyOf(tps),
        launchesBuilt > launchesBefore);
  }

  private List<VarDecl> params(ParameterListContext list) {
    List<VarDecl> params = new ArrayList<>();
    List<ParameterContext> plist = list == null ? List.of() : list.parameter();
    if (plist.size() == 1 && plist.get(0).name == null && plist.get(0).pointer().isEmpty()
        && plist.get(0).arraySuffix().isEmpty() && plist.get(0).parenDeclarator() == null
        && plist.get(0).abstractParenDeclarator() == null && plist.get(0).declSpecifiers().getText().equals("void")) {
      plist = List.of(); // "f(void)": no parameters
    }
    for (ParameterContext p : plist) {
      TypeRef base = declSpecType(p.declSpecifiers());
      List<Expr> dims = dims(p.arraySuffix());
      List<PointerContext> inner = p.parenDeclarator() != null ? p.parenDeclarator().pointer()
          : p.abstractParenDeclarator() != null ? p.abstractParenDeclarator().pointer() : List.of();
      Token nameToken = p.parenDeclarator() != null ? p.parenDeclarator().name : p.name;
      String name = nameToken == null ? "" : nameToken.getText();
      Expr defaultValue = p.expression() != null ? expr(p.expression())
          : p.braceInitializer() != null ? braceInit(p.braceInitializer()) : null;
      if (p.alone != null) { // "float (*o_frag)": the pointer itself
        TypeRef type = base.withDeclarator(dims(p.parenDeclarator().arraySuffix()), stars(p.pointer()) + stars(inner),
            hasRef(p.pointer()) || hasRef(inner), false);
        params.add(new VarDecl(pos(p), name, type, defaultValue, modifiers(p.declSpecifiers()), null, null, null));
        continue;
      }
      TypeRef type = p.functionParams != null || (p.arraySuffix().isEmpty()
          && (p.parenDeclarator() != null || p.abstractParenDeclarator() != null))
          ? TypeRef.FUNCTION_POINTER : declarated(base, dims, p.pointer(), inner);
      params.add(new VarDecl(pos(p), name, type, defaultValue, modifiers(p.declSpecifiers()), null, null, null));
    }
    return List.copyOf(params);
  }

  // ---- declarations ----

  private List<VarDecl> declaration(DeclarationContext d) {
    return declaration(d.declSpecifiers(), d.initDeclarator());
  }

  private List<VarDecl> declaration(DeclSpecifiersContext specs, List<InitDeclaratorContext> declarators) {
    Set<String> mods = modifiers(specs);
    TypeRef base = declSpecType(specs);
    Expr align = alignment(specs);
    List<VarDecl> out = new ArrayList<>();
    for (InitDeclaratorContext id : declarators) {
      if (id.function != null) continue; // "extern __device__ void error(void);" declares a function
      DeclaratorContext dc = id.declarator();
      if (dc == null) { // an unnamed bit-field: its bits pad the ones after it
        Pos at = pos(id);
        out.add(new VarDecl(at, "", base, expr(id.bits), Set.of(VarDecl.BITFIELD), align, at, at));
        continue;
      }
      List<Expr> dims = dims(dc.arraySuffix());
      Token nameToken = dc.parenDeclarator() != null ? dc.parenDeclarator().name : dc.name;
      List<PointerContext> inner = dc.parenDeclarator() != null ? dc.parenDeclarator().pointer() : List.of();
      Expr init = null;
      if (id.initializer() != null) init = initializer(id.initializer());
      else if (id.braceInitializer() != null) init = braceInit(id.braceInitializer());
      else if (id.ctorArgs != null) init = new Expr.InitList(pos(id.ctorArgs), args(id.ctorArgs));
      Set<String> declMods = mods;
      if (id.bits != null) { // a bit-field: its width travels as the initializer
        init = expr(id.bits);
        declMods = new LinkedHashSet<>(mods);
        declMods.add(VarDecl.BITFIELD);
      }
      String name = nameToken.getText();
      if (mods.contains("typedef")) addTypeName(name);
      Pos dimsStart = dc.parenDeclarator() != null ? after(dc.parenDeclarator().getStop()) : after(nameToken);
      Pos dimsEnd = dc.arraySuffix().isEmpty() ? dimsStart : after(dc.arraySuffix(dc.arraySuffix().size() - 1).getStop());
      TypeRef type = dc.parenDeclarator() != null && dc.arraySuffix().isEmpty() ? TypeRef.FUNCTION_POINTER
          : declarated(base, dims, dc.pointer(), inner);
      out.add(new VarDecl(pos(nameToken), name, type, init, declMods, align, dimsStart, dimsEnd));
    }
    return out;
  }

  /** {@code base} with a declarator: outer pointer parts, and the pointer parts inside "(*t)" or "(&t)" if any. */
  private static TypeRef declarated(TypeRef base, List<Expr> dims, List<PointerContext> outer,
      List<PointerContext> inner) {
    boolean parenthesized = !inner.isEmpty();
    int innerStars = stars(inner);
    return base.withDeclarator(dims, stars(outer) + innerStars, hasRef(outer) || hasRef(inner),
        parenthesized && innerStars > 0);
  }

  /** The number of '*' among pointer parts ('&' and '&&' make a reference, not a pointer). */
  private static int stars(List<PointerContext> ps) {
    int n = 0;
    for (PointerContext p : ps) {
      if (p.getStart().getText().equals("*")) n++;
    }
    return n;
  }

  private static boolean hasRef(List<PointerContext> ps) {
    for (PointerContext p : ps) {
      String t = p.getStart().getText();
      if (t.equals("&") || t.equals("&&")) return true;
    }
    return false;
  }

  private List<Expr> dims(List<ArraySuffixContext> suffixes) {
    List<Expr> dims = new ArrayList<>();
    for (ArraySuffixContext a : suffixes) dims.add(a.size == null ? null : expr(a.size));
    return dims;
  }

  private Set<String> modifiers(DeclSpecifiersContext ds) {
    return modifiers(ds.declModifier());
  }

  private Set<String> modifiers(List<DeclModifierContext> modifiers) {
    Set<String> mods = new LinkedHashSet<>();
    for (DeclModifierContext m : modifiers) {
      if (m.kw != null) mods.add(Set.of("__const__", "__const").contains(m.kw.getText()) ? "const" : m.kw.getText());
      else if (m.StringLiteral() != null) mods.add("extern");
      else if (m.getStart().getText().equals("__launch_bounds__")) mods.add("__launch_bounds__");
    }
    return mods;
  }

  private Expr alignment(DeclSpecifiersContext ds) {
    for (DeclModifierContext m : ds.declModifier()) {
      Expr align = m.alignment() == null ? null : alignValue(m.alignment());
      if (align != null) return align;
    }
    return null;
  }

  /** {@code alignas(N)} is N; {@code alignas(T)} with T a type is the call {@code alignof<T>()}'s form. */
  private Expr alignValue(AlignmentContext a) {
    if (a.gnu != null) return Set.of("aligned", "__aligned__").contains(a.Identifier().getText()) ? expr(a.expression()) : null;
    if (a.expression() != null) return expr(a.expression());
    String plain = plainName(a.typeName());
    if (plain != null && !isTypeName(plain)) return new Expr.Name(pos(a.typeName()), plain); // alignas(kAlign)
    return alignofCall(pos(a), a.typeName());
  }

  /** alignof(T) as {@code Call(Name "alignof", [T], [], [value])}: value is the bare name T, else null. */
  private Expr alignofCall(Pos p, TypeNameContext tn) {
    String plain = plainName(tn);
    Expr value = plain == null ? null : new Expr.Name(pos(tn), plain);
    return new Expr.Call(p, new Expr.Name(p, "alignof"), List.of(typeName(tn)), List.of(),
        Collections.unmodifiableList(Arrays.asList(value)));
  }

  private TypeRef declSpecType(DeclSpecifiersContext ds) {
    return typeSpec(ds.typeSpecifier());
  }

  private TypeRef typeSpec(TypeSpecifierContext ts) {
    if (ts instanceof BuiltinTypeSpecContext b) {
      List<String> words = new ArrayList<>();
      for (BuiltinTypeContext w : b.builtinType()) words.add(w.getText());
      return builtin(String.join(" ", words));
    }
    if (ts instanceof StructTypeSpecContext s) {
      StructDef def = struct(s.structSpecifier());
      return new TypeRef(def.name(), def, List.of(), List.of(), 0, List.of(), false);
    }
    if (ts instanceof EnumTypeSpecContext e) {
      EnumSpecifierContext es = e.enumSpecifier();
      if (!es.enumerator().isEmpty()) {
        List<TranslationUnit.Enumerator> list = new ArrayList<>();
        for (EnumeratorContext en : es.enumerator()) {
          list.add(new TranslationUnit.Enumerator(en.name.getText(), en.value == null ? null : expr(en.value)));
        }
        enums.add(new TranslationUnit.EnumDef(es.name == null ? "" : es.name.getText(), List.copyOf(list)));
      }
      if (es.name != null) addTypeName(es.name.getText());
      return builtin("int");
    }
    if (ts instanceof DecltypeTypeSpecContext d) {
      // its expression, kept as the one template value (a trailing return type's, for SFINAE)
      List<Expr> operand = new ArrayList<>();
      if (d.expressionList() != null) operand.add(exprList(d.expressionList()));
      return new TypeRef("decltype", null, operand.isEmpty() ? List.of() : Collections.singletonList(null),
          operand, 0, List.of(), false);
    }
    NamedTypeSpecContext n = (NamedTypeSpecContext) ts;
    if (!n.members.isEmpty()) {
      // a member type of a class template (typename Traits<T>::type), named by its text
      StringBuilder name = new StringBuilder(writtenOwner(n.qualifiedName(), n.templateArgs()));
      for (Token m : n.members) name.append("::").append(m.getText());
      return new TypeRef(name.toString(), null, List.of(), List.of(), 0, List.of(), false);
    }
    List<TypeRef> targs = n.templateArgs() == null ? List.of() : templateArgs(n.templateArgs());
    List<Expr> tvals = n.templateArgs() == null ? List.of() : templateValues(n.templateArgs());
    return new TypeRef(n.qualifiedName().getText(), null, targs, tvals, 0, List.of(), false);
  }

  /**
   * The text of {@code A<x, y>} before a "::", recording the arguments as built for members named by that text
   * (an expression such as {@code (N <= 32)} is not read back from the text).
   */
  /** The text of {@code ctx}'s children after {@code child}. */
  private static String textAfter(ParserRuleContext ctx, ParseTree child) {
    StringBuilder text = new StringBuilder();
    for (int i = ctx.children.indexOf(child) + 1; i < ctx.getChildCount(); i++) text.append(ctx.getChild(i).getText());
    return text.toString();
  }

  private String writtenOwner(QualifiedNameContext name, ParserRuleContext args) {
    String text = name.getText() + args.getText();
    TypeRef type = args instanceof TemplateArgsContext ta
        ? new TypeRef(name.getText(), null, templateArgs(ta), templateValues(ta), 0, List.of(), false)
        : new TypeRef(name.getText(), null, callTemplateArgs((CallTemplateArgsContext) args),
            callTemplateValues((CallTemplateArgsContext) args), 0, List.of(), false);
    items.add(new TranslationUnit.WrittenTypeItem(text, type));
    return text;
  }

  /** "A<x>::b::c": the owner as {@link #writtenOwner} records it, then its members. */
  private String memberOfWritten(QualifiedNameContext owner, ParserRuleContext args, List<TerminalNode> members) {
    StringBuilder name = new StringBuilder(writtenOwner(owner, args));
    for (TerminalNode member : members) name.append("::").append(member.getText());
    return name.toString();
  }

  private List<TypeRef> callTemplateArgs(CallTemplateArgsContext ta) {
    List<TypeRef> out = new ArrayList<>();
    for (CallTemplateArgContext a : ta.callTemplateArg()) {
      out.add(a.typeName() != null && a.pack == null ? arrayOf(typeName(a.typeName()), a.arraySuffix()) : null);
    }
    return Collections.unmodifiableList(out);
  }

  private List<Expr> callTemplateValues(CallTemplateArgsContext ta) {
    List<Expr> out = new ArrayList<>();
    for (CallTemplateArgContext a : ta.callTemplateArg()) {
      out.add(a.pack != null ? packExpansion(a) : a.templateValue() != null ? templateValue(a.templateValue())
          : a.arraySuffix().isEmpty() ? bareNameValue(a.typeName()) : null);
    }
    return Collections.unmodifiableList(out);
  }

  /** "half2[8]" as a template argument. */
  private TypeRef arrayOf(TypeRef element, List<ArraySuffixContext> suffixes) {
    return suffixes.isEmpty() ? element : element.withDims(dims(suffixes), 0);
  }

  /** "k<TILE>": a bare name may be a value; keep it as a name too. Else null. */
  private Expr bareNameValue(TypeNameContext tn) {
    if (tn.pointer().isEmpty() && tn.abstractParenDeclarator() == null
        && tn.typeSpecifier() instanceof NamedTypeSpecContext n && n.templateArgs() == null) {
      return new Expr.Name(pos(tn), n.qualifiedName().getText());
    }
    return null;
  }

  private Expr templateValue(TemplateValueContext v) {
    Pos p = pos(v);
    if (v instanceof TvLiteralContext l) {
      String t = l.getText();
      if (l.IntegerLiteral() != null) return intLiteral(p, t);
      if (l.CharLiteral() != null) return new Expr.IntLit(p, charValue(t));
      return new Expr.IntLit(p, t.equals("true") ? 1 : 0);
    }
    if (v instanceof TvNameContext n) return new Expr.Name(p, n.qualifiedName().getText());
    if (v instanceof TvMemberContext m) {
      Expr member = new Expr.Name(pos(m.qualifiedName()), m.qualifiedName().getText());
      for (Token name : m.members) member = new Expr.Member(pos(name), member, name.getText(), false);
      return member;
    }
    if (v instanceof TvParenContext pe) return expr(pe.expression());
    if (v instanceof TvCallContext c) {
      return new Expr.Call(p, new Expr.Name(pos(c.qualifiedName()), c.qualifiedName().getText()), List.of(),
          c.templateValue().stream().map(this::templateValue).toList());
    }
    if (v instanceof TvSizeofContext sz) return new Expr.SizeofType(p, typeName(sz.typeName()));
    if (v instanceof TvSizeofPackContext sp) return new Expr.Name(p, Function.TemplateParam.lengthOf(sp.Identifier().getText()));
    if (v instanceof TvAlignofContext al) return alignofCall(p, al.typeName());
    if (v instanceof TvUnaryContext u) return new Expr.Unary(p, u.op.getText(), templateValue(u.operand));
    TvBinaryContext b = (TvBinaryContext) v;
    return new Expr.Binary(p, b.op.getText(), templateValue(b.left), templateValue(b.right));
  }

  private List<TypeRef> templateArgs(TemplateArgsContext ta) {
    List<TypeRef> out = new ArrayList<>();
    for (TemplateArgContext a : ta.templateArg()) {
      out.add(a.typeName() != null && a.pack == null ? arrayOf(typeName(a.typeName()), a.arraySuffix()) : null);
    }
    return out;
  }

  private List<Expr> templateValues(TemplateArgsContext ta) {
    List<Expr> out = new ArrayList<>();
    for (TemplateArgContext a : ta.templateArg()) {
      if (a.pack != null) out.add(packExpansion(a));
      else if (a.templateValue() != null) out.add(templateValue(a.templateValue()));
      else if (a.shiftExpression() != null) out.add(expr(a.shiftExpression().expression()));
      else out.add(a.arraySuffix().isEmpty() ? bareNameValue(a.typeName()) : null);
    }
    return Collections.unmodifiableList(out);
  }

  private StructDef struct(StructSpecifierContext s) {
    String name = s.name == null ? "<anonymous@" + pos(s).line() + ">" : s.name.getText();
    addTypeName(name);
    Expr align = null;
    for (AlignmentContext a : s.alignment()) {
      Expr given = alignValue(a);
      if (given != null) align = given;
    }
    List<Function.TemplateParam> tps = structTemplateParams;
    structTemplateParams = List.of();
    boolean fileScope = dependentScopes == 0;
    if (!tps.isEmpty()) dependentScopes++;
    try {
      return struct(s, name, align, tps, fileScope);
    } finally {
      if (!tps.isEmpty()) dependentScopes--;
    }
  }

  private StructDef struct(StructSpecifierContext s, String name, Expr align, List<Function.TemplateParam> tps,
      boolean fileScope) {
    List<VarDecl> fields = new ArrayList<>();
    List<VarDecl> statics = new ArrayList<>();
    List<VarDecl> memberTypes = new ArrayList<>();
    List<Function> conversions = new ArrayList<>();
    List<StructDef.Constructor> constructors = new ArrayList<>();
    boolean hasBody = s.getChildCount() > 0 && s.memberDeclaration() != null && hasBrace(s);
    List<TypeRef> specialization = s.specialization == null ? List.of() : templateArgs(s.specialization);
    List<Expr> specializationValues = s.specialization == null ? List.of() : templateValues(s.specialization);
    String owner = StructDef.qualifiedName(name, specialization, specializationValues);
    for (BaseSpecifierContext base : s.baseClause() == null ? List.<BaseSpecifierContext>of() : s.baseClause().baseSpecifier()) {
      List<TemplateArgsContext> args = base.templateArgs();
      TypeRef type = args.isEmpty() ? new TypeRef(base.qualifiedName().getText(), null, List.of(), List.of(), 0, List.of(),
          false) : base.Identifier().isEmpty() ? new TypeRef(base.qualifiedName().getText(), null,
          templateArgs(args.get(0)), templateValues(args.get(0)), 0, List.of(), false)
          // "conditional<C, A, B>::type": a member type, named by its text as a declaration's type is
          : new TypeRef(writtenOwner(base.qualifiedName(), args.get(0)) + textAfter(base, args.get(0)), null, List.of(),
              List.of(), 0, List.of(), false);
      fields.add(new VarDecl(pos(base), VarDecl.BASE + " " + type.base(), type, null, Set.of(VarDecl.BASE), null, null,
          null));
    }
    for (MemberDeclarationContext m : s.memberDeclaration()) {
      if (m instanceof FieldMemberContext f) {
        StructSpecifierContext nested = nestedStruct(f);
        int structsBefore = structs.size();
        // a member class template's own parameters; a class nested in a class template has the template's (its
        // code names them): Outer<2>::Inner is Inner with N = 2
        structTemplateParams = nested != null && f.templateHeader() == null && tps.stream().noneMatch(
            Function.TemplateParam::pack) ? tps : templateParams(f.templateHeader());
        List<VarDecl> declared = declaration(f.declaration());
        structTemplateParams = List.of();
        StructDef anonymous = anonymousMember(f, structs.subList(structsBefore, structs.size()));
        if (anonymous != null) {
          // named as reasons show it: "it comes after 'anonymous union at line 6'"
          String shown = VarDecl.ANONYMOUS + (anonymous.union() ? " union" : " struct") + " at line " + anonymous.pos().line();
          fields.add(new VarDecl(anonymous.pos(), shown, new TypeRef(anonymous.name(),
              anonymous, List.of(), List.of(), 0, List.of(), false), null, Set.of(VarDecl.ANONYMOUS), null, null, null));
        }
        if (nested != null) {
          for (StructDef inner : structs.subList(structsBefore, structs.size())) {
            if (inner.name().equals(nested.name.getText())) memberTypes.add(nestedType(owner, inner, f));
          }
        }
        if (f.declaration().declSpecifiers().typeSpecifier() instanceof EnumTypeSpecContext e) {
          statics.addAll(enumeratorsAsStatics(e.enumSpecifier()));
        }
        for (VarDecl v : declared) {
          if (v.is("static")) statics.add(v);
          else if (v.is("typedef")) memberTypes.add(v);
          else fields.add(v);
        }
      } else if (m instanceof UsingMemberContext u) {
        // a member type ("using type = T;"), as "typedef T type;"
        memberTypes.add(usingAlias(u.Identifier().getSymbol(), u.aliasedType()));
      } else if (m instanceof MethodMemberContext mm && mm.functionDefinition().body != null) {
        // a method is a function named "S::m": a kernel's call of "S::m(...)" runs it, and its uses of shared
        // memory are listed as not analyzed where no kernel does (never dropped)
        List<Function.TemplateParam> all = new ArrayList<>(tps);
        all.addAll(templateParams(mm.templateHeader()));
        Function f = function(mm.functionDefinition(), all);
        items.add(new TranslationUnit.FunctionItem(new Function(f.pos(), owner + "::" + f.name(), f.qualifiers(),
            f.returnType(), f.params(), f.body(), f.templateParams(), f.launches())));
      } else if (m instanceof ConstructorMemberContext c && c.compoundStatement() != null) {
        String member = (c.tilde != null ? "~" : "") + c.Identifier(0).getText();
        List<Function.TemplateParam> all = new ArrayList<>(tps);
        all.addAll(templateParams(c.templateHeader())); // template <typename Params> S(Params &p)
        Function f = memberBody(c, owner + "::" + member, modifiers(c.declModifier()), VOID, params(c.parameterList()),
            c.compoundStatement(), all);
        items.add(new TranslationUnit.FunctionItem(f));
        if (c.tilde == null) constructors.add(new StructDef.Constructor(f, memberInits(c.ctorInitializer())));
      } else if (m instanceof OperatorMemberContext o && o.operatorFunction().compoundStatement() != null) {
        // run where a subscript of an object calls its operator[]; other operators only have their uses listed
        OperatorFunctionContext op = o.operatorFunction();
        List<Function.TemplateParam> all = new ArrayList<>(tps);
        all.addAll(templateParams(o.templateHeader()));
        TypeRef ret = declSpecType(op.declSpecifiers()).withDeclarator(List.of(), stars(op.pointer()), hasRef(op.pointer()),
            false);
        items.add(new TranslationUnit.FunctionItem(memberBody(o, owner + "::operator" + op.operatorSymbol().getText(),
            modifiers(op.declSpecifiers().declModifier()), ret, params(op.parameterList()), op.compoundStatement(), all)));
      } else if (m instanceof ConversionMemberContext c && c.body != null) {
        TypeRef target = typeName(c.typeName());
        int launchesBefore = launchesBuilt;
        Stmt.Block body = block(c.body);
        conversions.add(new Function(pos(c), "operator " + target.display(), Set.of(), target, List.of(), body,
            List.of(), launchesBuilt > launchesBefore));
      }
    }
    StructDef def = new StructDef(pos(s), name, s.kind.getText().equals("union"), List.copyOf(fields), align,
        List.copyOf(statics), List.copyOf(tps), specialization.stream().toList(), specializationValues,
        List.copyOf(memberTypes), List.copyOf(conversions), List.copyOf(constructors), fileScope);
    // "template <Mode M> struct Traits;" declares the template its specializations specialize
    if (hasBody || !tps.isEmpty() && specialization.isEmpty()) structs.add(def);
    return def;
  }

  private static final TypeRef VOID = builtin("void");

  /** The named struct a member declaration defines ("struct Temp { ... };"), or null. */
  /** The struct or union of an anonymous member ({@code union { ... };}, no declarator), among those just built; or null. */
  private StructDef anonymousMember(FieldMemberContext f, List<StructDef> built) {
    if (!(f.declaration().declSpecifiers().typeSpecifier() instanceof StructTypeSpecContext st)
        || st.structSpecifier().name != null || !f.declaration().initDeclarator().isEmpty()
        || !hasBrace(st.structSpecifier())) {
      return null;
    }
    Pos at = pos(st.structSpecifier());
    return built.stream().filter(d -> d.pos().equals(at)).findFirst().orElse(null);
  }

  private static StructSpecifierContext nestedStruct(FieldMemberContext f) {
    return f.declaration().declSpecifiers().typeSpecifier() instanceof StructTypeSpecContext st
        && st.structSpecifier().name != null && st.structSpecifier().specialization == null
        && hasBrace(st.structSpecifier()) ? st.structSpecifier() : null;
  }

  /**
   * A struct nested in {@code owner} as its member type: "Owner::Inner" (the key Program knows it by, apart from
   * other classes' Inner), with the enclosing template's parameters as its arguments.
   */
  private VarDecl nestedType(String owner, StructDef inner, FieldMemberContext f) {
    List<TypeRef> args = new ArrayList<>();
    List<Expr> values = new ArrayList<>();
    for (Function.TemplateParam p : inner.templateParams()) {
      args.add(p.type() ? new TypeRef(p.name(), null, List.of(), List.of(), 0, List.of(), false) : null);
      values.add(p.type() ? null : new Expr.Name(pos(f), p.name()));
    }
    return new VarDecl(pos(f), inner.name(), new TypeRef(owner + "::" + inner.name(), inner, args, values, 0, List.of(),
        false), null, Set.of("typedef"), null, null, null);
  }

  /**
   * {@code i = i + 32} as {@code i += 32} (also {@code i = 32 + i}, {@code i = i - 1}): a variable advanced this way
   * is a loop's counter like one advanced by {@code +=}.
   */
  private static Expr.Assign compoundForm(Expr.Assign a) {
    if (!a.op().equals("=") || !(a.target() instanceof Expr.Name x) || !(a.value() instanceof Expr.Binary b)) return a;
    boolean left = b.left() instanceof Expr.Name l && l.name().equals(x.name());
    boolean right = b.right() instanceof Expr.Name r && r.name().equals(x.name());
    if (left && (b.op().equals("+") || b.op().equals("-"))) return new Expr.Assign(a.pos(), b.op() + "=", x, b.right());
    if (right && b.op().equals("+")) return new Expr.Assign(a.pos(), "+=", x, b.left());
    return a;
  }

  /**
   * A class's unscoped enumerators are its static constants: in a class template their values may depend on its
   * parameters ({@code enum { STRIDE = BOUNDARY + SIZE_X / 2 };}), which file scope cannot bind.
   */
  private List<VarDecl> enumeratorsAsStatics(EnumSpecifierContext es) {
    if (es.getChildCount() > 1 && Set.of("class", "struct").contains(es.getChild(1).getText())) return List.of();
    List<VarDecl> out = new ArrayList<>();
    Expr next = null;
    for (EnumeratorContext en : es.enumerator()) {
      Pos p = pos(en);
      Expr value = en.value != null ? expr(en.value) : next != null ? next : new Expr.IntLit(p, 0);
      out.add(new VarDecl(p, en.name.getText(), builtin("int"), value, Set.of("static", "const"), null, null, null));
      next = new Expr.Binary(p, "+", new Expr.Name(p, en.name.getText()), new Expr.IntLit(p, 1));
    }
    return out;
  }

  /** A built-in type by name ("int", "void", "unsigned long"): no struct, template arguments, pointers or dims. */
  private static TypeRef builtin(String name) {
    return new TypeRef(name, null, List.of(), List.of(), 0, List.of(), true);
  }

  /**
   * A constructor's or operator's body, as a function that no call names: the interpreter runs a constructor where
   * an object is made and an operator[] where one is subscripted; other operators only have their uses listed.
   */
  private Function memberBody(ParserRuleContext member, String name, Set<String> qualifiers, TypeRef returns,
      List<VarDecl> params, CompoundStatementContext body, List<Function.TemplateParam> tps) {
    int launchesBefore = launchesBuilt;
    Stmt.Block b = block(body);
    return new Function(pos(member), name, qualifiers, returns, params, b, List.copyOf(tps),
        launchesBuilt > launchesBefore);
  }

  private List<StructDef.MemberInit> memberInits(CtorInitializerContext c) {
    if (c == null) return List.of();
    List<StructDef.MemberInit> out = new ArrayList<>();
    for (MemberInitContext m : c.memberInit()) {
      List<Expr> args = m.braceInitializer() != null ? ((Expr.InitList) braceInit(m.braceInitializer())).items()
          : args(m.argumentList());
      out.add(new StructDef.MemberInit(pos(m), m.qualifiedName().getText(), args));
    }
    return List.copyOf(out);
  }

  private static boolean hasBrace(StructSpecifierContext s) {
    for (ParseTree c : s.children) {
      if (c instanceof TerminalNode t && t.getText().equals("{")) return true;
    }
    return false;
  }

  TypeRef typeName(TypeNameContext t) {
    TypeRef base = typeSpec(t.typeSpecifier());
    // "float (*)(float)"
    if (t.abstractParenDeclarator() != null && t.arraySuffix().isEmpty()) return TypeRef.FUNCTION_POINTER;
    if (t.abstractParenDeclarator() != null) { // "float (*)[32]"
      return declarated(base, dims(t.arraySuffix()), t.pointer(), t.abstractParenDeclarator().pointer());
    }
    return declarated(base, List.of(), t.pointer(), List.of());
  }

  // ---- statements ----

  private Stmt.Block block(CompoundStatementContext c) {
    List<Stmt> out = new ArrayList<>();
    dependentScopes++;
    try {
      for (BlockItemContext b : c.blockItem()) {
        if (b.declaration() != null) out.add(new Stmt.Decl(pos(b), declaration(b.declaration())));
        else out.add(stmt(b.statement()));
      }
    } finally {
      dependentScopes--;
    }
    return new Stmt.Block(pos(c), List.copyOf(out));
  }

  private Stmt stmt(StatementContext s) {
    enter(s);
    try {
      return statement(s);
    } finally {
      depth--;
    }
  }

  private Stmt ifStmt(Pos p, Expr cond, StatementContext then, StatementContext otherwise) {
    return new Stmt.If(p, cond, stmt(then), otherwise == null ? null : stmt(otherwise));
  }

  /**
   * An if's or a switch's statement for its condition: with an init-statement or a declared condition, a block that
   * declares, then the statement (its names end with it).
   */
  private Stmt conditioned(Pos p, IfConditionContext condition, java.util.function.Function<Expr, Stmt> statement) {
    if (condition instanceof PlainConditionContext c) return statement.apply(exprList(c.cond));
    if (condition instanceof DeclConditionContext c) {
      List<Stmt> items = new ArrayList<>();
      if (c.init != null || c.initExpr != null) items.add(ifInit(c.init, c.initExpr));
      List<VarDecl> vars = declaration(c.condSpec, List.of(c.condVar));
      items.add(new Stmt.Decl(pos(c.condVar), vars));
      items.add(statement.apply(new Expr.Name(vars.get(0).pos(), vars.get(0).name())));
      return new Stmt.Block(p, List.copyOf(items));
    }
    if (condition instanceof BindingConditionContext c) {
      return new Stmt.Block(p, List.of(binding(c.binding), statement.apply(exprList(c.cond))));
    }
    InitConditionContext c = (InitConditionContext) condition;
    return new Stmt.Block(p, List.of(ifInit(c.init, c.initExpr), statement.apply(exprList(c.cond))));
  }

  /**
   * auto [a, b] = f(...): the initializer runs (its accesses count) as a hidden variable; the names bound to its
   * parts are not followed.
   */
  private Stmt binding(BindingDeclarationContext bd) {
    TypeRef auto = builtin("auto");
    List<VarDecl> vars = new ArrayList<>();
    vars.add(new VarDecl(pos(bd), "<structured binding>", auto, bd.value != null ? initializer(bd.value)
        : braceInit(bd.list), Set.of(), null, null, null));
    for (Token name : bd.names) {
      Pos at = after(name);
      vars.add(new VarDecl(pos(name), name.getText(), auto,
          new Expr.Unsupported(pos(name), "an element of a structured binding"), Set.of(), null, at, at));
    }
    return new Stmt.Decl(pos(bd), List.copyOf(vars));
  }

  private Stmt ifInit(DeclarationContext init, ExpressionListContext initExpr) {
    return init != null ? new Stmt.Decl(pos(init), declaration(init)) : new Stmt.ExprStmt(pos(initExpr), exprList(initExpr));
  }

  private Stmt statement(StatementContext s) {
    Pos p = pos(s);
    if (s instanceof BlockStmtContext b) return block(b.compoundStatement());
    if (s instanceof IfStmtContext i) return conditioned(p, i.condition, c -> ifStmt(p, c, i.then, i.otherwise));
    if (s instanceof ForStmtContext f) {
      Stmt init = null;
      if (f.init != null) init = new Stmt.Decl(pos(f.init), declaration(f.init));
      else if (f.initExpr != null) init = new Stmt.ExprStmt(pos(f.initExpr), exprList(f.initExpr));
      return new Stmt.For(p, init, f.cond == null ? null : exprList(f.cond), f.step == null ? null : exprList(f.step),
          stmt(f.body));
    }
    if (s instanceof RangeForStmtContext rf) {
      // for (auto x : v) body: the Decl of x without initializer; no cond, no step (the range is not kept)
      DeclaratorContext dc = rf.rangeVar;
      Token nameToken = dc.parenDeclarator() != null ? dc.parenDeclarator().name : dc.name;
      List<PointerContext> inner = dc.parenDeclarator() != null ? dc.parenDeclarator().pointer() : List.of();
      TypeRef t = declarated(declSpecType(rf.rangeSpec), dims(dc.arraySuffix()), dc.pointer(), inner);
      Pos at = after(nameToken);
      VarDecl v = new VarDecl(pos(nameToken), nameToken.getText(), t, range(rf.range, rf.rangeList),
          modifiers(rf.rangeSpec), alignment(rf.rangeSpec), at, at);
      return new Stmt.For(p, new Stmt.Decl(pos(rf.rangeSpec), List.of(v)), null, null, stmt(rf.body));
    }
    if (s instanceof AttributedStmtContext a) return stmt(a.statement()); // [[likely]], [[unlikely]]
    if (s instanceof BindingDeclStmtContext bd) return binding(bd.bindingDeclaration());
    if (s instanceof BindingForStmtContext bf) {
      // for (auto& [k, v] : m): host code over a container; the bound names have no known value
      List<VarDecl> names = new ArrayList<>();
      for (var id : bf.Identifier()) {
        Pos at = after(id.getSymbol());
        names.add(new VarDecl(pos(id.getSymbol()), id.getText(), declSpecType(bf.declSpecifiers()),
            names.isEmpty() ? range(bf.range, bf.rangeList) : null, modifiers(bf.declSpecifiers()), null, at, at));
      }
      return new Stmt.For(p, new Stmt.Decl(pos(bf.declSpecifiers()), List.copyOf(names)), null, null, stmt(bf.body));
    }
    if (s instanceof GotoStmtContext g) return new Stmt.Goto(p, g.label.getText());
    if (s instanceof LabelStmtContext l) return new Stmt.Label(p, l.label.getText());
    if (s instanceof WhileStmtContext w && w.cond != null) return new Stmt.While(p, exprList(w.cond), stmt(w.body));
    if (s instanceof WhileStmtContext w) {
      // while (T v = e) body: for (;;) { T v = e; if (!v) break; body }, the variable made again in each iteration
      List<VarDecl> vars = declaration(w.condSpec, List.of(w.condVar));
      Expr.Name v = new Expr.Name(vars.get(0).pos(), vars.get(0).name());
      return new Stmt.For(p, null, null, null, new Stmt.Block(p, List.of(new Stmt.Decl(pos(w.condVar), vars),
          new Stmt.If(p, new Expr.Unary(p, "!", v), new Stmt.Break(p), null), stmt(w.body))));
    }
    if (s instanceof DoStmtContext d) return new Stmt.DoWhile(p, stmt(d.body), exprList(d.cond));
    if (s instanceof SwitchStmtContext w) return conditioned(p, w.condition, c -> new Stmt.Switch(p, c, stmt(w.body)));
    if (s instanceof CaseStmtContext c) {
      // a GNU case range: which lanes it takes is not modelled (the switch is undecided for them)
      return new Stmt.Case(p, c.high == null ? expr(c.value) : unsupported(p, "a case range", c));
    }
    if (s instanceof DefaultStmtContext) return new Stmt.Case(p, null);
    if (s instanceof ReturnStmtContext r) {
      if (r.braceInitializer() != null) return new Stmt.Return(p, braceInit(r.braceInitializer())); // return {x, y};
      return new Stmt.Return(p, r.expressionList() == null ? null : exprList(r.expressionList()));
    }
    // exceptions are host code (device code cannot throw): the try block runs, a throw does nothing
    if (s instanceof TryStmtContext t) return block(t.body);
    if (s instanceof BreakStmtContext) return new Stmt.Break(p);
    if (s instanceof ContinueStmtContext) return new Stmt.Continue(p);
    if (s instanceof ExprStmtContext e) {
      return e.expressionList() == null ? new Stmt.Empty(p) : new Stmt.ExprStmt(p, exprList(e.expressionList()));
    }
    if (s instanceof AsmOperandsStmtContext a) return asm(p, a);
    if (s instanceof UsingStmtContext u && u.Identifier() != null) {
      return new Stmt.Decl(p, List.of(usingAlias(u.Identifier().getSymbol(), u.aliasedType())));
    }
    return new Stmt.Empty(p); // asm without outputs, static_assert, throw
  }

  /** {@code using V = T;} as the declaration {@code typedef T V;}. */
  private VarDecl usingAlias(Token name, AliasedTypeContext type) {
    addTypeName(name.getText());
    return new VarDecl(pos(name), name.getText(), aliased(type), null, Set.of("typedef"), null, null, null);
  }

  /** {@code float[32]} as an array type; a function type as a pointer to code (calls through it are not followed). */
  private TypeRef aliased(AliasedTypeContext type) {
    return type.function != null ? TypeRef.FUNCTION_POINTER : arrayOf(typeName(type.typeName()), type.arraySuffix());
  }

  /** PTX that moves the lane's index into its only output. */
  private static final java.util.regex.Pattern LANE_ID =
      java.util.regex.Pattern.compile("\\s*mov\\.[usb]32\\s+%0\\s*,\\s*%%laneid\\s*;?\\s*");
  /** A warp shuffle of a whole warp (clamp 0x1f, or 0 for up) into the only output: __shfl_*_sync. */
  private static final java.util.regex.Pattern SHUFFLE = java.util.regex.Pattern.compile(
      "\\s*shfl\\.sync\\.(idx|bfly|down|up)\\.b32\\s+%0\\s*,\\s*(%\\d+)\\s*,\\s*(%\\d+|\\d+)\\s*,"
          + "\\s*(0x1[fF]|31|0)\\s*,\\s*(%\\d+|0x[0-9a-fA-F]+|-1)\\s*;?\\s*");
  /** A warp reduction into the only output: __reduce_*_sync. */
  private static final java.util.regex.Pattern REDUCE = java.util.regex.Pattern.compile(
      "\\s*redux\\.sync\\.(min|max|add|and|or|xor)\\.[usb]32\\s+%0\\s*,\\s*(%\\d+)\\s*,\\s*(%\\d+|0x[0-9a-fA-F]+|-1)\\s*;?\\s*");

  /**
   * Inline asm with operands: each output is assigned what the asm writes, unknown (the tool does not run PTX),
   * so a value it held before is not kept. Three kinds of one-instruction asm are understood: the lane's index
   * ({@code mov.u32 %0, %%laneid;}), a warp shuffle and a warp reduction (as the intrinsics that do the same).
   * One instruction that accesses shared memory at an operand's address (ldmatrix, stmatrix, ld.shared, st.shared,
   * cp.async) becomes a call of {@link AsmCalls#ACCESS}; the inputs of any other asm are handed to
   * {@link AsmCalls#INPUTS}, so that a shared address among them is reported as not analyzed rather than dropped.
   */
  private Stmt asm(Pos p, AsmOperandsStmtContext a) {
    StringBuilder template = new StringBuilder();
    for (Token t : a.template) template.append(unquote(t.getText()));
    List<Expr> operands = new ArrayList<>();
    for (AsmOperandContext o : a.outputs) operands.add(expr(o.expression()));
    for (AsmOperandContext o : a.inputs) operands.add(expr(o.expression()));
    Expr known = a.outputs.size() == 1 ? knownAsm(p, template.toString(), operands) : null;
    List<Expr> effects = new ArrayList<>();
    Predicated one = known != null ? null : predicated(p, template.toString(), operands);
    Expr access = one == null ? null : asmAccess(p, one.instruction(), operands);
    Stmt guarded = access == null || one.condition() == null ? null
        : new Stmt.If(p, one.condition(), new Stmt.ExprStmt(p, access), null);
    if (guarded != null) {
      if (a.outputs.isEmpty()) return guarded;
    } else if (access != null) {
      effects.add(access);
    } else if (known == null && !a.inputs.isEmpty()) {
      String what = template.toString().contains("mbarrier.") ? "an mbarrier operation (a barrier's state, not data)"
          : template.toString().contains("cp.async.bulk") ? "a bulk copy by the tensor memory accelerator, not by the"
              + " lanes" : null;
      effects.add(new Expr.Call(p, new Expr.Name(p, AsmCalls.INPUTS), List.of(),
          List.copyOf(operands.subList(a.outputs.size(), operands.size())),
          what == null ? List.of() : List.of(new Expr.StringLit(p, what))));
    }
    for (int i = 0; i < a.outputs.size(); i++) {
      Pos at = pos(a.outputs.get(i));
      effects.add(new Expr.Assign(at, "=", operands.get(i), known != null ? known : new Expr.AsmOutput(p)));
    }
    if (effects.isEmpty()) return new Stmt.Empty(p);
    Stmt assigned = new Stmt.ExprStmt(p, effects.size() == 1 ? effects.get(0) : new Expr.Comma(p, List.copyOf(effects)));
    return guarded == null ? assigned : new Stmt.Block(p, List.of(guarded, assigned));
  }

  /** The one instruction of an asm block, and the operand test its predicate stands for (null: unconditional). */
  private record Predicated(String instruction, Expr condition) {}

  private static final java.util.regex.Pattern SET_PREDICATE = java.util.regex.Pattern.compile(
      "setp\\.(ne|eq)\\.[bsu]32\\s+(\\w+)\\s*,\\s*(%\\d+)\\s*,\\s*0");
  private static final java.util.regex.Pattern GUARD = java.util.regex.Pattern.compile("@(!?)(\\w+)\\s+(.*)");

  /**
   * An asm block reduced to its one instruction: "{ .reg .pred p; setp.ne.b32 p, %0, 0; @p cp.async ... }"
   * (marlin's predicated copy) is the cp.async under {@code %0 != 0}; register declarations and createpolicy
   * (a cache hint's policy) touch no memory. Null where more than that is left.
   */
  private static Predicated predicated(Pos p, String template, List<Expr> operands) {
    String body = template.strip();
    if (body.startsWith("{") && body.endsWith("}")) body = body.substring(1, body.length() - 1);
    else if (!body.contains("@")) return new Predicated(template, null);
    List<String> left = new ArrayList<>();
    for (String part : body.split(";")) {
      String instruction = part.strip();
      if (!instruction.isEmpty() && !instruction.startsWith(".reg") && !instruction.startsWith("createpolicy")) {
        left.add(instruction);
      }
    }
    if (left.size() == 1) return left.get(0).startsWith("@") ? null : new Predicated(left.get(0) + ";", null);
    java.util.regex.Matcher set = left.size() == 2 ? SET_PREDICATE.matcher(left.get(0)) : null;
    java.util.regex.Matcher guard = set != null && set.matches() ? GUARD.matcher(left.get(1)) : null;
    if (guard == null || !guard.matches() || !guard.group(2).equals(set.group(2))) return null;
    Expr operand = operandAt(set.group(3), operands);
    if (operand == null) return null;
    boolean whenNonZero = set.group(1).equals("ne") == guard.group(1).isEmpty();
    return new Predicated(guard.group(3) + ";", new Expr.Binary(p, whenNonZero ? "!=" : "==", operand,
        new Expr.IntLit(p, 0)));
  }

  private static final String ADDRESS = "\\[\\s*%(\\d+)\\s*(?:\\+\\s*(\\d+)\\s*)?\\]";
  private static final String REGISTERS = "(?:\\{[^}]*\\}|%\\d+)";
  /** ldmatrix: each lane of the first 8, 16 or 32 gives the address of one 16-byte row (x1, x2, x4). */
  private static final java.util.regex.Pattern LDMATRIX = java.util.regex.Pattern.compile(
      "\\s*ldmatrix\\.sync\\.aligned((?:\\.(?:m8n8|x[124]|trans|shared(?:::cta)?))+)"
          + "\\.b16\\s*" + REGISTERS + "\\s*,\\s*" + ADDRESS + "\\s*;?\\s*");
  /** stmatrix (sm_90), its mirror: each lane of the first 8, 16 or 32 gives the address of one 16-byte row written. */
  private static final java.util.regex.Pattern STMATRIX = java.util.regex.Pattern.compile(
      "\\s*stmatrix\\.sync\\.aligned((?:\\.(?:m8n8|x[124]|trans|shared(?:::cta)?))+)"
          + "\\.b16\\s*" + ADDRESS + "\\s*,\\s*" + REGISTERS + "\\s*;?\\s*");
  /** The count of an ldmatrix's modifiers, which ptxas takes in any order (".x2.trans.m8n8" as ".m8n8.x2.trans"). */
  private static final java.util.regex.Pattern LDMATRIX_COUNT = java.util.regex.Pattern.compile(
      "^(?=.*\\.m8n8(?:\\.|$)).*\\.x([124])(?:\\.|$)");
  private static final String SHARED_TYPE = "(?:\\.volatile|\\.weak|\\.relaxed\\.cta|\\.acquire\\.cta)?\\.shared(?:::cta)?"
      + "(?:\\.v([24]))?\\.[bufs](8|16|32|64)";
  private static final java.util.regex.Pattern LD_SHARED = java.util.regex.Pattern.compile(
      "\\s*ld" + SHARED_TYPE + "\\s+" + REGISTERS + "\\s*,\\s*" + ADDRESS + "\\s*;?\\s*");
  private static final java.util.regex.Pattern ST_SHARED = java.util.regex.Pattern.compile(
      "\\s*st" + SHARED_TYPE + "\\s+" + ADDRESS + "\\s*,\\s*" + REGISTERS + "\\s*;?\\s*");
  /** cp.async of 4, 8 or 16 bytes (an optional source size after it zero-fills the rest). */
  private static final java.util.regex.Pattern CP_ASYNC = java.util.regex.Pattern.compile(
      "\\s*cp\\.async\\.c[ag]\\.shared(?:::cta)?\\.global(?:\\.L2::\\w+)*\\s+" + ADDRESS
          + "\\s*,\\s*\\[[^\\]]*\\]\\s*,\\s*(4|8|16|%\\d+)\\s*(?:,\\s*[^;]*)?;?\\s*");

  /** The shared-memory access of a one-instruction asm, as {@link AsmCalls#ACCESS}; null for any other asm. */
  private static Expr asmAccess(Pos p, String template, List<Expr> operands) {
    java.util.regex.Matcher m;
    String address;
    String offset;
    int width;
    int kind;
    int lanes = 32;
    Expr sizeOperand = null;
    if ((m = LDMATRIX.matcher(template)).matches() || (m = STMATRIX.matcher(template)).matches()) {
      java.util.regex.Matcher count = LDMATRIX_COUNT.matcher(m.group(1));
      if (!count.find()) return null;
      address = m.group(2);
      offset = m.group(3);
      width = 16;
      kind = m.pattern() == LDMATRIX ? AsmCalls.LDMATRIX : AsmCalls.STMATRIX;
      lanes = 8 * Integer.parseInt(count.group(1));
    } else if ((m = LD_SHARED.matcher(template)).matches() || (m = ST_SHARED.matcher(template)).matches()) {
      address = m.group(3);
      offset = m.group(4);
      width = (m.group(1) == null ? 1 : Integer.parseInt(m.group(1))) * Integer.parseInt(m.group(2)) / 8;
      kind = m.pattern() == LD_SHARED ? AsmCalls.LOAD : AsmCalls.STORE;
    } else if ((m = CP_ASYNC.matcher(template)).matches()) {
      address = m.group(1);
      offset = m.group(2);
      // the size as an immediate operand ("n"(16), "n"(BYTES)) too: the interpreter reads its value
      if (m.group(3).startsWith("%")) {
        Expr size = operandAt(m.group(3), operands);
        if (size == null) return null;
        width = size instanceof Expr.IntLit bytes ? (int) bytes.value() : 0;
        sizeOperand = width == 0 ? size : null;
      } else {
        width = Integer.parseInt(m.group(3));
      }
      kind = AsmCalls.COPY;
    } else {
      return null;
    }
    int index = Integer.parseInt(address);
    if (index >= operands.size() || width > 16) return null;
    Expr at = operands.get(index);
    if (offset != null) at = new Expr.Binary(p, "+", at, new Expr.IntLit(p, Long.parseLong(offset)));
    return new Expr.Call(p, new Expr.Name(p, AsmCalls.ACCESS), List.of(), List.of(at,
        sizeOperand != null ? sizeOperand : new Expr.IntLit(p, width), new Expr.IntLit(p, kind), new Expr.IntLit(p, lanes)),
        List.of());
  }

  /** The operand "%N" names, or null. */
  private static Expr operandAt(String reference, List<Expr> operands) {
    int i = Integer.parseInt(reference.substring(1));
    return i < operands.size() ? operands.get(i) : null;
  }

  /** What an asm with one output and a template this knows computes, as an expression; null for any other asm. */
  private static Expr knownAsm(Pos p, String template, List<Expr> operands) {
    if (LANE_ID.matcher(template).matches()) return laneIndex(p);
    java.util.regex.Matcher shared = TO_SHARED.matcher(template);
    if (shared.matches()) { // the generic address as a shared-window one, what __cvta_generic_to_shared gives
      Expr address = operand(p, shared.group(2) != null ? shared.group(2) : shared.group(3), operands);
      return address == null ? null
          : new Expr.Call(p, new Expr.Name(p, "__cvta_generic_to_shared"), List.of(), List.of(address), List.of());
    }
    java.util.regex.Matcher m = SHUFFLE.matcher(template);
    if (m.matches()) {
      Expr value = operand(p, m.group(2), operands);
      Expr lane = operand(p, m.group(3), operands);
      Expr members = operand(p, m.group(5), operands);
      boolean clampOk = m.group(1).equals("up") == m.group(4).equals("0");
      if (value == null || lane == null || members == null || !clampOk) return null;
      String intrinsic = switch (m.group(1)) {
        case "idx" -> "__shfl_sync";
        case "bfly" -> "__shfl_xor_sync";
        case "down" -> "__shfl_down_sync";
        default -> "__shfl_up_sync";
      };
      return new Expr.Call(p, new Expr.Name(p, intrinsic), List.of(), List.of(members, value, lane), List.of());
    }
    m = REDUCE.matcher(template);
    if (m.matches()) {
      Expr value = operand(p, m.group(2), operands);
      Expr members = operand(p, m.group(3), operands);
      if (value == null || members == null) return null;
      return new Expr.Call(p, new Expr.Name(p, "__reduce_" + m.group(1) + "_sync"), List.of(), List.of(members, value),
          List.of());
    }
    return null;
  }

  /**
   * A generic address made a shared-window one: "cvta.to.shared.u64 %0, %1;", or TVM's "{ .reg .u64 a;
   * cvta.to.shared.u64 a, %1; cvt.u32.u64 %0, a; }" (the input's operand in group 2 or 3).
   */
  private static final java.util.regex.Pattern TO_SHARED = java.util.regex.Pattern.compile(
      "\\s*(?:\\{\\s*\\.reg\\s+\\.[bu]64\\s+(\\w+)\\s*;\\s*cvta\\.to\\.shared(?:::cta)?\\.u64\\s+\\1\\s*,\\s*(%[1-9]\\d*)\\s*;"
          + "\\s*cvt\\.u32\\.u64\\s+%0\\s*,\\s*\\1\\s*;\\s*\\}|cvta\\.to\\.shared(?:::cta)?\\.u(?:32|64)\\s+%0\\s*,\\s*(%[1-9]\\d*)\\s*;?)\\s*");

  /** An operand of a template: %N names an input (N past the output), else a literal; null if neither fits. */
  private static Expr operand(Pos p, String text, List<Expr> operands) {
    try {
      if (text.startsWith("%")) {
        int i = Integer.parseInt(text.substring(1));
        return i >= 1 && i < operands.size() ? operands.get(i) : null;
      }
      return new Expr.IntLit(p, text.startsWith("0x") ? Long.parseLong(text.substring(2), 16) : Long.parseLong(text));
    } catch (NumberFormatException tooLong) {
      return null;
    }
  }

  /** (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % warpSize: a warp's lanes in order. */
  private static Expr laneIndex(Pos p) {
    java.util.function.BiFunction<String, String, Expr> member =
        (base, m) -> new Expr.Member(p, new Expr.Name(p, base), m, false);
    Expr inBlock = new Expr.Binary(p, "+", member.apply("threadIdx", "x"), new Expr.Binary(p, "*",
        member.apply("blockDim", "x"), new Expr.Binary(p, "+", member.apply("threadIdx", "y"),
            new Expr.Binary(p, "*", member.apply("blockDim", "y"), member.apply("threadIdx", "z")))));
    return new Expr.Binary(p, "%", inBlock, new Expr.Name(p, "warpSize"));
  }

  /** A string literal's text; its whitespace escapes are whitespace ("st.shared.u32 [%0], %1;\n" is one instruction). */
  private static String unquote(String literal) {
    int open = literal.indexOf('"');
    String text = open < 0 || literal.length() < open + 2 ? literal : literal.substring(open + 1, literal.length() - 1);
    return text.replace("\\n", "\n").replace("\\t", "\t").replace("\\r", "\r");
  }

  // ---- expressions ----

  private Expr exprList(ExpressionListContext l) {
    if (l.expression().size() == 1) return expr(l.expression(0));
    List<Expr> all = new ArrayList<>();
    for (ExpressionContext e : l.expression()) all.add(expr(e));
    return new Expr.Comma(pos(l), List.copyOf(all));
  }

  private Expr initializer(InitializerContext i) {
    return i.expression() != null ? expr(i.expression()) : braceInit(i.braceInitializer());
  }

  private Expr braceInit(BraceInitializerContext b) {
    List<Expr> items = new ArrayList<>();
    Map<String, Expr> designated = new LinkedHashMap<>();
    for (BraceItemContext item : b.braceItem()) {
      // a designated member's value is not placed by name: unknown, never given to another member
      items.add(item instanceof PlainItemContext p ? p.pack != null ? unsupported(pos(p), "a pack expansion", p)
          : initializer(p.initializer()) : new Expr.Unsupported(pos(item), "a designated initializer"));
      if (item instanceof DesignatedItemContext d) {
        String member = d.Identifier().stream().map(ParseTree::getText).collect(java.util.stream.Collectors.joining("."));
        designated.put(member, d.initializer() != null ? initializer(d.initializer()) : braceInit(d.braceInitializer()));
      }
    }
    return new Expr.InitList(pos(b), List.copyOf(items), java.util.Collections.unmodifiableMap(designated));
  }

  private List<Expr> args(ArgumentListContext a) {
    List<Expr> out = new ArrayList<>();
    if (a == null) return List.of();
    for (int c = 0; c < a.getChildCount(); c++) {
      if (!(a.getChild(c) instanceof InitializerContext i)) continue;
      boolean expanded = c + 1 < a.getChildCount() && a.getChild(c + 1).getText().equals("...");
      out.add(expanded ? packExpansion(i) : initializer(i));
    }
    return List.copyOf(out);
  }

  /** "args...", "Ns...": a pack expansion stands for any number of values, which the IR does not model. */
  private Expr packExpansion(ParserRuleContext ctx) {
    return unsupported(pos(ctx), "a pack expansion", ctx);
  }

  Expr expr(ExpressionContext e) {
    if (e == null) return new Expr.Unsupported(positions[0], "missing expression");
    enter(e);
    try {
      return expression(e);
    } finally {
      depth--;
    }
  }

  /**
   * Every pass over the IR recurses into it, so its depth is bounded here, where it is made: a chain of
   * 100,000 {@code +} overflowed the analysis' stack and lost the kernel's accesses. A chain counts one level
   * per operator (its tree may be that deep).
   */
  private void enter(ParserRuleContext at) {
    enter(at, 1);
  }

  private void enter(ParserRuleContext at, int levels) {
    depth += levels;
    if (depth > MAX_DEPTH) {
      depth -= levels; // the callers' finally blocks unwind the rest
      throw new TooDeep(pos(at));
    }
  }

  static final int MAX_DEPTH = 10_000;

  /** Code nested deeper than {@link #MAX_DEPTH} levels: the item is skipped with an error at {@code pos}. */
  static final class TooDeep extends RuntimeException {
    final Pos pos;

    TooDeep(Pos pos) {
      super(null, null, false, false);
      this.pos = pos;
    }
  }

  private Expr expression(ExpressionContext e) {
    Pos p = pos(e);
    if (e instanceof PrimaryExprContext pe) return primary(pe.primary());
    if (e instanceof SubscriptExprContext s) return new Expr.Index(p, expr(s.base), exprList(s.index));
    if (e instanceof CallExprContext c) {
      // "(T)(x)" with T a type is a cast, not a call of T
      String type = parenthesizedTypeName(c.callee);
      if (type != null && c.args != null && c.args.initializer().size() == 1
          && c.args.initializer(0).expression() != null) {
        return new Expr.Cast(p, namedType(type), expr(c.args.initializer(0).expression()));
      }
      // "obj.f<N>(x)", "obj.template f<N>(x)": the member's template arguments are the call's
      if (c.callee instanceof MemberTemplateExprContext mt) {
        return new Expr.Call(p, expr(c.callee), callTemplateArgs(mt.callTemplateArgs()), args(c.args),
            callTemplateValues(mt.callTemplateArgs()));
      }
      Expr callee = expr(c.callee);
      if (callee instanceof Expr.Name n && LaunchCalls.kernelArgument(n.name()) >= 0) launchesBuilt++;
      return new Expr.Call(p, callee, List.of(), args(c.args));
    }
    if (e instanceof MemberExprContext m) {
      return new Expr.Member(p, expr(m.base), m.member.getText(), m.op.getText().equals("->"));
    }
    if (e instanceof MemberTemplateExprContext m) {
      // "x.template f<N>": the member; its template arguments are followed where it is called (above)
      return new Expr.Member(p, expr(m.base), m.member.getText(), m.op.getText().equals("->"));
    }
    if (e instanceof MemberOperatorExprContext m) return unsupported(p, "an operator called by its name", m);
    if (e instanceof DestructorExprContext d) return unsupported(p, "a destructor called by its name", d);
    if (e instanceof QualifiedMemberExprContext q) {
      return unsupported(p, "a member named through its class, '" + q.getText() + "'", q);
    }
    if (e instanceof PostfixExprContext pf) return new Expr.Postfix(p, pf.op.getText(), expr(pf.operand));
    if (e instanceof UnaryExprContext u) return new Expr.Unary(p, u.op.getText(), expr(u.operand));
    if (e instanceof DeleteExprContext d) return unsupported(p, "a 'delete' expression", d);
    if (e instanceof SizeofTypeExprContext st) {
      // "sizeof(tile)" parses as sizeof(type-name); a name that is not a type is the variable's size
      String plain = plainName(st.typeName());
      if (plain != null && !isTypeName(plain)) return new Expr.SizeofExpr(p, new Expr.Name(pos(st.typeName()), plain));
      return new Expr.SizeofType(p, typeName(st.typeName()));
    }
    if (e instanceof SizeofExprContext se) return new Expr.SizeofExpr(p, expr(se.operand));
    if (e instanceof AlignofExprContext ae) return alignofCall(p, ae.typeName());
    if (e instanceof CastExprContext c) return cast(p, c);
    if (e instanceof CompoundLiteralExprContext c) {
      // C's (float2){a, b}: a temporary made from the items, as float2{a, b}
      TypeRef t = typeName(c.typeName());
      List<Expr> items = ((Expr.InitList) braceInit(c.braceInitializer())).items();
      if (t.builtin() || t.pointers() > 0 || !t.dims().isEmpty()) {
        return items.size() == 1 ? new Expr.Cast(p, t, items.get(0)) : unsupported(p, "a compound literal", c);
      }
      return new Expr.Call(p, new Expr.Name(p, t.base()), t.templateArgs(), items, t.templateValues());
    }
    if (e instanceof TernaryExprContext t) return new Expr.Ternary(p, expr(t.cond), expr(t.then), expr(t.otherwise));
    if (e instanceof AssignExprContext a) return compoundForm(new Expr.Assign(p, a.op.getText(), expr(a.left), initializer(a.right)));
    if (isCompleteBinary(e)) return binary(e);
    return unsupported(p, e.getText(), e);
  }

  private static boolean isCompleteBinary(ExpressionContext e) {
    return binaryOp(e) != null && e.getRuleContext(ExpressionContext.class, 0) != null
        && e.getRuleContext(ExpressionContext.class, 1) != null;
  }

  private static int precedence(String op) {
    return switch (op) {
      case "*", "/", "%" -> 10;
      case "+", "-" -> 9;
      case "<<", ">>" -> 8;
      case "<", ">", "<=", ">=" -> 7;
      case "==", "!=" -> 6;
      case "&" -> 5;
      case "^" -> 4;
      case "|" -> 3;
      case "&&" -> 2;
      default -> 1; // ||
    };
  }

  /**
   * A chain of binary operators, flattened (without recursion: long chains do not overflow the stack) and
   * rebuilt by precedence. The grammar parses "(T) - b" as a subtraction whatever T is; here, where T is
   * known to be a type, it becomes the cast "(T)(-b)", which binds tighter than any binary operator.
   */
  private Expr binary(ExpressionContext root) {
    List<ExpressionContext> operandCtx = new ArrayList<>();
    List<String> ops = new ArrayList<>();
    java.util.ArrayDeque<Object> work = new java.util.ArrayDeque<>();
    work.push(root);
    while (!work.isEmpty()) {
      Object o = work.pop();
      if (o instanceof Token t) {
        ops.add(t.getText());
      } else if (o instanceof ExpressionContext e && isCompleteBinary(e)) {
        work.push(e.getRuleContext(ExpressionContext.class, 1));
        work.push(binaryOp(e));
        work.push(e.getRuleContext(ExpressionContext.class, 0));
      } else {
        operandCtx.add((ExpressionContext) o);
      }
    }
    List<Expr> operands = new ArrayList<>();
    List<Pos> starts = new ArrayList<>();
    enter(root, ops.size()); // the chain may become that many levels (a + b + c + ...: one per operator)
    try {
      for (ExpressionContext c : operandCtx) {
        operands.add(expr(c));
        starts.add(pos(c));
      }
    } finally {
      depth -= ops.size();
    }
    for (int i = ops.size() - 1; i >= 0; i--) {
      String op = ops.get(i);
      String type = (op.equals("-") || op.equals("+") || op.equals("*") || op.equals("&"))
          ? parenthesizedTypeName(operandCtx.get(i)) : null;
      if (type == null) continue;
      Expr operand = operands.get(i + 1);
      Expr cast = new Expr.Cast(starts.get(i), namedType(type), new Expr.Unary(starts.get(i + 1), op, operand));
      operands.set(i, cast);
      operands.remove(i + 1);
      starts.remove(i + 1);
      operandCtx.remove(i + 1);
      ops.remove(i);
    }
    // "Policy < float4 > ::kStride" parses as two comparisons; a type cannot be compared, so it is a member
    for (int i = ops.size() - 2; i >= 0; i--) {
      if (ops.get(i).equals("<") && ops.get(i + 1).equals(">") && operands.get(i) instanceof Expr.Name owner
          && isTypeName(owner.name()) && operands.get(i + 2) instanceof Expr.Name member
          && member.name().startsWith("::")) {
        operands.set(i, new Expr.Name(starts.get(i),
            owner.name() + "<" + operandCtx.get(i + 1).getText() + ">" + member.name()));
        for (int k = 0; k < 2; k++) {
          operands.remove(i + 1);
          starts.remove(i + 1);
          operandCtx.remove(i + 1);
          ops.remove(i);
        }
      }
    }
    java.util.ArrayDeque<Expr> values = new java.util.ArrayDeque<>();
    java.util.ArrayDeque<Pos> valueStarts = new java.util.ArrayDeque<>();
    java.util.ArrayDeque<String> pending = new java.util.ArrayDeque<>();
    values.push(operands.get(0));
    valueStarts.push(starts.get(0));
    for (int i = 0; i < ops.size(); i++) {
      String op = ops.get(i);
      while (!pending.isEmpty() && precedence(pending.peek()) >= precedence(op)) reduce(values, valueStarts, pending);
      pending.push(op);
      values.push(operands.get(i + 1));
      valueStarts.push(starts.get(i + 1));
    }
    while (!pending.isEmpty()) reduce(values, valueStarts, pending);
    return values.pop();
  }

  private static void reduce(java.util.ArrayDeque<Expr> values, java.util.ArrayDeque<Pos> starts,
      java.util.ArrayDeque<String> pending) {
    Expr right = values.pop();
    starts.pop();
    Expr left = values.pop();
    Pos at = starts.peek();
    values.push(new Expr.Binary(at, pending.pop(), left, right));
  }

  /** "T" when {@code e} is "(T)" and T is a known type name, else null. */
  private String parenthesizedTypeName(ExpressionContext e) {
    if (e instanceof PrimaryExprContext pe && pe.primary() instanceof ParenExprContext paren && paren.fold == null
        && paren.expressionList().expression().size() == 1
        && paren.expressionList().expression(0) instanceof PrimaryExprContext inner
        && inner.primary() instanceof NameExprContext n && isTypeName(n.qualifiedName().getText())) {
      return n.qualifiedName().getText();
    }
    return null;
  }

  private static TypeRef namedType(String name) {
    return new TypeRef(name, null, List.of(), List.of(), 0, List.of(), false);
  }

  /** The name when a type-name is a bare (possibly qualified) name: no keywords, pointers or arguments. */
  private static String plainName(TypeNameContext tn) {
    if (tn.pointer().isEmpty() && tn.declModifier().isEmpty() && tn.abstractParenDeclarator() == null
        && tn.typeSpecifier() instanceof NamedTypeSpecContext n
        && n.templateArgs() == null && n.getChildCount() == 1) {
      return n.qualifiedName().getText();
    }
    return null;
  }

  private static Token binaryOp(ExpressionContext e) {
    if (e instanceof MulExprContext x) return x.op;
    if (e instanceof AddExprContext x) return x.op;
    if (e instanceof ShiftExprContext x) {
      if (!x.op.getText().equals(">")) return x.op;
      org.antlr.v4.runtime.CommonToken shift = new org.antlr.v4.runtime.CommonToken(x.op); // '>' '>' is ">>"
      shift.setText(">>");
      return shift;
    }
    if (e instanceof RelExprContext x) return x.op;
    if (e instanceof EqExprContext x) return x.op;
    if (e instanceof BitAndExprContext x) return x.op;
    if (e instanceof BitXorExprContext x) return x.op;
    if (e instanceof BitOrExprContext x) return x.op;
    if (e instanceof LogAndExprContext x) return x.op;
    if (e instanceof LogOrExprContext x) return x.op;
    return null;
  }

  /** "(a) - b" with 'a' not a type is a subtraction, not a cast of "-b". */
  private Expr cast(Pos p, CastExprContext c) {
    TypeNameContext tn = c.typeName();
    Expr operand = expr(c.operand);
    if (tn.pointer().isEmpty() && tn.declModifier().isEmpty() && tn.abstractParenDeclarator() == null
        && tn.typeSpecifier() instanceof NamedTypeSpecContext n && n.templateArgs() == null
        && !isTypeName(n.qualifiedName().getText()) && operand instanceof Expr.Unary u
        && (u.op().equals("-") || u.op().equals("+") || u.op().equals("*") || u.op().equals("&"))) {
      Expr left = new Expr.Name(pos(n), n.qualifiedName().getText());
      return new Expr.Binary(p, u.op(), left, u.operand());
    }
    return new Expr.Cast(p, typeName(tn), operand);
  }

  private boolean isTypeName(String name) {
    return typeNames.contains(name) || dev.bankcheck.types.Types.builtin(name) != null;
  }

  private Expr primary(PrimaryContext pc) {
    Pos p = pos(pc);
    if (pc instanceof IntLiteralContext i) return intLiteral(p, i.getText());
    if (pc instanceof FloatLiteralContext f) return new Expr.FloatLit(p, f.getText());
    if (pc instanceof CharLiteralContext c) return new Expr.IntLit(p, charValue(c.getText()));
    if (pc instanceof StringLiteralContext s) return new Expr.StringLit(p, s.getText());
    if (pc instanceof KeywordLiteralContext k) return new Expr.IntLit(p, k.getText().equals("true") ? 1 : 0);
    if (pc instanceof LaunchExprContext l) {
      List<TypeRef> targs = l.templateArgs() == null ? List.of() : templateArgs(l.templateArgs());
      List<Expr> tvals = l.templateArgs() == null ? List.of() : templateValues(l.templateArgs());
      launchesBuilt++;
      return new Expr.Launch(p, l.kernel.getText(), targs, args(l.config), args(l.args), tvals);
    }
    if (pc instanceof TemplateCallExprContext tc) {
      return new Expr.Call(p, new Expr.Name(p, tc.callee.getText()), callTemplateArgs(tc.callTemplateArgs()),
          args(tc.args), callTemplateValues(tc.callTemplateArgs()));
    }
    if (pc instanceof TemplateMemberCallExprContext mc) {
      return new Expr.Call(p, new Expr.Name(p, memberOfWritten(mc.owner, mc.ownerArgs, mc.Identifier())),
          callTemplateArgs(mc.callTemplateArgs(1)), args(mc.args), callTemplateValues(mc.callTemplateArgs(1)));
    }
    if (pc instanceof CppCastExprContext c) return new Expr.Cast(p, typeName(c.typeName()), expr(c.operand));
    if (pc instanceof NewExprContext ne) return unsupported(p, "a 'new' expression", ne);
    if (pc instanceof TypeidExprContext ti) return unsupported(p, "'typeid'", ti);
    if (pc instanceof FunctionalCastExprContext f) {
      List<String> words = new ArrayList<>();
      for (BuiltinTypeContext w : f.builtinType()) words.add(w.getText());
      TypeRef t = builtin(String.join(" ", words));
      List<Expr> a = f.braceInitializer() != null ? ((Expr.InitList) braceInit(f.braceInitializer())).items()
          : args(f.argumentList());
      return a.size() == 1 ? new Expr.Cast(p, t, a.get(0)) : unsupported(p, "functional cast", f);
    }
    if (pc instanceof TypenameCastExprContext tc) {
      List<Expr> a = tc.braceInitializer() != null ? ((Expr.InitList) braceInit(tc.braceInitializer())).items()
          : args(tc.argumentList());
      return a.size() == 1 ? new Expr.Cast(p, typeSpec(tc.typeSpecifier()), a.get(0)) : unsupported(p, "a temporary of a"
          + " dependent type", tc);
    }
    if (pc instanceof DecltypeExprContext d) return unsupported(p, "'" + d.getStart().getText() + "'", d);
    if (pc instanceof BraceTemporaryExprContext b) {
      // "Packed128<T>{v}", "View{s}": a temporary object, built like "View(s)" (its arguments are evaluated)
      CallTemplateArgsContext ta = b.callTemplateArgs();
      return new Expr.Call(p, new Expr.Name(p, b.qualifiedName().getText()), ta == null ? List.of() : callTemplateArgs(ta),
          ((Expr.InitList) braceInit(b.braceInitializer())).items(), ta == null ? List.of() : callTemplateValues(ta));
    }
    if (pc instanceof NameExprContext n) return new Expr.Name(p, n.qualifiedName().getText());
    // std::numeric_limits<float>::max(), traits<T>::qk: a name the analysis does not define (its value is unknown)
    if (pc instanceof TemplateMemberExprContext m) {
      return new Expr.Name(p, memberOfWritten(m.qualifiedName(), m.callTemplateArgs(), m.Identifier()));
    }
    if (pc instanceof FoldExprContext f) return unsupported(p, "a fold expression", f);
    if (pc instanceof OperatorNameExprContext o) return unsupported(p, "an operator called by its name", o);
    if (pc instanceof SizeofPackExprContext sp) return new Expr.Name(p, Function.TemplateParam.lengthOf(sp.Identifier().getText()));
    if (pc instanceof TemplateIdExprContext t) {
      return new Expr.TemplateId(p, t.qualifiedName().getText(), callTemplateArgs(t.callTemplateArgs()),
          callTemplateValues(t.callTemplateArgs()));
    }
    if (pc instanceof ParenExprContext pe) {
      return pe.fold == null ? exprList(pe.expressionList()) : unsupported(p, "a fold expression", pe);
    }
    if (pc instanceof LambdaExprContext l) return lambda(p, l);
    if (pc instanceof StatementExprContext se) return statementExpression(p, se);
    String text = pc.getText();
    return unsupported(p, "'" + (text.length() > 40 ? text.substring(0, 37) + "..." : text) + "'", pc);
  }

  /**
   * The value of a range-based for loop's variable: not modelled (the loop runs as "any iteration"), but a use of
   * shared memory in its range is listed (see Expr.Unsupported).
   */
  private Expr range(ExpressionContext range, BraceInitializerContext list) {
    ParserRuleContext ctx = range != null ? range : list;
    return unsupported(pos(ctx), "an element of the range of a range-based for loop", ctx);
  }

  /** An expression the IR does not model, with the variables it names (not members, callees or qualifiers). */
  private Expr.Unsupported unsupported(Pos p, String what, ParserRuleContext ctx) {
    List<Token> tokens = new ArrayList<>();
    terminals(ctx, tokens);
    List<Expr.Name> names = new ArrayList<>();
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      String before = i > 0 ? tokens.get(i - 1).getText() : "";
      String after = i + 1 < tokens.size() ? tokens.get(i + 1).getText() : "";
      if (t.getType() == CudaParser.Identifier && !before.equals(".") && !before.equals("->") && !before.equals("::")
          && !after.equals("(") && !after.equals("::") && !isTypeName(t.getText())) {
        names.add(new Expr.Name(pos(t), t.getText()));
      }
    }
    return new Expr.Unsupported(p, what, List.copyOf(names));
  }

  /**
   * A lambda, with the names its body uses and what it does with them: a store when subscripted and assigned, an
   * atomic when an argument of {@code atomic...()}, else a load (see Expr.Lambda).
   */
  private Expr lambda(Pos p, LambdaExprContext l) {
    List<Token> body = new ArrayList<>();
    List<Token> params = null;
    boolean in = false;
    for (ParseTree c : l.children) {
      in |= c instanceof TerminalNode t && t.getText().equals("{"); // the first '{' of the lambda itself
      if (in) terminals(c, body);
      else if (c instanceof TerminalNode t && t.getText().equals("(") && params == null) params = new ArrayList<>();
      else if (c instanceof BalancedContext && params != null) terminals(c, params);
    }
    Function function = lambdaFunction(p, body, params == null ? List.of() : params);
    return new Expr.Lambda(p, usesIn(body), function);
  }

  /**
   * GNU's statement expression {@code ({ int t = x; t; })}: a lambda called in place, whose value is its last
   * expression statement's.
   */
  private Expr statementExpression(Pos p, StatementExprContext se) {
    Stmt.Block b = block(se.compoundStatement());
    List<Stmt> items = new ArrayList<>(b.items());
    if (!items.isEmpty() && items.get(items.size() - 1) instanceof Stmt.ExprStmt last) {
      items.set(items.size() - 1, new Stmt.Return(last.pos(), last.expr()));
    }
    Function f = new Function(p, "statement expression@" + p.line() + ":" + p.column(), Set.of("__device__"),
        builtin("auto"), List.of(), new Stmt.Block(b.pos(), List.copyOf(items)), List.of(), false);
    List<Token> body = new ArrayList<>();
    terminals(se.compoundStatement(), body);
    return new Expr.Call(p, new Expr.Lambda(p, usesIn(body), f), List.of(), List.of(), List.of());
  }

  /** The names a lambda's body (its tokens, braces included) uses, each with what the body does with it. */
  private List<Expr.Lambda.Use> usesIn(List<Token> body) {
    List<Expr.Lambda.Use> uses = new ArrayList<>();
    for (int i = 1; i < body.size() - 1; i++) {
      Token t = body.get(i);
      String before = body.get(i - 1).getText();
      String after = body.get(i + 1).getText();
      if (t.getType() != CudaParser.Identifier || before.equals(".") || before.equals("->") || before.equals("::")
          || after.equals("(") || after.equals("::")) {
        continue;
      }
      String op = assignedAfterSubscripts(body, i + 1) ? "store" : inAtomicCall(body, i) ? "atomic"
          : assigned(body, i) ? "assign" : "load";
      uses.add(new Expr.Lambda.Use(new Expr.Name(pos(t), t.getText()), op));
    }
    return List.copyOf(uses);
  }

  /**
   * A lambda as a function of its own, named by its place, where its parameters and body parse (parsed apart: the
   * item keeps a lambda as tokens, so that one it cannot parse costs nothing around it); else null. Positions come
   * from the item's tokens, which the parts' tokens are a run of.
   */
  private Function lambdaFunction(Pos p, List<Token> body, List<Token> params) {
    LambdaParametersEofContext paramsCtx = params.isEmpty() ? null
        : CudaParserFacade.parsePart(params, CudaParser::lambdaParametersEof);
    LambdaBodyEofContext bodyCtx = CudaParserFacade.parsePart(body, CudaParser::lambdaBodyEof);
    if (bodyCtx == null || !params.isEmpty() && paramsCtx == null) return null;
    Pos[] itemPositions = positions;
    try {
      positions = Arrays.copyOfRange(itemPositions, params.isEmpty() ? 0 : params.get(0).getTokenIndex(),
          itemPositions.length);
      List<VarDecl> parameters = paramsCtx == null ? List.of() : params(paramsCtx.parameterList());
      positions = Arrays.copyOfRange(itemPositions, body.get(0).getTokenIndex(), itemPositions.length);
      int launchesBefore = launchesBuilt;
      Stmt.Block block = block(bodyCtx.compoundStatement());
      return new Function(p, "lambda@" + p.line() + ":" + p.column(), Set.of("__device__"), builtin("auto"), parameters,
          block, List.of(), launchesBuilt > launchesBefore);
    } finally {
      positions = itemPositions;
    }
  }

  private static void terminals(ParseTree tree, List<Token> out) {
    if (tree instanceof TerminalNode t) out.add(t.getSymbol());
    else for (int i = 0; i < tree.getChildCount(); i++) terminals(tree.getChild(i), out);
  }

  /** Whether subscripts start at {@code i} and an assignment operator follows them. */
  private static boolean assignedAfterSubscripts(List<Token> t, int i) {
    if (i >= t.size() || !t.get(i).getText().equals("[")) return false;
    int depth = 0;
    for (; i < t.size(); i++) {
      String s = t.get(i).getText();
      if (s.equals("[")) depth++;
      else if (s.equals("]")) depth--;
      else if (depth == 0) break;
    }
    return i < t.size() && isAssignment(t.get(i).getText());
  }

  /** Whether the name at token {@code i} is itself assigned: {@code x = ...}, {@code x += ...}, {@code ++x}, {@code x--}. */
  private static boolean assigned(List<Token> t, int i) {
    String after = t.get(i + 1).getText();
    String before = t.get(i - 1).getText();
    return after.equals("++") || after.equals("--") || before.equals("++") || before.equals("--") || isAssignment(after);
  }

  private static boolean isAssignment(String op) {
    return op.endsWith("=") && !op.equals("==") && !op.equals("!=") && !op.equals("<=") && !op.equals(">=");
  }

  /** Whether token {@code i} is inside the arguments of a call to a function named atomic...(). */
  private static boolean inAtomicCall(List<Token> t, int i) {
    int depth = 0;
    for (int j = i - 1; j > 0; j--) {
      String s = t.get(j).getText();
      if (s.equals(")")) depth++;
      else if (s.equals("(") && depth-- == 0) {
        String callee = t.get(j - 1).getText();
        if (callee.startsWith("atomic")) return true;
      } else if (s.equals(";") || s.equals("{") || s.equals("}")) {
        return false;
      }
    }
    return false;
  }

  /** The literal's value; one over 64 bits (an error for the compiler) or with a suffix not known here has none. */
  private static Expr intLiteral(Pos p, String text) {
    Long v = parseInt(text);
    return v != null ? new Expr.IntLit(p, v)
        : new Expr.Unsupported(p, "the integer literal " + (text.length() > 24 ? text.substring(0, 21) + "..." : text)
            + " does not fit in 64 bits or has an unknown suffix");
  }

  /** The value of an integer literal, or null where it has more than 64 bits or a suffix not known here. */
  private static Long parseInt(String text) {
    String s = text.replace("'", "").toLowerCase();
    while (!s.isEmpty() && (s.endsWith("u") || s.endsWith("l"))) s = s.substring(0, s.length() - 1);
    try {
      if (s.startsWith("0x")) return Long.parseUnsignedLong(s.substring(2), 16);
      if (s.startsWith("0b")) return Long.parseUnsignedLong(s.substring(2), 2);
      if (s.length() > 1 && s.startsWith("0")) return Long.parseUnsignedLong(s.substring(1), 8);
      return Long.parseUnsignedLong(s);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  static long charValue(String text) {
    int q = text.indexOf('\'');
    String body = text.substring(q + 1, text.length() - 1);
    if (body.startsWith("\\") && body.length() > 1) {
      char c = body.charAt(1);
      if (c == 'x' || c == 'X') return parseEscape(body.substring(2), 16);
      if (c >= '0' && c <= '7') return parseEscape(body.substring(1, Math.min(body.length(), 4)), 8);
      return switch (c) {
        case 'n' -> 10;
        case 't' -> 9;
        case 'r' -> 13;
        case 'a' -> 7;
        case 'b' -> 8;
        case 'f' -> 12;
        case 'v' -> 11;
        case 'e' -> 27;
        default -> c; // \\ \' \" \?
      };
    }
    return body.isEmpty() ? 0 : body.codePointAt(0);
  }

  private static long parseEscape(String digits, int radix) {
    try {
      return Long.parseLong(digits, radix);
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
