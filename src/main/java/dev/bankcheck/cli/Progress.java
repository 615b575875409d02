package dev.bankcheck.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code \r[12/340] path} on stderr as files finish, redrawn in place and cleared at the end. Only
 * for terminals: a pipe or a CI log never gets carriage returns unless --progress asks for them.
 */
final class Progress {
  /** Redraws at most this often, so a fast run does not spend its time printing. */
  private static final long MIN_INTERVAL_NANOS = 50_000_000L;

  private final PrintStream err;
  private final int total;
  private final int width;
  private int done;
  private int shown;
  private long lastDraw;

  Progress(PrintStream err, int total, int width) {
    this.err = err;
    this.total = total;
    this.width = Math.max(20, width);
  }

  /**
   * Whether stderr is a terminal, as well as Java 17 can tell: on Linux from what file descriptor 2
   * points to, elsewhere from {@link System#console()} (stdin and stdout on a terminal). Never with
   * TERM=dumb, nor inside Emacs (INSIDE_EMACS: its compilation buffers may run on a pty but do not
   * redraw a line on a carriage return).
   */
  static boolean stderrIsTerminal() {
    if ("dumb".equals(System.getenv("TERM")) || System.getenv("INSIDE_EMACS") != null) return false;
    Path fd2 = Path.of("/proc/self/fd/2");
    if (Files.isSymbolicLink(fd2)) {
      try {
        String target = Files.readSymbolicLink(fd2).toString();
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
      } catch (IOException | UnsupportedOperationException | SecurityException e) {
        return false;
      }
    }
    return System.console() != null;
  }

  /** The terminal's width from $COLUMNS, else 80. */
  static int terminalWidth() {
    try {
      String columns = System.getenv("COLUMNS");
      return columns == null ? 80 : Integer.parseInt(columns.strip());
    } catch (NumberFormatException e) {
      return 80;
    }
  }

  /** One more file finished. Called from analysis threads. */
  synchronized void fileDone(String path) {
    done++;
    long now = System.nanoTime();
    if (done < total && shown > 0 && now - lastDraw < MIN_INTERVAL_NANOS) return;
    lastDraw = now;
    String line = "[" + done + "/" + total + "] ";
    int room = width - 1 - line.length();
    String p = path.length() <= room ? path : "..." + path.substring(Math.max(0, path.length() - room + 3));
    line += p;
    StringBuilder out = new StringBuilder("\r").append(line);
    for (int i = line.length(); i < shown; i++) out.append(' '); // wipe the rest of a longer line
    shown = line.length();
    err.print(out);
    err.flush();
  }

  /** Erases the progress line, leaving the cursor at the start of an empty line. */
  synchronized void clear() {
    if (shown == 0) return;
    err.print("\r" + " ".repeat(shown) + "\r");
    err.flush();
    shown = 0;
  }
}
