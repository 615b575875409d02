package dev.bankcheck.parse;

import java.util.ArrayList;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.ParseTree;

/**
 * The parse tree's nodes, with child lists sized for the one to three children most nodes have: ANTLR's own
 * lists start at ten slots, which made a 1,000,000-element initializer list's tree outgrow the default heap.
 */
public class SmallContext extends ParserRuleContext {
  public SmallContext() {}

  public SmallContext(ParserRuleContext parent, int invokingStateNumber) {
    super(parent, invokingStateNumber);
  }

  @Override
  public <T extends ParseTree> T addAnyChild(T t) {
    if (children == null) children = new ArrayList<>(2);
    children.add(t);
    return t;
  }
}
