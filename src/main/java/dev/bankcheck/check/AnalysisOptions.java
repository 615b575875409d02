package dev.bankcheck.check;

import dev.bankcheck.bank.BankConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Options of one run. {@code block} is the shape for kernels the source gives none (null: none
 * given), {@code blockOrigin} says where it came from ("from --block"); {@code defines} are -D
 * macros (value "1" when none given); {@code includeDirs} are -I folders; {@code kernelBlocks} are
 * shapes and {@code kernelAssumptions} the text of an assume annotation ("n=1024 T=float") by kernel name from a
 * configuration file, {@code kernelBlocksOrigin} names that file.
 * Block shape precedence (see {@link BlockShapes}): source annotation, launches in the file,
 * {@code kernelBlocks}, {@code block}, else the default assumption.
 */
public record AnalysisOptions(BankConfig bank, int[] block, Map<String, String> defines, List<Path> includeDirs,
    String blockOrigin, Map<String, int[]> kernelBlocks, String kernelBlocksOrigin,
    Map<String, String> kernelAssumptions) {

  public AnalysisOptions {
    blockOrigin = blockOrigin == null ? "from --block" : blockOrigin;
    kernelBlocks = kernelBlocks == null ? Map.of() : Map.copyOf(kernelBlocks);
    kernelBlocksOrigin = kernelBlocksOrigin == null ? "the configuration file" : kernelBlocksOrigin;
    kernelAssumptions = kernelAssumptions == null ? Map.of() : Map.copyOf(kernelAssumptions);
  }

  /** Options with {@code block} from --block and no per-kernel shapes. */
  public AnalysisOptions(BankConfig bank, int[] block, Map<String, String> defines, List<Path> includeDirs) {
    this(bank, block, defines, includeDirs, null, Map.of(), null, Map.of());
  }

  public static AnalysisOptions defaults() {
    return new AnalysisOptions(BankConfig.DEFAULT, null, Map.of(), List.of());
  }
}
