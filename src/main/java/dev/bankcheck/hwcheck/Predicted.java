package dev.bankcheck.hwcheck;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One access as bankcheck's JSON output reports it (the fields the hardware check uses). */
public record Predicted(String file, int line, int column, String kernel, String array, String op, int widthBytes,
    Integer ways, Integer wavefronts, Integer idealWavefronts, String verdict, String reason, String blockAssumption) {

  private static final Pattern BLOCK = Pattern.compile("blockDim = \\((\\d+),(\\d+),(\\d+)\\)");

  /** wavefronts - idealWavefronts per warp instruction, or null where bankcheck gives no number. */
  public Integer excess() {
    return wavefronts == null || idealWavefronts == null ? null : wavefronts - idealWavefronts;
  }

  /** The block shape the prediction used, {x, y, z}, or null when it rests on "blockDim.x a multiple of 32". */
  public int[] block() {
    if (blockAssumption == null) return null;
    Matcher m = BLOCK.matcher(blockAssumption);
    if (!m.find()) return null;
    return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))};
  }

  /** The accesses of a bankcheck JSON report ({@code -f json}). */
  public static List<Predicted> fromJson(String json) {
    JsonObject root = JsonParser.parseString(json).getAsJsonObject();
    List<Predicted> out = new ArrayList<>();
    for (JsonElement e : root.getAsJsonArray("accesses")) {
      JsonObject a = e.getAsJsonObject();
      JsonArray as = a.has("assumptions") && a.get("assumptions").isJsonArray() ? a.getAsJsonArray("assumptions") : new JsonArray();
      String block = null;
      for (JsonElement s : as) {
        String t = s.getAsString();
        if (t.contains("blockDim")) {
          block = t;
          break;
        }
      }
      out.add(new Predicted(str(a, "file"), a.get("line").getAsInt(), a.get("column").getAsInt(), str(a, "kernel"),
          str(a, "array"), str(a, "op"), a.get("widthBytes").isJsonNull() ? 0 : a.get("widthBytes").getAsInt(),
          num(a, "ways"), num(a, "wavefronts"), num(a, "idealWavefronts"), str(a, "verdict"), str(a, "reason"), block));
    }
    return out;
  }

  private static String str(JsonObject o, String k) {
    JsonElement e = o.get(k);
    return e == null || e.isJsonNull() ? null : e.getAsString();
  }

  private static Integer num(JsonObject o, String k) {
    JsonElement e = o.get(k);
    return e == null || e.isJsonNull() ? null : e.getAsInt();
  }
}
