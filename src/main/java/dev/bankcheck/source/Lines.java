package dev.bankcheck.source;

import java.util.ArrayList;
import java.util.List;

/** A text's lines: CRLF, LF and a lone CR each end one, as positions count them. */
public final class Lines {
  private Lines() {}

  /** The lines as {@code text.split("\r\n|\r|\n", -1)} gives them, without a regular expression. */
  public static String[] split(String text) {
    List<String> out = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\n' || c == '\r') {
        out.add(text.substring(start, i));
        if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') i++;
        start = i + 1;
      }
    }
    out.add(text.substring(start));
    return out.toArray(new String[0]);
  }
}
