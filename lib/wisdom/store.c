/* The wisdom table: lookup by fallback level, and all-or-nothing merges. */
#include "wisdom/store.h"
#include "core/text_buf.h"
#include "wisdom/format.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int wisdom_store_init(wisdom_store *w)
{
  memset(w, 0, sizeof *w);
  return pthread_mutex_init(&w->lock, NULL) == 0 ? 0 : -1;
}

void wisdom_store_destroy(wisdom_store *w)
{
  free(w->entries);
  pthread_mutex_destroy(&w->lock);
}

int wisdom_lookup(wisdom_store *w, const device_names *self, unsigned generator, const transform *t, char *plan, size_t len,
                  wisdom_level *level)
{
  char base[WISDOM_KEY_MAX];
  problem_key_base(t, base, sizeof base);
  int want = (int)problem_key_batch_log4(t->batch), best = -1;
  long best_rank = 0;
  pthread_mutex_lock(&w->lock);
  for (size_t i = 0; i < w->count; ++i) {
    const wisdom_entry *e = &w->entries[i];
    if (e->generator != generator || strcmp(e->base, base) != 0) continue;
    wisdom_level l = device_match(self, e->device, e->arch);
    if (l == WISDOM_NONE) continue;
    int k = (int)e->batch_log4, dist = 2 * abs(k - want) - (k > want); /* ties: the larger class */
    long rank = (long)l * 1000 + dist;                                  /* the level first */
    if (best < 0 || rank < best_rank) {
      best_rank = rank;
      best = (int)i;
    }
  }
  int found = best >= 0 && (size_t)snprintf(plan, len, "%s", w->entries[best].plan) < len; /* never a cut plan */
  if (found && level) *level = device_match(self, w->entries[best].device, w->entries[best].arch);
  pthread_mutex_unlock(&w->lock);
  return found ? 0 : -1;
}

/* Adds or replaces e in w (lock held); -1 when out of memory. */
static int put_locked(wisdom_store *w, const wisdom_entry *e)
{
  for (size_t i = 0; i < w->count; ++i) {
    wisdom_entry *x = &w->entries[i];
    if (x->batch_log4 == e->batch_log4 && strcmp(x->base, e->base) == 0 && strcmp(x->device, e->device) == 0) {
      *x = *e;
      return 0;
    }
  }
  if (w->count == w->cap) {
    size_t cap = w->cap ? 2 * w->cap : 32;
    wisdom_entry *grown = realloc(w->entries, cap * sizeof *grown);
    if (!grown) return -1;
    w->entries = grown;
    w->cap = cap;
  }
  w->entries[w->count++] = *e;
  return 0;
}

int wisdom_add(wisdom_store *w, const device_names *self, unsigned generator, const transform *t, const char *plan, double ms)
{
  wisdom_entry *e = calloc(1, sizeof *e);
  if (!e) return -1;
  snprintf(e->device, sizeof e->device, "%s", self->key);
  snprintf(e->arch, sizeof e->arch, "%s", self->arch);
  e->generator = generator;
  problem_key_base(t, e->base, sizeof e->base);
  e->batch_log4 = problem_key_batch_log4(t->batch);
  int r = -1;
  if ((size_t)snprintf(e->plan, sizeof e->plan, "%s", plan) < sizeof e->plan) {
    e->ms = ms;
    pthread_mutex_lock(&w->lock);
    r = put_locked(w, e);
    pthread_mutex_unlock(&w->lock);
  }
  free(e);
  return r;
}

void wisdom_forget(wisdom_store *w)
{
  pthread_mutex_lock(&w->lock);
  w->count = 0;
  pthread_mutex_unlock(&w->lock);
}

int wisdom_import(wisdom_store *w, const device_names *self, const char *text, size_t *skipped, char *msg, size_t len)
{
  *skipped = 0;
  wisdom_entry *parsed;
  size_t count, kept = 0;
  int status = wisdom_parse(text, &parsed, &count, msg, len);
  if (status != 0) return status;
  for (size_t i = 0; i < count; ++i) /* the entries that serve this device, in file order */
    if (device_match(self, parsed[i].device, parsed[i].arch) != WISDOM_NONE) parsed[kept++] = parsed[i];
  *skipped = count - kept;
  pthread_mutex_lock(&w->lock);
  if (w->count + kept > w->cap) { /* room for all first, so that the merge cannot fail half-way */
    wisdom_entry *grown = realloc(w->entries, (w->count + kept) * sizeof *grown);
    if (grown) {
      w->entries = grown;
      w->cap = w->count + kept;
    } else {
      status = -2;
    }
  }
  for (size_t i = 0; status == 0 && i < kept; ++i) put_locked(w, &parsed[i]);
  pthread_mutex_unlock(&w->lock);
  free(parsed);
  return status;
}

static int cmp_entry(const void *a, const void *b)
{
  const wisdom_entry *x = a, *y = b;
  int c = strcmp(x->device, y->device);
  if (!c) c = strcmp(x->base, y->base);
  return c ? c : (x->batch_log4 > y->batch_log4) - (x->batch_log4 < y->batch_log4);
}

char *wisdom_export(wisdom_store *w, const char *only)
{
  text_buf b;
  text_buf_init(&b);
  wisdom_print_header(&b);
  pthread_mutex_lock(&w->lock);
  if (w->count > 1) qsort(w->entries, w->count, sizeof *w->entries, cmp_entry);
  for (size_t i = 0; i < w->count; ++i)
    if (!only || strcmp(w->entries[i].device, only) == 0) wisdom_print_entry(&b, &w->entries[i]);
  pthread_mutex_unlock(&w->lock);
  return text_buf_take(&b);
}
