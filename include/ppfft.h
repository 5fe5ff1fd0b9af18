/* ppfft: performance-portable FFTs for OpenCL devices.
 *
 * The flow: create a context for one device, describe a transform with a ppfft_desc, make a plan
 * (the planner picks a kernel variant from wisdom or a heuristic, or you name one), then execute it
 * on your own command queue.  Execution is asynchronous, as in clFFT: ppfft enqueues and returns.
 *
 * Every function that can fail returns a ppfft_status; nothing prints, aborts or exits.  After a
 * failure, ppfft_context_last_error() holds a human-readable message for the calling thread. */
#ifndef PPFFT_H
#define PPFFT_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#ifdef __APPLE__
#include <OpenCL/opencl.h>
#else
#include <CL/cl.h>
#endif
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ppfft_status {
  PPFFT_SUCCESS = 0,
  PPFFT_ERROR_INVALID_ARGUMENT, /* NULL pointer, unknown enum value, bad flag */
  PPFFT_ERROR_INVALID_SIZE,     /* zero length, rank outside 1..3, size_t overflow, unsupported length */
  PPFFT_ERROR_INVALID_LAYOUT,   /* strides/distances/offsets that overlap or do not fit */
  PPFFT_ERROR_BUFFER_TOO_SMALL, /* a cl_mem smaller than the layout addresses */
  PPFFT_ERROR_UNSUPPORTED,      /* e.g. f64 on a device without cl_khr_fp64 */
  PPFFT_ERROR_OUT_OF_MEMORY,
  PPFFT_ERROR_OPENCL,           /* an OpenCL call failed; the message names the call and the CL error */
  PPFFT_ERROR_BUILD,            /* a generated kernel failed to build; the message holds the build log */
  PPFFT_ERROR_WISDOM,           /* malformed wisdom; nothing already imported is lost */
  PPFFT_ERROR_IO,
  PPFFT_ERROR_NO_DEVICE,
  PPFFT_ERROR_CUDA,             /* a CUDA runtime call failed (ppfft_cuda.h); the message names the call and the error */
  PPFFT_ERROR_FAULT             /* an ABFT plan met a fault it could not correct (ppfft_plan_abft_stats) */
} ppfft_status;

/* A distinct, non-empty, static description of s; a generic one for values outside the enum. */
const char *ppfft_status_string(ppfft_status s);

/* ---- Context: one OpenCL device, its program cache and wisdom.  Thread-safe. ---- */

typedef struct ppfft_context ppfft_context;

/* Makes a context on the caller's OpenCL context and device (both retained until destroy).
 * Errors: INVALID_ARGUMENT for NULL handles or a device that is not in ctx, OPENCL, OUT_OF_MEMORY. */
ppfft_status ppfft_context_create(cl_context ctx, cl_device_id dev, ppfft_context **out);

/* Makes a context on a device of ppfft's choosing: PPFFT_DEVICE="P:D" (platform and device index,
 * as clinfo -l lists them) if set, else the first GPU of any platform, else the first device.
 * Errors: NO_DEVICE (no platform or device, or PPFFT_DEVICE names none), INVALID_ARGUMENT for a
 * malformed PPFFT_DEVICE, OPENCL. */
ppfft_status ppfft_context_create_default(ppfft_context **out);

/* Releases the context and everything it owns.  Plans made from it must be destroyed first.
 * NULL does nothing. */
void ppfft_context_destroy(ppfft_context *c);

/* A stable key for the device: "vendor/device name/driver version", normalised (lower case,
 * runs of spaces and punctuation folded to '-').  Owned by the context. */
const char *ppfft_context_device_key(const ppfft_context *c);

/* The message for the last failure of a ppfft call on c in the calling thread ("" if none).
 * With c NULL, the last failure of ppfft_context_create*() in this thread.  Owned by ppfft; valid
 * until the next failing call in this thread. */
const char *ppfft_context_last_error(const ppfft_context *c);

/* The OpenCL context and device the ppfft context runs on, so a caller can make buffers and queues
 * for it.  Not retained for the caller. */
cl_context ppfft_context_cl_context(const ppfft_context *c);
cl_device_id ppfft_context_cl_device(const ppfft_context *c);

/* Bounds the time PPFFT_MEASURE and PPFFT_EXHAUSTIVE spend searching, as FFTW's fftw_set_timelimit:
 * past it the search starts no new candidate and returns the fastest plan found so far (at least one
 * candidate is always built and timed, so a search may run somewhat longer).  seconds <= 0 or
 * infinite: no limit, the default.  Plans created after the call use it; set it before planning on
 * several threads.  Errors: INVALID_ARGUMENT for NULL c or a NaN. */
ppfft_status ppfft_context_set_plan_time_limit(ppfft_context *c, double seconds);

/* ---- Problem description ---- */

/* F16: the CUDA side-backend only (sm_70 on): interleaved half2 data (IEEE binary16), computed in f32
 * and rounded to nearest when stored; complex transforms of power-of-two lengths, interleaved;
 * anything else is UNSUPPORTED, with the reason. */
typedef enum { PPFFT_F32, PPFFT_F64, PPFFT_F16 } ppfft_precision;
typedef enum { PPFFT_FORWARD = -1, PPFFT_BACKWARD = +1 } ppfft_direction;  /* backward is unnormalised */
typedef enum { PPFFT_C2C, PPFFT_R2C, PPFFT_C2R } ppfft_kind;
typedef enum { PPFFT_INTERLEAVED, PPFFT_PLANAR } ppfft_layout;

typedef struct ppfft_desc {
  int rank;          /* 1, 2 or 3 */
  size_t n[3];       /* C order: n[rank-1] is contiguous, n[0] slowest (FFTW's convention) */
  size_t batch;      /* number of transforms */
  ppfft_precision precision;
  ppfft_kind kind;   /* R2C, C2R: FFTW's real transforms (n[] real lengths; the complex side has
                      * n[rank-1]/2+1 values in its last dimension; C2R is unnormalised and
                      * transforms the Hermitian part of its input) */
  ppfft_direction direction; /* ignored by R2C (forward) and C2R (backward) */
  int inplace;       /* non-zero: the output overwrites the input buffer, in the input's layout
                      * (R2C/C2R: each side in its own layout, FFTW's rows padded to
                      * 2*(n[rank-1]/2+1) reals; README "Real transforms") */
  ppfft_layout in_layout, out_layout;   /* PLANAR: separate real and imaginary buffers */
  size_t in_strides[3], out_strides[3]; /* per dimension, in elements (of each side's type: real
                                         * values on a real side); all 0 = packed */
  size_t in_dist, out_dist;             /* between transforms, in elements; 0 = one transform's span */
  size_t in_offset, out_offset;         /* of the first element, in elements */
  double scale;                         /* multiplies the output; 1.0 by default */
} ppfft_desc;

/* Fills d for an f32, complex-to-complex, forward, out-of-place, interleaved, packed transform of
 * the given rank, lengths n[0..rank-1] and batch, with scale 1.  Copies at most 3 lengths; a rank
 * outside 1..3 is stored as given and rejected later by the planner.  NULL d or n does nothing. */
void ppfft_desc_init(ppfft_desc *d, int rank, const size_t *n, size_t batch);

/* ---- Plans ---- */

enum {
  PPFFT_ESTIMATE = 0,          /* wisdom if present, else the heuristic */
  PPFFT_MEASURE = 1u << 0,     /* time a short list of candidates now */
  PPFFT_EXHAUSTIVE = 1u << 1,  /* time the whole search space: every valid on-chip mode, access
                                * pattern, vector width and twiddle mode (fast-math excepted), each at
                                * its fitted and a wider work-item size and with fewer transforms per
                                * work-group (down to 64 work-items); for a 1D transform in several
                                * passes, every split of its length into that many (no pass shorter
                                * than 64 points, or than the balanced split's shortest if that is
                                * shorter), and the balanced split into one pass more.  Radix order
                                * and CSE/IL/LU stay as the planner fits them. */
  PPFFT_WISDOM_ONLY = 1u << 2, /* fail without a wisdom entry */
  PPFFT_ABFT = 1u << 3         /* fault tolerance: every radix pass checks its transforms and
                                * corrects a corrupted one (see "Fault tolerance" below) */
};

typedef struct ppfft_plan ppfft_plan;

/* Plans the transform d on c: one pass per dimension, two or three (four-step) for a dimension
 * longer than one work-group.  Builds (or takes from the cache) the kernels, allocates any twiddle
 * table and the temporary buffer (at most one transform set) once.  Errors: INVALID_ARGUMENT (NULL,
 * unknown enum or flag bit), INVALID_SIZE (zero or overflowing sizes, a length beyond 2^30),
 * INVALID_LAYOUT (output elements that overlap, spans that overflow), UNSUPPORTED (a problem or
 * flag this version does not cover, with a message saying what), BUILD, OPENCL, OUT_OF_MEMORY (also
 * when the device cannot allocate a buffer as large as the transforms).  On failure *out is NULL. */
ppfft_status ppfft_plan_create(ppfft_context *c, const ppfft_desc *d, unsigned flags, ppfft_plan **out);

/* Plans d with exactly the named variant (see README "Variants"; e.g.
 * "r16x16/RP+LM-CM+CGAP+VASM4+CM-K+CSE+IL+LU/wg64/t4"), or for several passes their variants
 * joined by ';' in execution order (the contiguous dimension first; the lengths of a dimension's
 * passes multiply to its length).  Errors as ppfft_plan_create, plus INVALID_ARGUMENT for a
 * malformed string and UNSUPPORTED for a variant that does not apply to d or that the device cannot
 * run (local memory, work-group size, constant memory). */
ppfft_status ppfft_plan_create_variant(ppfft_context *c, const ppfft_desc *d, const char *variant,
                                       ppfft_plan **out);

/* Enqueues the transform on q behind the nwait events in wait and returns without blocking.
 * out is NULL (or equal to in) for an in-place plan.  If done is not NULL it receives an event that
 * completes when the whole transform (every pass) has completed; the caller releases it.  q must
 * belong to the plan's context and device.  A plan with a temporary buffer orders its executions
 * (each waits for the previous one, on any queue) and keeps a reference to the queue it last ran on
 * until it runs on another or is destroyed.  Errors: INVALID_ARGUMENT (NULL, wrong placement, wait list),
 * BUFFER_TOO_SMALL (a buffer smaller than the layout addresses, counted in its side's own elements:
 * reals on the real side of an R2C/C2R, complex values on the other; in place, the buffer must
 * hold both sides' layouts; nothing is enqueued), OPENCL.  Out of place, an R2C or C2R leaves its
 * input unchanged (a multi-dimensional C2R works in the plan's temporary buffer). */
ppfft_status ppfft_execute(ppfft_plan *p, cl_command_queue q, cl_mem in, cl_mem out, cl_uint nwait,
                           const cl_event *wait, cl_event *done);

/* As ppfft_execute for a plan with a planar side: in_re/in_im and out_re/out_im are the real and
 * imaginary buffers (an interleaved side passes its buffer as *_re and NULL as *_im; in-place plans
 * take out_re = out_im = NULL).  Errors as ppfft_execute; INVALID_ARGUMENT also for an imaginary
 * buffer on an interleaved side or the same buffer for both parts.  ppfft_execute on a plan with a
 * planar side is INVALID_ARGUMENT. */
ppfft_status ppfft_execute_planar(ppfft_plan *p, cl_command_queue q, cl_mem in_re, cl_mem in_im,
                                  cl_mem out_re, cl_mem out_im, cl_uint nwait, const cl_event *wait,
                                  cl_event *done);

/* Writes the plan's variant string (passes joined by ';'), NUL-terminated, into buf; a plan with a
 * temporary buffer adds " (temporary buffer: N bytes)", which ppfft_plan_create_variant ignores.  Errors: INVALID_ARGUMENT for NULL
 * arguments or a buffer too small for the whole string (buf then holds "" when len > 0). */
ppfft_status ppfft_plan_describe(const ppfft_plan *p, char *buf, size_t len);

/* Releases the plan and its buffers and kernels.  NULL does nothing. */
void ppfft_plan_destroy(ppfft_plan *p);

/* ---- Fault tolerance (ABFT): TurboFFT's checksums, fused into the kernels ----
 *
 * A plan made with PPFFT_ABFT runs kernels with the ABFT knob (README "Fault tolerance").  Each
 * radix pass checks every transform it computes: two left-side checksums e^T y and f^T y of its
 * output against (e^T W) x and (f^T W) x of its input, where e^T W and f^T W are fixed
 * pseudo-random tensor products alpha (x) beta of complex weights +-(1 + u) +- (1 + v) i, which no
 * butterfly cancels and which a work-item applies with one table load per block (e and f computed
 * from them once per plan in double).  ABFT2, the default, corrects a corrupted transform without recomputing:
 * each work-item keeps the sum of the inputs of the transforms it computes one after another (the
 * right-side checksum, a window of at most PPFFT_ABFT_WINDOW of them), and at the end of the window the
 * transform of that sum, less the outputs found correct, replaces the corrupted output (delayed,
 * batched correction).  Two corrupted transforms in one window cannot be told apart: they are
 * counted as uncorrectable.  ABFT1 (the baseline, named in a variant string) recomputes the
 * work-group's transforms from its input instead.  ABFT3 (the seed's thread-level scheme, named in
 * a variant string) checks each radix-r butterfly a work-item computes instead of each transform:
 * the sum of its r outputs against r times its first (twiddled) input, and corrects one failed
 * butterfly of a work-item's pass from the sum of that pass's inputs; it sees faults in the
 * butterflies' arithmetic, not in the loads, twiddles or exchanges.  The four-step twiddles and the
 * scale applied as a pass stores, and explicit transposes (XP), are outside the checks.
 *
 * A check compares |e^T y - (e^T W) x| with delta times the output's norm ||y||_2; delta is a
 * plan's threshold (defaults below, chosen by bench/abft-study's ROC curves). */

/* Transforms of one work-item's right-side checksum (ABFT2's correction window), at most; fewer (down
 * to half) where that fills the device's last wave of work-groups better (CUDA). */
enum { PPFFT_ABFT_WINDOW = 8 };

/* What a plan's checks have seen since it was made or last reset; every pass counts its own. */
typedef struct ppfft_abft_stats {
  unsigned long long checked;       /* transforms checked */
  unsigned long long detected;      /* checks that failed */
  unsigned long long corrected;     /* of those, transforms corrected (and then checked again) */
  unsigned long long uncorrectable; /* transforms left wrong: two in one window, or a correction
                                     * that failed its check */
} ppfft_abft_stats;

/* Reads p's counters into *out, after the executions enqueued so far have completed (the call
 * waits for them: a synchronising call).  Returns FAULT (with *out filled) when uncorrectable is
 * not zero, so that a wrong result is never returned silently.  Errors: INVALID_ARGUMENT (NULL, or
 * a plan made without PPFFT_ABFT), OPENCL or CUDA. */
ppfft_status ppfft_plan_abft_stats(ppfft_plan *p, ppfft_abft_stats *out);

/* Sets p's counters to zero, after the executions enqueued so far have completed.  Errors as
 * ppfft_plan_abft_stats, without FAULT. */
ppfft_status ppfft_plan_abft_reset(ppfft_plan *p);

/* The detection threshold delta of p's checks (relative to the output's norm); executions
 * enqueued after the call use it.  The default is ppfft_abft_default_threshold(precision).
 * Errors: INVALID_ARGUMENT (NULL, no PPFFT_ABFT, delta not finite or not positive). */
ppfft_status ppfft_plan_set_abft_threshold(ppfft_plan *p, double delta);

/* The default threshold for PPFFT_F32 or PPFFT_F64 (0 for anything else). */
double ppfft_abft_default_threshold(ppfft_precision precision);

/* Fault injection, for tests and studies: flips bits in the registers of the kernels, as a
 * transient fault in a compute unit would.  Each execution of the plan draws, from a generator
 * seeded with `seed`, whether it is hit (probability `rate`, 1 = every call); a hit flips one bit
 * of one value of one transform at one stage of one pass, each either as given or drawn at random
 * (-1).  With faults = 2 a hit flips a second value, in another transform of the same correction
 * window (the uncorrectable case of ABFT2; under ABFT3, another butterfly of the same work-item at
 * the same stage, its uncorrectable case, where the work-item computes more than one).  ABFT3's
 * random stages are 1.. (a fault at stage s is in an output of radix pass s's butterflies).  The values are those a work-item holds: `element` is
 * 2 k + c for component c (0 real, 1 imaginary) of register value k < the pass's length; `stage` 0
 * is just after the load and s after radix pass s (the last: the output, before it is stored). */
typedef struct ppfft_fault_injection {
  double rate;             /* probability that an execution is hit, in [0, 1] */
  unsigned long long seed; /* the same seed, the same faults */
  int faults;              /* 1 or 2 per hit */
  int pass;                /* kernel pass of the plan (0 first; transposes count), or -1 */
  int stage;               /* 0 .. the pass's radix passes, or -1 */
  long long transform;     /* transform of the pass, or -1 */
  long long element;       /* 0 .. 2 n - 1, or -1 */
  int bit;                 /* 0 .. 31 (f32) or 0 .. 63 (f64), or -1 */
} ppfft_fault_injection;

/* Injects faults as spec says into p's later executions; NULL stops.  Without injection the
 * kernels test one flag per stage.  Errors: INVALID_ARGUMENT (NULL p, no PPFFT_ABFT, a field out
 * of range). */
ppfft_status ppfft_plan_inject_faults(ppfft_plan *p, const ppfft_fault_injection *spec);

/* ---- Wisdom: the tuner's results, per device (see README "Tuning") ---- */

/* Imports wisdom text (ppfft-tune's output) into c, all or nothing: on any error nothing changes.
 * c keeps the entries that serve its device at some level (this device, the same device under
 * another driver, the same architecture class); the others are left out and last_error says how
 * many.  A plan takes the closest level's entry made by this version's generator (README
 * "Tuning").  A context also loads wisdom when it is created: $PPFFT_WISDOM_PATH (colon-separated
 * files or folders of *.wisdom files), then $XDG_DATA_HOME/ppfft/wisdom, then the installed
 * $(datadir)/ppfft/wisdom.  Errors: WISDOM (malformed; the message names the line), IO,
 * INVALID_ARGUMENT, OUT_OF_MEMORY. */
ppfft_status ppfft_wisdom_import_file(ppfft_context *c, const char *path);
ppfft_status ppfft_wisdom_import_string(ppfft_context *c, const char *text);

/* Writes c's wisdom as text, whole or not at all (a temporary file beside path, renamed over it):
 * a failure leaves any earlier file as it was.  Errors: IO, INVALID_ARGUMENT, OUT_OF_MEMORY. */
ppfft_status ppfft_wisdom_export_file(ppfft_context *c, const char *path);

/* c's wisdom as text in a new string the caller free()s; NULL on failure. */
char *ppfft_wisdom_export_string(ppfft_context *c);

/* Forgets all wisdom held by c.  NULL does nothing. */
void ppfft_wisdom_forget(ppfft_context *c);

#ifdef __cplusplus
}
#endif
#endif /* PPFFT_H */
