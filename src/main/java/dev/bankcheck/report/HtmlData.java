package dev.bankcheck.report;

import com.google.gson.stream.JsonWriter;
import dev.bankcheck.check.Finding;
import dev.bankcheck.check.Fix;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The JSON block the HTML report's script reads to draw a finding's details on demand: per finding
 * (same index as the table row) the diagnostic text, the assumptions, the bank picture of the evaluated
 * warp, and the fix with its edited lines and its picture after. Written so that it can sit inside a
 * {@code <script type="application/json">} element: Gson's HTML-safe mode writes {@code < > & = '} as
 * {@code \\u003c} etc. and U+2028/2029 as escapes, so no text can end the element.
 *
 * <p>Keys (short, the block is per finding): {@code t} text, {@code a} assumptions, {@code s} stride
 * bytes, {@code p} picture, {@code np} why there is none, {@code fx} fix {@code {d, wa, sb, e, p, np}}
 * with edits {@code e: [{at, b, a} | {at, r}]}. A picture is {@code {b banks, bb bankBytes, w width,
 * ways, off inactive lanes, g groups}}, a group {@code {l [first, last], p passes, wb worst bank,
 * r rows}}, a row {@code [index, cells]}, a cell {@code [bank, lanes]}.
 */
final class HtmlData {
  private HtmlData() {}

  /**
   * Writes the block's text for {@code findings}, in table order, to {@code out}; {@code lines} gives a file's
   * source lines. The text can never end the script element it is in: no '<' and no line separator (checked
   * as it is written; the JSON writer escapes them).
   */
  static void write(Appendable out, Report report, List<Finding> findings,
      Function<String, Optional<String[]>> lines) throws IOException {
    JsonWriter w = new JsonWriter(new ScriptSafe(out));
    w.setHtmlSafe(true);
    w.setSerializeNulls(false);
    w.beginObject();
    w.name("findings").beginArray();
    for (Finding f : findings) finding(w, report, f, lines);
    w.endArray();
    w.endObject();
    w.flush();
  }

  /** Passes text on to an Appendable, refusing what could end a script element. */
  private static final class ScriptSafe extends Writer {
    private final Appendable out;

    ScriptSafe(Appendable out) {
      this.out = out;
    }

    @Override
    public void write(char[] buf, int off, int len) throws IOException {
      for (int i = off; i < off + len; i++) {
        char c = buf[i];
        if (c == '<' || c == '\u2028' || c == '\u2029') {
          throw new IllegalStateException("the JSON block must not contain '<' or a line separator");
        }
      }
      if (out instanceof Writer w) w.write(buf, off, len);
      else out.append(java.nio.CharBuffer.wrap(buf, off, len));
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  }

  private static void finding(JsonWriter w, Report report, Finding f, Function<String, Optional<String[]>> lines)
      throws IOException {
    w.beginObject();
    w.name("t").value(Messages.describe(f));
    w.name("a").beginArray();
    for (String a : f.assumptions() == null ? List.<String>of() : f.assumptions()) w.value(a);
    w.endArray();
    if (f.strideBytes() != null) w.name("s").value(f.strideBytes());
    Optional<BankPicture> before = BankPicture.of(f.lanes(), report.bank());
    if (before.isPresent()) {
      w.name("p");
      picture(w, before.get());
    } else {
      w.name("np").value(noPicture(f));
    }
    Fix fix = f.fix();
    if (fix != null) {
      w.name("fx").beginObject();
      w.name("d").value(fix.description());
      w.name("wa").value(fix.waysAfter());
      if (fix.sharedBytesAfter() != null) w.name("sb").value(fix.sharedBytesAfter());
      w.name("e").beginArray();
      for (Fix.Edit e : fix.edits() == null ? List.<Fix.Edit>of() : fix.edits()) edit(w, e, lines);
      w.endArray();
      Optional<BankPicture> after = BankPicture.of(fix.lanesAfter(), report.bank());
      if (after.isPresent()) {
        w.name("p");
        picture(w, after.get());
      } else {
        w.name("np").value("the warp after the fix was not evaluated for this access");
      }
      w.endObject();
    }
    w.endObject();
  }

  private static String noPicture(Finding f) {
    switch (f.verdict()) {
      case DATA_DEPENDENT:
        return "no single picture: the addresses depend on memory contents";
      case UNKNOWN:
        return "no picture: the lanes' addresses could not be computed";
      default:
        return "no picture: the lanes' addresses were not kept for this access";
    }
  }

  /** An edit with the line before and after when it changes one line of a readable source. */
  private static void edit(JsonWriter w, Fix.Edit e, Function<String, Optional<String[]>> lines) throws IOException {
    w.beginObject();
    w.name("at").value(e.file() + ":" + e.line() + ":" + e.column());
    Optional<String[]> text = e.file() == null ? Optional.empty() : lines.apply(e.file());
    String before = null;
    if (text.isPresent() && e.line() == e.endLine() && e.line() >= 1 && e.line() <= text.get().length) {
      before = text.get()[e.line() - 1];
    }
    if (before != null && e.column() >= 1 && e.column() <= e.endColumn() && e.endColumn() - 1 <= before.length()) {
      String replacement = e.replacement() == null ? "" : e.replacement();
      w.name("b").value(before);
      w.name("a").value(before.substring(0, e.column() - 1) + replacement + before.substring(e.endColumn() - 1));
    } else {
      w.name("r").value("replace up to " + e.endLine() + ":" + e.endColumn() + " with '" + e.replacement() + "'");
    }
    w.endObject();
  }

  private static void picture(JsonWriter w, BankPicture p) throws IOException {
    w.beginObject();
    w.name("b").value(p.banks());
    w.name("bb").value(p.bankBytes());
    w.name("w").value(p.widthBytes());
    w.name("ways").value(p.ways());
    w.name("off").beginArray();
    for (int lane : p.inactiveLanes()) w.value(lane);
    w.endArray();
    w.name("g").beginArray();
    for (BankPicture.Group g : p.groups()) {
      w.beginObject();
      w.name("l").beginArray().value(g.firstLane()).value(g.lastLane()).endArray();
      w.name("p").value(g.passes());
      w.name("wb").value(g.worstBank());
      w.name("r").beginArray();
      for (BankPicture.Row r : g.rows()) {
        w.beginArray().value(r.index()).beginArray();
        for (BankPicture.Cell c : r.cells()) {
          w.beginArray().value(c.bank()).beginArray();
          for (int lane : c.lanes()) w.value(lane);
          w.endArray().endArray();
        }
        w.endArray().endArray();
      }
      w.endArray();
      w.endObject();
    }
    w.endArray();
    w.endObject();
  }
}
