package dev.bankcheck.hwcheck;

import dev.bankcheck.cli.Runner;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Step 1 of the hardware check, on any machine with Java: for every sample, bankcheck's predictions (JSON, with the
 * block shape the driver launches: the source's own shape, else the RUN line's {@code --block}, else one warp of 32
 * threads), a host driver, a copy of the sample with volatile shared arrays (the driver includes it where it
 * compiles: run.sh puts {@code volatile/} first on the include path), and one manifest row per kernel (launched, or
 * skipped with the reason).
 */
public final class Prepare {
  private Prepare() {}

  /** Default block where the source gives none: one warp, so the prediction covers exactly what runs. */
  public static final String DEFAULT_BLOCK = "32";

  /** The folder under the prepare folder with the samples' volatile copies (same relative paths). */
  public static final String VOLATILE = "volatile";

  public static final String MANIFEST_HEADER =
      "sample\tkernel\tdriver\tindex\tcallee\tblock\tdefines\tjson\tnote";

  /** One manifest row; {@code index} is -1 for a kernel that is not launched ({@code note} says why). */
  public record Row(String sample, String kernel, String driver, int index, String callee, String block,
      String defines, String json, String note) {
    String tsv() {
      return String.join("\t", sample, kernel, driver, Integer.toString(index), callee, block, defines, json, note);
    }

    static Row parse(String line) {
      String[] f = line.split("\t", -1);
      return new Row(f[0], f[1], f[2], Integer.parseInt(f[3]), f[4], f[5], f[6], f[7], f[8]);
    }
  }

  /** Every .cu file under the paths, sorted; display paths relative to {@code root} with '/' separators. */
  public static List<Path> samples(Path root, List<String> paths) throws IOException {
    List<Path> out = new ArrayList<>();
    for (String p : paths) {
      Path path = root.resolve(p);
      if (Files.isDirectory(path)) {
        try (Stream<Path> s = Files.walk(path)) {
          s.filter(f -> f.toString().endsWith(".cu") && Files.isRegularFile(f)).sorted().forEach(out::add);
        }
      } else {
        out.add(path);
      }
    }
    return out;
  }

  public static String display(Path root, Path file) {
    return root.toAbsolutePath().normalize().relativize(file.toAbsolutePath().normalize()).toString().replace('\\', '/');
  }

  /**
   * Writes predicted/, drivers/ and manifest.tsv under {@code out}; returns the manifest rows (kernels with 8- or
   * 16-byte accesses or atomics first, skipped kernels last).
   */
  public static List<Row> run(Path root, Path out, List<String> paths) throws IOException {
    Files.createDirectories(out.resolve("drivers"));
    Files.createDirectories(out.resolve("predicted"));
    List<Row> rows = new ArrayList<>();
    List<Row> priority = new ArrayList<>();
    List<Row> skipped = new ArrayList<>();
    int n = 0;
    for (Path file : samples(root, paths)) {
      String display = display(root, file);
      String stem = String.format("%02d_%s", n++, file.getFileName().toString().replaceAll("\\.cu$", "")
          .replaceAll("[^A-Za-z0-9_]", "_"));
      Sample sample = Sample.read(file, display);
      String json = analyze(root, sample);
      String jsonName = "predicted/" + stem + ".json";
      Files.writeString(out.resolve(jsonName), json, StandardCharsets.UTF_8);
      List<Predicted> predicted = Predicted.fromJson(json);
      String driverName = "drivers/" + stem + ".cu";
      String defines = defines(sample.defines());
      List<DriverGen.Launch> launches = new ArrayList<>();
      for (Sample.Kernel k : sample.kernels()) {
        Predicted first = null;
        for (Predicted p : predicted) {
          if (p.kernel() != null && p.kernel().equals(k.name())) {
            first = p;
            break;
          }
        }
        String note = "";
        String callee = k.qualifiedName();
        if (first == null) note = "no shared-memory access reported by bankcheck: nothing to measure";
        else if (k.template()) {
          // the values bankcheck analyzed (host constants and host templates resolved), else as written
          List<String> analyzed = analyzedInstantiations(json, k.name());
          // a run with an argument that has no value ("4, ?") cannot be launched
          List<String> instantiations = analyzed.stream().filter(i -> !List.of(i.split(", ")).contains("?")).toList();
          if (analyzed.isEmpty()) instantiations = k.instantiations();
          if (instantiations.isEmpty()) {
            note = analyzed.isEmpty() ? "template without an instantiation or launch in the file"
                : "a template argument without a value (" + k.name() + "<" + analyzed.get(0) + ">)";
          }
          else {
            callee = k.qualifiedName() + "<" + (analyzed.isEmpty() ? instantiations.get(0)
                : k.templateArguments(instantiations.get(0))) + ">";
            if (instantiations.size() > 1) note = "first of " + instantiations.size() + " instantiations";
          }
        }
        // a kernel argument bankcheck took from '// bankcheck: assume': the driver passes its own (1, or a size)
        if (first != null && argumentsAssumed(json, k.name())) {
          note = "its arguments' values come from a '// bankcheck: assume' annotation, which the driver does not pass";
        }
        int[] block = first == null ? null : first.block();
        if (first != null && block == null) note = "no block shape in bankcheck's assumptions";
        if (block != null && (long) block[0] * block[1] * block[2] > 1024) note = "block larger than 1024 threads";
        boolean launched = first != null && note.startsWith("first of") || first != null && note.isEmpty();
        String blockText = block == null ? "-" : block[0] + "x" + block[1] + "x" + block[2];
        boolean wideOrAtomic = false;
        for (Predicted p : predicted) {
          if (!k.name().equals(p.kernel())) continue;
          if (p.widthBytes() >= 8 || "atomic".equals(p.op())) wideOrAtomic = true;
          // a faulting kernel would end the driver's CUDA context, and every launch after it
          if (p.reason() != null && p.reason().contains("(misaligned address)")) {
            note = "a misaligned access, which faults on the GPU";
            launched = false;
          }
        }
        if (launched) {
          (wideOrAtomic ? priority : rows).add(new Row(display, k.name(), driverName, launches.size(), callee, blockText, defines, jsonName, note));
          launches.add(new DriverGen.Launch(callee, k.params(), block, sample.usesDynamicShared()));
        } else {
          skipped.add(new Row(display, k.name(), driverName, -1, callee, blockText, defines, jsonName, note));
        }
      }
      Files.writeString(out.resolve(driverName), DriverGen.driver(display, launches), StandardCharsets.UTF_8);
      Path copy = out.resolve(VOLATILE).resolve(display);
      Files.createDirectories(copy.getParent());
      Files.writeString(copy, sample.volatileCopy(), StandardCharsets.UTF_8);
    }
    // Kernels with 8- and 16-byte accesses or atomics first: measured even if the GPU's time runs short.
    priority.addAll(rows);
    priority.addAll(skipped);
    rows = priority;
    StringBuilder sb = new StringBuilder(MANIFEST_HEADER).append('\n');
    for (Row r : rows) sb.append(r.tsv()).append('\n');
    Files.writeString(out.resolve("manifest.tsv"), sb.toString(), StandardCharsets.UTF_8);
    return rows;
  }

  public static List<Row> readManifest(Path out) throws IOException {
    List<Row> rows = new ArrayList<>();
    List<String> lines = Files.readAllLines(out.resolve("manifest.tsv"), StandardCharsets.UTF_8);
    for (int i = 1; i < lines.size(); i++) if (!lines.get(i).isBlank()) rows.add(Row.parse(lines.get(i)));
    return rows;
  }

  /** nvcc's -D options for the sample's defines, space-separated ("-" when none). */
  static String defines(Map<String, String> defines) {
    if (defines.isEmpty()) return "-";
    List<String> d = new ArrayList<>();
    defines.forEach((k, v) -> d.add("-D" + k + "=" + v));
    return String.join(" ", d);
  }

  /** bankcheck's JSON report for the sample with the hardware's bank model and the launched block shape. */
  static String analyze(Path root, Sample sample) {
    List<String> args = new ArrayList<>(List.of("-f", "json", "--exit-zero", "-j", "1", "--block",
        sample.block() != null ? sample.block() : DEFAULT_BLOCK));
    sample.defines().forEach((k, v) -> args.add("-D" + k + "=" + v));
    for (String inc : sample.includeDirs()) {
      args.add("-I");
      args.add(root.relativize(sample.path().toAbsolutePath().getParent().resolve(inc).normalize()).toString());
    }
    args.add(sample.display());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    String userDir = System.getProperty("user.dir");
    code = new Runner().run(args.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    if (code == 2) {
      throw new IllegalStateException("bankcheck failed on " + sample.display() + " (run from " + userDir + "): "
          + err.toString(StandardCharsets.UTF_8));
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static final java.util.regex.Pattern TEMPLATE_ARGUMENTS =
      java.util.regex.Pattern.compile("template arguments (.+?)(?:, arguments .*?)? \\(from ");

  private static final java.util.regex.Pattern ASSUMED_ARGUMENTS = java.util.regex.Pattern.compile(
      "(?<!template )arguments \\w+ = [^(]*\\(from [^)]*the annotations? at lines? ");

  /** Whether bankcheck ran {@code kernel} with argument values from an assume annotation. */
  static boolean argumentsAssumed(String json, String kernel) {
    for (com.google.gson.JsonElement e : com.google.gson.JsonParser.parseString(json).getAsJsonObject()
        .getAsJsonArray("accesses")) {
      com.google.gson.JsonObject a = e.getAsJsonObject();
      if (!kernel.equals(a.get("kernel").getAsString())) continue;
      for (com.google.gson.JsonElement as : a.getAsJsonArray("assumptions")) {
        if (ASSUMED_ARGUMENTS.matcher(as.getAsString()).find()) return true;
      }
    }
    return false;
  }

  /** Template argument lists of {@code kernel} as bankcheck's assumptions name them ("TILE = 32, T = float"). */
  static List<String> analyzedInstantiations(String json, String kernel) {
    java.util.Set<String> out = new java.util.LinkedHashSet<>();
    for (com.google.gson.JsonElement e : com.google.gson.JsonParser.parseString(json).getAsJsonObject()
        .getAsJsonArray("accesses")) {
      com.google.gson.JsonObject a = e.getAsJsonObject();
      if (!kernel.equals(a.get("kernel").getAsString())) continue;
      for (com.google.gson.JsonElement as : a.getAsJsonArray("assumptions")) {
        for (String part : as.getAsString().split("; ")) {
          java.util.regex.Matcher m = TEMPLATE_ARGUMENTS.matcher(part);
          if (!m.find()) continue;
          List<String> values = new ArrayList<>();
          for (String binding : m.group(1).split(", ")) values.add(binding.substring(binding.indexOf(" = ") + 3));
          out.add(String.join(", ", values));
        }
      }
    }
    return new ArrayList<>(out);
  }
}
