package dev.bankcheck.source;

import java.util.Arrays;

/**
 * Immutable set of macro names a token must not be expanded by (Prosser's hide set). Sets are tiny, so a
 * plain array with linear search beats hashing; instances are shared between the tokens of one expansion
 * (and remember their last union, which changes no answer).
 */
final class HideSet {
  static final HideSet EMPTY = new HideSet(new String[0]);

  private final String[] names;

  private HideSet(String[] names) {
    this.names = names;
  }

  boolean contains(String name) {
    for (String s : names) if (s.equals(name)) return true;
    return false;
  }

  HideSet with(String name) {
    if (contains(name)) return this;
    String[] grown = Arrays.copyOf(names, names.length + 1);
    grown[names.length] = name;
    return new HideSet(grown);
  }

  HideSet union(HideSet other) {
    if (other == this || other.names.length == 0) return this;
    if (names.length == 0) return other;
    // the tokens of one macro argument share a hide set and get the same one added: computed once
    Union last = lastUnion;
    if (last != null && last.other == other) return last.result;
    HideSet result = this;
    for (String s : other.names) result = result.with(s);
    lastUnion = new Union(other, result);
    return result;
  }

  /** The last union made; final fields, so a thread that sees another's write sees it whole. */
  private record Union(HideSet other, HideSet result) {}

  private Union lastUnion;

  HideSet intersect(HideSet other) {
    if (other == this) return this;
    if (names.length == 0 || other.names.length == 0) return EMPTY;
    String[] kept = new String[Math.min(names.length, other.names.length)];
    int k = 0;
    for (String s : names) if (other.contains(s)) kept[k++] = s;
    return k == 0 ? EMPTY : new HideSet(Arrays.copyOf(kept, k));
  }
}
