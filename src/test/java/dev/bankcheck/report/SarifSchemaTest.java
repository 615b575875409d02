package dev.bankcheck.report;

import static dev.bankcheck.report.Fixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.bankcheck.bank.BankConfig;
import dev.bankcheck.check.AnalysisOptions;
import dev.bankcheck.check.DefaultAnalyzer;
import dev.bankcheck.check.FileReport;
import dev.bankcheck.check.Finding;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Our SARIF against the official SARIF 2.1.0 JSON schema (a copy in test resources: no network). */
class SarifSchemaTest {
  private static Schema schema;

  @BeforeAll
  static void loadSchema() throws IOException {
    try (InputStream in = SarifSchemaTest.class.getResourceAsStream("/sarif/sarif-schema-2.1.0.json")) {
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_4).getSchema(text, InputFormat.JSON);
    }
  }

  private static List<Error> validate(String sarif) {
    return schema.validate(sarif, InputFormat.JSON);
  }

  private static String sarif(Report report, RunContext context) throws IOException {
    StringBuilder sb = new StringBuilder();
    new SarifReporter(context).write(report, sb);
    return sb.toString();
  }

  @Test
  void everySampleThroughTheRealAnalyzerIsValid() throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(Path.of("samples-cu"))) {
      files = walk.filter(p -> p.toString().endsWith(".cu") || p.toString().endsWith(".cuh")).sorted().toList();
    }
    assertTrue(files.size() > 20, "samples-cu/ has the samples");
    List<FileReport> reports = new ArrayList<>();
    for (Path f : files) {
      reports.add(new DefaultAnalyzer(AnalysisOptions.defaults()).analyze(f, f.toString()));
    }
    Report report = new Report("0.1.0", BankConfig.DEFAULT, reports, List.of("blockDim.x a multiple of 32"));
    String out = sarif(report, RunContext.of(report));
    assertEquals(List.of(), validate(out));
    assertTrue(out.contains("\"fixes\""), "some samples have fixes");
    assertTrue(out.contains("\"ruleId\": \"bank-conflict\""));
  }

  @Test
  void failedFileFixesSuppressionsAndBaselineAreValid() throws IOException {
    Finding fixed = conflict("src/k.cu", 12, 17, 32).withFix(padFix("src/k.cu"));
    Report report = report(
        analyzed("src/k.cu", ok("src/k.cu", 1, 1), fixed, conflict("src/k.cu", 13, 17, 32).withSuppressed(true),
            dataDependent("src/k.cu", 14, 2), unknown("src/k.cu", 20, 3), atomic("src/k.cu", 21, 3, 8)),
        failed("bad file.cu", 3, 9, "expected ';'"),
        new FileReport("/elsewhere/x.cu", FileReport.Status.FAILED, List.of(), List.of()));
    Baseline baseline = new Baseline(List.of(new Baseline.Entry(
        RunContext.of(report, Path.of("").toAbsolutePath(), SourceLines.none(), null).fingerprint(fixed),
        "bank-conflict", 12, 32)));
    RunContext context = RunContext.of(report, Path.of("").toAbsolutePath(), SourceLines.none(), baseline);
    String out = sarif(report, context);
    assertEquals(List.of(), validate(out));
    assertTrue(out.contains("\"baselineState\": \"unchanged\""), out);
    assertTrue(out.contains("\"baselineState\": \"new\""), out);
    assertTrue(out.contains("\"kind\": \"inSource\""), out);
    assertTrue(out.contains("\"toolExecutionNotifications\": [\n"), out);
    assertTrue(out.contains("\"replacements\""), out);
  }

  @Test
  void theValidatorRejectsWhatTheSchemaForbids() throws IOException {
    Report report = report(analyzed("k.cu", conflict("k.cu", 3, 1, 4)));
    String good = sarif(report, RunContext.of(report));
    assertEquals(List.of(), validate(good));
    assertFalse(validate(good.replace("\"level\": \"warning\"", "\"level\": \"severe\"")).isEmpty());
    assertFalse(validate(good.replace("\"startLine\": 3", "\"startLine\": 0")).isEmpty());
    assertFalse(validate(good.replace("\"version\": \"2.1.0\"", "\"version\": \"2.0.0\"")).isEmpty());
  }
}
