package dev.bankcheck.sym;

/**
 * Bounds the work spent on one file: interpreter steps and wall time. When it runs out, loops stop
 * being enumerated and remaining warps are not run; findings then say that the work bound was hit.
 */
public final class WorkBudget {
  private long steps;
  private final long initialSteps;
  private final long deadlineNanos;
  private final long seconds;
  private boolean timedOut;

  public WorkBudget(long steps, long seconds) {
    this.steps = steps;
    this.initialSteps = steps;
    this.seconds = seconds;
    this.deadlineNanos = System.nanoTime() + seconds * 1_000_000_000L;
  }

  /** Spends one step; true while work may go on. Looks at the clock every 4096 steps only. */
  boolean step() {
    if (--steps > 0 && (steps & 4095) != 0) return !timedOut;
    if (!timedOut && System.nanoTime() > deadlineNanos) timedOut = true;
    return steps > 0 && !timedOut;
  }

  /** Steps spent so far: a deterministic measure of work (unlike time). */
  public long used() {
    return initialSteps - steps;
  }

  /** Spends {@code n} steps at once: the work of an analysis whose result is reused. */
  public void spend(long n) {
    steps -= n;
  }

  /** Steps left. */
  public long left() {
    return steps;
  }

  public boolean exhausted() {
    if (!timedOut && System.nanoTime() > deadlineNanos) timedOut = true;
    return steps <= 0 || timedOut;
  }

  /** Looks at the clock now: true once the time is up (then {@link #timedOut()} stays true). */
  public boolean pastDeadline() {
    if (!timedOut && System.nanoTime() > deadlineNanos) timedOut = true;
    return timedOut;
  }

  public boolean timedOut() {
    return timedOut;
  }

  public long seconds() {
    return seconds;
  }
}
