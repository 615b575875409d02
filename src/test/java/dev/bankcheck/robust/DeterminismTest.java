package dev.bankcheck.robust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The same input gives byte-identical output across runs and thread counts, in every format: the samples (33
 * files, parse errors, fixes, launches, templates) analyzed with -j 1 and -j 4, twice each.
 */
class DeterminismTest {
  @Test
  void everyFormatIsByteIdenticalAcrossRunsAndThreadCounts() {
    for (String format : List.of("text", "json", "sarif")) {
      Pipeline.Result reference = Pipeline.run("--exit-zero", "-f", format, "-j", "1", "samples-cu");
      assertEquals(0, reference.code(), reference.err());
      assertFalse(reference.out().isEmpty());
      for (String jobs : List.of("4", "1", "4")) {
        Pipeline.Result again = Pipeline.run("--exit-zero", "-f", format, "-j", jobs, "samples-cu");
        assertEquals(reference.out(), again.out(), format + " output with -j " + jobs);
        assertEquals(reference.err(), again.err(), format + " messages with -j " + jobs);
      }
    }
  }

  @Test
  void jsonAndSarifOfTheSamplesParse() {
    Pipeline.strictJson(Pipeline.run("--exit-zero", "-f", "json", "samples-cu").out());
    Pipeline.strictJson(Pipeline.run("--exit-zero", "-f", "sarif", "samples-cu").out());
  }
}
