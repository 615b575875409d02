package dev.bankcheck.check;

import dev.bankcheck.bank.BankConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Options of one run. {@code block} is the --block shape (null: none given); {@code defines} are -D
 * macros (value "1" when none given); {@code includeDirs} are -I folders.
 */
public record AnalysisOptions(BankConfig bank, int[] block, Map<String, String> defines, List<Path> includeDirs) {
  public static AnalysisOptions defaults() {
    return new AnalysisOptions(BankConfig.DEFAULT, null, Map.of(), List.of());
  }
}
