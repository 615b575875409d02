package dev.bankcheck.sym;

/** What an access does to shared memory; COPY is the write of a thread's asynchronous copy (cp.async). */
public enum MemOp { LOAD, STORE, ATOMIC, COPY }
