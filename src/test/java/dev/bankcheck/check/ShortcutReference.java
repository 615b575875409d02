package dev.bankcheck.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

/** A shortcut of the analysis against its reference: the findings of a source with and without it. */
final class ShortcutReference {
  private ShortcutReference() {}

  static List<Finding> findings(String src, Shortcuts shortcuts) {
    return new DefaultAnalyzer(AnalysisOptions.defaults(), DefaultAnalyzer.SECONDS_PER_FILE, shortcuts)
        .analyzeText(Path.of("s.cu"), "s.cu", src).findings();
  }

  /**
   * Every finding equal: position, verdict, ways, wavefronts, assumptions, the fix's ways, and the reason
   * where {@code reasons} (a symbolic warp's reason names its worst warp, which running each warp does not).
   */
  static void assertSame(String src, Shortcuts shortcut, Shortcuts reference, boolean reasons) {
    List<Finding> fast = findings(src, shortcut);
    List<Finding> slow = findings(src, reference);
    assertEquals(slow.size(), fast.size(), src);
    for (int i = 0; i < fast.size(); i++) {
      Finding a = fast.get(i);
      Finding b = slow.get(i);
      String what = src + "\nwith the shortcut: " + a.reason() + "\nwithout: " + b.reason();
      assertEquals(b.pos(), a.pos(), what);
      assertEquals(b.verdict(), a.verdict(), what);
      assertEquals(b.ways(), a.ways(), what);
      assertEquals(b.wavefronts(), a.wavefronts(), what);
      if (reasons) assertEquals(b.reason(), a.reason(), what);
      assertEquals(b.assumptions(), a.assumptions(), what);
      assertEquals(b.fix() == null ? null : b.fix().waysAfter(), a.fix() == null ? null : a.fix().waysAfter(), what);
    }
  }
}
