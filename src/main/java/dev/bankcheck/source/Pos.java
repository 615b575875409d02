package dev.bankcheck.source;

/** A position in an original source file: the path as the user gave it, 1-based line and column. */
public record Pos(String file, int line, int column) implements Comparable<Pos> {
  public static final Pos NONE = new Pos("", 0, 0);

  @Override
  public int compareTo(Pos o) {
    int c = file.compareTo(o.file);
    if (c != 0) return c;
    c = Integer.compare(line, o.line);
    return c != 0 ? c : Integer.compare(column, o.column);
  }

  /** The file's name without its folders: short enough for a reason that names a place in another file. */
  public String fileName() {
    return file.substring(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  }

  @Override
  public String toString() {
    return file + ":" + line + ":" + column;
  }

  // written out: a record's generated methods are bootstrapped through method handles, a start-up cost
  @Override
  public boolean equals(Object o) {
    return o instanceof Pos p && p.line == line && p.column == column && java.util.Objects.equals(p.file, file);
  }

  @Override
  public int hashCode() {
    return (java.util.Objects.hashCode(file) * 31 + line) * 31 + column;
  }
}
