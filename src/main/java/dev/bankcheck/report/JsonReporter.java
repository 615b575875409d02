package dev.bankcheck.report;

import com.google.gson.stream.JsonWriter;
import dev.bankcheck.check.FileReport;
import dev.bankcheck.check.Finding;
import dev.bankcheck.check.Fix;
import dev.bankcheck.source.Pos;
import dev.bankcheck.source.SourceError;
import java.io.IOException;
import java.util.List;

/**
 * The output contract's JSON object, pretty-printed, fields in contract order, nulls written as
 * null. Extensions: {@code assumptions} (run-wide) after {@code model}, and {@code ruleId},
 * {@code worstWays}, {@code bestWays} after each access's {@code verdict}; with a baseline,
 * {@code baselined} after each access's {@code suppressed} and in the summary.
 */
public final class JsonReporter implements Reporter {
  private final RunContext context;

  /** Marks the findings that {@code context}'s baseline accepted, when it has one (null: none). */
  public JsonReporter(RunContext context) {
    this.context = context;
  }

  public JsonReporter() {
    this(null);
  }

  /** Version of the JSON shape; bumped only on an incompatible change. */
  public static final int FORMAT_VERSION = 1;

  @Override
  public void write(Report report, Appendable out) throws IOException {
    // written as it goes, not built in memory first: a large code base's report is hundreds of MB
    JsonWriter w = new JsonWriter(Reporter.writerOf(out));
    w.setIndent("  ");
    w.setSerializeNulls(true);
    w.setHtmlSafe(false);
    w.beginObject();
    w.name("version").value(FORMAT_VERSION);
    w.name("tool").beginObject()
        .name("name").value("bankcheck")
        .name("version").value(report.toolVersion())
        .endObject();
    w.name("model").beginObject()
        .name("banks").value(report.bank().banks())
        .name("bankBytes").value(report.bank().bankBytes())
        .name("warpSize").value(report.bank().warpSize())
        .endObject();
    w.name("assumptions");
    strings(w, report.assumptions());
    w.name("files").beginArray();
    for (FileReport file : report.files()) {
      file(w, file);
    }
    w.endArray();
    w.name("accesses").beginArray();
    RunContext baseline = context != null && context.baselineUsed() ? context : null;
    for (Finding f : report.sortedFindings()) {
      access(w, f, baseline);
    }
    w.endArray();
    Report.Summary s = report.summary();
    w.name("summary").beginObject()
        .name("files").value(s.files())
        .name("accesses").value(s.accesses())
        .name("conflicts").value(s.conflicts())
        .name("unknown").value(s.unknown())
        .name("worstWays").value(s.worstWays());
    if (baseline != null) w.name("baselined").value(baseline.baselinedCount());
    w.endObject();
    w.endObject();
    w.flush();
    out.append('\n');
  }

  private static void file(JsonWriter w, FileReport file) throws IOException {
    w.beginObject();
    w.name("path").value(file.path());
    w.name("status").value(file.status().id);
    w.name("errors").beginArray();
    for (SourceError e : file.errors()) {
      Pos pos = e.pos() == null ? Pos.NONE : e.pos();
      // "file" (an extension) tells errors in included headers apart from the file's own
      w.beginObject()
          .name("file").value(pos.file().isEmpty() ? file.path() : pos.file())
          .name("line").value(Messages.line(pos))
          .name("column").value(Messages.column(pos))
          .name("message").value(e.message())
          .endObject();
    }
    w.endArray();
    w.endObject();
  }

  private static void access(JsonWriter w, Finding f, RunContext baseline) throws IOException {
    Pos pos = f.pos() == null ? Pos.NONE : f.pos();
    w.beginObject();
    w.name("file").value(pos.file());
    w.name("line").value(pos.line());
    w.name("column").value(pos.column());
    w.name("kernel").value(f.kernel());
    w.name("array").value(f.array());
    w.name("via").value(f.via());
    w.name("op").value(f.op().id);
    w.name("widthBytes").value(f.widthBytes());
    w.name("ways").value(f.ways());
    w.name("wavefronts").value(f.wavefronts());
    w.name("idealWavefronts").value(f.idealWavefronts());
    w.name("strideBytes").value(f.strideBytes());
    w.name("verdict").value(f.verdict().id);
    w.name("ruleId").value(f.ruleId());
    w.name("worstWays").value(f.worstWays());
    w.name("bestWays").value(f.bestWays());
    w.name("suppressed").value(f.suppressed());
    if (baseline != null) w.name("baselined").value(baseline.isBaselined(f));
    w.name("reason").value(f.reason());
    w.name("assumptions");
    strings(w, f.assumptions());
    w.name("fix");
    fix(w, f.fix());
    w.endObject();
  }

  private static void fix(JsonWriter w, Fix fix) throws IOException {
    if (fix == null) {
      w.nullValue();
      return;
    }
    w.beginObject();
    w.name("description").value(fix.description());
    w.name("waysAfter").value(fix.waysAfter());
    w.name("sharedBytesAfter").value(fix.sharedBytesAfter());
    w.name("edits").beginArray();
    for (Fix.Edit e : fix.edits() == null ? List.<Fix.Edit>of() : fix.edits()) {
      w.beginObject()
          .name("file").value(e.file())
          .name("line").value(e.line())
          .name("column").value(e.column())
          .name("endLine").value(e.endLine())
          .name("endColumn").value(e.endColumn())
          .name("replacement").value(e.replacement())
          .endObject();
    }
    w.endArray();
    w.endObject();
  }

  private static void strings(JsonWriter w, List<String> values) throws IOException {
    w.beginArray();
    for (String v : values == null ? List.<String>of() : values) {
      w.value(v);
    }
    w.endArray();
  }
}
