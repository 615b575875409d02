package dev.bankcheck.report;

import com.google.gson.stream.JsonWriter;
import dev.bankcheck.check.FileReport;
import dev.bankcheck.check.Finding;
import dev.bankcheck.check.Fix;
import dev.bankcheck.check.Rules;
import dev.bankcheck.source.Pos;
import dev.bankcheck.source.SourceError;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * SARIF 2.1.0 for GitHub code scanning: the rules with help, one result per unsuppressed finding
 * that text would print, repo-relative URIs (base {@code %SRCROOT%}), fixes where there are edits,
 * and file errors as {@code invocations[0].toolExecutionNotifications}.
 */
public final class SarifReporter implements Reporter {
  private static final String SCHEMA =
      "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
  private static final String SRCROOT = "%SRCROOT%";

  /** One rule of the driver: id, display name, default level, short and full description. */
  private record Rule(String id, String name, String level, String shortText, String fullText) {}

  private static final List<Rule> RULES = List.of(
      new Rule(Rules.BANK_CONFLICT, "SharedMemoryBankConflict", "warning",
          "Shared-memory access with a bank conflict",
          "Lanes of one warp ask the same bank for different words, so the access is split into several "
              + "passes (ways). Padding the array's inner dimension or changing the index usually removes it."),
      new Rule(Rules.ATOMIC_CONTENTION, "SharedMemoryAtomicContention", "warning",
          "Shared-memory atomic with contention",
          "Several lanes of one warp update the same shared-memory word atomically, so the updates are "
              + "serialized. Privatize per lane or per warp, or reduce before the atomic."),
      new Rule(Rules.DATA_DEPENDENT_INDEX, "DataDependentSharedIndex", "warning",
          "Shared-memory index that depends on data",
          "The index depends on values known only at run time; the report gives the best and worst case "
              + "of bank conflicts over what those values can be."),
      new Rule(Rules.UNANALYZED_ACCESS, "UnanalyzedSharedAccess", "note",
          "Shared-memory access that could not be analyzed",
          "bankcheck could not work out which banks this access touches; the reason says what stopped it."),
      new Rule(Rules.PARSE_ERROR, "ParseError", "error",
          "File that could not be read, preprocessed or parsed",
          "Part or all of the file was not analyzed, so conflicts in it may go unreported."));

  @Override
  public void write(Report report, Appendable out) throws IOException {
    StringWriter buffer = new StringWriter();
    try (JsonWriter w = new JsonWriter(buffer)) {
      w.setIndent("  ");
      w.setHtmlSafe(false);
      w.beginObject();
      w.name("$schema").value(SCHEMA);
      w.name("version").value("2.1.0");
      w.name("runs").beginArray().beginObject();
      driver(w, report);
      invocation(w, report);
      w.name("columnKind").value("utf16CodeUnits");
      results(w, report);
      w.endObject().endArray();
      w.endObject();
    }
    out.append(buffer.toString()).append('\n');
  }

  private static void driver(JsonWriter w, Report report) throws IOException {
    w.name("tool").beginObject().name("driver").beginObject();
    w.name("name").value("bankcheck");
    w.name("version").value(report.toolVersion());
    w.name("rules").beginArray();
    for (Rule r : RULES) {
      w.beginObject();
      w.name("id").value(r.id());
      w.name("name").value(r.name());
      w.name("shortDescription").beginObject().name("text").value(r.shortText()).endObject();
      w.name("fullDescription").beginObject().name("text").value(r.fullText()).endObject();
      w.name("help").beginObject()
          .name("text").value(r.fullText())
          .name("markdown").value("**" + r.shortText() + "** (`" + r.id() + "`)\n\n" + r.fullText())
          .endObject();
      w.name("defaultConfiguration").beginObject().name("level").value(r.level()).endObject();
      w.endObject();
    }
    w.endArray();
    w.endObject().endObject();
  }

  private static void invocation(JsonWriter w, Report report) throws IOException {
    boolean success = report.files().stream().noneMatch(f -> f.status() == FileReport.Status.FAILED);
    w.name("invocations").beginArray().beginObject();
    w.name("executionSuccessful").value(success);
    w.name("toolExecutionNotifications").beginArray();
    for (FileReport file : report.files()) {
      for (SourceError e : file.errors()) {
        Pos pos = e.pos() == null ? Pos.NONE : e.pos();
        notification(w, Messages.file(pos, file.path()), Messages.line(pos), Messages.column(pos),
            Messages.clean(e.message()));
      }
      if (file.errors().isEmpty() && file.status() == FileReport.Status.FAILED) {
        notification(w, file.path(), 1, 1, "file could not be analyzed");
      }
    }
    w.endArray();
    w.endObject().endArray();
  }

  private static void notification(JsonWriter w, String path, int line, int column, String message)
      throws IOException {
    w.beginObject();
    w.name("level").value("error");
    w.name("message").beginObject().name("text").value(message).endObject();
    w.name("locations").beginArray();
    location(w, path, line, column);
    w.endArray();
    w.name("descriptor").beginObject().name("id").value(Rules.PARSE_ERROR).endObject();
    w.endObject();
  }

  private static void results(JsonWriter w, Report report) throws IOException {
    Map<String, Integer> occurrences = new HashMap<>();
    w.name("results").beginArray();
    for (Finding f : report.sortedFindings()) {
      if (!Messages.isDiagnostic(f)) continue;
      Pos pos = f.pos() == null ? Pos.NONE : f.pos();
      String rule = Messages.ruleId(f);
      w.beginObject();
      w.name("ruleId").value(rule);
      int index = ruleIndex(rule);
      if (index >= 0) w.name("ruleIndex").value(index);
      w.name("level").value(Messages.severity(f));
      w.name("message").beginObject().name("text").value(Messages.describe(f)).endObject();
      w.name("locations").beginArray();
      location(w, pos.file(), Messages.line(pos), Messages.column(pos));
      w.endArray();
      // Line numbers left out so that a result keeps its identity when code above it moves.
      String key = String.join("\u0000", rule, uri(pos.file()), String.valueOf(f.kernel()),
          String.valueOf(f.array()), String.valueOf(f.via()), f.op().id);
      int nth = occurrences.merge(key, 1, Integer::sum);
      w.name("partialFingerprints").beginObject()
          .name("bankcheckAccess/v1").value(sha256(key + "\u0000" + nth)).endObject();
      fixes(w, f.fix());
      w.name("properties").beginObject();
      w.name("verdict").value(f.verdict().id);
      if (f.ways() != null) w.name("ways").value(f.ways());
      if (f.worstWays() != null) w.name("worstWays").value(f.worstWays());
      if (f.kernel() != null) w.name("kernel").value(f.kernel());
      if (f.array() != null) w.name("array").value(f.array());
      w.endObject();
      w.endObject();
    }
    w.endArray();
  }

  /** SARIF needs at least one change per fix, so a fix without edits is left to the message. */
  private static void fixes(JsonWriter w, Fix fix) throws IOException {
    if (fix == null || fix.edits() == null || fix.edits().isEmpty()) return;
    Map<String, List<Fix.Edit>> byFile = new LinkedHashMap<>();
    for (Fix.Edit e : fix.edits()) {
      byFile.computeIfAbsent(e.file(), k -> new java.util.ArrayList<>()).add(e);
    }
    w.name("fixes").beginArray().beginObject();
    w.name("description").beginObject().name("text").value(Messages.clean(fix.description())).endObject();
    w.name("artifactChanges").beginArray();
    for (Map.Entry<String, List<Fix.Edit>> change : byFile.entrySet()) {
      w.beginObject();
      artifactLocation(w, change.getKey());
      w.name("replacements").beginArray();
      for (Fix.Edit e : change.getValue()) {
        w.beginObject();
        w.name("deletedRegion").beginObject()
            .name("startLine").value(Math.max(1, e.line()))
            .name("startColumn").value(Math.max(1, e.column()))
            .name("endLine").value(Math.max(1, e.endLine()))
            .name("endColumn").value(Math.max(1, e.endColumn()))
            .endObject();
        w.name("insertedContent").beginObject().name("text").value(e.replacement()).endObject();
        w.endObject();
      }
      w.endArray();
      w.endObject();
    }
    w.endArray();
    w.endObject().endArray();
  }

  private static void location(JsonWriter w, String path, int line, int column) throws IOException {
    w.beginObject().name("physicalLocation").beginObject();
    artifactLocation(w, path);
    w.name("region").beginObject().name("startLine").value(line).name("startColumn").value(column).endObject();
    w.endObject().endObject();
  }

  private static void artifactLocation(JsonWriter w, String path) throws IOException {
    String uri = uri(path);
    w.name("artifactLocation").beginObject().name("uri").value(uri);
    if (!uri.startsWith("file:")) w.name("uriBaseId").value(SRCROOT);
    w.endObject();
  }

  private static int ruleIndex(String id) {
    for (int i = 0; i < RULES.size(); i++) {
      if (RULES.get(i).id().equals(id)) return i;
    }
    return -1;
  }

  /**
   * A repo-relative, percent-encoded URI: relative paths as given (normalized, forward slashes);
   * absolute paths relative to the working folder when inside it, else an absolute file URI.
   */
  static String uri(String path) {
    if (path == null || path.isEmpty()) return "unknown";
    try {
      Path p = Path.of(path);
      if (p.isAbsolute()) {
        Path cwd = Path.of("").toAbsolutePath();
        Path normalized = p.normalize();
        if (!normalized.startsWith(cwd)) return normalized.toUri().toASCIIString();
        p = cwd.relativize(normalized);
      }
      String relative = p.normalize().toString().replace('\\', '/');
      // A colon in the first segment would read as a URI scheme.
      int colon = relative.indexOf(':');
      int slash = relative.indexOf('/');
      if (colon >= 0 && (slash < 0 || colon < slash)) relative = "./" + relative;
      return new URI(null, null, relative, null).toASCIIString();
    } catch (InvalidPathException | URISyntaxException e) {
      return path;
    }
  }

  private static String sha256(String text) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is always available", e);
    }
  }
}
