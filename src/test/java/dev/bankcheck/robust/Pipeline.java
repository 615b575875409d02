package dev.bankcheck.robust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import dev.bankcheck.cli.Runner;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/** Runs the real command line in-process and checks what every output must be, whatever the input. */
final class Pipeline {
  /** A text diagnostic: FILE:LINE:COL: severity: message [rule-id]; a note (fix, assumptions) may have no rule. */
  static final Pattern TEXT_LINE = Pattern.compile(
      ".+:[1-9][0-9]*:[1-9][0-9]*: ((warning|error|note): .+ \\[[a-z-]+\\]|note: [^\\n]+)");

  private Pipeline() {}

  /** Exit code, stdout and stderr of one run. */
  record Result(int code, String out, String err) {}

  static Result run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = new Runner().run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** Runs one file in all three formats and checks each output; returns the JSON report. */
  static JsonObject checkAllFormats(String path) {
    Result json = run("--exit-zero", "-f", "json", path);
    assertEquals(0, json.code(), json.err());
    JsonObject report = strictJson(json.out()).getAsJsonObject();
    for (JsonElement f : report.getAsJsonArray("files")) {
      for (JsonElement e : f.getAsJsonObject().getAsJsonArray("errors")) {
        String message = e.getAsJsonObject().get("message").getAsString();
        assertFalse(message.contains("internal error") || message.contains("analysis failed"),
            "the analyzer threw: " + message);
      }
    }
    Result sarif = run("--exit-zero", "-f", "sarif", path);
    assertEquals(0, sarif.code(), sarif.err());
    JsonObject log = strictJson(sarif.out()).getAsJsonObject();
    assertEquals("2.1.0", log.get("version").getAsString());
    assertEquals(1, log.getAsJsonArray("runs").size());
    Result text = run("--exit-zero", path);
    assertEquals(0, text.code(), text.err());
    checkText(text.out());
    return report;
  }

  /** Every line of text output is one well-formed diagnostic. */
  static void checkText(String out) {
    if (out.isEmpty()) return;
    assertTrue(out.endsWith("\n"), "text output ends with a newline");
    for (String line : out.substring(0, out.length() - 1).split("\n", -1)) {
      if (!TEXT_LINE.matcher(line).matches()) fail("malformed text diagnostic: " + line);
    }
  }

  /** Parses a whole JSON document strictly (RFC 8259): no lenient syntax, nothing after the value. */
  static JsonElement strictJson(String text) {
    try {
      JsonReader reader = new JsonReader(new StringReader(text));
      reader.setStrictness(Strictness.STRICT);
      JsonElement value = JsonParser.parseReader(reader);
      assertEquals(JsonToken.END_DOCUMENT, reader.peek(), "nothing after the JSON value");
      return value;
    } catch (IOException | RuntimeException e) {
      throw new AssertionError("output is not valid JSON: " + e + "\n" + head(text), e);
    }
  }

  private static String head(String s) {
    return s.length() > 2000 ? s.substring(0, 2000) + "..." : s;
  }

  /** Lines of text, for messages. */
  static List<String> lines(String s) {
    return new ArrayList<>(Arrays.asList(s.split("\n")));
  }
}
