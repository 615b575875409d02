package dev.bankcheck.hwcheck;

import dev.bankcheck.ir.Function;
import dev.bankcheck.ir.TranslationUnit;
import dev.bankcheck.ir.VarDecl;
import dev.bankcheck.parse.CudaParserFacade;
import dev.bankcheck.source.PreprocessResult;
import dev.bankcheck.source.Preprocessor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One sample file as the hardware check needs it: the options of its {@code // RUN:} line that apply to the
 * hardware (defines, include folders, block shape; bank-model options are dropped, since the GPU has 32 banks of 4
 * bytes), and its kernels with their parameter names, read with bankcheck's own preprocessor and parser.
 */
public record Sample(Path path, String display, String text, Map<String, String> defines, List<String> includeDirs,
    String block, List<String> droppedOptions, List<Kernel> kernels) {

  /**
   * A kernel defined in the sample; {@code instantiations} holds template argument lists as written;
   * {@code enumParams}, for each template parameter, the enum it takes a value of, else null.
   */
  public record Kernel(String qualifiedName, String name, int line, List<String> params, boolean template,
      List<String> instantiations, List<String> enumParams) {
    /**
     * {@code values} (bankcheck's "1, float") as template arguments: a number for an enum parameter is cast
     * to the enum ({@code (Model)1}), which no integer converts to implicitly.
     */
    public String templateArguments(String values) {
      List<String> out = new ArrayList<>();
      String[] parts = values.split(", ");
      for (int i = 0; i < parts.length; i++) {
        String e = i < enumParams.size() ? enumParams.get(i) : null;
        out.add(e != null && parts[i].matches("-?\\d+") ? "(" + e + ")" + parts[i] : parts[i]);
      }
      return String.join(", ", out);
    }
  }

  private static final Pattern RUN = Pattern.compile("^\\s*//\\s*RUN:(.*)$", Pattern.MULTILINE);

  public static Sample read(Path path, String display) throws IOException {
    String text = Files.readString(path, StandardCharsets.UTF_8);
    Map<String, String> defines = new LinkedHashMap<>();
    List<String> includes = new ArrayList<>();
    List<String> dropped = new ArrayList<>();
    String block = null;
    Matcher m = RUN.matcher(text);
    while (m.find()) {
      String[] words = m.group(1).trim().split("\\s+");
      for (int i = 0; i < words.length; i++) {
        String w = words[i];
        if (w.isEmpty()) continue;
        if (w.equals("-D") && i + 1 < words.length) define(defines, words[++i]);
        else if (w.startsWith("-D") && w.length() > 2) define(defines, w.substring(2));
        else if (w.equals("-I") && i + 1 < words.length) includes.add(words[++i]);
        else if (w.equals("--block") && i + 1 < words.length) block = words[++i];
        else if ((w.equals("--banks") || w.equals("--bank-bytes") || w.equals("--warp-size")) && i + 1 < words.length) {
          dropped.add(w + " " + words[++i]);
        } else {
          dropped.add(w);
        }
      }
    }
    List<Path> includePaths = new ArrayList<>();
    for (String inc : includes) includePaths.add(path.toAbsolutePath().getParent().resolve(inc).normalize());
    PreprocessResult pp = new Preprocessor(includePaths, defines).process(path, display, text);
    CudaParserFacade.Result parsed = CudaParserFacade.parse(pp.tokens());
    String code = stripComments(text);
    Set<String> enums = new HashSet<>();
    for (TranslationUnit.EnumDef e : parsed.unit().enums()) enums.add(e.name());
    List<Kernel> kernels = new ArrayList<>();
    for (TranslationUnit.Item item : parsed.unit().items()) {
      if (!(item instanceof TranslationUnit.FunctionItem)) continue;
      Function f = ((TranslationUnit.FunctionItem) item).function();
      if (!f.isKernel() || f.body() == null || !f.pos().file().equals(display)) continue;
      List<String> params = new ArrayList<>();
      for (VarDecl p : f.params()) params.add(p.name() == null ? "" : p.name());
      boolean template = f.templateParams() != null && !f.templateParams().isEmpty();
      String qualifier = namespaceAt(code, f.pos().line());
      List<String> enumParams = new ArrayList<>();
      for (Function.TemplateParam p : template ? f.templateParams() : List.<Function.TemplateParam>of()) {
        enumParams.add(!p.type() && p.valueType() != null && enums.contains(p.valueType().base())
            ? p.valueType().base() : null);
      }
      kernels.add(new Kernel(qualifier.isEmpty() ? f.name() : qualifier + "::" + f.name(), f.name(), f.pos().line(),
          params, template, template ? instantiations(code, f.name()) : List.of(), enumParams));
    }
    return new Sample(path, display, text, defines, includes, block, dropped, kernels);
  }

  private static final Pattern NAMESPACE = Pattern.compile("\\Gnamespace\\s+([A-Za-z_][\\w:]*)?\\s*\\{");

  /**
   * The namespaces around the start of {@code line} in comment-free code, as a qualifier ("a::b", "" at file
   * scope; an anonymous namespace adds nothing), found by matching braces.
   */
  static String namespaceAt(String code, int line) {
    List<String> stack = new ArrayList<>();
    int currentLine = 1;
    for (int i = 0; i < code.length() && currentLine < line; i++) {
      char c = code.charAt(i);
      if (c == '\n') currentLine++;
      else if (c == '"' || c == '\'') {
        int j = i + 1;
        while (j < code.length() && code.charAt(j) != c && code.charAt(j) != '\n') j += code.charAt(j) == '\\' ? 2 : 1;
        i = Math.min(j, code.length() - 1);
      } else if (c == 'n' && (i == 0 || !Character.isJavaIdentifierPart(code.charAt(i - 1)))) {
        Matcher m = NAMESPACE.matcher(code);
        if (m.find(i) && m.start() == i) {
          stack.add(m.group(1) == null ? "" : m.group(1));
          for (int k = i; k < m.end(); k++) if (code.charAt(k) == '\n') currentLine++;
          i = m.end() - 1;
        }
      } else if (c == '{') stack.add(null);
      else if (c == '}' && !stack.isEmpty()) stack.remove(stack.size() - 1);
    }
    List<String> names = new ArrayList<>();
    for (String s : stack) if (s != null && !s.isEmpty()) names.add(s);
    return String.join("::", names);
  }

  private static void define(Map<String, String> defines, String d) {
    int eq = d.indexOf('=');
    if (eq < 0) defines.put(d, "1");
    else defines.put(d.substring(0, eq), d.substring(eq + 1));
  }

  /**
   * Template argument lists of {@code name} in explicit instantiations ({@code template __global__ void k<float>(...)})
   * and launches ({@code k<32, float><<<...>>>}), as written, in source order, without repeats.
   */
  static List<String> instantiations(String code, String name) {
    Pattern p = Pattern.compile("\\b" + Pattern.quote(name) + "\\s*<([^;{}()<>]*(?:<[^;{}()<>]*>[^;{}()<>]*)*)>\\s*(?:<<<|\\()");
    Set<String> found = new LinkedHashSet<>();
    Matcher m = p.matcher(code);
    while (m.find()) found.add(m.group(1).trim().replaceAll("\\s+", " ").replaceAll(" ?, ?", ", "));
    return new ArrayList<>(found);
  }

  /** The text with comments replaced by spaces (string literals are left alone). */
  static String stripComments(String s) {
    StringBuilder out = new StringBuilder(s.length());
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == '"' || c == '\'') {
        int j = i + 1;
        while (j < s.length() && s.charAt(j) != c && s.charAt(j) != '\n') j += s.charAt(j) == '\\' ? 2 : 1;
        j = Math.min(j + 1, s.length());
        out.append(s, i, j);
        i = j;
      } else if (s.startsWith("//", i)) {
        while (i < s.length() && s.charAt(i) != '\n') { out.append(' '); i++; }
      } else if (s.startsWith("/*", i)) {
        int end = s.indexOf("*/", i + 2);
        end = end < 0 ? s.length() : end + 2;
        for (; i < end; i++) out.append(s.charAt(i) == '\n' ? '\n' : ' ');
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  private static final Pattern SHARED = Pattern.compile("\\b__shared__\\b");

  /**
   * The sample with {@code volatile} after every {@code __shared__} in code (comments untouched, lines and columns
   * of everything before the insertions kept): every access to shared memory then stays one instruction of the
   * width written, neither dropped, merged nor narrowed. Samples where this does not compile (atomics, vector
   * types and pointers need non-volatile memory) are built as they are.
   */
  public String volatileCopy() {
    String code = stripComments(text);
    StringBuilder sb = new StringBuilder(text);
    List<Integer> ends = new ArrayList<>();
    Matcher m = SHARED.matcher(code);
    while (m.find()) ends.add(m.end());
    for (int i = ends.size() - 1; i >= 0; i--) sb.insert(ends.get(i), " volatile");
    return sb.toString();
  }

  /** Whether the sample declares dynamic shared memory ({@code extern __shared__}). */
  public boolean usesDynamicShared() {
    return Pattern.compile("\\bextern\\s+__shared__|__shared__\\s+extern\\b").matcher(stripComments(text)).find();
  }
}
