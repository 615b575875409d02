package dev.bankcheck.sym;

/** What an access does to shared memory. */
public enum MemOp { LOAD, STORE, ATOMIC }
