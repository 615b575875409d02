package dev.bankcheck.cli;

/** A problem with the command line itself; reported with a short usage and exit code 2. */
final class UsageException extends Exception {
  UsageException(String message) {
    super(message);
  }
}
