package dev.bankcheck.report;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/** The one map from a --format name to its reporter. HTML is written separately (--html FILE). */
public final class ReporterFactory {
  private static final Map<String, Supplier<Reporter>> BY_NAME = new LinkedHashMap<>();

  static {
    BY_NAME.put("text", TextReporter::new);
    BY_NAME.put("json", JsonReporter::new);
    BY_NAME.put("sarif", SarifReporter::new);
  }

  private ReporterFactory() {}

  /** The format names, in the order --help lists them. */
  public static Set<String> names() {
    return BY_NAME.keySet();
  }

  /**
   * The reporter for {@code name} that takes root, fingerprints and baseline from {@code context}
   * (made for the report it will write), or empty when there is no such format.
   */
  public static Optional<Reporter> forName(String name, RunContext context) {
    switch (name) {
      case "text":
        return Optional.of(new TextReporter(context));
      case "json":
        return Optional.of(new JsonReporter(context));
      case "sarif":
        return Optional.of(new SarifReporter(context));
      default:
        return forName(name);
    }
  }

  /** The reporter for {@code name}, or empty when there is no such format. */
  public static Optional<Reporter> forName(String name) {
    Supplier<Reporter> supplier = BY_NAME.get(name);
    return supplier == null ? Optional.empty() : Optional.of(supplier.get());
  }
}
