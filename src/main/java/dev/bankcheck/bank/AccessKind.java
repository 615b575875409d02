package dev.bankcheck.bank;

/**
 * What one warp instruction does to shared memory, as the bank model sees it (names match the checker's Op).
 * COPY is the shared-memory write of an asynchronous copy (cp.async): grouped as plain accesses, but lanes
 * on the same address are not merged.
 */
public enum AccessKind {
  LOAD, STORE, ATOMIC, COPY
}
