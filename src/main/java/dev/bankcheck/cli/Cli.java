package dev.bankcheck.cli;

import dev.bankcheck.bank.BankConfig;
import dev.bankcheck.report.ReporterFactory;
import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.MissingArgumentException;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.apache.commons.cli.UnrecognizedOptionException;

/** Turns the command line into a validated {@link Config}, or a {@link UsageException}. */
public final class Cli {
  static final String SYNTAX = "bankcheck [options] PATH...";
  static final String SHORT_USAGE = "usage: " + SYNTAX + "\nTry 'bankcheck --help' for more information.";
  /** CUDA's limit on threads per block. */
  static final int MAX_BLOCK_THREADS = 1024;
  private static final Pattern BLOCK = Pattern.compile("(\\d{1,9})(?:x(\\d{1,9})(?:x(\\d{1,9}))?)?");
  private static final Pattern MACRO_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  /** One validated run configuration. {@code block} is null when --block was not given. */
  public record Config(
      String format,
      Path htmlFile,
      int failOn,
      boolean exitZero,
      int[] block,
      Map<String, String> defines,
      List<Path> includeDirs,
      BankConfig bank,
      int jobs,
      boolean help,
      boolean version,
      List<String> paths,
      Gate gate,
      boolean fix) {

    /** This configuration with the settings a configuration file may change. */
    Config withSettings(int failOn, int[] block, Map<String, String> defines, List<Path> includeDirs,
        BankConfig bank) {
      return new Config(format, htmlFile, failOn, exitZero, block, defines, includeDirs, bank, jobs, help, version,
          paths, gate, fix);
    }
  }

  /**
   * Options about configuration files, baselines and progress. {@code configFile} is --config
   * (null: search); {@code baseline}/{@code writeBaseline} are null when not given; {@code progress}
   * is null for "on a terminal only"; {@code given} holds the long names of the options given, so a
   * configuration file changes only what the command line left alone.
   */
  public record Gate(Path configFile, boolean noConfig, Path baseline, Path writeBaseline, Boolean progress,
      Set<String> given) {}

  private Cli() {}

  static Options options() {
    Options o = new Options();
    o.addOption(Option.builder("f").longOpt("format").hasArg().argName("FORMAT")
        .desc("what goes to stdout: " + String.join(", ", ReporterFactory.names()) + " (default text)").get());
    o.addOption(Option.builder().longOpt("html").hasArg().argName("FILE")
        .desc("also write a self-contained HTML report to FILE").get());
    o.addOption(Option.builder().longOpt("fail-on").hasArg().argName("N")
        .desc("exit 1 if an unsuppressed access is N-way or worse (default 2)").get());
    o.addOption(Option.builder().longOpt("exit-zero")
        .desc("exit 0 even with findings (usage and I/O errors still exit 2)").get());
    o.addOption(Option.builder().longOpt("block").hasArg().argName("X[xY[xZ]]")
        .desc("block shape where the source gives none (at most " + MAX_BLOCK_THREADS + " threads)").get());
    o.addOption(Option.builder("D").hasArg().argName("NAME[=VALUE]")
        .desc("define a macro (value 1 when none given); repeatable").get());
    o.addOption(Option.builder("I").hasArg().argName("DIR")
        .desc("add an include folder; repeatable").get());
    o.addOption(Option.builder().longOpt("banks").hasArg().argName("N").desc("number of banks (default 32)").get());
    o.addOption(Option.builder().longOpt("bank-bytes").hasArg().argName("N").desc("bytes per bank word (default 4)").get());
    o.addOption(Option.builder().longOpt("warp-size").hasArg().argName("N").desc("lanes per warp (default 32)").get());
    o.addOption(Option.builder("j").longOpt("jobs").hasArg().argName("N")
        .desc("files analyzed in parallel (default: number of processors)").get());
    o.addOption(Option.builder().longOpt("config").hasArg().argName("FILE")
        .desc("read settings from FILE instead of the " + ConfigFile.NAME + " found above the first input").get());
    o.addOption(Option.builder().longOpt("no-config").desc("read no configuration file").get());
    o.addOption(Option.builder().longOpt("baseline").hasArg().argName("FILE")
        .desc("findings listed in FILE (from --write-baseline) do not count for the exit code").get());
    o.addOption(Option.builder().longOpt("write-baseline").hasArg().argName("FILE")
        .desc("write the unsuppressed findings to FILE, to accept them with --baseline").get());
    o.addOption(Option.builder().longOpt("progress").desc("show progress on stderr even when it is not a terminal").get());
    o.addOption(Option.builder().longOpt("no-progress").desc("never show progress").get());
    o.addOption(Option.builder().longOpt("fix")
        .desc("apply the suggested fixes with edits to the files in place, print what changed, and report the"
            + " fixed files (without it no file is written)").get());
    o.addOption(Option.builder().longOpt("help").desc("print this help and exit").get());
    o.addOption(Option.builder().longOpt("version").desc("print the version and exit").get());
    return o;
  }

  /** Parses and validates; never exits and never prints. */
  public static Config parse(String[] args) throws UsageException {
    CommandLine cmd;
    try {
      // Partial matching off, so that "--fail" can never silently mean "--fail-on".
      DefaultParser parser = DefaultParser.builder().setAllowPartialMatching(false).get();
      cmd = parser.parse(options(), splitAttachedDefines(args));
    } catch (UnrecognizedOptionException e) {
      throw new UsageException("unrecognized option '" + e.getOption() + "'");
    } catch (MissingArgumentException e) {
      throw new UsageException("option '" + display(e.getOption()) + "' needs a value");
    } catch (ParseException e) {
      throw new UsageException(lowerFirst(e.getMessage()));
    }

    String format = cmd.getOptionValue("format", "text");
    if (!ReporterFactory.names().contains(format)) {
      throw new UsageException("unknown format '" + format + "' (expected one of: "
          + String.join(", ", ReporterFactory.names()) + ")");
    }
    Path html = cmd.hasOption("html") ? path("--html", cmd.getOptionValue("html")) : null;
    int failOn = positive(cmd, "fail-on", 2);
    int[] block = cmd.hasOption("block") ? block(cmd.getOptionValue("block")) : null;

    Map<String, String> defines = new LinkedHashMap<>();
    for (String d : values(cmd, "D")) {
      int eq = d.indexOf('=');
      String name = eq < 0 ? d : d.substring(0, eq);
      if (!MACRO_NAME.matcher(name).matches()) {
        throw new UsageException("invalid macro name in -D '" + d + "'");
      }
      defines.put(name, eq < 0 ? "1" : d.substring(eq + 1));
    }
    List<Path> includes = new ArrayList<>();
    for (String dir : values(cmd, "I")) {
      includes.add(path("-I", dir));
    }
    BankConfig bank = new BankConfig(
        modelValue(cmd, "banks", BankConfig.DEFAULT.banks()),
        modelValue(cmd, "bank-bytes", BankConfig.DEFAULT.bankBytes()),
        modelValue(cmd, "warp-size", BankConfig.DEFAULT.warpSize()));
    int jobs = positive(cmd, "jobs", Runtime.getRuntime().availableProcessors());

    boolean help = cmd.hasOption("help");
    boolean version = cmd.hasOption("version");
    List<String> paths = cmd.getArgList();
    if (paths.isEmpty() && !help && !version) {
      throw new UsageException("no input files or folders given");
    }
    if (cmd.hasOption("config") && cmd.hasOption("no-config")) {
      throw new UsageException("--config and --no-config cannot be used together");
    }
    if (cmd.hasOption("progress") && cmd.hasOption("no-progress")) {
      throw new UsageException("--progress and --no-progress cannot be used together");
    }
    Set<String> given = new TreeSet<>();
    for (Option o : cmd.getOptions()) {
      given.add(o.getLongOpt() != null ? o.getLongOpt() : o.getOpt());
    }
    Gate gate = new Gate(
        cmd.hasOption("config") ? path("--config", cmd.getOptionValue("config")) : null,
        cmd.hasOption("no-config"),
        cmd.hasOption("baseline") ? path("--baseline", cmd.getOptionValue("baseline")) : null,
        cmd.hasOption("write-baseline") ? path("--write-baseline", cmd.getOptionValue("write-baseline")) : null,
        cmd.hasOption("progress") ? Boolean.TRUE : cmd.hasOption("no-progress") ? Boolean.FALSE : null,
        Set.copyOf(given));
    return new Config(format, html, failOn, cmd.hasOption("exit-zero"), block, Map.copyOf(defines),
        List.copyOf(includes), bank, jobs, help, version, List.copyOf(paths), gate, cmd.hasOption("fix"));
  }

  /** Full help for --help, with the exit codes in the footer. */
  static void printHelp(PrintWriter out) {
    StringBuilder footer = new StringBuilder("\nExit codes:\n");
    for (ExitCode c : ExitCode.values()) {
      footer.append("  ").append(c.code).append("  ").append(switch (c) {
        case OK -> "no access at or above --fail-on, every file analyzed";
        case FINDINGS -> "an access at or above --fail-on, or a file not fully analyzed";
        case USAGE -> "usage error, a bad configuration or baseline file, or a path that does not exist or cannot be read";
      }).append('\n');
    }
    footer.append("\nFolders are searched recursively for *.cu and *.cuh files. Settings are read from the first\n"
        + ConfigFile.NAME + " in the first input's folder or above it; the command line wins.\n");
    new HelpFormatter().printHelp(out, 90, SYNTAX,
        "\nFind CUDA shared-memory bank conflicts by static analysis.\n\n", options(), 2, 2, footer.toString());
    out.flush();
  }

  /**
   * commons-cli reads "-DNAME" but rejects "-DNAME=VALUE" (it expects a Java property option with two
   * values); rewriting it as "-D NAME=VALUE" accepts the compiler spelling.
   */
  private static String[] splitAttachedDefines(String[] args) {
    List<String> out = new ArrayList<>();
    boolean afterDoubleDash = false;
    for (String a : args) {
      if (!afterDoubleDash && a.startsWith("-D") && a.length() > 2 && a.indexOf('=') > 2) {
        out.add("-D");
        out.add(a.substring(2));
      } else {
        out.add(a);
      }
      if (a.equals("--")) afterDoubleDash = true;
    }
    return out.toArray(String[]::new);
  }

  private static List<String> values(CommandLine cmd, String opt) {
    String[] v = cmd.getOptionValues(opt);
    return v == null ? List.of() : List.of(v);
  }

  private static int positive(CommandLine cmd, String longOpt, int fallback) throws UsageException {
    if (!cmd.hasOption(longOpt)) return fallback;
    String value = cmd.getOptionValue(longOpt);
    int n;
    try {
      n = Integer.parseInt(value.strip());
    } catch (NumberFormatException e) {
      throw new UsageException("--" + longOpt + " needs a whole number, not '" + value + "'");
    }
    if (n < 1) throw new UsageException("--" + longOpt + " must be at least 1, not " + n);
    return n;
  }

  /** A value of the bank model: 1 to {@link BankConfig#MAX}. */
  private static int modelValue(CommandLine cmd, String longOpt, int fallback) throws UsageException {
    int n = positive(cmd, longOpt, fallback);
    if (n > BankConfig.MAX) throw new UsageException("--" + longOpt + " must be at most " + BankConfig.MAX + ", not " + n);
    return n;
  }

  /** X[xY[xZ]], each at least 1, at most 1024 threads in all; missing dimensions are 1. */
  static int[] block(String value) throws UsageException {
    Matcher m = BLOCK.matcher(value.strip());
    if (!m.matches()) {
      throw new UsageException("--block needs X[xY[xZ]] with whole numbers, e.g. 32x8, not '" + value + "'");
    }
    int[] dims = new int[3];
    long threads = 1;
    for (int i = 0; i < 3; i++) {
      String g = m.group(i + 1);
      dims[i] = g == null ? 1 : Integer.parseInt(g);
      if (dims[i] < 1) throw new UsageException("--block dimensions must be at least 1, not '" + value + "'");
      threads *= dims[i];
    }
    if (threads > MAX_BLOCK_THREADS) {
      throw new UsageException("--block " + value + " has " + threads + " threads; a block has at most "
          + MAX_BLOCK_THREADS);
    }
    return dims;
  }

  private static Path path(String option, String value) throws UsageException {
    try {
      return Path.of(value);
    } catch (InvalidPathException e) {
      throw new UsageException(option + " has an invalid path '" + value + "'");
    }
  }

  private static String display(Option o) {
    return o == null ? "?" : o.getLongOpt() != null ? "--" + o.getLongOpt() : "-" + o.getOpt();
  }

  private static String lowerFirst(String s) {
    if (s == null || s.isEmpty()) return "invalid command line";
    String t = s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    return Character.toLowerCase(t.charAt(0)) + t.substring(1);
  }
}
