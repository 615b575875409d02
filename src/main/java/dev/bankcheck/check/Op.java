package dev.bankcheck.check;

/** What an access does to shared memory. */
public enum Op {
  LOAD("load"), STORE("store"), ATOMIC("atomic");

  public final String id;

  Op(String id) {
    this.id = id;
  }
}
