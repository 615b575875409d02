package dev.bankcheck.cli;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** The command-line entry point; the only place that calls System.exit. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    // UTF-8 regardless of the locale, so JSON and paths with non-ASCII characters come out intact.
    PrintStream out = new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out)), false, StandardCharsets.UTF_8);
    PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
    int code;
    try {
      code = new Runner().run(args, out, err);
    } catch (OutOfMemoryError e) {
      // the runner handles it per file and per report; this is the last resort, never a stack trace
      out.flush();
      err.println("bankcheck: error: out of memory (a larger heap: BANKCHECK_JAVA_OPTS=-Xmx2g)");
      code = ExitCode.USAGE.code;
    }
    out.flush();
    err.flush();
    System.exit(code);
  }
}
