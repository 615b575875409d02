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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * SARIF 2.1.0 for GitHub code scanning: the rules with help, one result per finding that text would
 * print (suppressed ones too, with {@code suppressions: [{kind: inSource}]}), URIs relative to the
 * run's root (base {@code %SRCROOT%}, given in {@code originalUriBaseIds}), partial fingerprints that
 * survive moved lines, fixes where there are edits, {@code baselineState} when a baseline was given,
 * and file errors as {@code invocations[0].toolExecutionNotifications}.
 */
public final class SarifReporter implements Reporter {
  /** The key of our partial fingerprint (see {@link Fingerprint}). */
  static final String FINGERPRINT_KEY = "bankcheckAccess/v1";

  private final RunContext context;

  /** Root, fingerprints and baseline from {@code context}, which must be made for the report written. */
  public SarifReporter(RunContext context) {
    this.context = context;
  }

  /** Root from the current folder, fingerprints from the files on disk, no baseline. */
  public SarifReporter() {
    this(null);
  }

  private static final String SCHEMA =
      "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
  private static final String SRCROOT = "%SRCROOT%";

  /** One rule of the driver: id, display name, default level, descriptions and markdown help. */
  private record Rule(String id, String name, String level, String shortText, String fullText, String markdown) {}

  private static final List<Rule> RULES = List.of(
      new Rule(Rules.BANK_CONFLICT, "SharedMemoryBankConflict", "warning",
          "Shared-memory access with a bank conflict",
          "Lanes of one warp ask the same bank for different words, so the access is split into several "
              + "passes (ways). Padding the array's inner dimension or changing the index usually removes it.",
          "Lanes of one warp ask the same bank for different 4-byte words, so the hardware serves the access "
              + "in several passes: an N-way conflict takes N times as long as a conflict-free access.\n\n"
              + "```cuda\n__shared__ float tile[32][32];\nfloat v = tile[threadIdx.x][k]; // lane stride 32 words: "
              + "32-way\n```\n\n**Fix:** pad the inner dimension (`float tile[32][33]`), swizzle the index "
              + "(`tile[r][c ^ r]`), or change which thread reads what. The result's fix shows the padding that "
              + "bankcheck checked with the same model.\n\nSuppress one line with `// bankcheck: ignore=bank-conflict`."),
      new Rule(Rules.ATOMIC_CONTENTION, "SharedMemoryAtomicContention", "warning",
          "Shared-memory atomic with contention",
          "Several lanes of one warp update the same shared-memory word atomically, so the updates are "
              + "serialized. Privatize per lane or per warp, or reduce before the atomic.",
          "Several lanes of one warp update the same shared-memory word atomically, so the updates are "
              + "serialized.\n\n```cuda\natomicAdd(&count[0], 1); // all 32 lanes on one word\n```\n\n"
              + "**Fix:** reduce within the warp first (`__reduce_add_sync`, shuffles) and let one lane do the "
              + "atomic, or give each warp its own counters.\n\nThe atomic cost model is a heuristic until "
              + "measured on a GPU."),
      new Rule(Rules.DATA_DEPENDENT_INDEX, "DataDependentSharedIndex", "warning",
          "Shared-memory index that depends on data",
          "The index depends on values known only at run time; the report gives the best and worst case "
              + "of bank conflicts over what those values can be.",
          "The index depends on values known only at run time (`hist[data[i]]`), so the conflict degree "
              + "depends on the data: the result gives the best and the worst case.\n\n**Fix:** if the data "
              + "is skewed, privatize (one copy of the array per warp) or sort/aggregate before the access; if "
              + "it is known to be a permutation, suppress with `// bankcheck: ignore=data-dependent-index`."),
      new Rule(Rules.UNANALYZED_ACCESS, "UnanalyzedSharedAccess", "note",
          "Shared-memory access that could not be analyzed",
          "bankcheck could not work out which banks this access touches; the reason says what stopped it.",
          "bankcheck could not work out which banks this access touches; the message says what stopped it "
              + "(an unknown value, code the parser skipped, a function without a body).\n\n**Fix:** give the "
              + "missing value (`-D`, a `constexpr`, `// bankcheck: block XxY` before the kernel) or accept the "
              + "note: nothing is known to be wrong."),
      new Rule(Rules.PARSE_ERROR, "ParseError", "error",
          "File that could not be read, preprocessed or parsed",
          "Part or all of the file was not analyzed, so conflicts in it may go unreported.",
          "Part or all of the file was not analyzed, so conflicts in it may go unreported. The item that "
              + "does not parse is skipped and the rest of the file is still analyzed.\n\n**Fix:** add the "
              + "missing `-I`/`-D`, or exclude the file in `.bankcheck.properties` (`exclude = path/glob`)."));

  @Override
  public void write(Report report, Appendable out) throws IOException {
    RunContext ctx = context != null ? context : RunContext.of(report);
    StringWriter buffer = new StringWriter();
    try (JsonWriter w = new JsonWriter(buffer)) {
      w.setIndent("  ");
      w.setHtmlSafe(false);
      w.beginObject();
      w.name("$schema").value(SCHEMA);
      w.name("version").value("2.1.0");
      w.name("runs").beginArray().beginObject();
      driver(w, report);
      invocation(w, report, ctx);
      w.name("originalUriBaseIds").beginObject()
          .name(SRCROOT).beginObject().name("uri").value(ctx.rootUri()).endObject()
          .endObject();
      w.name("columnKind").value("utf16CodeUnits");
      results(w, report, ctx);
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
          .name("markdown").value("**" + r.shortText() + "** (`" + r.id() + "`)\n\n" + r.markdown())
          .endObject();
      w.name("defaultConfiguration").beginObject().name("level").value(r.level()).endObject();
      w.endObject();
    }
    w.endArray();
    w.endObject().endObject();
  }

  private static void invocation(JsonWriter w, Report report, RunContext ctx) throws IOException {
    boolean success = report.files().stream().noneMatch(f -> f.status() == FileReport.Status.FAILED);
    w.name("invocations").beginArray().beginObject();
    w.name("executionSuccessful").value(success);
    w.name("toolExecutionNotifications").beginArray();
    for (FileReport file : report.files()) {
      for (SourceError e : file.errors()) {
        Pos pos = e.pos() == null ? Pos.NONE : e.pos();
        notification(w, ctx, Messages.file(pos, file.path()), Messages.line(pos), Messages.column(pos),
            Messages.clean(e.message()));
      }
      if (file.errors().isEmpty() && file.status() == FileReport.Status.FAILED) {
        notification(w, ctx, file.path(), 1, 1, "file could not be analyzed");
      }
    }
    w.endArray();
    w.endObject().endArray();
  }

  private static void notification(JsonWriter w, RunContext ctx, String path, int line, int column, String message)
      throws IOException {
    w.beginObject();
    w.name("level").value("error");
    w.name("message").beginObject().name("text").value(message).endObject();
    w.name("locations").beginArray();
    location(w, ctx, path, line, column);
    w.endArray();
    // the rule a notification is about ("descriptor" would point into driver.notifications)
    w.name("associatedRule").beginObject()
        .name("id").value(Rules.PARSE_ERROR).name("index").value(ruleIndex(Rules.PARSE_ERROR)).endObject();
    w.endObject();
  }

  private static void results(JsonWriter w, Report report, RunContext ctx) throws IOException {
    w.name("results").beginArray();
    for (Finding f : report.sortedFindings()) {
      // suppressed findings are results too, marked as suppressed in the source
      if (!Messages.isDiagnostic(f.suppressed() ? f.withSuppressed(false) : f)) continue;
      Pos pos = f.pos() == null ? Pos.NONE : f.pos();
      String rule = Messages.ruleId(f);
      w.beginObject();
      w.name("ruleId").value(rule);
      int index = ruleIndex(rule);
      if (index >= 0) w.name("ruleIndex").value(index);
      w.name("level").value(Messages.severity(f));
      w.name("message").beginObject().name("text").value(Messages.describe(f)).endObject();
      w.name("locations").beginArray();
      location(w, ctx, pos.file(), Messages.line(pos), Messages.column(pos));
      w.endArray();
      // Line numbers left out so that a result keeps its identity when code above it moves.
      w.name("partialFingerprints").beginObject()
          .name(FINGERPRINT_KEY).value(ctx.fingerprint(f).hash()).endObject();
      if (f.suppressed()) {
        w.name("suppressions").beginArray().beginObject().name("kind").value("inSource").endObject().endArray();
      }
      if (ctx.baselineUsed()) w.name("baselineState").value(ctx.isBaselined(f) ? "unchanged" : "new");
      fixes(w, ctx, f.fix());
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
  private static void fixes(JsonWriter w, RunContext ctx, Fix fix) throws IOException {
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
      artifactLocation(w, ctx, change.getKey());
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

  private static void location(JsonWriter w, RunContext ctx, String path, int line, int column) throws IOException {
    w.beginObject().name("physicalLocation").beginObject();
    artifactLocation(w, ctx, path);
    w.name("region").beginObject().name("startLine").value(line).name("startColumn").value(column).endObject();
    w.endObject().endObject();
  }

  private static void artifactLocation(JsonWriter w, RunContext ctx, String path) throws IOException {
    w.name("artifactLocation").beginObject().name("uri").value(ctx.uri(path));
    if (ctx.isUnderRoot(path)) w.name("uriBaseId").value(SRCROOT);
    w.endObject();
  }

  private static int ruleIndex(String id) {
    for (int i = 0; i < RULES.size(); i++) {
      if (RULES.get(i).id().equals(id)) return i;
    }
    return -1;
  }
}
