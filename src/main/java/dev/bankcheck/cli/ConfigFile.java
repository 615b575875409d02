package dev.bankcheck.cli;

import dev.bankcheck.bank.BankConfig;
import dev.bankcheck.source.SmallTextFile;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * {@code .bankcheck.properties}: a Java properties file with the project's defaults. Keys:
 * {@code block}, {@code block.KERNEL}, {@code assume.KERNEL}, {@code define.NAME}, {@code include},
 * {@code exclude}, {@code fail-on}, {@code banks}, {@code bank-bytes}, {@code warp-size}. Folders and globs are
 * relative to the file's folder. Any other key, or a bad value, is an error naming file and line.
 */
final class ConfigFile {
  static final String NAME = ".bankcheck.properties";
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  /** What '// bankcheck: assume' takes: NAME=VALUE or NAME=VALUE,VALUE, separated by spaces. */
  private static final Pattern ASSUMED = Pattern.compile("[A-Za-z_]\\w*=[^\\s=,]+(,[^\\s=,]+)*"
      + "(\\s+[A-Za-z_]\\w*=[^\\s=,]+(,[^\\s=,]+)*)*");
  private static final List<String> KEYS = List.of("block", "block.KERNEL", "assume.KERNEL", "define.NAME", "include",
      "exclude", "fail-on", "banks", "bank-bytes", "warp-size");

  /** A configuration file that cannot be used; the message starts with "FILE:LINE: ". */
  static final class ConfigException extends Exception {
    ConfigException(String message) {
      super(message);
    }
  }

  /**
   * The settings of one file; null or empty where it says nothing. {@code display} is the file's
   * path as shown in messages and assumptions.
   */
  record Settings(Path file, String display, Integer failOn, int[] block, Map<String, int[]> kernelBlocks,
      Map<String, String> kernelAssumptions, Map<String, String> defines, List<Path> includeDirs,
      List<String> excludes, Integer banks, Integer bankBytes, Integer warpSize) {

    Path folder() {
      Path parent = file.toAbsolutePath().normalize().getParent();
      return parent == null ? Path.of("").toAbsolutePath() : parent;
    }

    /**
     * Whether an exclude glob matches the file. A glob without '/' matches any one file or folder
     * name below the configuration's folder ({@code *_gen.cu}, {@code third_party}); a glob with '/'
     * matches the path from that folder, or a folder above the file ({@code src/legacy},
     * {@code src/**}/old_*.cu). Files outside the folder are never excluded.
     */
    boolean excludes(Path path) {
      if (excludes.isEmpty()) return false;
      Path abs = path.toAbsolutePath().normalize();
      Path folder = folder();
      if (!abs.startsWith(folder) || abs.equals(folder)) return false;
      Path rel = folder.relativize(abs);
      for (String glob : excludes) {
        String g = glob.startsWith("/") ? glob.substring(1) : glob;
        if (g.endsWith("/")) g = g.substring(0, g.length() - 1);
        if (g.isEmpty()) continue;
        PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + g);
        if (!g.contains("/")) {
          for (Path name : rel) {
            if (m.matches(name)) return true;
          }
        } else {
          for (int i = 1; i <= rel.getNameCount(); i++) {
            if (m.matches(rel.subpath(0, i))) return true;
          }
        }
      }
      return false;
    }
  }

  private ConfigFile() {}

  /** The nearest {@value #NAME} in the first input's folder or above it, or null. */
  static Path find(List<String> inputs) {
    if (inputs.isEmpty()) return null;
    Path start;
    try {
      start = Path.of(inputs.get(0)).toAbsolutePath().normalize();
    } catch (InvalidPathException e) {
      return null;
    }
    if (!Files.isDirectory(start)) start = start.getParent();
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve(NAME);
      if (Files.isRegularFile(candidate)) return candidate;
    }
    return null;
  }

  /** How to show a configuration file: relative to the current folder when under it. */
  static String display(Path file) {
    Path cwd = Path.of("").toAbsolutePath().normalize();
    Path abs = file.toAbsolutePath().normalize();
    return abs.startsWith(cwd) && !abs.equals(cwd) ? cwd.relativize(abs).toString() : file.toString();
  }

  /** A configuration is a few lines: a bigger file is refused before it is read (a device would never end). */
  static final long MAX_BYTES = 1L << 20;

  static Settings load(Path file) throws ConfigException, IOException {
    String display = display(file);
    String text;
    try {
      text = SmallTextFile.read(file, MAX_BYTES);
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new ConfigException(display + ": not UTF-8 text");
    }
    return parse(file, display, text);
  }

  /** Reads the properties line by line (the JDK reads each logical line), so errors can name their line. */
  static Settings parse(Path file, String display, String text) throws ConfigException {
    Path folder = file.toAbsolutePath().normalize().getParent();
    if (folder == null) folder = Path.of("").toAbsolutePath();
    Integer failOn = null;
    Integer banks = null;
    Integer bankBytes = null;
    Integer warpSize = null;
    int[] block = null;
    Map<String, int[]> kernelBlocks = new LinkedHashMap<>();
    Map<String, String> kernelAssumptions = new LinkedHashMap<>();
    Map<String, String> defines = new LinkedHashMap<>();
    List<Path> includes = new ArrayList<>();
    List<String> excludes = new ArrayList<>();
    Map<String, Integer> firstLine = new HashMap<>();

    String[] lines = text.split("\r\n|\r|\n", -1);
    for (int i = 0; i < lines.length; i++) {
      int lineNo = i + 1;
      StringBuilder logical = new StringBuilder(lines[i]);
      String trimmed = lines[i].stripLeading();
      boolean comment = trimmed.startsWith("#") || trimmed.startsWith("!");
      while (!comment && endsWithContinuation(logical) && i + 1 < lines.length) {
        logical.append('\n').append(lines[++i]);
      }
      Properties p = new Properties();
      try {
        p.load(new StringReader(logical.toString()));
      } catch (IOException | IllegalArgumentException e) {
        throw error(display, lineNo, "cannot read this line: " + e.getMessage());
      }
      for (String key : p.stringPropertyNames()) {
        String value = p.getProperty(key).strip();
        Integer before = firstLine.putIfAbsent(key, lineNo);
        if (before != null) throw error(display, lineNo, "'" + key + "' is already set at line " + before);
        switch (key) {
          case "block":
            block = shape(display, lineNo, key, value);
            break;
          case "fail-on":
            failOn = positive(display, lineNo, key, value);
            break;
          case "banks":
            banks = modelValue(display, lineNo, key, value);
            break;
          case "bank-bytes":
            bankBytes = modelValue(display, lineNo, key, value);
            break;
          case "warp-size":
            warpSize = modelValue(display, lineNo, key, value);
            break;
          case "include":
            for (String dir : list(value)) includes.add(resolve(display, lineNo, key, folder, dir));
            break;
          case "exclude":
            for (String glob : list(value)) {
              try {
                FileSystems.getDefault().getPathMatcher("glob:" + glob);
              } catch (IllegalArgumentException e) {
                throw error(display, lineNo, "exclude has an invalid glob '" + glob + "': " + e.getMessage());
              }
              excludes.add(glob);
            }
            break;
          default:
            if (key.startsWith("block.") && IDENTIFIER.matcher(key.substring(6)).matches()) {
              kernelBlocks.put(key.substring(6), shape(display, lineNo, key, value));
            } else if (key.startsWith("assume.") && IDENTIFIER.matcher(key.substring(7)).matches()) {
              if (!ASSUMED.matcher(value).matches()) {
                throw error(display, lineNo, key + " needs NAME=VALUE[,VALUE]... separated by spaces"
                    + " (n=1024 T=float), not '" + value + "'");
              }
              kernelAssumptions.put(key.substring(7), value);
            } else if (key.startsWith("define.") && IDENTIFIER.matcher(key.substring(7)).matches()) {
              defines.put(key.substring(7), value.isEmpty() ? "1" : value);
            } else {
              throw error(display, lineNo, "unknown key '" + key + "' (known keys: " + String.join(", ", KEYS) + ")");
            }
        }
      }
    }
    return new Settings(file, display, failOn, block, Map.copyOf(kernelBlocks), Map.copyOf(kernelAssumptions),
        Map.copyOf(defines), List.copyOf(includes), List.copyOf(excludes), banks, bankBytes, warpSize);
  }

  /** The bank model: the command line's values where given, else the file's, else the defaults. */
  static BankConfig bank(Settings s, Cli.Config config) {
    Map<String, Integer> file = new HashMap<>();
    if (s.banks() != null) file.put("banks", s.banks());
    if (s.bankBytes() != null) file.put("bank-bytes", s.bankBytes());
    if (s.warpSize() != null) file.put("warp-size", s.warpSize());
    BankConfig cli = config.bank();
    return new BankConfig(
        pick(config, "banks", cli.banks(), file),
        pick(config, "bank-bytes", cli.bankBytes(), file),
        pick(config, "warp-size", cli.warpSize(), file));
  }

  private static int pick(Cli.Config config, String option, int cliValue, Map<String, Integer> file) {
    return config.gate().given().contains(option) || !file.containsKey(option) ? cliValue : file.get(option);
  }

  private static boolean endsWithContinuation(CharSequence line) {
    int backslashes = 0;
    for (int i = line.length() - 1; i >= 0 && line.charAt(i) == '\\'; i--) backslashes++;
    return backslashes % 2 == 1;
  }

  private static List<String> list(String value) {
    List<String> out = new ArrayList<>();
    for (String part : value.split(",")) {
      if (!part.isBlank()) out.add(part.strip());
    }
    return out;
  }

  private static int[] shape(String display, int line, String key, String value) throws ConfigException {
    try {
      return Cli.block(value);
    } catch (UsageException e) {
      throw error(display, line, key + ": " + e.getMessage().replace("--block ", "").replace("--block", "a block"));
    }
  }

  private static int positive(String display, int line, String key, String value) throws ConfigException {
    int n;
    try {
      n = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw error(display, line, key + " needs a whole number, not '" + value + "'");
    }
    if (n < 1) throw error(display, line, key + " must be at least 1, not " + n);
    return n;
  }

  /** A value of the bank model: 1 to {@link BankConfig#MAX}. */
  private static int modelValue(String display, int line, String key, String value) throws ConfigException {
    int n = positive(display, line, key, value);
    if (n > BankConfig.MAX) throw error(display, line, key + " must be at most " + BankConfig.MAX + ", not " + n);
    return n;
  }

  private static Path resolve(String display, int line, String key, Path folder, String value)
      throws ConfigException {
    try {
      return folder.resolve(value).normalize();
    } catch (InvalidPathException e) {
      throw error(display, line, key + " has an invalid path '" + value + "'");
    }
  }

  private static ConfigException error(String display, int line, String message) {
    return new ConfigException(display + ":" + line + ": " + message);
  }
}
