package dev.bankcheck.report;

import dev.bankcheck.check.Finding;
import dev.bankcheck.source.Pos;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * What a run knows about its findings beyond the {@link Report}: the folder that URIs and baseline
 * paths are relative to, each finding's {@link Fingerprint}, and which findings a baseline accepted.
 * Findings are looked up by identity: the instances of the report it was made for.
 */
public final class RunContext {
  private final Path root;
  private final Path cwd;
  private final Report report;
  private final SourceLines lines;
  private final boolean baselineUsed;
  /** Computed on first use: reading the sources is needed only for SARIF and baselines. */
  private Map<Finding, Fingerprint> fingerprints;
  private final Set<Finding> baselined = Collections.newSetFromMap(new IdentityHashMap<>());

  private RunContext(Path root, Path cwd, Report report, SourceLines lines, Map<Finding, Fingerprint> fingerprints,
      Baseline baseline) {
    this.root = root.toAbsolutePath().normalize();
    this.cwd = cwd.toAbsolutePath().normalize();
    this.report = report;
    this.lines = lines;
    this.fingerprints = fingerprints;
    this.baselineUsed = baseline != null;
    if (baseline == null) return;
    fingerprints().forEach((f, p) -> {
      if (!f.suppressed() && baseline.contains(p)) baselined.add(f);
    });
  }

  /** The default: root from the current folder, source lines from disk, no baseline. */
  public static RunContext of(Report report) {
    return of(report, defaultRoot(), SourceLines.fromDisk(), null);
  }

  /**
   * @param root the folder URIs and baseline paths are relative to
   * @param lines the source text, for fingerprints
   * @param baseline the accepted findings, or null when none was given
   */
  public static RunContext of(Report report, Path root, SourceLines lines, Baseline baseline) {
    return of(report, root, Path.of(""), lines, baseline);
  }

  /** As above, with relative paths resolved against {@code cwd} (tests). */
  static RunContext of(Report report, Path root, Path cwd, SourceLines lines, Baseline baseline) {
    return new RunContext(root, cwd, report, lines, null, baseline);
  }

  /** The same report and fingerprints (the sources are not read again), judged against {@code baseline}. */
  public RunContext withBaseline(Baseline baseline) {
    return new RunContext(root, cwd, report, lines, fingerprints(), baseline);
  }

  private Map<Finding, Fingerprint> fingerprints() {
    if (fingerprints != null) return fingerprints;
    fingerprints = new IdentityHashMap<>();
    Map<Fingerprint, Integer> seen = new HashMap<>();
    // one string per line, shared by its findings: a long line with thousands of them is held once
    Map<Pos, String> normalized = new HashMap<>();
    for (Finding f : report.sortedFindings()) {
      Pos pos = f.pos() == null ? Pos.NONE : f.pos();
      String source = normalized.computeIfAbsent(new Pos(pos.file(), pos.line(), 1),
          p -> Fingerprint.source(lines.line(p.file(), p.line())));
      Fingerprint first = new Fingerprint(relativePath(pos.file()), f.kernel(), f.array(), f.op().id, source, 0);
      int nth = seen.merge(first, 1, Integer::sum);
      fingerprints.put(f, new Fingerprint(first.file(), first.kernel(), first.array(), first.op(), source, nth));
    }
    return fingerprints;
  }

  /** The root of the git work tree that holds the current folder, else the current folder. */
  public static Path defaultRoot() {
    Path cwd = Path.of("").toAbsolutePath().normalize();
    for (Path p = cwd; p != null; p = p.getParent()) {
      if (Files.exists(p.resolve(".git"))) return p; // a folder, or a file in a linked work tree
    }
    return cwd;
  }

  public Path root() {
    return root;
  }

  public boolean baselineUsed() {
    return baselineUsed;
  }

  /** The fingerprint of a finding of this context's report (computed without source for others). */
  public Fingerprint fingerprint(Finding f) {
    Fingerprint p = fingerprints().get(f);
    if (p != null) return p;
    Pos pos = f.pos() == null ? Pos.NONE : f.pos();
    return new Fingerprint(relativePath(pos.file()), f.kernel(), f.array(), f.op().id, "", 1);
  }

  /** Whether the baseline accepted this (unsuppressed) finding. */
  public boolean isBaselined(Finding f) {
    return baselined.contains(f);
  }

  /** How many findings the baseline accepted. */
  public int baselinedCount() {
    return baselined.size();
  }

  /** Findings that text would print but a {@code // bankcheck: ignore} comment suppressed. */
  public static int suppressedCount(Report report) {
    int n = 0;
    for (Finding f : report.sortedFindings()) {
      if (f.suppressed() && Messages.isDiagnostic(f.withSuppressed(false))) n++;
    }
    return n;
  }

  /**
   * A path as given (relative to the current folder) made relative to the root, with forward
   * slashes; the absolute normalized path when it is outside the root.
   */
  public String relativePath(String path) {
    if (path == null || path.isEmpty()) return "";
    try {
      Path abs = cwd.resolve(path).normalize();
      if (!abs.startsWith(root)) return abs.toString().replace('\\', '/');
      return root.relativize(abs).toString().replace('\\', '/');
    } catch (InvalidPathException e) {
      return path;
    }
  }

  /** Whether {@link #uri} is relative to the root (then it needs the root as its base). */
  public boolean isUnderRoot(String path) {
    try {
      return path != null && !path.isEmpty() && cwd.resolve(path).normalize().startsWith(root);
    } catch (InvalidPathException e) {
      return false;
    }
  }

  /** A percent-encoded URI reference: relative to the root when under it, else an absolute file URI. */
  public String uri(String path) {
    if (path == null || path.isEmpty()) return "unknown";
    try {
      if (!isUnderRoot(path)) return cwd.resolve(path).normalize().toUri().toASCIIString();
      String relative = relativePath(path);
      // A colon in the first segment would read as a URI scheme.
      int colon = relative.indexOf(':');
      int slash = relative.indexOf('/');
      if (colon >= 0 && (slash < 0 || colon < slash)) relative = "./" + relative;
      return new URI(null, null, relative, null).toASCIIString();
    } catch (InvalidPathException | URISyntaxException e) {
      return path;
    }
  }

  /** The root as an absolute file URI ending in a slash, for SARIF {@code originalUriBaseIds}. */
  public String rootUri() {
    String u = root.toUri().toASCIIString();
    return u.endsWith("/") ? u : u + "/";
  }
}
