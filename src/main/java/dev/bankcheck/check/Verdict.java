package dev.bankcheck.check;

/** The verdict of one shared-memory access (output contract field {@code verdict}). */
public enum Verdict {
  OK("ok"), BROADCAST("broadcast"), CONFLICT("conflict"), DATA_DEPENDENT("data-dependent"), UNKNOWN("unknown");

  public final String id;

  Verdict(String id) {
    this.id = id;
  }
}
