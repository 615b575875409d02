package dev.bankcheck.ir;

/**
 * The runtime API's launch functions: a call of one launches the kernel it is given, as {@code k<<<g, b>>>(...)}
 * does (modern code launches through them for clusters and programmatic dependent launch).
 */
public final class LaunchCalls {
  private LaunchCalls() {}

  /**
   * Which argument of a call of {@code callee} is the kernel: 0 for {@code cudaLaunchKernel(k, grid, block, args,
   * smem, stream)} and {@code cudaLaunchCooperativeKernel}, 1 for {@code cudaLaunchKernelEx(&config, k, args...)}
   * and {@code cudaLaunchKernelExC}; -1 for any other function.
   */
  public static int kernelArgument(String callee) {
    return switch (callee.startsWith("::") ? callee.substring(2) : callee) {
      case "cudaLaunchKernel", "cudaLaunchCooperativeKernel" -> 0;
      case "cudaLaunchKernelEx", "cudaLaunchKernelExC" -> 1;
      default -> -1;
    };
  }

  /** Whether the kernel's own arguments follow the kernel in the call ({@code cudaLaunchKernelEx}), not in an array. */
  public static boolean argumentsFollow(String callee) {
    return callee.endsWith("cudaLaunchKernelEx");
  }
}
