package dev.bankcheck.sym;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ArithTest {
  private static final Poly B = Poly.symbol("blockIdx.x");

  private static Val num(Poly p) {
    return new Val.Num(p);
  }

  private static Poly poly(Val v) {
    return ((Val.Num) v).poly();
  }

  @ParameterizedTest
  @CsvSource({"+,7,3,10", "-,7,3,4", "*,7,3,21", "/,7,3,2", "%,7,3,1", "<<,7,3,56", ">>,7,1,3", "&,6,3,2", "|,6,3,7",
      "^,6,3,5", "<,1,2,1", ">=,1,2,0", "==,2,2,1", "!=,2,2,0", "&&,1,0,0", "||,1,0,1", "min,4,9,4", "max,4,9,9"})
  void concreteOperatorsFollowC(String op, long a, long b, long expected) {
    assertEquals(Poly.of(expected), poly(Arith.binary(op, Val.num(a), Val.num(b))));
  }

  @Test
  void cDivisionAndModuloTruncateTowardZero() {
    assertEquals(Poly.of(-2), poly(Arith.binary("/", Val.num(-7), Val.num(3))));
    assertEquals(Poly.of(-1), poly(Arith.binary("%", Val.num(-7), Val.num(3))));
  }

  @Test
  void divisionByZeroIsUnknownNotACrash() {
    assertTrue(Arith.binary("/", Val.num(1), Val.num(0)) instanceof Val.Unknown);
    assertTrue(Arith.binary("%", Val.num(1), Val.num(0)) instanceof Val.Unknown);
  }

  @Test
  void uniformMultiplesOfTheModulusDropOut() {
    // (32*b + 5) % 32 == 5, (32*b + 5) & 31 == 5, (32*b + 5) / 32 == b, (32*b + 5) >> 5 == b
    Val x = num(B.scale(32).add(Poly.of(5)));
    assertEquals(Poly.of(5), poly(Arith.binary("%", x, Val.num(32))));
    assertEquals(Poly.of(5), poly(Arith.binary("&", x, Val.num(31))));
    assertEquals(B, poly(Arith.binary("/", x, Val.num(32))));
    assertEquals(B, poly(Arith.binary(">>", x, Val.num(5))));
    assertEquals(B.scale(32).add(Poly.of(4)), poly(Arith.binary("^", x, Val.num(1))));
    assertEquals(B.scale(128), poly(Arith.binary("<<", num(B.scale(32)), Val.num(2))));
  }

  @Test
  void operationsThatDependOnTheSymbolBecomeNamedUniformSymbols() {
    Val x = num(B.add(Poly.of(5)));
    Val a = Arith.binary("%", x, Val.num(32));
    Val b = Arith.binary("%", num(B.add(Poly.of(5))), Val.num(32));
    assertEquals(a, b, "the same expression in two lanes gives the same symbol");
    assertTrue(!poly(a).isConstant());
    Val c = Arith.binary("%", num(B.add(Poly.of(6))), Val.num(32));
    assertTrue(!poly(a).symbolic().equals(poly(c).symbolic()), "different lanes, different symbols");
  }

  @Test
  void comparisonsDecidedByAConstantDifference() {
    Val x = num(B.add(Poly.of(3)));
    Val y = num(B.add(Poly.of(16)));
    assertEquals(Poly.of(1), poly(Arith.binary("<", x, y)));
    assertEquals(x, Arith.binary("min", x, y));
  }

  @Test
  void unknownAndDataPropagate() {
    Val u = new Val.Unknown("why");
    Val d = new Val.Data("mem");
    assertEquals(u, Arith.binary("+", Val.num(1), u));
    assertEquals(d, Arith.binary("/", d, Val.num(2)));
    assertEquals(d, Arith.binary("*", d, num(B)));
    assertEquals(-1, Arith.truth(d));
  }

  /** d * 32 + 5 is 5 modulo 32 for any d read from memory: what a row index from memory leaves of the bank. */
  @Test
  void dataKeepsWhatItIsModuloAConstant() {
    Val d = new Val.Data("mem");
    Val row = Arith.binary("+", Arith.binary("*", d, Val.num(32)), Val.num(5));
    assertEquals(new Val.Data("mem", 32, Poly.of(5)), row);
    assertEquals(row, Arith.binary("+", Arith.binary("<<", d, Val.num(5)), Val.num(5)));
    assertEquals(Val.num(5), Arith.binary("%", row, Val.num(32)));
    assertEquals(Val.num(5), Arith.binary("&", row, Val.num(15)));
    assertEquals(new Val.Data("mem", 64, Poly.of(10)), Arith.binary("*", row, Val.num(2)));
    assertEquals(new Val.Data("mem", 32, Poly.of(29)), Arith.binary("-", row, Val.num(40)));
    assertEquals(new Val.Data("mem", 32, Poly.of(27)), Arith.unary("-", row));
    assertEquals(new Val.Data("mem", 32, Poly.of(6)),
        Arith.binary("+", row, Arith.binary("+", Arith.binary("*", d, Val.num(64)), Val.num(1))));
    assertEquals(new Val.Data("mem", 32, B.add(Poly.of(5))), Arith.binary("+", row, num(B)));
    assertEquals(d, Arith.binary("/", row, Val.num(2)));
    // 32k + 5 modulo 64: 5 or 37
    assertEquals(new Val.Data("mem", 32, Poly.of(5), Val.Range.of(0, 1)), Arith.binary("%", row, Val.num(64)));
    assertEquals(Val.num(0), Arith.binary("*", row, Val.num(0)));
    // two branches: what both sides are congruent to
    assertEquals(row, Arith.join(row, Val.num(37)));
    assertEquals(d, Arith.join(row, Val.num(38)));
    assertEquals(new Val.Data("mem", 32, Poly.ZERO),
        Arith.join(new Val.Data("mem", 64, Poly.ZERO), new Val.Data("mem", 64, Poly.of(32))));
    assertEquals(d, Arith.join(row, num(B)));
  }

  /** Bounds on data: made by & and % by constants, kept by +, -, *, <<, >>, / and branches, joined by sums. */
  @Test
  void dataChoosesBetweenTwoValues() {
    // tid or tid + 32: tid modulo 32, either value; the order does not matter
    Val both = new Val.Data("c", 32, Poly.of(5), Val.Range.of(0, 1));
    assertEquals(both, Arith.choice("c", Val.num(5), Val.num(37)));
    assertEquals(both, Arith.choice("c", Val.num(37), Val.num(5)));
    // symbolic parts that differ by a constant stay; otherwise any value
    assertEquals(new Val.Data("c", 3, B, Val.Range.of(0, 1)), Arith.choice("c", num(B), Arith.binary("+", num(B), Val.num(3))));
    assertEquals(new Val.Data("c"), Arith.choice("c", num(B), Val.num(3)));
    // with data on one side, its bounds joined
    assertEquals(Val.Data.between("m", 0, 40), Arith.choice("c", Val.Data.between("m", 0, 31), Val.num(40)));
    assertEquals(null, Arith.choice("c", new Val.Opaque("float"), Val.num(1)));
  }

  @Test
  void dataTheWarpSharesKeepsItsK() {
    Object token = new Object();
    Val.Data u = Val.Data.between("vote", 0, 31).sharing(token);
    // a number added or a positive scale keeps the one k: lanes stay as far apart as what they added
    assertEquals(new Val.Data("vote", 1, Poly.of(37), Val.Range.of(0, 31), token), Arith.binary("+", u, Val.num(37)));
    assertEquals(new Val.Data("vote", 4, Poly.of(20), Val.Range.of(0, 31), token),
        Arith.binary("*", Arith.binary("+", u, Val.num(5)), Val.num(4)));
    Val.Data negated = (Val.Data) Arith.unary("-", u);
    assertEquals(Val.Range.of(-31, 0), negated.range());
    assertNotEquals(token, negated.warpToken());
    // any other result is shared by the lanes whose operands were equal
    Val masked = Arith.binary("&", u, Val.num(7));
    assertEquals(masked, Arith.binary("&", u, Val.num(7)));
    assertEquals(Val.Range.of(0, 7), ((Val.Data) masked).range());
    assertNotEquals(((Val.Data) masked).warpToken(), ((Val.Data) Arith.binary("&", u, Val.num(3))).warpToken());
    assertNotEquals(((Val.Data) masked).warpToken(),
        ((Val.Data) Arith.binary("&", Arith.binary("+", u, Val.num(1)), Val.num(7))).warpToken());
    // data of each lane's own stays so, also with shared data: equal per-lane data is not one value
    assertEquals(null, ((Val.Data) Arith.binary("&", new Val.Data("mem"), Val.num(7))).warpToken());
    assertEquals(null, ((Val.Data) Arith.binary("+", new Val.Data("mem"), u)).warpToken());
    assertEquals(null, ((Val.Data) Arith.binary("^", u, new Val.Data("mem"))).warpToken());
  }

  @Test
  void dataKeepsItsBounds() {
    Val d = new Val.Data("mem");
    Val lane = Arith.binary("&", d, Val.num(31));
    assertEquals(Val.Data.between("mem", 0, 31), lane);
    assertEquals(Val.Data.between("mem", 0, 100), Arith.binary("&", d, Val.num(100)));
    // (d * 4) & 255: a multiple of 4 up to 252
    assertEquals(new Val.Data("mem", 4, Poly.ZERO, Val.Range.of(0, 63)),
        Arith.binary("&", Arith.binary("*", d, Val.num(4)), Val.num(255)));
    Val row = Arith.binary("+", Arith.binary("<<", lane, Val.num(5)), num(B));
    assertEquals(new Val.Data("mem", 32, B, Val.Range.of(0, 31)), row);
    Val minusOne = Arith.binary("-", lane, Val.num(1));
    assertEquals(Val.Data.between("mem", -1, 30), minusOne);
    assertEquals(Val.Data.between("mem", -30, 1), Arith.binary("-", Val.num(1), lane));
    assertEquals(new Val.Data("mem", 3, Poly.ZERO, Val.Range.of(-30, 1)), Arith.binary("*", minusOne, Val.num(-3)));
    // C's remainder keeps the sign of a value that may be negative
    assertEquals(Val.Data.between("mem", -7, 7), Arith.binary("%", minusOne, Val.num(8)));
    assertEquals(Val.Data.between("mem", 0, 7), Arith.binary(">>", lane, Val.num(2)));
    assertEquals(Val.Data.between("mem", 0, 10), Arith.binary("/", lane, Val.num(3)));
    assertEquals(d, Arith.binary(">>", minusOne, Val.num(2)));
    assertEquals(Val.Data.between("mem", 0, 62), Arith.binary("+", lane, lane));
    assertEquals(Val.Data.between("mem", -31, 31), Arith.binary("-", lane, lane));
    assertEquals(Val.Data.between("mem", 0, 40), Arith.join(lane, Val.num(40)));
    // a vote's mask may be negative as an int: no bounds from a shift, C's sign for a remainder
    Val mask = Val.Data.between("mem", 0, 0xFFFF_FFFFL);
    assertEquals(d, Arith.binary(">>", mask, Val.num(27)));
    assertEquals(Val.Data.between("mem", -31, 31), Arith.binary("%", mask, Val.num(32)));
    assertEquals(Val.Data.between("mem", 0, 31), Arith.binary("&", mask, Val.num(31)));
    assertEquals(new Val.Data("mem", 8, Poly.ZERO, Val.Range.of(0, 4)),
        Arith.join(Arith.binary("*", Arith.binary("&", d, Val.num(3)), Val.num(8)), Val.num(32)));
    assertEquals(Val.Data.between("mem", -31, 0), Arith.unary("-", lane));
    // clamps: max(0, min(d, 255)) is 0..255; min of two bounded values takes the lesser bounds
    assertEquals(Val.Data.between("mem", 0, 255),
        Arith.binary("max", Val.num(0), Arith.binary("min", d, Val.num(255))));
    assertEquals(Val.Data.between("mem", -1, 30), Arith.binary("min", lane, minusOne));
    assertEquals(Val.Data.between("mem", 0, 31), Arith.binary("max", lane, minusOne));
    assertEquals(Val.Data.between("mem", -32, -1), Arith.unary("~", lane));
  }

  @Test
  void polynomialProductsKeepMonomials() {
    Poly p = B.add(Poly.of(2)).mul(Poly.symbol("n").scale(3));
    assertEquals(Long.valueOf(3), p.terms().get("blockIdx.x*n"));
    assertEquals(Long.valueOf(6), p.terms().get("n"));
    assertEquals(3, p.symbolicGcd());
  }

  /** x ^= x >> k written out: each line doubles the name of x unless long names are abbreviated. */
  @Test
  void namesOfRepeatedOperationsStayBoundedAndDistinct() {
    Val x = num(Poly.symbol("seed").add(B.scale(1024)).add(Poly.symbol(WarpSetup.WARP_SYMBOL)));
    Val y = x;
    for (int i = 0; i < 64; i++) {
      x = Arith.binary("^", x, Arith.binary(">>", x, Val.num(i % 7 + 1)));
      y = Arith.binary("^", y, Arith.binary(">>", y, Val.num(i % 7 + (i == 63 ? 2 : 1))));
    }
    String name = poly(x).toString();
    assertTrue(name.length() <= SymbolText.MAX_LENGTH + 200, name);
    // what a user would give values to, and the warp's number (the symbolic warp looks for it), stay in the name
    assertTrue(name.contains("seed") && name.contains("blockIdx.x") && name.contains(WarpSetup.WARP_SYMBOL), name);
    assertEquals(poly(x), poly(Arith.binary("+", x, Val.num(0))));
    assertNotEquals(poly(x), poly(y), "different expressions keep different names");
  }

  @Test
  void aLongSumIsOneSymbolTimesItsGcdAndEqualSumsGiveTheSameOne() {
    Poly sum = Poly.of(3);
    for (int i = 0; i < 200; i++) sum = sum.add(Poly.symbol("branch@" + i + ":5#" + i).scale(64));
    Poly c = sum.compact();
    assertEquals(1, c.terms().size());
    assertEquals(64L, c.terms().values().iterator().next());
    assertEquals(3, c.constant());
    assertEquals(c, sum.add(Poly.ZERO).compact());
    assertEquals(c.add(Poly.of(5)), sum.add(Poly.of(5)).compact()); // lanes differ in the constant only
    assertNotEquals(c, sum.add(Poly.symbol("n")).compact());
    Poly small = Poly.symbol("n").add(Poly.of(1));
    assertEquals(small, small.compact());
  }
}
