package dev.bankcheck.check;

/**
 * What an access does to shared memory. COPY, an asynchronous copy's write (cp.async), is a store in every
 * output; the bank model does not merge its lanes on one word.
 */
public enum Op {
  LOAD("load"), STORE("store"), ATOMIC("atomic"), COPY("store");

  public final String id;

  Op(String id) {
    this.id = id;
  }
}
