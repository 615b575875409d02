package dev.bankcheck.source;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Lines#split} splits as the regular expression it replaces. */
class LinesTest {
  @Test
  void splitsAsTheRegex() {
    Random random = new Random(7);
    String[] parts = {"a", "bc", "\n", "\r", "\r\n", "\n\r", " "};
    for (int round = 0; round < 2000; round++) {
      StringBuilder sb = new StringBuilder();
      int n = random.nextInt(8);
      for (int i = 0; i < n; i++) sb.append(parts[random.nextInt(parts.length)]);
      String text = sb.toString();
      assertArrayEquals(text.split("\r\n|\r|\n", -1), Lines.split(text), text);
    }
  }
}
