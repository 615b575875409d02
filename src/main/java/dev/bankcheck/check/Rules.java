package dev.bankcheck.check;

/** The rule ids of the output contract. */
public final class Rules {
  public static final String BANK_CONFLICT = "bank-conflict";
  public static final String ATOMIC_CONTENTION = "atomic-contention";
  public static final String DATA_DEPENDENT_INDEX = "data-dependent-index";
  public static final String UNANALYZED_ACCESS = "unanalyzed-access";
  public static final String PARSE_ERROR = "parse-error";
  /** Accesses that are conflict-free carry this id; they are listed in JSON but not printed as text. */
  public static final String NONE = "none";

  private Rules() {}
}
