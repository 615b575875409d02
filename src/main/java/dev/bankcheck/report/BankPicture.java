package dev.bankcheck.report;

import dev.bankcheck.bank.BankConfig;
import dev.bankcheck.bank.BankModel;
import dev.bankcheck.bank.GroupResult;
import dev.bankcheck.bank.WarpAccess;
import dev.bankcheck.bank.WarpResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the HTML report draws for one evaluated warp: per lane group of the bank model, the rows of
 * shared memory its lanes touch (a row is {@code banks} consecutive words, so a column is a bank), the
 * lanes on each word, and the bank that needs the most passes. The groups, their passes and worst
 * banks come from {@link BankModel} itself; this class only places the lanes' words on the grid.
 *
 * @param banks columns of the grid
 * @param bankBytes bytes per word
 * @param widthBytes bytes each lane accesses (a lane covers every word its bytes touch)
 * @param ways the warp's worst passes, as the model evaluated them
 * @param groups the non-empty lane groups in lane order
 * @param inactiveLanes lanes that take no part
 */
public record BankPicture(int banks, int bankBytes, int widthBytes, int ways, List<Group> groups,
    List<Integer> inactiveLanes) {

  public BankPicture {
    groups = List.copyOf(groups);
    inactiveLanes = List.copyOf(inactiveLanes);
  }

  /**
   * One lane group.
   *
   * @param firstLane first lane of the group's range
   * @param lastLane last lane of the group's range
   * @param passes passes the model gives the group
   * @param worstBank the bank the model names as attaining {@code passes}
   * @param rows the rows of memory the group touches, ascending
   */
  public record Group(int firstLane, int lastLane, int passes, int worstBank, List<Row> rows) {
    public Group {
      rows = List.copyOf(rows);
    }

    /** Distinct words of this group in {@code bank}. */
    public int wordsInBank(int bank) {
      int n = 0;
      for (Row r : rows) {
        for (Cell c : r.cells()) {
          if (c.bank() == bank) n++;
        }
      }
      return n;
    }
  }

  /** Words {@code index*banks} up to {@code index*banks + banks - 1}; only touched cells are listed, by bank. */
  public record Row(long index, List<Cell> cells) {
    public Row {
      cells = List.copyOf(cells);
    }
  }

  /** One touched word: its bank (column), its word number from the array's start, the lanes on it. */
  public record Cell(int bank, long word, List<Integer> lanes) {
    public Cell {
      lanes = List.copyOf(lanes);
    }
  }

  /** The picture of {@code access} under {@code cfg}; empty when there is nothing the model can evaluate. */
  public static Optional<BankPicture> of(WarpAccess access, BankConfig cfg) {
    if (access == null || cfg == null || access.lanes() != cfg.warpSize()) return Optional.empty();
    WarpResult result;
    try {
      result = new BankModel(cfg).evaluate(access.byteAddress(), access.active(), access.widthBytes(), access.kind());
    } catch (IllegalArgumentException e) {
      return Optional.empty(); // a width or lane count the model does not take: no picture rather than a wrong one
    }
    List<Group> groups = new ArrayList<>();
    for (GroupResult g : result.groups()) {
      groups.add(group(access, cfg, g));
    }
    List<Integer> inactive = new ArrayList<>();
    for (int lane = 0; lane < access.lanes(); lane++) {
      if (!access.isActive(lane)) inactive.add(lane);
    }
    return Optional.of(new BankPicture(cfg.banks(), cfg.bankBytes(), access.widthBytes(), result.ways(), groups,
        inactive));
  }

  private static Group group(WarpAccess access, BankConfig cfg, GroupResult g) {
    int bankBytes = cfg.bankBytes();
    int banks = cfg.banks();
    Map<Long, List<Integer>> lanesByWord = new TreeMap<>();
    for (int lane = g.firstLane(); lane <= g.lastLane(); lane++) {
      if (!access.isActive(lane)) continue;
      long first = Math.floorDiv(access.address(lane), bankBytes);
      long last = Math.floorDiv(access.address(lane) + access.widthBytes() - 1, bankBytes);
      for (long w = first; w <= last; w++) {
        lanesByWord.computeIfAbsent(w, k -> new ArrayList<>()).add(lane);
      }
    }
    Map<Long, List<Cell>> cellsByRow = new TreeMap<>();
    for (Map.Entry<Long, List<Integer>> e : lanesByWord.entrySet()) {
      long word = e.getKey();
      cellsByRow.computeIfAbsent(Math.floorDiv(word, banks), k -> new ArrayList<>())
          .add(new Cell((int) Math.floorMod(word, (long) banks), word, e.getValue()));
    }
    List<Row> rows = new ArrayList<>();
    for (Map.Entry<Long, List<Cell>> e : cellsByRow.entrySet()) {
      rows.add(new Row(e.getKey(), e.getValue()));
    }
    return new Group(g.firstLane(), g.lastLane(), g.passes(), g.worstBank(), rows);
  }
}
