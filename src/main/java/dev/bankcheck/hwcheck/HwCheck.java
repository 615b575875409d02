package dev.bankcheck.hwcheck;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The hardware check's command line (see the README's "Hardware check"); run from the repository root:
 *
 * <pre>
 * java -cp target/bankcheck.jar dev.bankcheck.hwcheck.HwCheck prepare OUTDIR samples-cu
 * java -cp target/bankcheck.jar dev.bankcheck.hwcheck.HwCheck compare OUTDIR RESULTSDIR TRUTH.tsv
 * </pre>
 *
 * {@code prepare} writes drivers, predictions and the manifest; hwcheck/run.sh compiles and profiles them on a GPU
 * into RESULTSDIR; {@code compare} joins both into the truth table (and hardware-detail.tsv, hardware-kernels.tsv
 * beside it).
 */
public final class HwCheck {
  private HwCheck() {}

  /** Per-kernel counters collected with --metrics (those the GPU's ncu does not know are left out by run.sh). */
  public static final List<String> METRICS = List.of(
      "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
      "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
      "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum",
      "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
      "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
      "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum",
      "smsp__inst_executed_op_shared_ld.sum",
      "smsp__inst_executed_op_shared_st.sum",
      "smsp__inst_executed_op_shared_atom.sum");

  public static void main(String[] args) throws IOException {
    if (args.length >= 3 && args[0].equals("prepare")) {
      Path root = Path.of("").toAbsolutePath();
      List<Prepare.Row> rows = Prepare.run(root, root.resolve(args[1]), Arrays.asList(args).subList(2, args.length));
      long launched = rows.stream().filter(r -> r.index() >= 0).count();
      System.out.println("hwcheck: " + launched + " kernels to measure, " + (rows.size() - launched)
          + " skipped (see " + args[1] + "/manifest.tsv)");
    } else if (args.length == 4 && args[0].equals("compare")) {
      compare(Path.of(args[1]), Path.of(args[2]), Path.of(args[3]));
    } else if (args.length == 1 && args[0].equals("metrics")) {
      System.out.println(String.join(",", METRICS));
    } else {
      System.err.println("usage: HwCheck prepare OUTDIR PATH... | compare OUTDIR RESULTSDIR TRUTH.tsv | metrics");
      System.exit(2);
    }
  }

  /** Results of one kernel's run: RESULTS/STEM.INDEX.source.csv and .details.csv. */
  static Path result(Path results, Prepare.Row row, String kind) {
    String stem = Path.of(row.driver()).getFileName().toString().replaceAll("\\.cu$", "");
    return results.resolve(stem + "." + row.index() + "." + kind + ".csv");
  }

  public static void compare(Path prep, Path results, Path truth) throws IOException {
    Compare.Env env = Compare.Env.read(results.resolve("env.txt"));
    List<Compare.Joined> all = new ArrayList<>();
    StringBuilder kernels = new StringBuilder("sample\tkernel\trole\tstatus");
    for (String m : METRICS) kernels.append('\t').append(m);
    kernels.append('\n');
    int measuredKernels = 0;
    for (Prepare.Row row : Prepare.readManifest(prep)) {
      if (row.index() < 0) continue;
      Path src = result(results, row, "source");
      List<Predicted> predicted = Predicted.fromJson(Files.readString(prep.resolve(row.json()), StandardCharsets.UTF_8));
      String driverFile = Path.of(row.driver()).getFileName().toString();
      if (!Files.exists(src)) {
        kernels.append(row.sample()).append('\t').append(row.kernel()).append("\tkernel\tnot measured\n");
        all.addAll(Compare.join(row.sample(), row.kernel(), row.block(), driverFile, predicted, List.of()));
        continue;
      }
      measuredKernels++;
      List<NcuCsv.SassRow> sass = NcuCsv.sourcePage(Files.readString(src, StandardCharsets.UTF_8));
      all.addAll(Compare.join(row.sample(), row.kernel(), row.block(), driverFile, predicted, sass));
      Path det = result(results, row, "details");
      List<NcuCsv.Metric> metrics = Files.exists(det)
          ? NcuCsv.detailsPage(Files.readString(det, StandardCharsets.UTF_8)) : List.of();
      for (String role : List.of("kernel", "control")) {
        kernels.append(row.sample()).append('\t').append(row.kernel()).append('\t').append(role).append("\tmeasured");
        for (String m : METRICS) {
          Double v = null;
          for (NcuCsv.Metric x : metrics) {
            boolean isControl = x.kernel().contains(DriverGen.CONTROL);
            if (x.name().equals(m) && isControl == role.equals("control")) v = v == null ? x.value() : v + x.value();
          }
          kernels.append('\t').append(v == null ? "-" : String.format(Locale.ROOT, "%.0f", v));
        }
        kernels.append('\n');
      }
    }
    Path dir = truth.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    Files.writeString(truth, Compare.truthTsv(all, env), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("hardware-detail.tsv"), Compare.detailTsv(all), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("hardware-kernels.tsv"), kernels.toString(), StandardCharsets.UTF_8);
    long inTruth = all.stream().filter(Compare.Joined::inTruth).count();
    long agree = all.stream().filter(j -> j.inTruth() && Boolean.TRUE.equals(j.agrees())).count();
    System.out.println("hwcheck: " + measuredKernels + " kernels measured; " + inTruth + " accesses compared, " + agree
        + " agree within the tolerance (0.05 + the control's noise)");
    for (Compare.Joined j : all) {
      if (j.inTruth() && !Boolean.TRUE.equals(j.agrees())) {
        System.out.println("  disagree: " + j.file() + ":" + j.line() + " " + j.kernel() + " " + j.array() + " " + j.op()
            + " predicted " + j.predicted() + " measured " + Compare.fmt(j.measured()));
      }
    }
  }
}
