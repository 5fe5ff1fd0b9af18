/* Wisdom: which variant won for which problem on which device, as text that people can read and
 * files can carry from the tuner to programs.
 *
 *     ppfft-wisdom 1
 *     # comments and blank lines are ignored
 *     <device key> <problem key> <variant> <median ms>
 *
 * A problem key is kind:precision:direction:placement:lengths:layout:batch class, e.g.
 * "c2c:f32:fwd:oop:n1024:packed:b4096"; the batch class is the smallest power of 4 >= the batch, and
 * a lookup takes the same problem in the nearest class when its own class has no entry.  Entries
 * are this context's device only; import ignores other devices' lines (and says so). */
#ifndef PPFFT_WISDOM_H
#define PPFFT_WISDOM_H
#include "plan_string.h"
#include "transform.h"
#include <stddef.h>
#include <threads.h>

enum { WISDOM_KEY_MAX = 448 };

typedef struct wisdom_entry {
  char base[WISDOM_KEY_MAX]; /* the problem key without its batch class */
  unsigned batch_log4;       /* the batch class is 4^batch_log4 */
  char plan[PLAN_STRING_MAX]; /* the plan string (plan_string.h) */
  double ms;
} wisdom_entry;

typedef struct wisdom {
  mtx_t lock;
  wisdom_entry *entries;
  size_t count, cap;
} wisdom;

int wisdom_init(wisdom *w); /* 0 on success */
void wisdom_destroy(wisdom *w);

/* The problem key of t ("c2c:f32:fwd:oop:n1024:packed:b4096", "c2c:f64:bwd:ip:n64x64x64:packed:b1"). */
void wisdom_problem_key(const transform *t, char *buf, size_t len);

/* The plan string for t: its own batch class, else the nearest class of the same problem.  Returns
 * 0 when found. */
int wisdom_lookup(wisdom *w, const transform *t, char *plan, size_t len);

/* Adds the result for t, replacing an entry with the same key.  0, or -1 when out of memory or the
 * plan string is too long. */
int wisdom_add(wisdom *w, const transform *t, const char *plan, double ms);

/* Parses text and merges its entries for device_key into w, all or nothing.  Returns 0 (with the
 * number of other devices' entries left out in *skipped) or -1 with "line N: what" in msg and w
 * unchanged; -2 when out of memory. */
int wisdom_import(wisdom *w, const char *device_key, const char *text, size_t *skipped, char *msg, size_t len);

/* w as text for device_key, entries sorted by problem key (so export, forget, import, export gives
 * the same text); a new string the caller frees, NULL when out of memory. */
char *wisdom_export(wisdom *w, const char *device_key);

void wisdom_forget(wisdom *w);

/* Imports, at context creation and quietly (a bad or foreign file never stops a context), the
 * installed wisdom folder, then $XDG_DATA_HOME/ppfft/wisdom, then $PPFFT_WISDOM_PATH (colon-
 * separated files or folders of *.wisdom files), so that the earlier in that path wins. */
struct ppfft_context;
void wisdom_load_defaults(struct ppfft_context *c);

#endif
