/* The generator's working state and the emitters its levels share (internal to gen/):
 *
 *   emit.c     small emitters: loops, barriers, register slots, access vectors, butterflies
 *   io.c       global and local memory access in each access pattern, load and store phases
 *   twiddle.c  twiddle factors in each twiddle mode (TW-CALC, TW-NATIVE, CM-K, CM-L, TW-GM, TWP)
 *   pass.c     the radix passes of each on-chip mode (RP+LM-CM, LM-CC, LM-CT, GM)
 *   shuffle.c  RP+SHFL-*'s exchange between passes by warp shuffles (CUDA)
 *   tensor.c   TC's radix-16 passes on the Tensor Cores (CUDA, f16 data; gen/tensor.h)
 *   kernel.c   the whole kernel: tables, helpers, and the passes strung together (gen/kernel.h)
 *
 * Emitters write through the dialect (gen/dialect.h) and append to gs->b, whose sticky error
 * (core/text_buf.h) spares them error checks; an expression that must not be cut short is built
 * in a text_buf too. */
#ifndef PPFFT_GEN_EMIT_H
#define PPFFT_GEN_EMIT_H
#include "core/geometry.h"
#include "core/problem.h"
#include "core/text_buf.h"
#include "core/variant.h"
#include "gen/dialect.h"

typedef struct gen_state {
  text_buf *b;
  const dialect *d;
  const problem *p;
  const variant *v;
  const geometry *g;
  char mt[16];     /* arithmetic type: "real" (VASM) or "realE" (VAVM) */
  char lt[16];     /* a lane group as one vector: "real" (E = 1) or "realE" */
  unsigned nslot;  /* register slots: one per element (VASM) or per lane group (VAVM) */
  int general;     /* not a plain problem: elements are addressed through IN_AT/OUT_AT, one at a time */
  const char *real_tw; /* the loop variable whose literal twiddles the C2R loads read (gen/real.c), or NULL */
  int mirror_reads;     /* in place, elements read from global memory that another work-item of the group
                        * stores over (the real transforms' mirror pairs, gen/real.c): the next
                        * barrier orders global memory too */
  int tw4_run;          /* f16 owned stores: the four-step twiddle is the running product w4_, times s4_
                        * after each element (gen/io.c's gen_store_owned_from_slots) */
} gen_state;

/* Stockham pass geometry: radix r, p = product of the earlier radices, S butterfly groups per
 * work-item (RQ / r). */
typedef struct spass {
  unsigned r, p, s;
  unsigned base; /* the pass's offset in the twiddle table */
} spass;

/* ---- emit.c ---- */

/* Emits the loop over var = first..first+count-1 with body's text and frees body. */
void gen_loop_range(gen_state *gs, const char *var, unsigned first, unsigned count, text_buf *body);

/* Emits the loop over var = 0..count-1 with body's text and frees body. */
void gen_loop_body(gen_state *gs, const char *var, unsigned count, text_buf *body);

void gen_barrier_local(gen_state *gs);

void gen_barrier_global(gen_state *gs);

/* Register slot of lane e in group expression q, component c ('r' or 'i'). */
void gen_slot(const gen_state *gs, char *buf, size_t n, char c, const char *q, unsigned e);

/* The type of one access vector part, and how many parts an E-lane access has (2 for 16 lanes). */
unsigned gen_access_parts(const gen_state *gs);

unsigned gen_access_width(const gen_state *gs);

/* Component expression of lane e (re: k = 0, im: k = 1) of an access vector named `name`. */
void gen_access_comp(const gen_state *gs, char *buf, size_t n, const char *name, unsigned e, unsigned k);

/* The E real (k = 0) or imaginary (k = 1) parts of access vector `name` as one lane vector. */
void gen_access_plane(const gen_state *gs, char *buf, size_t n, const char *name, unsigned k);

/* Owned lane group q (an expression) of this work-item starts at element E*(tid + W*q). */
void gen_owned_pos(const gen_state *gs, char *buf, size_t n, const char *q);

/* What a butterfly unit works on in slot group q: the whole lane vector (VAVM) or lane e (VASM). */
void gen_unit_slot(const gen_state *gs, char *buf, size_t n, char c, const char *q, unsigned e);

/* Local memory: the plane array name for component c of the mode's layout. */
const char *gen_plane(const gen_state *gs, char c);

/* The radix-r butterfly on ar[], ai[]: inline text (IL) or a call to the helper. */
void gen_butterfly(const gen_state *gs, text_buf *b, unsigned r);

/* ---- io.c ---- */

/* The access pattern's unit counter for work-item lid at loop variable var (an expression into
 * buf): CGAP, unit lid + wg var of the work-group's span (neighbouring work-items, neighbouring
 * units: coalesced); the uncoalesced chunk, units lid per_item .. lid per_item + per_item - 1.
 * DIRECT, the work-item's own units, is each caller's owned mapping. */
void gen_pattern_unit(const gen_state *gs, char *buf, size_t n, const char *var, unsigned per_item);

/* Declares access vector `name` loaded from lane group at element pos of the transform at ptr
 * (transform tr of the work-group), on the input (side 0) or output (side 1) layout. */
void gen_global_load(const gen_state *gs, text_buf *b, int side, const char *name, const char *ptr, const char *pos, const char *tr);

/* Into buf, the expression of transform tr's index at the four-step twiddle level (p->twiddle_n
 * set): its column r in the first pass of a split dimension. */
void gen_twiddle_level_index(const gen_state *gs, char *buf, size_t n, const char *tr);

/* gen/real.c, the fast path of real transforms (problem.h's half): the C2R load that declares
 * `name` = Z_pos from X_pos and X_(M-pos) of the transform at ptr; the R2C pairing of each owned
 * Z_k with Z_(M-k) after the last radix pass of RP+LM-CM, which leaves X_k in the slots (X_0 and
 * X_M in the real and imaginary slots of k = 0), or returns 1 where it stored X itself (a whole
 * transform in the pass, owned stores: gen/real.c's r2c_pair_and_store).  In the first pass of a
 * split C2R dimension (REAL_FIRST), pos of column r (transform tr) is k = r + (M / n) pos. */
void gen_c2r_half_load(const gen_state *gs, text_buf *b, const char *name, const char *ptr, const char *pos, const char *tr);
int gen_r2c_half_pair(gen_state *gs);

/* Before a loop over var of a C2R fast path's loads (nothing for another problem or a loop whose
 * positions it cannot follow): the owned positions of slot group var (staged = 0), or those of
 * io.c's pattern_index (staged = 1, unit var).  Opens a block with the loop's twiddles and sets
 * real_tw; the caller closes the block after its loop when real_tw is set, and clears it. */
void gen_c2r_half_loads_begin(gen_state *gs, const char *var, int staged);

/* The one-pass C2R's loads into the owned slots (RP+LM-CM, single elements, a whole real dimension):
 * the work-item of k <= M/2 reads X_k and X_(M-k) and hands Z_(M-k) to its owner through local
 * memory (gen/real.c), ending with a barrier; returns 0, having emitted nothing, where it cannot
 * (then gen_load_owned_to_slots reads both for every element). */
int gen_c2r_half_load_pairs(gen_state *gs);

/* After a C2R's loads: in place, they read X_(M-k) (or X_(n-k)), which another work-item of the group
 * stores over, so the next barrier (gen_barrier_local) orders global memory as well as local. */
void gen_c2r_mirror_reads(gen_state *gs);

/* Stores lane values re[e], im[e] (expressions) of transform tr (in the work-group), times the
 * scale if `scaled` (the final store), as a vector at pos of ptr. */
void gen_global_store(const gen_state *gs, text_buf *b, const char *tr, const char *ptr, const char *pos, char re[][96],
                         char im[][96], int scaled);

/* The plain layout's pointers x0, y0 to transform t0 (nothing in the general layout). */
void gen_block_pointers(const gen_state *gs);

/* Pointer to transform b (an expression) of the input or output; in the general layout, the index
 * of its first element. */
void gen_transform_ptr(const gen_state *gs, char *buf, size_t n, int output, const char *b);

/* Loads this work-item's own lane groups from global memory into the register slots. */
void gen_load_owned_to_slots(gen_state *gs);

/* f16 four-step passes with owned stores: sets gs->tw4_run and emits the running twiddle's start and
 * step (w4_, s4_) for gen_store_owned_from_slots; nothing elsewhere. */
void gen_tw4_run_prologue(gen_state *gs);

/* Stores the register slots (the last pass leaves results at the owned positions) to global memory. */
void gen_store_owned_from_slots(gen_state *gs);

/* Stores the slots element by element, each work-item its own transform's owned elements (ABFT's
 * correction: the work-group's transforms are not neighbours then). */
void gen_store_owned_elements(gen_state *gs);

/* Takes from the slots, element by element, the output already stored of transform tr of the
 * block whose first transform is t0 (ABFT2's correction: the outputs that passed, read back), with
 * the final store's four-step twiddle and scale undone; only where tr < nvalid. */
void gen_subtract_owned_outputs(gen_state *gs);

/* Copies component c of the owned slot groups q = first..first+count-1 to (to_local = 1) or from
 * local memory, whose plane starts at element `base` of the transform (exchange rounds). */
void gen_slots_local_range(gen_state *gs, char c, int to_local, unsigned first, unsigned count, unsigned base);

/* Copies component c of all owned slots to (to_local = 1) or from local memory. */
void gen_slots_local(gen_state *gs, char c, int to_local);

/* g->h2 (f16's half2 plane): stores re, im (expressions) rounded to half as the half2 word at local
 * index idx (to_local = 1), or loads that word into them. */
void gen_h2_local(const gen_state *gs, text_buf *b, int to_local, const char *idx, const char *re, const char *im);

/* g->h2: copies both parts of the owned slot groups q = first..first+count-1, slots cr and ci
 * ('r', 'i'; or 'x', 'y' for exchange rounds' early groups), to (to_local = 1) or from the half2
 * plane, which starts at element `base` of the transform. */
void gen_slots_local_h2(gen_state *gs, char cr, char ci, int to_local, unsigned first, unsigned count, unsigned base);

/* Global memory to local planes (LM-CC, LM-CT) following the access pattern. */
void gen_load_pattern_to_local(gen_state *gs);

/* Local planes to global memory (LM-CC, LM-CT) following the access pattern. */
void gen_store_local_to_pattern(gen_state *gs);

/* RP+LM-CM with an access pattern that is not the owned one: global -> staging vectors -> local
 * (one component at a time) -> owned slots. */
void gen_load_staged(gen_state *gs);

/* The reverse of load_staged: owned slots -> local -> staging lane vectors -> global. */
void gen_store_staged(gen_state *gs);

/* ---- twiddle.c ---- */

/* The twiddles of one butterfly unit of radix r: ar[t], ai[t] (0 < t < r) times w_M^(k_l t), where
 * k[l] is lane l's base exponent and the table holds w^(k t) at base + (t - 1) q + k.  Without TWP
 * every t is fetched; with TWP only t = 1, 2, 4, 8, 16, and w^t = w^a w^(t - a) for the highest
 * power of two a below t, so each power is at most four products from fetched values. */
void gen_twiddle_unit(const gen_state *gs, text_buf *b, unsigned r, char k[][64], unsigned lanes, unsigned q, unsigned base,
                         unsigned M, int contiguous);

/* ---- abft.c ---- */

/* Parts of the ABFT code a timing study (dialect.abft_omit) may leave out, so that their cost
 * shows; the checks are then wrong. */
enum {
  ABFT_OMIT_INPUT = 1,       /* the input share a . x, |x|^2 (table loads and products) */
  ABFT_OMIT_TABLE = 2,       /* only the table loads of the input share, its alphas (a constant instead) */
  ABFT_OMIT_OUTPUT = 4,      /* the output share e . y */
  ABFT_OMIT_SUMS = 8,        /* the sums over the transform's work-items */
  ABFT_OMIT_RIGHT = 16,      /* ABFT2's right-side sums of inputs and outputs */
  ABFT_OMIT_ANY = 32,        /* the work-group's vote (and its barrier) after the window */
  ABFT_OMIT_INJECT = 64,     /* the fault injection's hooks */
  ABFT_WINDOW_2 = 256,       /* not a part: ABFT2's window of 2 blocks, not PPFFT_ABFT_WINDOW
                              * (gen/kernel.h's gen_abft_window: the launch follows) */
  ABFT_SUMS_REGS = 512,      /* not a part: ABFT2's window sums in registers where the geometry put
                              * them in local memory, which the launch then does not give
                              * (gen/kernel.h's gen_local_bytes): what their memory costs */
  ABFT_SUMS_HALF = 1024      /* not a part: ABFT2's window sums in local memory at half the bytes,
                              * work-items lid and lid + wg / 2 on one column (the sums are then
                              * wrong): what halving their memory would buy, the same accesses */
};

/* The kernel's arguments after the tables (ABFT's table, control buffer, threshold, pass index). */
void gen_abft_args(const gen_state *gs, text_buf *b);

/* The body of an ABFT kernel (RP+LM-CM, RP+SHFL-*) after the work-item's indices and the register
 * and local declarations: the window loop with the checks, fault injection, and ABFT1's
 * recomputation or ABFT2's correction (README "Fault tolerance").  Returns 0, or -1 when a shuffle
 * exchange could not be written (as gen_shuffle_exchange). */
int gen_abft_body(gen_state *gs);

/* ---- abft_thread.c: ABFT3, each butterfly checked and corrected in its work-item ---- */

/* After the block's pointers (t0, nvalid): abft_valid and this work-item's fault targets. */
void gen_abft3_prologue(gen_state *gs);

/* Stage 0's injection hook, after the load. */
void gen_abft3_inject_loaded(gen_state *gs);

/* Around Stockham pass s on the slots: its column sums and failures (begin opens a scope that end
 * closes, after the correction and the counts). */
void gen_abft3_pass_begin(gen_state *gs, spass sp, int s);
void gen_abft3_pass_end(gen_state *gs, spass sp);

/* In a butterfly unit on ar/ai: before the butterfly (after the twiddles) the row input and the
 * column sums; after it, stage s + 1's injection hook and the row check of lane e. */
void gen_abft3_unit_before(const gen_state *gs, text_buf *b, spass sp);
void gen_abft3_unit_after(const gen_state *gs, text_buf *b, spass sp, unsigned e);

/* ---- pass.c ---- */

spass gen_stockham(const gen_state *gs, int s);

/* One Stockham pass on register slots (RP+LM-CM, LM-CC): every unit (butterfly group) c of this
 * work-item takes slots c + t*S, t < r. */
void gen_stockham_on_slots(gen_state *gs, spass sp);

/* Writes component c of every slot after Stockham pass sp to its output position in local memory
 * (the scatter half of the exchange; TC's passes read there). */
void gen_stockham_scatter(gen_state *gs, spass sp, char c);

/* RP+LM-CM exchange after pass sp: per component (g->h2, g->pair: both at once, as half2 or real2), scatter to
 * local, barrier, gather owned.  With
 * xr rounds, round h moves the elements of the h-th 1/xr of the transform: they come from the h-th
 * 1/xr of the butterfly groups tid + w*c (of each work-item's, or where a work-item holds fewer
 * than xr, of the work-items) and go to the h-th 1/xr of its register groups (core/geometry.c has
 * the conditions), so local memory holds N/xr reals.  Later rounds still read registers that
 * earlier rounds gather into, so those land in vx first. */
void gen_lmcm_exchange(gen_state *gs, spass sp);

/* ---- shuffle.c ---- */

/* RP+SHFL-* exchange after pass sp: the same movement as gen_lmcm_exchange, by warp shuffles among
 * the transform's W <= 32 work-items, with the thread-dependent register permutations around them
 * in the variant's mode.  Returns 0, or -1 when the dialect has no shuffles or the exchange has no
 * schedule (nothing written then). */
int gen_shuffle_exchange(gen_state *gs, spass sp);

/* GM: one Stockham pass straight from and to global memory.  Units follow the access pattern:
 * DIRECT: the work-item's own groups; CGAP: consecutive work-items take consecutive groups of the
 * span; chunk: each work-item a run of consecutive groups. */
void gen_gm_pass(gen_state *gs, int s);

/* LM-CC: one Stockham pass with the data in local memory: read, compute, barrier, write, barrier. */
void gen_lmcc_pass(gen_state *gs, int s);

/* LM-CT: one in-place decimation-in-frequency pass in local memory: butterfly on positions
 * blk*M + jj + m*t, then twiddle output t by w_M^(jj*t).  No exchange: each butterfly writes back
 * where it read, so one barrier per pass. */
void gen_lmct_pass(gen_state *gs, int s);

#endif
