package dev.bankcheck.check;

import static dev.bankcheck.check.AnalyzerTest.analyze;
import static dev.bankcheck.check.AnalyzerTest.assertUnknownBecause;
import static dev.bankcheck.check.AnalyzerTest.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Static members and layouts reached through types: template type parameters, block-scope aliases and the
 * specialization of a class template that the arguments select (more in samples-cu/template_traits.cu).
 */
class TypeMembersTest {

  private static final String PAIRS = """
      template <typename A, typename B> struct pair_traits {};
      template <typename A> struct pair_traits<A, int> { static constexpr int k = 2; };
      template <typename A> struct pair_traits<A, A> { static constexpr int k = 4; };
      """;

  /** A trait of 1 makes its load 4-way, of 0 conflict-free: each line's answer is the compiler's. */
  @Test
  void typeTraitsCompareTypesAsTheCompilerDoes() {
    FileReport r = analyze("""
        #include <type_traits>
        typedef float real;
        struct P { int a; }; struct Q { int a; };
        template <typename T> __global__ void k(float* out) {
          __shared__ float s[32 * 4];
          out[0] = s[threadIdx.x * (1 + 3 * std::is_same_v<T, long>)];
          out[1] = s[threadIdx.x * (1 + 3 * std::is_same<T, long long>::value)];
          out[2] = s[threadIdx.x * (1 + 3 * std::is_same_v<signed char, char>)];
          out[3] = s[threadIdx.x * (1 + 3 * std::is_same_v<real, float>)];
          out[4] = s[threadIdx.x * (1 + 3 * (std::is_same_v<P, P> && !std::is_same_v<P, Q>))];
          out[5] = s[threadIdx.x * (1 + 3 * std::is_pointer_v<T*>)];
          out[6] = s[threadIdx.x * (1 + 3 * std::is_unsigned<T>::value)];
          out[7] = s[threadIdx.x * (1 + 3 * (cuda::std::is_integral_v<T> && std::is_signed_v<T>))];
        }
        template __global__ void k<int64_t>(float*);
        """);
    int[] ways = {4, 1, 1, 4, 4, 4, 1, 4};
    for (int i = 0; i < ways.length; i++) {
      assertEquals(ways[i], at(r, 6 + i, Op.LOAD).ways(), "line " + (6 + i) + ": " + at(r, 6 + i, Op.LOAD).reason());
    }
  }

  /** A base class named as a member type of a template ("conditional<C, A, B>::type") takes the selected layout. */
  @Test
  void aBaseThatIsAMemberTypeIsTheTypeItNames() {
    FileReport r = analyze("""
        template <bool B, class T, class F> struct cond { using type = T; };
        template <class T, class F> struct cond<false, T, F> { using type = F; };
        struct A { float a[3]; };
        struct S : cond<true, A, int>::type { float b; };
        struct U : cond<false, A, int>::type { float b; };
        struct W : missing<A>::type { float b; };
        __global__ void k(float* o) {
          __shared__ S s[32]; __shared__ U u[32]; __shared__ W w[32];
          o[0] = s[threadIdx.x].b; o[1] = u[threadIdx.x].b; o[2] = w[threadIdx.x].b;
        }
        """);
    List<Finding> loads = r.findings().stream().filter(f -> f.op() == Op.LOAD).toList();
    assertEquals(List.of(4, 2), loads.subList(0, 2).stream().map(Finding::ways).toList());
    assertUnknownBecause(loads.get(2), "'W' has the base class 'missing<A>::type' ('missing' is not declared in this file)");
  }

  /**
   * PyTorch's at::acc_type without ATen's headers (apex: 66 accesses were "'at::acc_type' is not declared"): float
   * for at::Half, at::BFloat16 and float on CUDA, double for double and for float on the CPU, int64_t for integers.
   */
  @Test
  void pytorchAccumulateTypesAreAtensTable() {
    FileReport r = analyze("""
        __global__ void a(float* o) { __shared__ at::acc_type<at::Half, true> s[64]; o[0] = s[threadIdx.x]; }
        __global__ void b(float* o) { __shared__ at::acc_type<c10::BFloat16, true> s[64]; o[0] = s[threadIdx.x]; }
        __global__ void c(float* o) { __shared__ at::acc_type<float, true> s[64]; o[0] = s[threadIdx.x]; }
        __global__ void d(float* o) { __shared__ at::acc_type<double, true> s[64]; o[0] = s[threadIdx.x]; }
        __global__ void e(float* o) { __shared__ at::acc_type<float, false> s[64]; o[0] = s[threadIdx.x]; }
        __global__ void f(float* o) { __shared__ at::acc_type<int, true> s[64]; o[0] = s[threadIdx.x]; }
        __global__ void g(float* o) { __shared__ at::acc_type<bool, true> s[64]; o[0] = s[threadIdx.x]; }
        template <typename scalar_t>
        __global__ void dependent(float* o) {
          using accscalar_t = at::acc_type<scalar_t, true>;
          __shared__ accscalar_t s[64];
          o[0] = s[threadIdx.x];
        }
        template __global__ void dependent<at::Half>(float*);
        """);
    List<Integer> widths = r.findings().stream().filter(f -> f.pos().line() <= 7).map(Finding::widthBytes).toList();
    assertEquals(List.of(4, 4, 4, 8, 8, 8, 1), widths, r.findings().toString());
    assertEquals(4, at(r, 12, Op.LOAD).widthBytes());
  }

  /**
   * A static member initialized by a call of its class's own constexpr function, a member template's too (until this
   * version "not a constant expression"): depth<K>::a = twice(3) = 6, depth<K>::value = test<K>(0) = K::kD = 4.
   */
  @Test
  void aStaticMemberFromItsClasssConstexprFunction() {
    FileReport r = analyze("""
        struct K { static constexpr int kD = 4; };
        template <typename T> struct depth {
          static constexpr unsigned twice(int x) { return 2 * x; }
          template <typename X> static constexpr unsigned test(int) { return X::kD; }
          static constexpr unsigned a = twice(3);
          static constexpr unsigned value = test<T>(0);
        };
        __global__ void k(float* o) {
          __shared__ float t[64][depth<K>::a * 8];
          __shared__ float u[64][depth<K>::value * 8];
          o[0] = t[threadIdx.x][0];
          o[1] = u[threadIdx.x][0];
        }
        """);
    assertEquals(16, at(r, 11, Op.LOAD).ways(), at(r, 11, Op.LOAD).reason());
    assertEquals(32, at(r, 12, Op.LOAD).ways(), at(r, 12, Op.LOAD).reason());
  }

  /**
   * The detection idiom (FlashInfer's monomoe down_pipe_depth): the overload whose trailing return type names a member
   * the class lacks drops out, and the call takes "test(...)". K has DEPTH 4 (32 floats a row, 32-way); L's
   * KernelConfig has none, so 2 (16 floats, 16-way). Until this version both were "not a constant expression".
   */
  @Test
  void substitutionFailureChoosesTheOtherOverload() {
    FileReport r = analyze("""
        struct K { struct KernelConfig { static constexpr unsigned DEPTH = 4; }; };
        struct L { struct KernelConfig { static constexpr unsigned OTHER = 1; }; };
        template <typename T> struct depth {
          template <typename D> static constexpr auto test(int) -> decltype((unsigned)D::KernelConfig::DEPTH) {
            return (unsigned)D::KernelConfig::DEPTH;
          }
          template <typename> static constexpr unsigned test(...) { return 2u; }
          static constexpr unsigned value = test<T>(0);
        };
        template <typename T>
        __global__ void k(float* o) {
          __shared__ float t[64][depth<T>::value * 8];
          o[0] = t[threadIdx.x][0];
        }
        template __global__ void k<K>(float*);
        __global__ void l(float* o) {
          __shared__ float t[64][depth<L>::value * 8];
          o[0] = t[threadIdx.x][0];
        }
        """);
    assertEquals(32, at(r, 13, Op.LOAD).ways(), at(r, 13, Op.LOAD).reason());
    assertEquals(16, at(r, 18, Op.LOAD).ways(), at(r, 18, Op.LOAD).reason());
  }

  /**
   * A nested class's member that its class lacks is no other class's: L::Config has no DEPTH, K::Config's is not it
   * (until this version the qualifier was dropped as a namespace's, and the load read 32-way).
   */
  @Test
  void aMissingNestedMemberIsNotAnotherClasssMember() {
    FileReport r = analyze("""
        struct K { struct Config { static constexpr unsigned DEPTH = 4; }; };
        struct L { struct Config { static constexpr unsigned OTHER = 1; }; };
        template <typename D>
        __global__ void k(float* o) {
          __shared__ float t[64][D::Config::DEPTH * 8];
          o[0] = t[threadIdx.x][0];
        }
        template __global__ void k<L>(float*);
        """);
    assertUnknownBecause(at(r, 6, Op.LOAD), "'D::Config::DEPTH' is not declared in this file");
  }

  @Test
  void aTraitOfAnUnknownTypeIsUnknownAndSaysWhy() {
    FileReport r = analyze("""
        template <typename T> __global__ void k(float* out) {
          __shared__ float s[32 * 4];
          out[0] = s[threadIdx.x * (1 + 3 * std::is_same_v<T, float>)];
          out[1] = s[threadIdx.x * (1 + 3 * std::is_floating_point<__half>::value)];
        }
        """);
    assertUnknownBecause(at(r, 3, Op.LOAD), "'is_same' of 'T' is unknown: bankcheck does not know that type");
    assertUnknownBecause(at(r, 4, Op.LOAD), "whether '__half' counts for 'is_floating_point' depends on the library");
  }

  /** A condition without a value says why in the assumptions of the accesses under it. */
  @Test
  void anUndecidedConditionNamesItsReason() {
    FileReport r = analyze("""
        template <typename T> __global__ void k(float* out) {
          __shared__ float s[32 * 4];
          if constexpr (std::is_floating_point_v<__half>) out[0] = s[threadIdx.x];
        }
        """);
    String notes = String.join("; ", at(r, 3, Op.LOAD).assumptions());
    assertTrue(notes.contains("the condition at line 3 could not be evaluated per lane (whether '__half' counts for"
        + " 'is_floating_point' depends on the library"), notes);
  }

  @Test
  void aTraitTheFileDeclaresIsItsOwn() {
    FileReport r = analyze("""
        template <typename A, typename B> struct is_same { static constexpr bool value = true; };
        __global__ void k(float* out) {
          __shared__ float s[32 * 4];
          out[0] = s[threadIdx.x * (1 + 3 * is_same<int, float>::value)];
        }
        """);
    assertEquals(4, at(r, 4, Op.LOAD).ways());
  }

  @Test
  void twoPartialSpecializationsNeitherMoreSpecializedAreUnknown() {
    FileReport r = analyze(PAIRS + """
        __global__ void k(float* out) {
          __shared__ float s[32 * 8];
          using both = pair_traits<int, int>;
          out[0] = s[threadIdx.x * both::k];
          out[1] = s[threadIdx.x * pair_traits<char, char>::k];
        }
        """);
    assertUnknownBecause(at(r, 7, Op.LOAD), "matches the partial specializations at lines 2 and 3, and neither is more");
    assertEquals(4, at(r, 8, Op.LOAD).ways());
  }

  @Test
  void aSpecializationForATypeTheToolDoesNotKnowIsUnknown() {
    FileReport r = analyze("""
        template <int I_, typename T> struct tile {};
        template <int I_> struct tile<I_, half2> { static constexpr int I = I_; };
        template <int I_> struct tile<I_, float> { static constexpr int I = 2 * I_; };
        template <typename T> __global__ void k(float* out) {
          __shared__ float s[32 * 16];
          typedef tile<8, T> tile_B;
          out[0] = s[threadIdx.x * tile_B::I];
        }
        """);
    assertUnknownBecause(at(r, 7, Op.LOAD), "'T' is not a type bankcheck knows here (the specialization at line 2 is for 'half2')");
  }

  @Test
  void aTypeParameterWithoutArgumentIsNamedInTheReason() {
    FileReport r = analyze("""
        template <typename P> __device__ void st(float* s, P) { s[threadIdx.x * P::k] = 0; }
        template <typename T> __global__ void k(float* out) {
          __shared__ float s[32 * 16];
          out[0] = s[threadIdx.x * T::k];
          st(s, tag());
        }
        """);
    assertUnknownBecause(at(r, 4, Op.LOAD), "template parameter 'T' of 'k' has no type argument in this file");
    assertUnknownBecause(at(r, 1, Op.STORE), "template parameter 'P' of 'st' has no type argument at this call");
  }

  /** A member type of an instance whose specialization is unknown: the element size says why. */
  @Test
  void aMemberTypeOfAnUnknownSpecializationIsUnknown() {
    FileReport r = analyze("""
        template <typename A> struct wrap {};
        template <typename A> struct traits { using Element = float; };
        template <typename A> struct traits<wrap<A>> { using Element = double; };
        __global__ void k(double* out) {
          using Element = typename traits<wrap<int>>::Element;
          __shared__ Element s[32];
          out[0] = s[threadIdx.x];
        }
        """);
    assertUnknownBecause(at(r, 7, Op.LOAD), "the specialization at line 3 has an argument ('wrap<...>')");
  }

  /** Templates defined through themselves end with a reason, not by overflowing the analysis' stack. */
  @Test
  void selfReferentialTemplatesAreUnknown() {
    FileReport r = analyze("""
        template <typename T, typename U = struct S<T> > struct S { static constexpr int k = 1; };
        template <int N> struct R { R<N + 1> next; };
        template <typename T> struct Loop { static constexpr int k = Loop<T>::k; using X = typename Loop<Loop<T>>::X; };
        __global__ void k(float* o) {
          __shared__ float s[1024];
          __shared__ R<1> r[32];
          using X = Loop<int>::X;
          __shared__ X x[4];
          o[0] = s[threadIdx.x * S<int>::k];
          o[1] = s[threadIdx.x * Loop<int>::k];
          r[threadIdx.x].next = r[0].next;
          o[2] = x[threadIdx.x];
        }
        """);
    assertEquals(List.of(), r.errors());
    assertEquals(Verdict.OK, at(r, 9, Op.LOAD).verdict());
    assertUnknownBecause(at(r, 10, Op.LOAD), "'Loop<int>::k' is defined through itself");
    assertEquals(Verdict.UNKNOWN, at(r, 11, Op.STORE).verdict());
    assertEquals(Verdict.UNKNOWN, at(r, 12, Op.LOAD).verdict());
  }

  /** Statics that name each other's members are each evaluated once, not once per path (a power of the depth). */
  @Test
  void staticsNamingEachOtherEndQuickly() {
    StringBuilder src = new StringBuilder("template <typename T> struct L {\n");
    for (char c = 'a'; c <= 'l'; c++) {
      src.append("  static constexpr int ").append(c).append(" = L<T>::").append((char) ('a' + (c - 'a' + 1) % 12))
          .append(" + L<T>::").append((char) ('a' + (c - 'a' + 2) % 12)).append(";\n");
    }
    src.append("};\n__global__ void k(float* o) {\n  __shared__ float s[1024];\n  o[0] = s[threadIdx.x * L<int>::l];\n}\n");
    FileReport r = analyze(src.toString());
    assertUnknownBecause(at(r, 17, Op.LOAD), "is defined through itself");
  }

  /** A resolution cut short leaves later ones in the same file whole (each once left the depth one higher). */
  @Test
  void manySelfReferencesLeaveOtherTypesResolvable() {
    FileReport r = analyze("""
        template <typename T> struct Loop { static constexpr int k = Loop<T>::k; };
        template <int N> struct Tpl { static constexpr int k = N; };
        __global__ void k(float* o) {
          __shared__ float s[1024];
          for (int i = 0; i < 64; i++) s[(i * threadIdx.x) % 1024] = Loop<int>::k;
          o[0] = s[threadIdx.x * Tpl<2>::k];
        }
        """);
    assertEquals(2, at(r, 6, Op.LOAD).ways());
  }

  /** In a subscript, S<2, 1>::k also reads as the comma expression (x * S < 2), (1 > ::k): the member is meant. */
  @Test
  void aMemberOfATwoArgumentInstanceInASubscriptIsNotTwoComparisons() {
    FileReport r = analyze("""
        template <int A, int B> struct sz { static constexpr int k = A * B; };
        __global__ void k(float* o) {
          __shared__ float s[1024];
          o[0] = s[threadIdx.x * sz<2, 1>::k];
          o[1] = s[(threadIdx.x * sz<2, 4>::k)];
        }
        """);
    assertEquals(2, at(r, 4, Op.LOAD).ways());
    assertEquals(8, at(r, 5, Op.LOAD).ways());
  }

  /** CUTLASS' reference kernels: a cast to a member type of a parameter without argument says why. */
  @Test
  void aCastToAnUnknownMemberTypeSaysWhy() {
    FileReport r = analyze("""
        template <typename T> __global__ void k(float* o) {
          extern __shared__ char raw[];
          using E = typename T::value_type;
          E* p = reinterpret_cast<E*>(raw);
          o[0] = p[threadIdx.x];
        }
        """);
    assertUnknownBecause(at(r, 5, Op.LOAD), "the element size of 'E' is unknown (the type 'T::value_type' is unknown"
        + " (template parameter 'T' of 'k' has no type argument in this file");
  }

  /**
   * A static function through an alias runs in the instance's specialization, with its parameters and statics;
   * each specialization's functions are its own (S<T, 1>::f and S<T, 2>::f were both S<T,?>::f, and not run).
   */
  @Test
  void staticMemberFunctionsRunInTheirSpecialization() {
    FileReport r = analyze("""
        template <typename T, int N> struct S { static __device__ int f() { return 5; } };
        template <typename T> struct P { static constexpr int k = sizeof(T); static __device__ int f() { return k; } };
        template <typename T> struct S<T, 1> { static __device__ int f() { return 1; } };
        template <typename T> struct S<T, 2> { static __device__ int f() { return 2; } };
        __global__ void k(float* o) {
          __shared__ float s[1024];
          using A = P<double>;
          using B = S<float, 2>;
          o[0] = s[threadIdx.x * A::f()];
          o[1] = s[threadIdx.x * B::f()];
        }
        """);
    assertEquals(8, at(r, 9, Op.LOAD).ways());
    assertEquals(2, at(r, 10, Op.LOAD).ways());
  }

  @Test
  void aMemberWithoutAConstantValueSaysSo() {
    FileReport r = analyze("""
        template <int N> struct S { static constexpr int k = N * LATER; };
        __global__ void k(float* out) {
          __shared__ float s[32 * 16];
          out[0] = s[threadIdx.x * S<2>::k];
        }
        """);
    assertUnknownBecause(at(r, 4, Op.LOAD), "'S<2>::k' has no constant value ('LATER' is not declared in this file"
        + " (if the build defines it, give it with -D LATER=VALUE))");
  }

  /** An explicit specialization's static member is its own: P<2>::k was read from the primary template (ok). */
  @Test
  void anExplicitSpecializationsStaticMemberIsItsOwn() {
    FileReport r = analyze("""
        template <int N> struct P { static constexpr int k = 1; };
        template <> struct P<2> { static constexpr int k = 2; };
        __global__ void k(float* out) {
          __shared__ float s[1024];
          out[0] = s[threadIdx.x * P<2>::k];
          out[1] = s[threadIdx.x * P<3>::k];
        }
        """);
    assertEquals(2, at(r, 5, Op.LOAD).ways());
    assertEquals(Verdict.OK, at(r, 6, Op.LOAD).verdict());
  }

  /** The layout is the selected specialization's: vec<float, 1> is 8 bytes, vec<double, 1> 32, vec<float, 4> 16. */
  @Test
  void anArrayOfAnInstanceHasTheSpecializationsLayout() {
    FileReport r = analyze("""
        template <typename T, int N> struct vec { T a[N]; };
        template <typename T> struct vec<T, 1> { T a; float pad; };
        template <> struct vec<double, 1> { double a; double b[3]; };
        template <typename T> __global__ void k(float* out) {
          __shared__ vec<T, 1> s[32];
          __shared__ vec<double, 1> d[32];
          __shared__ vec<float, 4> f[32];
          out[0] = s[threadIdx.x].a;
          out[1] = d[threadIdx.x].a;
          out[2] = f[threadIdx.x].a[0];
        }
        template __global__ void k<float>(float*);
        """);
    assertEquals(8L, at(r, 8, Op.LOAD).strideBytes());
    assertEquals(32L, at(r, 9, Op.LOAD).strideBytes());
    assertEquals(16L, at(r, 10, Op.LOAD).strideBytes());
  }

  /** A default argument may name the parameters before it; a device template gets a class template instance. */
  @Test
  void defaultsAndCallsPassInstances() {
    FileReport r = analyze("""
        template <typename T, int N = sizeof(T)> struct W { static constexpr int k = N / 4; };
        template <typename P> __device__ void st(float* s) { s[threadIdx.x * P::k] = 0; }
        template <typename P> __device__ void ld(float* s, float* o) { o[0] = s[threadIdx.x * P::k]; }
        __global__ void k(float* out) {
          __shared__ float s[32 * 16];
          st<W<double>>(s);
          ld<W<float, 32>>(s, out);
        }
        """);
    assertEquals(2, at(r, 2, Op.STORE).ways());
    assertEquals(8, at(r, 3, Op.LOAD).ways());
  }

  /**
   * An object's methods run in the specialization its arguments select, with its value parameters and static
   * members bound (they ran in the primary template, value parameters unbound, before).
   */
  @Test
  void anObjectsMethodsRunInItsSpecialization() {
    FileReport r = analyze(PAIRS + """
        template <int N> struct Strider {
          static constexpr int k = N;
          __device__ float load(const float* s) const { return s[threadIdx.x * k]; }
        };
        template <> struct Strider<2> {
          __device__ float load(const float* s) const { return s[threadIdx.x]; }
        };
        template <typename T, int N> struct Row {
          __device__ T load(const T* s) const { return s[threadIdx.x]; }
        };
        template <typename T> struct Row<T, 4> {
          __device__ T load(const T* s) const { return s[threadIdx.x * 4]; }
        };
        __global__ void k(float* out) {
          __shared__ float s[32 * 8];
          Strider<8> eight;
          Strider<2> two;
          Row<float, 4> row;
          out[0] = eight.load(s) + two.load(s) + row.load(s);
          pair_traits<int, int> both;
          out[1] = both.load(s);
        }
        """);
    assertEquals(8, at(r, 6, Op.LOAD).ways());
    assertEquals(1, at(r, 9, Op.LOAD).ways());
    assertEquals(4, at(r, 15, Op.LOAD).ways());
    assertUnknownBecause(at(r, 24, Op.LOAD), "which bankcheck does not follow ('pair_traits<int,int>' matches the partial"
        + " specializations at lines 2 and 3, and neither is more specialized)");
  }

  /**
   * A member after one of unknown size is at an unknown multiple of its alignment: every lane moves alike, so the
   * accesses are checked at each such offset, with a note naming the member whose size is missing.
   */
  @Test
  void membersAfterAnUnsizedOneAreCheckedAtEveryAlignedOffset() {
    FileReport r = analyze("""
        template <int BLOCK> __global__ void k(float* out) {
          __shared__ struct {
            float w[BLOCK / 32][32];
            char flags[256];
            struct { int n; short h[64]; } counts;
            union { float f; int i; };
          } t;
          out[0] = t.flags[threadIdx.x * 4];
          out[1] = t.flags[threadIdx.x % 2 * 128];
          out[2] = t.flags[threadIdx.x % 2 == 0 ? 3 : 128];
          out[3] = t.counts.h[threadIdx.x] + t.counts.n + t.f;
          out[4] = t.w[0][threadIdx.x];
        }
        """);
    assertEquals(1, at(r, 8, Op.LOAD).ways());
    // 128 bytes apart: one bank wherever the array starts
    assertEquals(2, at(r, 9, Op.LOAD).ways());
    // bytes 3 and 128 share bank 0 where 'flags' starts at a multiple of 4 bytes, not one byte further: the worst
    assertEquals(2, at(r, 10, Op.LOAD).ways());
    assertEquals(List.of(1, 1, 1), r.findings().stream().filter(f -> f.pos().line() == 11).map(Finding::ways).toList());
    assertTrue(at(r, 11, Op.LOAD).assumptions().contains("the offset of the member 'counts' in '<anonymous@2>' is unknown:"
        + " it comes after 'w', whose type 'float[][32]' has no known size ('<anonymous@2>' has the member 'w', whose"
        + " dimension 1 has no constant value (it depends on (BLOCK) / (32))); every offset that is a multiple of its alignment"
        + " (4 bytes) was analyzed"), at(r, 11, Op.LOAD).assumptions().toString());
    assertEquals(1, at(r, 12, Op.LOAD).ways());
  }

  /** A member without a size says which dimension has no value, also where a later member has none either. */
  @Test
  void anUnsizedMemberNamesItsDimension() {
    FileReport r = analyze("""
        template <int BLOCK> __global__ void k(float* out) {
          __shared__ struct { float w[BLOCK / 32][32]; float b[BLOCK / 32][32]; } t;
          t.b[0][threadIdx.x] = 1.0f;
        }
        """);
    assertUnknownBecause(at(r, 3, Op.STORE), "it comes after 'w', whose type 'float[][32]' has no known size ("
        + "'<anonymous@2>' has the member 'w', whose dimension 1 has no constant value");
  }

  /**
   * A static member without a value says why at each use, also through the statics computed from it (each once
   * said "'B' is not declared in this file", though it is a member).
   */
  @Test
  void aStaticWithoutValueSaysWhyThroughTheStaticsAfterIt() {
    FileReport r = analyze("""
        template <int N> struct L {
          static constexpr int A = N * ROWS;
          static constexpr int B = A + 4;
          __device__ static float* at(char* s) { return reinterpret_cast<float*>(s + B); }
        };
        template <int N> __global__ void k(float* out) {
          extern __shared__ char smem[];
          reinterpret_cast<float*>(smem + L<N>::B)[threadIdx.x] = 1.0f;
          L<N>::at(smem)[threadIdx.x] = 1.0f;
        }
        template __global__ void k<2>(float*);
        """);
    String why = "'ROWS' is not declared in this file (if the build defines it, give it with -D ROWS=VALUE)";
    assertUnknownBecause(at(r, 8, Op.STORE), "'L<N>::B' has no constant value (" + why + ")");
    assertUnknownBecause(at(r, 9, Op.STORE), why);
  }

  /** A static chosen by '?:' on a parameter without a value names what the condition depends on. */
  @Test
  void aStaticChosenByAnOpenConditionSaysWhatItDependsOn() {
    FileReport r = analyze("""
        enum class Mode { A, B };
        template <Mode C> struct L {
          static constexpr bool WIDE = (C == Mode::B);
          static constexpr int S = WIDE ? 2 : 1;
        };
        template <Mode C> __global__ void k(float* o) {
          __shared__ float s[64];
          s[threadIdx.x * L<C>::S] = 1.0f;
        }
        """);
    assertUnknownBecause(at(r, 8, Op.STORE),
        "'L<C>::S' has no constant value (the condition of '?:' has no constant value (it depends on (C) == (1)))");
  }

  /**
   * A type named nowhere, with every include found, may come from the build or from the file that includes this
   * one (HeCBench's sss-cuda kernels.cu uses myInt, which its includer #defines): the reason says how to give it.
   */
  @Test
  void anUndeclaredTypeSuggestsGivingIt() {
    FileReport r = analyze("""
        __global__ void k(myInt* out) {
          __shared__ myInt s[64];
          s[threadIdx.x * 2] = 1;
        }
        """);
    assertUnknownBecause(at(r, 3, Op.STORE), "'myInt' is not declared in this file (if the build or a file that"
        + " includes this one defines it, give it with -D myInt=TYPE)");
  }

  /**
   * A helper's type that is the kernel's type parameter without an argument says so, not that the name is undeclared
   * (a pointer to the kernel's DataType elements, a class template's sizeof(T) with T = DataType, a helper's
   * sizeof(T) called as fill<T>(...) with the kernel's own T).
   */
  @Test
  void aTypeTheKernelPassesDownSaysWhyItIsUnknown() {
    FileReport r = analyze("""
        template <typename T> __device__ float first(T* p) { return p[threadIdx.x]; }
        template <typename T> struct Loader { __device__ static int bytes() { return sizeof(T); } };
        template <typename T> __device__ void fill(float* f) { f[threadIdx.x * sizeof(T)] = 1.0f; }
        template <typename DataType> __global__ void k(float* o) {
          __shared__ DataType s[64];
          __shared__ float f[64 * 64];
          o[0] = first(s);
          o[1] = f[threadIdx.x * Loader<DataType>::bytes()];
        }
        template <typename T> __global__ void same(float* o) {
          __shared__ float f[64 * 64];
          fill<T>(f);
        }
        """);
    String why = "template parameter 'DataType' of 'k' has no type argument in this file";
    assertUnknownBecause(at(r, 1, Op.LOAD), "the element size of 'DataType' is unknown (" + why);
    assertUnknownBecause(at(r, 8, Op.LOAD), "the size of 'T' is unknown (" + why);
    // the helper's T is the kernel's T: the kernel's says why
    assertUnknownBecause(at(r, 3, Op.STORE), "the size of 'T' is unknown (template parameter 'T' of 'same' has no"
        + " type argument in this file");
  }

  /** A static method of a class whose specialization cannot be chosen says so, not that it has no definition. */
  @Test
  void aMethodOfAClassThatCannotBeChosenSaysWhy() {
    FileReport r = analyze("""
        template <typename T> struct Traits;
        template <> struct Traits<float> { __device__ static unsigned ToOrdered(float x) { return 4u; } };
        template <typename T> __global__ void k(float* out) {
          __shared__ float s[64 * 64];
          using Ord = Traits<T>;
          s[threadIdx.x * Ord::ToOrdered(out[0])] = 1.0f;
        }
        """);
    assertUnknownBecause(at(r, 6, Op.STORE), "the result of 'Ord::ToOrdered' (whose class bankcheck cannot choose:"
        + " which definition of 'Traits<T>' applies is unknown");
  }

  /**
   * A class inherits its bases' static members and member types: named through it ({@code KV::STRIDE}, FlashInfer's
   * {@code struct KVCacheTraits<GLM_NSA> : KVCacheTraits<DSV3_2> {}}) and unqualified in its own code; a base that
   * is a type parameter without an argument makes them unknown, and says so.
   */
  @Test
  void aClassInheritsItsBasesStaticMembersAndMemberTypes() {
    FileReport r = analyze("""
        enum class Model { A, B };
        template <Model M> struct Traits;
        template <> struct Traits<Model::A> { static constexpr int STRIDE = 33; using Elem = double; };
        template <> struct Traits<Model::B> : Traits<Model::A> {
          static constexpr int WIDE = STRIDE * 2;
          __device__ static int at(int i) { return i * STRIDE; }
        };
        template <typename Base> struct Over : Base {};
        template <Model M, typename T>
        __global__ void k(float* o) {
          using KV = Traits<M>;
          __shared__ float s[64 * 64];
          __shared__ typename KV::Elem e[64 * 64];
          s[threadIdx.x * KV::STRIDE] = o[0];
          s[KV::at(threadIdx.x)] = o[0];
          s[threadIdx.x * KV::WIDE] = o[0];
          e[threadIdx.x * 2] = o[1];
          s[threadIdx.x * Over<T>::STRIDE] = o[0];
        }
        template __global__ void k<Model::B, Traits<Model::A>>(float*);
        template <typename T> __global__ void u(float* o) {
          __shared__ float s[64 * 64];
          s[threadIdx.x * Over<T>::STRIDE] = o[0];
        }
        """);
    assertEquals(1, at(r, 14, Op.STORE).ways(), at(r, 14, Op.STORE).reason()); // 33 words: every bank once
    assertEquals(1, at(r, 15, Op.STORE).ways(), at(r, 15, Op.STORE).reason());
    assertEquals(2, at(r, 16, Op.STORE).ways(), at(r, 16, Op.STORE).reason()); // 66 words
    assertEquals(2, at(r, 17, Op.STORE).ways(), at(r, 17, Op.STORE).reason()); // doubles 16 bytes apart
    assertEquals(1, at(r, 18, Op.STORE).ways(), at(r, 18, Op.STORE).reason());
    assertUnknownBecause(at(r, 23, Op.STORE), "'Over<T>::STRIDE' has no constant value (the base class 'Base' of"
        + " 'Over' is unknown: 'T' is not a type bankcheck knows here)");
  }
}
