package dev.bankcheck.bank;

/** What one warp instruction does to shared memory, as the bank model sees it (names match the checker's Op). */
public enum AccessKind {
  LOAD, STORE, ATOMIC
}
