package dev.bankcheck.cli;

import dev.bankcheck.check.Edits;
import dev.bankcheck.check.FileReport;
import dev.bankcheck.check.Finding;
import dev.bankcheck.check.Fix;
import dev.bankcheck.check.Verdict;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code --fix}: writes the suggested edits into the analyzed files, like clang-tidy's {@code --fix}. Per
 * file, the fixes of unsuppressed conflicts are taken in the order of their findings; a fix whose edits
 * overlap edits already taken is left out (identical edits shared by several findings count once). Each fix
 * applied is printed as {@code bankcheck: fixed FILE:LINE: description} on stderr, and the fixed files are
 * analyzed again: the report shows them as they are now.
 */
final class FixApplier {
  /** The reports after fixing (fixed files analyzed again), and whether a file could not be written. */
  record Result(List<FileReport> reports, boolean ioError) {}

  private FixApplier() {}

  static Result apply(List<InputFiles.Input> inputs, List<FileReport> reports, PrintStream err,
      Function<List<InputFiles.Input>, List<FileReport>> analyze) {
    List<InputFiles.Input> changed = new ArrayList<>();
    boolean ioError = false;
    for (int i = 0; i < inputs.size() && i < reports.size(); i++) {
      InputFiles.Input input = inputs.get(i);
      Map<String, Fix> fixes = fixesOf(reports.get(i), input.displayPath());
      if (fixes.isEmpty()) continue;
      String text;
      try {
        text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(Files.readAllBytes(input.file())))
            .toString();
      } catch (CharacterCodingException e) {
        err.println("bankcheck: not fixed: " + input.displayPath() + " is not valid UTF-8");
        continue;
      } catch (IOException e) {
        err.println("bankcheck: error: cannot read " + input.displayPath() + ": " + e.getMessage());
        ioError = true;
        continue;
      }
      List<Fix.Edit> taken = new ArrayList<>();
      List<String> applied = new ArrayList<>();
      for (Fix fix : fixes.values()) {
        List<Fix.Edit> together = new ArrayList<>(taken);
        together.addAll(fix.edits());
        if (!Edits.compatible(text, together)) {
          err.println("bankcheck: not fixed: " + input.displayPath() + ":" + fix.edits().get(0).line() + ": "
              + fix.description() + " (its edits overlap a fix already applied)");
          continue;
        }
        taken = together;
        applied.add("bankcheck: fixed " + input.displayPath() + ":" + fix.edits().get(0).line() + ": "
            + fix.description());
      }
      if (taken.isEmpty()) continue;
      try {
        Files.writeString(input.file(), Edits.apply(text, taken), StandardCharsets.UTF_8);
      } catch (IOException e) {
        err.println("bankcheck: error: cannot write " + input.displayPath() + ": " + e.getMessage());
        ioError = true;
        continue;
      }
      applied.forEach(err::println);
      changed.add(input);
    }
    if (changed.isEmpty()) return new Result(reports, ioError);
    List<FileReport> again = analyze.apply(changed);
    List<FileReport> out = new ArrayList<>(reports);
    for (int c = 0; c < changed.size(); c++) out.set(inputs.indexOf(changed.get(c)), again.get(c));
    return new Result(out, ioError);
  }

  /** The distinct fixes with edits of the file's unsuppressed conflicts, all of whose edits are in this file. */
  private static Map<String, Fix> fixesOf(FileReport report, String displayPath) {
    Map<String, Fix> out = new LinkedHashMap<>();
    for (Finding f : report.findings()) {
      Fix fix = f.fix();
      if (f.suppressed() || f.verdict() != Verdict.CONFLICT || fix == null || fix.edits().isEmpty()) continue;
      if (fix.edits().stream().anyMatch(e -> !displayPath.equals(e.file()))) continue;
      out.putIfAbsent(fix.description() + "|" + fix.edits(), fix);
    }
    return out;
  }
}
