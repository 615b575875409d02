package dev.bankcheck.check;

import dev.bankcheck.source.SourceError;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Everything found in one input file. {@code status}: analyzed, partial (some errors) or failed. */
public record FileReport(String path, Status status, List<SourceError> errors, List<Finding> findings) {
  public enum Status {
    ANALYZED("analyzed"), PARTIAL("partial"), FAILED("failed");

    public final String id;

    Status(String id) {
      this.id = id;
    }
  }

  /**
   * The reports with each finding in a header reported once. Every file that includes a header analyzes the
   * header's kernels again; where they find the same (every field equal but the evaluated warps), the finding
   * stays with the header's own report when the header is an input, else with the first such file in input
   * order. Findings that differ (another block shape from another launch) all stay. A header is never compiled
   * alone: where a file of the run includes it and analyzes one of its kernels, that analysis (with the
   * includer's launches, instantiations and macros) replaces the header's own analysis of the kernel; so does a
   * .cu file's analysis replace that of a header that includes the kernel's header (sgemm's kernels.cuh, which
   * includes every kernels/*.cuh, none of them instantiated there). Nor is a kernel template compiled by a file
   * that neither launches nor instantiates it: where another file of the run does, the first one's analysis of it
   * (its template arguments as symbols) is dropped (FlashInfer's decode_dsv3_2.cu includes the header of the
   * DSV4 kernel, which only decode_dsv4.cu launches).
   */
  public static List<FileReport> withoutRepeatedHeaderFindings(List<FileReport> reports) {
    reports = withoutUninstantiatedKernels(reports);
    Map<String, Set<String>> kernelsByHeader = new HashMap<>(); // what the includers analyzed in each header
    Map<String, Set<String>> kernelsByUnit = new HashMap<>(); // what the .cu includers analyzed in each header
    for (FileReport r : reports) {
      for (Finding f : r.findings) {
        String file = f.pos().file();
        if (file.equals(r.path)) continue;
        kernelsByHeader.computeIfAbsent(file, h -> new HashSet<>()).add(f.kernel());
        if (r.path.endsWith(".cu")) kernelsByUnit.computeIfAbsent(file, h -> new HashSet<>()).add(f.kernel());
      }
    }
    if (kernelsByHeader.isEmpty()) return reports; // (hashing records costs start-up time: a small run has no headers)
    List<FileReport> own = new ArrayList<>(reports.size());
    Set<Finding> seen = new HashSet<>();
    for (FileReport r : reports) {
      Set<String> replaced = kernelsByHeader.get(r.path);
      if (replaced != null) {
        r = r.keeping(f -> !replaced.contains(f.kernel()));
        for (Finding f : r.findings) if (f.pos().file().equals(r.path)) seen.add(comparable(f));
      }
      if (!r.path.endsWith(".cu")) {
        String header = r.path;
        r = r.keeping(f -> f.pos().file().equals(header)
            || !kernelsByUnit.getOrDefault(f.pos().file(), Set.of()).contains(f.kernel()));
      }
      own.add(r);
    }
    List<FileReport> out = new ArrayList<>(own.size());
    for (FileReport r : own) out.add(r.keeping(f -> f.pos().file().equals(r.path) || seen.add(comparable(f))));
    return out;
  }

  /** The reports without a file's findings of a kernel template it does not instantiate and another file does. */
  private static List<FileReport> withoutUninstantiatedKernels(List<FileReport> reports) {
    Set<List<String>> instantiated = new HashSet<>(); // (the file of a finding, its kernel)
    List<Set<String>> notInstantiated = new ArrayList<>(); // per report, its kernels
    for (FileReport r : reports) {
      Set<String> kernels = new HashSet<>();
      for (Finding f : r.findings) if (KernelChecker.notInstantiated(f)) kernels.add(f.kernel());
      notInstantiated.add(kernels);
      for (Finding f : r.findings) if (!kernels.contains(f.kernel())) instantiated.add(List.of(f.pos().file(), f.kernel()));
    }
    List<FileReport> out = new ArrayList<>(reports.size());
    for (int i = 0; i < reports.size(); i++) {
      Set<String> kernels = notInstantiated.get(i);
      out.add(kernels.isEmpty() ? reports.get(i) : reports.get(i).keeping(f -> !kernels.contains(f.kernel())
          || !instantiated.contains(List.of(f.pos().file(), f.kernel()))));
    }
    return out;
  }

  private FileReport keeping(java.util.function.Predicate<Finding> keep) {
    List<Finding> kept = findings.stream().filter(keep).toList();
    return kept.size() == findings.size() ? this : new FileReport(path, status, errors, kept);
  }

  private static Finding comparable(Finding f) {
    return f.lanes() == null && (f.fix() == null || f.fix().lanesAfter() == null) ? f : f.withoutLanes(f.assumptions());
  }

  /**
   * The same report without the evaluated warps, which only the HTML report draws: a run keeps every
   * finding until the report is written, and on a large code base the warps were most of that memory.
   * Equal assumption lists (one per kernel, usually) become one list.
   */
  public FileReport withoutLanes() {
    Map<List<String>, List<String>> shared = new HashMap<>();
    List<Finding> out = new ArrayList<>(findings.size());
    for (Finding f : findings) out.add(f.withoutLanes(shared.computeIfAbsent(f.assumptions(), a -> a)));
    return new FileReport(path, status, errors, List.copyOf(out));
  }
}
