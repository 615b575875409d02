package dev.bankcheck.source;

import java.util.List;

/**
 * A macro definition. {@code paramIndex[i]} is the parameter that body token i names, or -1, so substitution
 * needs no lookups; {@code variadicIndex} is the index of the {@code ...} parameter or -1.
 */
record Macro(String name, boolean functionLike, int paramCount, int variadicIndex, List<PPToken> body,
    int[] paramIndex) {
  boolean variadic() {
    return variadicIndex >= 0;
  }
}
