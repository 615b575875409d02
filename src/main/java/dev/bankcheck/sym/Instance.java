package dev.bankcheck.sym;

import dev.bankcheck.ir.StructDef;
import java.util.Map;
import java.util.Objects;

/**
 * A class template's instance: the definition its arguments select (the primary template, an explicit or a
 * partial specialization) with that definition's parameters bound; or, with {@code unknown}, why the
 * definition cannot be told. Equal when the same definition has equal bindings.
 */
public record Instance(StructDef def, Map<String, Val> bindings, String unknown) {
  @Override
  public boolean equals(Object o) {
    return o instanceof Instance i && i.def == def && i.bindings.equals(bindings)
        && Objects.equals(i.unknown, unknown);
  }

  @Override
  public int hashCode() {
    return 31 * System.identityHashCode(def) + bindings.hashCode();
  }
}
