package dev.bankcheck.report;

import dev.bankcheck.check.FileReport;
import dev.bankcheck.check.Finding;
import dev.bankcheck.check.Verdict;
import dev.bankcheck.source.Pos;
import dev.bankcheck.source.SourceError;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * A self-contained HTML page: inline CSS, no scripts, nothing fetched (a Content-Security-Policy
 * forbids it). Every piece of text goes through {@link #escape}. Each file's source is read again
 * from its path to show accessed lines, highlighted by their worst ways.
 */
public final class HtmlReporter implements Reporter {
  private static final String CSS = """
      body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}
      h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}
      table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}
      th{background:#f3f3f3}.num{text-align:right}
      pre.src{font:12px/1.35 ui-monospace,monospace;border:1px solid #ccc;padding:0;overflow-x:auto;tab-size:4}
      pre.src span.l{display:block;white-space:pre}
      pre.src span.n{display:inline-block;width:5ch;color:#888;text-align:right;margin-right:1ch;user-select:none}
      .w1{background:#e6f5e6}.w2{background:#fff4c2}.w4{background:#ffd9a8}.w16{background:#ffb3b3}
      .unknown{background:#e4e4f4}.suppressed{color:#888}
      .muted{color:#666}
      """;

  private final Function<String, Optional<String>> sourceReader;

  /** Reads sources from the file system, by the path in each report. */
  public HtmlReporter() {
    this(HtmlReporter::readSource);
  }

  /** For tests: {@code sourceReader} gives a file's text by its report path, or empty. */
  public HtmlReporter(Function<String, Optional<String>> sourceReader) {
    this.sourceReader = sourceReader;
  }

  /** The one escape function: every text from a report or a source file passes through it. */
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
    Report.Summary s = report.summary();
    out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n")
        .append("<title>bankcheck report</title>\n<style>").append(CSS).append("</style>\n</head>\n<body>\n");
    out.append("<h1>bankcheck report</h1>\n<p>bankcheck ").append(escape(report.toolVersion()))
        .append(" &middot; bank model: ").append(String.valueOf(report.bank().banks())).append(" banks &times; ")
        .append(String.valueOf(report.bank().bankBytes())).append(" bytes, warp of ")
        .append(String.valueOf(report.bank().warpSize())).append(" lanes</p>\n");
    if (!report.assumptions().isEmpty()) {
      out.append("<p>Assumptions:</p>\n<ul>\n");
      for (String a : report.assumptions()) out.append("<li>").append(escape(a)).append("</li>\n");
      out.append("</ul>\n");
    }
    out.append("<h2>Summary</h2>\n<table>\n");
    row(out, "files", s.files());
    row(out, "accesses", s.accesses());
    row(out, "conflicts", s.conflicts());
    row(out, "unknown", s.unknown());
    row(out, "worst ways", s.worstWays());
    out.append("</table>\n");

    findingsTable(report, out);
    errors(report, out);
    for (int i = 0; i < report.files().size(); i++) {
      source(report.files().get(i), i, out);
    }
    out.append("</body>\n</html>\n");
  }

  private static void row(Appendable out, String name, int value) throws IOException {
    out.append("<tr><th>").append(escape(name)).append("</th><td class=\"num\">")
        .append(String.valueOf(value)).append("</td></tr>\n");
  }

  private void findingsTable(Report report, Appendable out) throws IOException {
    List<Finding> findings = report.sortedFindings();
    out.append("<h2>Accesses</h2>\n");
    if (findings.isEmpty()) {
      out.append("<p class=\"muted\">No shared-memory accesses found.</p>\n");
      return;
    }
    out.append("<table>\n<tr><th>location</th><th>kernel</th><th>array</th><th>op</th><th>width</th>")
        .append("<th>ways</th><th>verdict</th><th>reason</th></tr>\n");
    for (Finding f : findings) {
      Pos pos = f.pos() == null ? Pos.NONE : f.pos();
      String anchor = anchor(report, pos.file(), pos.line());
      String location = escape(pos.file() + ":" + pos.line() + ":" + pos.column());
      out.append("<tr class=\"").append(rowClass(f)).append("\"><td>")
          .append(anchor == null ? location : "<a href=\"#" + anchor + "\">" + location + "</a>")
          .append("</td><td>").append(escape(f.kernel()))
          .append("</td><td>").append(escape(f.array()))
          .append(f.via() == null ? "" : " (through " + escape(f.via()) + ")")
          .append("</td><td>").append(escape(f.op().id))
          .append("</td><td class=\"num\">").append(String.valueOf(f.widthBytes()))
          .append("</td><td class=\"num\">").append(escape(waysText(f)))
          .append("</td><td>").append(escape(f.verdict().id)).append(f.suppressed() ? " (suppressed)" : "")
          .append("</td><td>").append(escape(f.reason()))
          .append("</td></tr>\n");
    }
    out.append("</table>\n");
  }

  private static void errors(Report report, Appendable out) throws IOException {
    List<String> lines = new ArrayList<>();
    for (FileReport file : report.files()) {
      for (SourceError e : file.errors()) {
        Pos pos = e.pos() == null ? Pos.NONE : e.pos();
        lines.add(Messages.file(pos, file.path()) + ":" + Messages.line(pos) + ":" + Messages.column(pos)
            + ": " + e.message());
      }
      if (file.errors().isEmpty() && file.status() != FileReport.Status.ANALYZED) {
        lines.add(file.path() + ": " + file.status().id);
      }
    }
    if (lines.isEmpty()) return;
    out.append("<h2>Errors</h2>\n<ul>\n");
    for (String line : lines) out.append("<li>").append(escape(line)).append("</li>\n");
    out.append("</ul>\n");
  }

  /** The file's source with each accessed line shaded by the worst ways of its unsuppressed accesses. */
  private void source(FileReport file, int index, Appendable out) throws IOException {
    out.append("<h2 id=\"file-").append(String.valueOf(index)).append("\">").append(escape(file.path()))
        .append(" <span class=\"muted\">(").append(escape(file.status().id)).append(")</span></h2>\n");
    Optional<String> text = sourceReader.apply(file.path());
    if (text.isEmpty()) {
      out.append("<p class=\"muted\">Source not available.</p>\n");
      return;
    }
    Map<Integer, List<Finding>> byLine = new TreeMap<>();
    for (Finding f : file.findings()) {
      if (f.pos() != null && file.path().equals(Messages.file(f.pos(), file.path()))) {
        byLine.computeIfAbsent(f.pos().line(), k -> new ArrayList<>()).add(f);
      }
    }
    String[] lines = text.get().split("\r\n|\r|\n", -1);
    out.append("<pre class=\"src\">");
    for (int n = 1; n <= lines.length; n++) {
      if (n == lines.length && lines[n - 1].isEmpty()) break; // the newline at the end of the file
      List<Finding> here = byLine.getOrDefault(n, List.of());
      out.append("<span class=\"l");
      String shade = lineClass(here);
      if (!shade.isEmpty()) out.append(' ').append(shade);
      out.append("\" id=\"f").append(String.valueOf(index)).append("-L").append(String.valueOf(n)).append('"');
      if (!here.isEmpty()) out.append(" title=\"").append(escape(lineTitle(here))).append('"');
      out.append("><span class=\"n\">").append(String.valueOf(n)).append("</span>")
          .append(escape(lines[n - 1])).append("</span>");
    }
    out.append("</pre>\n");
  }

  private static String anchor(Report report, String file, int line) {
    for (int i = 0; i < report.files().size(); i++) {
      if (report.files().get(i).path().equals(file)) return "f" + i + "-L" + line;
    }
    return null;
  }

  private static String waysText(Finding f) {
    if (f.ways() != null) return String.valueOf(f.ways());
    if (f.worstWays() != null) return (f.bestWays() == null ? "?" : f.bestWays()) + "\u2013" + f.worstWays();
    return "?";
  }

  private static String rowClass(Finding f) {
    if (f.suppressed()) return "suppressed";
    if (f.verdict() == Verdict.UNKNOWN) return "unknown";
    return waysClass(effectiveWays(f));
  }

  private static String lineClass(List<Finding> here) {
    int worst = 0;
    boolean unknown = false;
    for (Finding f : here) {
      if (f.suppressed()) continue;
      if (f.verdict() == Verdict.UNKNOWN) unknown = true;
      worst = Math.max(worst, effectiveWays(f));
    }
    if (worst == 0) return unknown ? "unknown" : here.isEmpty() ? "" : "w1";
    return waysClass(worst);
  }

  /** Ways for shading: known ways, else the worst case of a data-dependent access. */
  private static int effectiveWays(Finding f) {
    if (f.ways() != null) return f.ways();
    return f.worstWays() != null ? f.worstWays() : 0;
  }

  private static String waysClass(int ways) {
    if (ways >= 16) return "w16";
    if (ways >= 4) return "w4";
    if (ways >= 2) return "w2";
    return "w1";
  }

  private static String lineTitle(List<Finding> here) {
    List<String> parts = new ArrayList<>();
    for (Finding f : here) {
      parts.add(Messages.describe(f) + (f.suppressed() ? " [suppressed]" : ""));
    }
    return String.join("\n", parts);
  }

  /** Reads a source as UTF-8, replacing bytes that are not, so a Latin-1 file still shows. */
  private static Optional<String> readSource(String path) {
    try {
      byte[] bytes = Files.readAllBytes(Path.of(path));
      return Optional.of(StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPLACE)
          .onUnmappableCharacter(CodingErrorAction.REPLACE)
          .decode(ByteBuffer.wrap(bytes)).toString());
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
