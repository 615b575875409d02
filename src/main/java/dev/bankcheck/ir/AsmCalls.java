package dev.bankcheck.ir;

/**
 * The calls the IR builder makes of inline asm that touches shared memory: {@code ACCESS(address, width, kind,
 * lanes)} for one instruction that accesses it at an operand's address (ldmatrix, stmatrix, ld.shared,
 * st.shared, cp.async), {@code INPUTS(...)} with the inputs of any other asm.
 */
public final class AsmCalls {
  public static final String ACCESS = "__bankcheck_asm_access";
  public static final String INPUTS = "__bankcheck_asm_inputs";
  /** Kinds of {@link #ACCESS}: ld.shared, st.shared, cp.async, ldmatrix, stmatrix. */
  public static final int LOAD = 0, STORE = 1, COPY = 2, LDMATRIX = 3, STMATRIX = 4;
  /** What each kind reads or writes, for the assumptions ("16-byte accesses (ldmatrix row)"). */
  public static final java.util.List<String> KIND_NAMES = java.util.List.of("ld.shared", "st.shared", "cp.async copy",
      "ldmatrix row", "stmatrix row");

  private AsmCalls() {}
}
