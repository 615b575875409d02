package dev.bankcheck.source;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A settings file (configuration, baseline): UTF-8 text, read whole, refused when not a regular file or too big. */
public final class SmallTextFile {
  private SmallTextFile() {}

  /**
   * The file's text. A device or FIFO would never end and a huge file would not fit the heap: both are refused
   * with an IOException before reading; text that is not UTF-8 throws {@link CharacterCodingException}.
   */
  public static String read(Path file, long maxBytes) throws IOException {
    if (!Files.isRegularFile(file)) throw new IOException("not a regular file");
    if (Files.size(file) > maxBytes) throw new IOException("larger than " + (maxBytes >> 20) + " MiB");
    return Files.readString(file, StandardCharsets.UTF_8);
  }
}
