package dev.bankcheck.report;

import java.io.IOException;
import java.io.Writer;

/** Renders a {@link Report} in one output format. Reporters only present; they never analyze. */
public interface Reporter {
  void write(Report report, Appendable out) throws IOException;

  /** {@code out} as a Writer that a streaming writer may flush but never closes. */
  static Writer writerOf(Appendable out) {
    if (out instanceof Writer writer) {
      // straight through: the generic path below makes a String of every char a streaming writer writes
      return new java.io.FilterWriter(writer) {
        @Override
        public void close() {}
      };
    }
    return new Writer() {
      @Override
      public void write(char[] chars, int offset, int length) throws IOException {
        out.append(java.nio.CharBuffer.wrap(chars, offset, length));
      }

      @Override
      public void write(String s, int offset, int length) throws IOException {
        out.append(s, offset, offset + length);
      }

      @Override
      public void flush() throws IOException {
        if (out instanceof java.io.Flushable f) f.flush();
      }

      @Override
      public void close() {}
    };
  }
}
