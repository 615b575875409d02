package dev.bankcheck.source;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * C preprocessor for CUDA sources working on {@link Lexer} tokens (C11 6.10). Holds configuration only;
 * each {@link #process} call builds its own state, so one instance may serve many files, also from several
 * threads.
 *
 * <p>{@code #include "x"} is looked up in the including file's folder, then in each -I folder;
 * {@code #include <x>} only in the -I folders (like a compiler's -I) and is skipped silently when not found
 * there, because system headers are not analyzed.
 */
public final class Preprocessor {
  /** The largest source file read, input or header: a bigger one would take the memory of every worker. */
  public static final long MAX_FILE_BYTES = 64L << 20;

  /**
   * Predefined as by nvcc 13.0 compiling device code for sm_90 (its version too: "#if __CUDACC_VER_MAJOR__ >= 11"
   * picks __cvta_generic_to_shared over inline asm in DeepSpeed), and CUDART_VERSION and CUDART_CB, which
   * cuda_runtime_api.h (not read: system headers are skipped, nvcc includes it in every .cu file) defines, the
   * second empty on Linux for host callbacks; -D overrides any of them. {@code __CUDA_ARCH_HAS_FEATURE__(SM90_ALL)}
   * names a macro that only an arch-specific target (sm_90a) defines, so it is 0 for sm_90, as nvcc has it.
   */
  static final Map<String, String> PREDEFINED = Map.ofEntries(
      Map.entry("__CUDACC__", "1"),
      Map.entry("__NVCC__", "1"),
      Map.entry("__CUDA_ARCH__", "900"),
      Map.entry("__CUDA_ARCH_LIST__", "900"),
      Map.entry("__CUDA_ARCH_HAS_FEATURE__(_FEAT)", "__CUDA_ARCH_FEAT_ ## _FEAT"),
      Map.entry("__CUDACC_VER_MAJOR__", "13"),
      Map.entry("__CUDACC_VER_MINOR__", "0"),
      Map.entry("__CUDA_API_VER_MAJOR__", "13"),
      Map.entry("__cplusplus", "201703L"),
      Map.entry("CUDART_VERSION", "13000"),
      Map.entry("CUDART_CB", ""));

  /**
   * The driver API's cuda.h and the toolkit headers that include it, included but not read (system headers are
   * skipped): they define CUDA_VERSION (nvcc 13.0's, 13000), which code tests ("#if CUDA_VERSION >= 12080" around
   * FP4 types); nvcc defines it only where cuda.h is included.
   */
  static final Set<String> CUDA_VERSION_HEADERS = Set.of("cuda.h", "cudaTypedefs.h", "cudaGL.h", "cudaEGL.h",
      "cudaProfiler.h");

  /**
   * CUTLASS's and CuTe's function and loop macros as their headers define them for device code
   * (cutlass/detail/helper_macros.hpp, cute/config.hpp), used where a name is not defined when code uses it: code
   * written with them parses where those headers are not in the tree (DeepSpeed's evoformer, FlashInfer). A
   * definition the code reads wins; #ifdef does not see these. PyTorch's TORCH_CHECK is the if-statement of
   * c10/util/Exception.h, so that a use without ';' parses as it compiles. PyTorch's two common type dispatches
   * (ATen/Dispatch.h) run their body once per type, as the switch they expand to does for each type it may take, so
   * that the launches in a PyTorch extension have their 'scalar_t' (at::Half as __half).
   */
  static final Map<String, String> LIBRARY_MACROS = Map.ofEntries(
      Map.entry("CUTLASS_HOST_DEVICE", "__forceinline__ __device__ __host__"),
      Map.entry("CUTLASS_DEVICE", "__forceinline__ __device__"),
      Map.entry("CUTLASS_HOST", "__host__"),
      Map.entry("CUTLASS_GLOBAL", "__global__ static"),
      Map.entry("CUTLASS_PRAGMA_UNROLL", "_Pragma(\"unroll\")"),
      Map.entry("CUTLASS_PRAGMA_NO_UNROLL", "_Pragma(\"unroll 1\")"),
      Map.entry("CUTLASS_GEMM_LOOP", "_Pragma(\"unroll 1\")"),
      Map.entry("CUTE_HOST_DEVICE", "__forceinline__ __host__ __device__"),
      Map.entry("CUTE_DEVICE", "__forceinline__ __device__"),
      Map.entry("CUTE_HOST", "__forceinline__ __host__"),
      Map.entry("CUTE_GRID_CONSTANT", "__grid_constant__"),
      Map.entry("CUTE_UNROLL", "_Pragma(\"unroll\")"),
      Map.entry("CUTE_NO_UNROLL", "_Pragma(\"unroll 1\")"),
      Map.entry("TORCH_CHECK(COND, ...)", "if (!(COND)) {}"),
      // <cinttypes>'s printf formats, as glibc defines them for x86-64 and aarch64
      Map.entry("PRId32", "\"d\""), Map.entry("PRIi32", "\"i\""), Map.entry("PRIu32", "\"u\""),
      Map.entry("PRIx32", "\"x\""), Map.entry("PRId64", "\"ld\""), Map.entry("PRIi64", "\"li\""),
      Map.entry("PRIu64", "\"lu\""), Map.entry("PRIx64", "\"lx\""),
      Map.entry("__CUDA_ALIGN__(N)", "__align__(N)"),
      // ATen's switch and its cases, each with the scalar_t of its ScalarType (vLLM's and AWQ's dispatch macros)
      Map.entry("AT_DISPATCH_SWITCH(TYPE, NAME, ...)", "[&] { __VA_ARGS__ }()"),
      Map.entry("AT_DISPATCH_CASE(ENUM, ...)", typeCase(scalarType("ENUM"))),
      Map.entry("AT_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...)", dispatch("double", "float")),
      Map.entry("AT_DISPATCH_FLOATING_TYPES_AND_HALF(TYPE, NAME, ...)", dispatch("double", "float", "__half")),
      Map.entry("AT_DISPATCH_FLOATING_TYPES_AND(T1, TYPE, NAME, ...)", dispatch("double", "float", scalarType("T1"))),
      Map.entry("AT_DISPATCH_FLOATING_TYPES_AND2(T1, T2, TYPE, NAME, ...)",
          dispatch("double", "float", scalarType("T1"), scalarType("T2"))));

  /** A dispatch that runs its body once per type, each time under its own scalar_t. */
  private static String dispatch(String... types) {
    StringBuilder text = new StringBuilder("[&] {");
    for (String t : types) text.append(' ').append(typeCase(t));
    return text.append(" }()").toString();
  }

  private static String typeCase(String type) {
    return "{ using scalar_t = " + type + "; __VA_ARGS__(); }";
  }

  /** The C++ type of a ScalarType enumerator or constant, as ATen names it (resolved by the type model). */
  private static String scalarType(String parameter) {
    return "c10::impl::ScalarTypeToCPPTypeT<" + parameter + ">";
  }

  private final List<Path> includeDirs;
  private final Map<String, String> defines;

  /**
   * @param includeDirs -I folders, searched in order
   * @param defines -D macros: name (or {@code name(params)}) to replacement text; "" or null means "1"
   */
  public Preprocessor(List<Path> includeDirs, Map<String, String> defines) {
    this.includeDirs = includeDirs == null ? List.of() : List.copyOf(includeDirs);
    this.defines = defines == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(defines));
  }

  /**
   * Preprocesses one translation unit. Never throws for any text.
   *
   * @param file the file on disk (its folder anchors {@code #include "x"}); may be null for text not from disk
   * @param displayPath what goes into {@link Pos#file()} for tokens of the main file
   * @param text the file's contents
   */
  public PreprocessResult process(Path file, String displayPath, String text) {
    return process(file, displayPath, text, new HeaderCache());
  }

  /**
   * As {@link #process(Path, String, String)}, taking included files already read and lexed from {@code headers}:
   * a file analyzed again with small edits (to check fixes) does not read and lex its headers again.
   */
  public PreprocessResult process(Path file, String displayPath, String text, HeaderCache headers) {
    return process(file, displayPath, text, headers, () -> false);
  }

  /** As {@link #process(Path, String, String, HeaderCache)}, stopping where it is once {@code stop} says so. */
  public PreprocessResult process(Path file, String displayPath, String text, HeaderCache headers,
      java.util.function.BooleanSupplier stop) {
    return new PreprocessRun(includeDirs, defines, headers.lexed, stop).run(file, displayPath == null ? "" : displayPath,
        text == null ? "" : text);
  }

  /** Included files as read and lexed, kept across the analyses of one file. Not thread-safe. */
  public static final class HeaderCache {
    private final Map<String, LexedFile> lexed = new java.util.HashMap<>();
  }
}
