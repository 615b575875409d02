package dev.bankcheck.report;

import dev.bankcheck.bank.BankModel;
import dev.bankcheck.check.FileReport;
import dev.bankcheck.check.Finding;
import dev.bankcheck.check.Verdict;
import dev.bankcheck.source.Lines;
import dev.bankcheck.source.Pos;
import dev.bankcheck.source.SourceError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * One self-contained HTML page (inline CSS, one inline script, nothing fetched): run header, summary
 * with the worst offenders, a sortable and filterable table of every access, and each file's source
 * with accessed lines colored by ways and the findings beside them. Details of a finding (its reason,
 * assumptions, fix with the edited line before and after, and the bank pictures before and after) are
 * drawn by the script, on demand, from a JSON block; so the page opens fast with thousands of findings.
 *
 * <p>Safety: every text from a report or a source file goes through {@link #escape} in markup; the JSON
 * block has {@code < > & = '} and U+2028/2029 written as {@code \\uXXXX}, so no text can close the block;
 * the script builds the details with text nodes only. A Content-Security-Policy allows exactly the
 * page's own script (by its SHA-256) and forbids everything else, including any network access.
 */
public final class HtmlReporter implements Reporter {
  static final String CSS = resource("report.css");
  static final String JS = resource("report.js");
  private static final String SCRIPT_HASH = sha256(JS);
  /** Worst offenders listed in the summary. */
  private static final int OFFENDERS = 10;

  private final Function<String, Optional<String>> sourceReader;

  /** Reads sources from the file system, by the path in each report. */
  public HtmlReporter() {
    this(SourceLines::readText);
  }

  /** For tests: {@code sourceReader} gives a file's text by its report path, or empty. */
  public HtmlReporter(Function<String, Optional<String>> sourceReader) {
    this.sourceReader = sourceReader;
  }

  /** The one escape function, for text and attribute values alike: every report or source text passes through it. */
  public static String escape(String text) {
    if (text == null) return "";
    StringBuilder sb = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> sb.append("&amp;");
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&#39;");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }

  @Override
  public void write(Report report, Appendable out) throws IOException {
    new Page(report).render(out);
  }

  /** The state of one rendering: the findings in report order, their indices, the sources read. */
  private final class Page {
    final Report report;
    final List<Finding> findings;
    final Map<Finding, Integer> index = new IdentityHashMap<>();
    /** The file a finding is in: its position's, or its file report's when the position names none. */
    final Map<Finding, String> fileOf = new IdentityHashMap<>();
    /** Every file whose source is shown, in report order then by first mention, with its section number. */
    final Map<String, Integer> sourceIds = new LinkedHashMap<>();
    final Map<String, Optional<String[]>> sourceLines = new HashMap<>();
    final StringBuilder sb = new StringBuilder(1 << 16);

    Page(Report report) {
      this.report = report;
      this.findings = report.sortedFindings();
      for (int i = 0; i < findings.size(); i++) index.put(findings.get(i), i);
      for (FileReport file : report.files()) sourceIds.putIfAbsent(file.path(), sourceIds.size());
      for (FileReport file : report.files()) {
        for (Finding f : file.findings()) {
          fileOf.put(f, Messages.file(f.pos(), file.path()));
          sourceIds.putIfAbsent(fileOf.get(f), sourceIds.size());
        }
        for (SourceError e : file.errors()) sourceIds.putIfAbsent(Messages.file(e.pos(), file.path()), sourceIds.size());
      }
    }

    void render(Appendable out) throws IOException {
      this.out = out;
      try {
        renderPage();
      } catch (UncheckedIOException e) {
        throw e.getCause();
      }
    }

    /** Where the page goes: written out in parts (see {@link #spill}) so a large report is never whole in memory. */
    private Appendable out;

    /** Hands what is built so far to the output once it is large. */
    private void spill() {
      if (sb.length() < 1 << 16) return;
      try {
        out.append(sb);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      sb.setLength(0);
    }

    private void renderPage() throws IOException {
      Report.Summary s = report.summary();
      sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
          .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
          .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; ")
          .append("script-src '").append(SCRIPT_HASH).append("'\">\n")
          .append("<title>bankcheck: ").append(s.conflicts()).append(s.conflicts() == 1 ? " conflict" : " conflicts")
          .append(" in ").append(s.files()).append(s.files() == 1 ? " file" : " files").append("</title>\n")
          .append("<style>\n").append(CSS).append("</style>\n</head>\n<body>\n");
      header();
      summary(s);
      table();
      errors();
      sources();
      sb.append("<script type=\"application/json\" id=\"bc-data\">");
      out.append(sb);
      sb.setLength(0);
      HtmlData.write(out, report, findings, this::lines);
      sb.append("</script>\n<script>").append(JS).append("</script>\n</body>\n</html>\n");
      out.append(sb);
    }

    private void header() {
      var bank = report.bank();
      sb.append("<header>\n<h1>bankcheck report</h1>\n<p class=\"meta\">bankcheck ").append(escape(report.toolVersion()))
          .append(" &middot; bank model: ").append(bank.banks()).append(" banks of ").append(bank.bankBytes())
          .append(" bytes, warps of ").append(bank.warpSize()).append(" lanes &middot; lane groups: ");
      List<String> groups = new ArrayList<>();
      for (int w : new int[] {4, 8, 16}) {
        groups.add(BankModel.lanesPerGroup(w, bank) + " lanes for " + (w == 4 ? "1- to 4" : String.valueOf(w)) + "-byte accesses");
      }
      sb.append(escape(String.join(", ", groups))).append("</p>\n");
      sb.append("<nav><a href=\"#summary\">Summary</a> <a href=\"#accesses\">Accesses</a> ");
      if (hasErrors()) sb.append("<a href=\"#errors\">Errors</a> ");
      sb.append("<a href=\"#sources\">Sources</a></nav>\n");
      sb.append("<h2 class=\"sub\">Assumptions</h2>\n<ul class=\"assume\">\n");
      for (String a : report.assumptions()) sb.append("<li>").append(escape(a)).append("</li>\n");
      blockShapes();
      sb.append("</ul>\n");
      Map<String, Integer> counts = new LinkedHashMap<>();
      for (Finding f : findings) {
        for (String a : f.assumptions() == null ? List.<String>of() : f.assumptions()) counts.merge(a, 1, Integer::sum);
      }
      if (!counts.isEmpty()) {
        List<Map.Entry<String, Integer>> sorted = new ArrayList<>(counts.entrySet());
        sorted.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        sb.append("<details class=\"assume\"><summary>What the findings assume (").append(sorted.size())
            .append(" distinct assumptions; block shapes per kernel are in the kernel table)</summary>\n")
            .append("<table class=\"sortable\"><thead><tr><th data-type=\"text\">assumption</th>")
            .append("<th data-type=\"num\">accesses</th></tr></thead><tbody>\n");
        for (Map.Entry<String, Integer> e : sorted) {
          sb.append("<tr><td>").append(escape(e.getKey())).append("</td><td class=\"num\" data-v=\"")
              .append(e.getValue()).append("\">").append(e.getValue()).append("</td></tr>\n");
        }
        sb.append("</tbody></table></details>\n");
      }
      sb.append("</header>\n");
    }

    /** One item: the block shapes the accesses were analyzed with, most used first, without where each came from. */
    private void blockShapes() {
      Map<String, int[]> shapes = new LinkedHashMap<>();
      Map<String, Set<String>> kernelsOf = new HashMap<>();
      for (Finding f : findings) {
        for (String a : f.assumptions() == null ? List.<String>of() : f.assumptions()) {
          if (!a.contains("blockDim")) continue;
          String shape = shapeOf(a);
          shapes.computeIfAbsent(shape, k -> new int[1])[0]++;
          kernelsOf.computeIfAbsent(shape, k -> new LinkedHashSet<>()).add(fileOf.get(f) + "\u0000" + f.kernel());
        }
      }
      if (shapes.isEmpty()) return;
      List<Map.Entry<String, int[]>> sorted = new ArrayList<>(shapes.entrySet());
      sorted.sort(Comparator.comparingInt((Map.Entry<String, int[]> e) -> e.getValue()[0]).reversed());
      List<String> parts = new ArrayList<>();
      for (Map.Entry<String, int[]> e : sorted) {
        int kernels = kernelsOf.get(e.getKey()).size();
        parts.add(e.getKey() + ": " + e.getValue()[0] + (e.getValue()[0] == 1 ? " access" : " accesses") + " in " + kernels
            + (kernels == 1 ? " kernel" : " kernels"));
      }
      sb.append("<li>Block shapes the accesses were analyzed with: ").append(escape(String.join("; ", parts)))
          .append("</li>\n");
    }

    private void summary(Report.Summary s) {
      int analyzed = 0;
      int partial = 0;
      int failed = 0;
      for (FileReport f : report.files()) {
        switch (f.status()) {
          case ANALYZED -> analyzed++;
          case PARTIAL -> partial++;
          default -> failed++;
        }
      }
      Map<String, Kernel> kernels = kernels();
      int dataDependent = 0;
      int suppressed = 0;
      TreeMap<Integer, Integer> byWays = new TreeMap<>(Comparator.reverseOrder());
      for (Finding f : findings) {
        if (f.suppressed()) suppressed++;
        else if (f.verdict() == Verdict.DATA_DEPENDENT) dataDependent++;
        if (f.verdict() == Verdict.CONFLICT && !f.suppressed() && f.ways() != null) byWays.merge(f.ways(), 1, Integer::sum);
      }
      sb.append("<section id=\"summary\">\n<h2>Summary</h2>\n<div class=\"cards\">\n");
      card(String.valueOf(s.files()), "files", analyzed + " analyzed" + (partial > 0 ? ", " + partial + " partly" : "")
          + (failed > 0 ? ", " + failed + " failed" : ""));
      card(String.valueOf(kernels.size()), "kernels", "with shared-memory accesses");
      card(String.valueOf(s.accesses()), "accesses", "to shared memory");
      card(String.valueOf(s.conflicts()), "conflicts", "unsuppressed, ways of 2 or more", s.conflicts() > 0 ? "bad" : "good");
      card(String.valueOf(dataDependent), "data-dependent", "index read from memory", null);
      card(String.valueOf(s.unknown()), "unknown", "could not be analyzed", null);
      card(String.valueOf(suppressed), "suppressed", "by bankcheck: ignore", null);
      card(s.worstWays() + "-way", "worst", "highest unsuppressed ways", waysClass(s.worstWays()));
      sb.append("</div>\n");

      sb.append("<div class=\"cols\">\n<div>\n<h3>Conflicts by ways</h3>\n");
      if (byWays.isEmpty()) {
        sb.append("<p class=\"muted\">No unsuppressed conflicts.</p>\n");
      } else {
        int max = byWays.values().stream().mapToInt(Integer::intValue).max().orElse(1);
        sb.append("<table class=\"bars\">\n");
        for (Map.Entry<Integer, Integer> e : byWays.entrySet()) {
          int pct = Math.max(2, 100 * e.getValue() / max);
          sb.append("<tr><th>").append(e.getKey()).append("-way</th><td class=\"num\">").append(e.getValue())
              .append("</td><td class=\"bar\"><span class=\"").append(waysClass(e.getKey())).append("\" style=\"width:")
              .append(pct).append("%\"></span></td></tr>\n");
        }
        sb.append("</table>\n");
      }
      sb.append("</div>\n<div>\n<h3>Worst offenders</h3>\n");
      List<Finding> worst = new ArrayList<>();
      for (Finding f : findings) {
        if (!f.suppressed() && f.verdict() == Verdict.CONFLICT && f.ways() != null) worst.add(f);
      }
      worst.sort(Comparator.comparing((Finding f) -> f.ways()).reversed()
          .thenComparing(f -> excess(f), Comparator.reverseOrder())
          .thenComparing(f -> index.get(f)));
      if (worst.isEmpty()) {
        sb.append("<p class=\"muted\">None.</p>\n");
      } else {
        sb.append("<ol class=\"offenders\">\n");
        for (Finding f : worst.subList(0, Math.min(OFFENDERS, worst.size()))) {
          Pos pos = f.pos() == null ? Pos.NONE : f.pos();
          sb.append("<li><a href=\"#finding-").append(index.get(f)).append("\"><span class=\"b ")
              .append(waysClass(f.ways())).append("\">").append(f.ways()).append("-way</span> ")
              .append(escape(Messages.target(f))).append("</a> <span class=\"muted\">")
              .append(escape(fileOf.get(f) + ":" + pos.line() + ":" + pos.column())).append(" in ").append(escape(f.kernel()))
              .append(f.fix() != null ? "; fix: " + f.fix().waysAfter() + "-way after" : "")
              .append("</span></li>\n");
        }
        sb.append("</ol>\n");
      }
      sb.append("</div>\n</div>\n");
      kernelTable(kernels);
      sb.append("</section>\n");
    }

    private void card(String value, String label, String hint) {
      card(value, label, hint, null);
    }

    private void card(String value, String label, String hint, String cls) {
      sb.append("<div class=\"card").append(cls == null ? "" : " " + cls).append("\"><div class=\"v\">")
          .append(escape(value)).append("</div><div class=\"k\">").append(escape(label))
          .append("</div><div class=\"h\">").append(escape(hint)).append("</div></div>\n");
    }

    /** Kernels: one entry per (file, kernel) pair with accesses. */
    private Map<String, Kernel> kernels() {
      Map<String, Kernel> kernels = new LinkedHashMap<>();
      for (Finding f : findings) {
        String file = fileOf.get(f);
        String name = f.kernel() == null ? "" : f.kernel();
        Kernel k = kernels.computeIfAbsent(file + "\u0000" + name, key -> new Kernel(file, name, index.get(f)));
        k.accesses++;
        if (!f.suppressed() && f.verdict() == Verdict.CONFLICT) k.conflicts++;
        if (!f.suppressed() && f.ways() != null) k.worst = Math.max(k.worst, f.ways());
        if (!f.suppressed() && f.ways() != null) k.excess += excess(f);
        for (String a : f.assumptions() == null ? List.<String>of() : f.assumptions()) {
          if (a.contains("blockDim") || a.contains("launch shape")) k.shapes.add(a);
        }
      }
      return kernels;
    }

    private void kernelTable(Map<String, Kernel> kernels) {
      if (kernels.isEmpty()) return;
      List<Kernel> sorted = new ArrayList<>(kernels.values());
      sorted.sort(Comparator.comparingInt((Kernel k) -> k.worst).reversed()
          .thenComparing(Comparator.comparingInt((Kernel k) -> k.excess).reversed())
          .thenComparingInt(k -> k.first));
      sb.append("<h3>Kernels</h3>\n<div class=\"scroll short\"><table class=\"sortable kernels\"><thead><tr>")
          .append("<th data-type=\"text\">kernel</th><th data-type=\"text\">file</th>")
          .append("<th data-type=\"num\">accesses</th><th data-type=\"num\">conflicts</th>")
          .append("<th data-type=\"num\">worst ways</th><th data-type=\"num\" title=\"wavefronts beyond the minimum, ")
          .append("summed over the kernel's accesses (one warp each)\">excess wavefronts</th>")
          .append("<th data-type=\"text\">block shape</th></tr></thead><tbody>\n");
      for (Kernel k : sorted) {
        sb.append("<tr><td><a href=\"#finding-").append(k.first).append("\">").append(escape(k.name))
            .append("</a></td><td>").append(escape(k.file)).append("</td><td class=\"num\" data-v=\"").append(k.accesses)
            .append("\">").append(k.accesses).append("</td><td class=\"num\" data-v=\"").append(k.conflicts).append("\">")
            .append(k.conflicts).append("</td><td class=\"num\" data-v=\"").append(k.worst).append("\"><span class=\"b ")
            .append(waysClass(k.worst)).append("\">").append(k.worst == 0 ? "&ndash;" : k.worst + "-way")
            .append("</span></td><td class=\"num\" data-v=\"").append(k.excess).append("\">").append(k.excess)
            .append("</td><td class=\"small\" title=\"").append(escape(String.join("\n", k.shapes))).append("\">")
            .append(escape(String.join("; ", k.shapes.stream().map(HtmlReporter::brief).toList()))).append("</td></tr>\n");
      }
      sb.append("</tbody></table></div>\n");
    }

    private void table() {
      sb.append("<section id=\"accesses\">\n<h2>Accesses</h2>\n");
      if (findings.isEmpty()) {
        sb.append("<p class=\"muted\">No shared-memory accesses found.</p>\n</section>\n");
        return;
      }
      sb.append("<div class=\"filters\" id=\"filters\" hidden>")
          .append("<label>search <input type=\"search\" id=\"q\" placeholder=\"file, kernel, array, reason\"></label> ")
          .append("<label>verdict <select id=\"verdict\"><option value=\"\">all</option>")
          .append("<option value=\"problem\">problems (conflict, data-dependent, unknown)</option>")
          .append("<option value=\"conflict\">conflict</option><option value=\"data-dependent\">data-dependent</option>")
          .append("<option value=\"unknown\">unknown</option><option value=\"ok\">ok</option>")
          .append("<option value=\"broadcast\">broadcast</option></select></label> ")
          .append("<label>min ways <input type=\"number\" id=\"minways\" min=\"1\" max=\"1024\" placeholder=\"1\"></label> ")
          .append("<label><input type=\"checkbox\" id=\"sup\" checked> suppressed</label> ")
          .append("<span id=\"shown\" class=\"muted\"></span></div>\n")
          .append("<p class=\"hint muted\">Click a column header to sort, &#9656; for the warp&#39;s bank picture, ")
          .append("the assumptions and the fix.</p>\n")
          .append("<div class=\"scroll\"><table id=\"findings\" class=\"sortable\">\n<thead><tr><th></th>")
          .append("<th data-type=\"num\">location</th><th data-type=\"text\">kernel</th><th data-type=\"text\">array</th>")
          .append("<th data-type=\"text\">op</th><th data-type=\"num\">width</th><th data-type=\"num\">ways</th>")
          .append("<th data-type=\"num\" title=\"wavefronts / minimum wavefronts\">wavefronts</th>")
          .append("<th data-type=\"text\">verdict</th><th data-type=\"text\">reason</th></tr></thead>\n<tbody>\n");
      for (int i = 0; i < findings.size(); i++) {
        row(findings.get(i), i);
        spill();
      }
      sb.append("</tbody></table></div>\n</section>\n");
    }

    private void row(Finding f, int i) {
      Pos pos = f.pos() == null ? Pos.NONE : f.pos();
      String cls = lineClass(List.of(f));
      sb.append("<tr id=\"finding-").append(i).append("\" class=\"f ").append(cls).append("\" data-i=\"").append(i)
          .append("\" data-verdict=\"").append(escape(f.verdict().id)).append("\" data-w=\"").append(effectiveWays(f))
          .append('"').append(f.suppressed() ? " data-sup=\"1\"" : "").append(">");
      sb.append("<td><button type=\"button\" class=\"tg\" aria-expanded=\"false\" aria-label=\"details\">&#9656;</button></td>");
      String file = fileOf.get(f);
      String anchor = lineAnchor(file, pos.line());
      // The file's name and position; the full path is the title, and hidden text for the search.
      String full = file + ":" + pos.line() + ":" + pos.column();
      String shown = escape(file.substring(file.lastIndexOf('/') + 1) + ":" + pos.line() + ":" + pos.column());
      sb.append("<td class=\"loc\" data-v=\"").append(i).append("\" title=\"").append(escape(full)).append("\">")
          .append(anchor == null ? shown : "<a href=\"#" + anchor + "\">" + shown + "</a>")
          .append("<span hidden> ").append(escape(file)).append("</span></td>");
      sb.append("<td class=\"wrap\">").append(escape(f.kernel())).append("</td><td class=\"wrap\">").append(escape(f.array()));
      if (f.via() != null && !f.via().isEmpty()) sb.append(" <span class=\"muted\">via ").append(escape(f.via())).append("</span>");
      sb.append("</td><td>").append(escape(f.op().id)).append("</td>");
      sb.append("<td class=\"num\" data-v=\"").append(f.widthBytes()).append("\">")
          .append(f.widthBytes() == 0 ? "&ndash;" : f.widthBytes() + "&nbsp;B").append("</td>");
      sb.append("<td class=\"num\" data-v=\"").append(effectiveWays(f)).append("\"><span class=\"b ").append(cls).append("\">")
          .append(escape(waysText(f))).append("</span></td>");
      int wf = f.wavefronts() == null ? -1 : f.wavefronts();
      sb.append("<td class=\"num\" data-v=\"").append(wf).append("\">")
          .append(f.wavefronts() == null ? "&ndash;" : f.wavefronts() + " / " + (f.idealWavefronts() == null ? "?" : f.idealWavefronts()))
          .append("</td>");
      sb.append("<td class=\"v\">").append(escape(f.verdict().id)).append(f.suppressed() ? " <span class=\"muted\">(suppressed)</span>" : "")
          .append(f.fix() != null ? " <span class=\"fixmark\" title=\"a fix is suggested\">fix</span>" : "").append("</td>");
      String reason = Messages.clean(f.reason());
      sb.append("<td class=\"reason\">").append(escape(reason)).append("</td></tr>\n");
    }

    private boolean hasErrors() {
      for (FileReport file : report.files()) {
        if (!file.errors().isEmpty() || file.status() != FileReport.Status.ANALYZED) return true;
      }
      return false;
    }

    private void errors() {
      if (!hasErrors()) return;
      sb.append("<section id=\"errors\">\n<h2>Errors</h2>\n<ul class=\"errors\">\n");
      for (FileReport file : report.files()) {
        for (SourceError e : file.errors()) {
          Pos pos = e.pos() == null ? Pos.NONE : e.pos();
          String path = Messages.file(pos, file.path());
          String anchor = lineAnchor(path, Messages.line(pos));
          String text = escape(path + ":" + Messages.line(pos) + ":" + Messages.column(pos));
          sb.append("<li>").append(anchor == null ? text : "<a href=\"#" + anchor + "\">" + text + "</a>").append(": ")
              .append(escape(e.message())).append("</li>\n");
        }
        if (file.errors().isEmpty() && file.status() != FileReport.Status.ANALYZED) {
          sb.append("<li>").append(escape(file.path() + ": " + file.status().id)).append("</li>\n");
        }
      }
      sb.append("</ul>\n</section>\n");
    }

    private void sources() {
      Map<String, FileReport> reports = new HashMap<>();
      for (FileReport file : report.files()) reports.putIfAbsent(file.path(), file);
      Map<String, List<Finding>> byFile = new HashMap<>();
      for (Finding f : findings) byFile.computeIfAbsent(fileOf.get(f), k -> new ArrayList<>()).add(f);
      Map<String, List<SourceError>> errorsByFile = new HashMap<>();
      for (FileReport file : report.files()) {
        for (SourceError e : file.errors()) {
          errorsByFile.computeIfAbsent(Messages.file(e.pos(), file.path()), k -> new ArrayList<>()).add(e);
        }
      }
      sb.append("<section id=\"sources\">\n<h2>Sources</h2>\n<p class=\"legend\">Lines with accesses, by their worst ")
          .append("unsuppressed access: <span class=\"b w1\">conflict-free</span> <span class=\"b w2\">2-way</span> ")
          .append("<span class=\"b w4\">4- to 8-way</span> <span class=\"b w16\">16-way and more</span> ")
          .append("<span class=\"b dd\">data-dependent</span> <span class=\"b unk\">unknown</span> ")
          .append("<span class=\"b sup\">suppressed</span> <span class=\"b err\">error</span></p>\n");
      for (Map.Entry<String, Integer> e : sourceIds.entrySet()) {
        String path = e.getKey();
        if (path.isEmpty()) continue;
        source(path, e.getValue(), reports.get(path), byFile.getOrDefault(path, List.of()),
            errorsByFile.getOrDefault(path, List.of()));
        spill();
      }
      sb.append("</section>\n");
    }

    /** A file's source, each accessed line colored by its worst access, the findings beside it. */
    private void source(String path, int id, FileReport file, List<Finding> here, List<SourceError> errors) {
      int problems = 0;
      int worst = 0;
      for (Finding f : here) {
        if (Messages.isDiagnostic(f)) problems++;
        if (!f.suppressed()) worst = Math.max(worst, effectiveWays(f));
      }
      boolean open = problems > 0 || !errors.isEmpty();
      sb.append("<details class=\"src\" id=\"file-").append(id).append('"').append(open ? " open" : "").append("><summary>")
          .append("<span class=\"path\">").append(escape(path)).append("</span> <span class=\"muted\">");
      if (file != null) sb.append(escape(file.status().id)).append(", ");
      else sb.append("included, ");
      sb.append(here.size()).append(here.size() == 1 ? " access" : " accesses");
      if (problems > 0) sb.append(", ").append(problems).append(problems == 1 ? " finding" : " findings");
      if (!errors.isEmpty()) sb.append(", ").append(errors.size()).append(errors.size() == 1 ? " error" : " errors");
      sb.append("</span>");
      if (worst > 1) sb.append(" <span class=\"b ").append(waysClass(worst)).append("\">").append(worst).append("-way</span>");
      sb.append("</summary>\n");
      Optional<String[]> text = lines(path);
      if (text.isEmpty()) {
        sb.append("<p class=\"muted\">Source not available.</p>\n</details>\n");
        return;
      }
      Map<Integer, List<Finding>> byLine = new TreeMap<>();
      for (Finding f : here) byLine.computeIfAbsent(Messages.line(f.pos() == null ? Pos.NONE : f.pos()), k -> new ArrayList<>()).add(f);
      Map<Integer, List<SourceError>> errorsByLine = new TreeMap<>();
      for (SourceError e : errors) errorsByLine.computeIfAbsent(Messages.line(e.pos() == null ? Pos.NONE : e.pos()),
          k -> new ArrayList<>()).add(e);
      String[] lines = text.get();
      sb.append("<div class=\"scroll\"><table class=\"code\"><tbody>\n");
      for (int n = 1; n <= lines.length; n++) {
        List<Finding> fs = byLine.getOrDefault(n, List.of());
        List<SourceError> es = errorsByLine.getOrDefault(n, List.of());
        String cls = es.isEmpty() ? lineClass(fs) : "err";
        sb.append("<tr id=\"f").append(id).append("-L").append(n).append('"');
        if (!cls.isEmpty()) sb.append(" class=\"").append(cls).append('"');
        sb.append("><td class=\"n\">").append(n).append("</td><td class=\"c\">").append(escape(lines[n - 1])).append("</td>");
        if (!fs.isEmpty() || !es.isEmpty()) {
          sb.append("<td class=\"m\">");
          note(fs, es);
          sb.append("</td>");
        }
        sb.append("</tr>\n");
      }
      sb.append("</tbody></table></div>\n</details>\n");
    }

    /** Beside a line: a link per finding (worst first) and the worst one's reason; errors in full. */
    private void note(List<Finding> fs, List<SourceError> es) {
      for (SourceError e : es) sb.append("<span class=\"b err\">error</span> ").append(escape(e.message())).append(' ');
      List<Finding> sorted = new ArrayList<>(fs);
      sorted.sort(Comparator.comparingInt((Finding f) -> rank(lineClass(List.of(f)))).reversed()
          .thenComparingInt(f -> index.get(f)));
      for (Finding f : sorted) {
        String cls = lineClass(List.of(f));
        sb.append("<a class=\"b ").append(cls).append("\" href=\"#finding-").append(index.get(f)).append("\" title=\"")
            .append(escape(Messages.describe(f))).append("\">").append(escape(shortLabel(f))).append("</a> ");
      }
      if (!sorted.isEmpty() && es.isEmpty()) {
        Finding top = sorted.get(0);
        String reason = Messages.clean(top.reason());
        if (!reason.isEmpty()) sb.append("<span class=\"why\">").append(escape(reason)).append("</span>");
      }
    }

    /** The source's lines (read once per file), without the empty line after a final newline. */
    Optional<String[]> lines(String path) {
      return sourceLines.computeIfAbsent(path, p -> sourceReader.apply(p).map(text -> {
        String[] lines = Lines.split(text);
        if (lines.length > 1 && lines[lines.length - 1].isEmpty()) {
          String[] trimmed = new String[lines.length - 1];
          System.arraycopy(lines, 0, trimmed, 0, trimmed.length);
          return trimmed;
        }
        return lines;
      }));
    }

    private String lineAnchor(String file, int line) {
      Integer id = file == null ? null : sourceIds.get(file);
      return id == null ? null : "f" + id + "-L" + Math.max(1, line);
    }
  }

  private static final class Kernel {
    final String file;
    final String name;
    final int first;
    int accesses;
    int conflicts;
    int worst;
    int excess;
    final Set<String> shapes = new LinkedHashSet<>();

    Kernel(String file, String name, int first) {
      this.file = file;
      this.name = name;
      this.first = first;
    }
  }

  /** A block-shape assumption without where it came from: {@code blockDim = (16,16,1)}, {@code blockDim.x is a multiple of 32}. */
  static String shapeOf(String assumption) {
    String shape = brief(assumption);
    int from = shape.indexOf(" from ");
    shape = from > 0 ? shape.substring(0, from) : shape;
    int colon = shape.indexOf(": ");
    return colon > 0 && shape.substring(colon + 2).startsWith("blockDim") ? shape.substring(colon + 2) : shape;
  }

  /** An assumption without its trailing parenthesis (the advice), for the kernel table: the full text is its title. */
  static String brief(String assumption) {
    int open = assumption.indexOf(" (");
    return open > 0 && assumption.endsWith(")") ? assumption.substring(0, open) : assumption;
  }

  private static int excess(Finding f) {
    return f.wavefronts() == null || f.idealWavefronts() == null ? 0 : f.wavefronts() - f.idealWavefronts();
  }

  /** e.g. {@code 32-way load 'M'}, {@code data-dependent atomic 'hist'}. */
  static String shortLabel(Finding f) {
    String what = f.op().id + (f.array() == null || f.array().isEmpty() ? "" : " '" + f.array() + "'");
    switch (f.verdict()) {
      case CONFLICT:
        return (f.ways() == null ? "" : f.ways() + "-way ") + what;
      case DATA_DEPENDENT:
        return "data-dependent " + what;
      case UNKNOWN:
        return "unknown " + what;
      case BROADCAST:
        return "broadcast " + what;
      default:
        return "ok " + what;
    }
  }

  static String waysText(Finding f) {
    if (f.ways() != null) return String.valueOf(f.ways());
    if (f.worstWays() != null) return (f.bestWays() == null ? "?" : f.bestWays()) + "\u2013" + f.worstWays();
    return "?";
  }

  /** Ways for sorting and filtering: known ways, else a data-dependent access's worst case, else 0. */
  static int effectiveWays(Finding f) {
    if (f.ways() != null) return f.ways();
    return f.worstWays() != null ? f.worstWays() : 0;
  }

  /**
   * The color class of a line by its worst unsuppressed access: w16, w4, w2 (conflicts), dd
   * (data-dependent), unk (unknown), w1 (conflict-free), sup (only suppressed ones), or none.
   */
  static String lineClass(List<Finding> here) {
    String best = "";
    for (Finding f : here) {
      String c;
      if (f.suppressed()) c = "sup";
      else if (f.verdict() == Verdict.DATA_DEPENDENT) c = "dd";
      else if (f.verdict() == Verdict.UNKNOWN) c = "unk";
      else c = waysClass(f.ways() == null ? 1 : f.ways());
      if (rank(c) > rank(best)) best = c;
    }
    return best;
  }

  private static int rank(String cls) {
    switch (cls) {
      case "w16": return 7;
      case "w4": return 6;
      case "w2": return 5;
      case "dd": return 4;
      case "unk": return 3;
      case "w1": return 2;
      case "sup": return 1;
      default: return 0;
    }
  }

  static String waysClass(int ways) {
    if (ways >= 16) return "w16";
    if (ways >= 4) return "w4";
    if (ways >= 2) return "w2";
    return "w1";
  }

  private static String resource(String name) {
    try (InputStream in = HtmlReporter.class.getResourceAsStream(name)) {
      if (in == null) throw new IllegalStateException("missing resource " + name);
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      if (text.toLowerCase(java.util.Locale.ROOT).contains("</script") || text.toLowerCase(java.util.Locale.ROOT).contains("</style")) {
        throw new IllegalStateException(name + " must not contain a closing tag");
      }
      return text;
    } catch (IOException e) {
      throw new IllegalStateException("cannot read resource " + name, e);
    }
  }

  private static String sha256(String text) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return "sha256-" + Base64.getEncoder().encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java has SHA-256", e);
    }
  }
}
