/* The wisdom table: keys, lookup, and the text format's strict all-or-nothing import. */
#include "wisdom.h"
#include "gen_buf.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int wisdom_init(wisdom *w)
{
  memset(w, 0, sizeof *w);
  return mtx_init(&w->lock, mtx_plain) == thrd_success ? 0 : -1;
}

void wisdom_destroy(wisdom *w)
{
  free(w->entries);
  mtx_destroy(&w->lock);
}

static unsigned batch_log4(size_t batch)
{
  unsigned k = 0;
  for (size_t c = 1; c < batch && k < 31; c *= 4) ++k;
  return k;
}

/* The layout field: "packed"; for a rank-1, unit-stride interleaved layout d<in>.<out>o<in>.<out>
 * (distances and offsets); otherwise also the strides and planar flags,
 * s<in strides, comma-separated>.<out strides>d<in>.<out>o<in>.<out>p<in><out>. */
static void layout_key(const transform *t, char *buf, size_t len)
{
  const side_layout *i = &t->in, *o = &t->out;
  if (transform_side_is_packed(t, 0) && transform_side_is_packed(t, 1)) {
    snprintf(buf, len, "packed");
    return;
  }
  if (t->rank == 1 && i->stride[0] == 1 && o->stride[0] == 1 && !i->planar && !o->planar) {
    snprintf(buf, len, "d%zu.%zuo%zu.%zu", i->dist, o->dist, i->offset, o->offset);
    return;
  }
  int at = snprintf(buf, len, "s");
  for (int side = 0; side < 2; ++side)
    for (int d = 0; d < t->rank && at > 0 && (size_t)at < len; ++d)
      at += snprintf(buf + at, len - (size_t)at, "%s%zu", d ? "," : side ? "." : "", (side ? o : i)->stride[d]);
  if (at > 0 && (size_t)at < len)
    snprintf(buf + at, len - (size_t)at, "d%zu.%zuo%zu.%zup%d%d", i->dist, o->dist, i->offset, o->offset, i->planar, o->planar);
}

/* The key without the batch class. */
static void base_key(const transform *t, char *buf, size_t len)
{
  char layout[256], lengths[80];
  layout_key(t, layout, sizeof layout);
  int at = snprintf(lengths, sizeof lengths, "n");
  for (int d = 0; d < t->rank; ++d) at += snprintf(lengths + at, sizeof lengths - (size_t)at, "%s%zu", d ? "x" : "", t->n[d]);
  snprintf(buf, len, "c2c:%s:%s:%s:%s:%s", t->f64 ? "f64" : "f32", t->sign < 0 ? "fwd" : "bwd", t->inplace ? "ip" : "oop", lengths,
           layout);
}

void wisdom_problem_key(const transform *t, char *buf, size_t len)
{
  char base[WISDOM_KEY_MAX];
  base_key(t, base, sizeof base);
  snprintf(buf, len, "%s:b%llu", base, 1ull << (2 * batch_log4(t->batch)));
}

int wisdom_lookup(wisdom *w, const transform *t, char *plan, size_t len)
{
  char base[WISDOM_KEY_MAX];
  base_key(t, base, sizeof base);
  int want = (int)batch_log4(t->batch), best = -1, best_dist = 1 << 30;
  mtx_lock(&w->lock);
  for (size_t i = 0; i < w->count; ++i) {
    if (strcmp(w->entries[i].base, base) != 0) continue;
    int k = (int)w->entries[i].batch_log4, dist = 2 * abs(k - want) - (k > want); /* ties: the larger class */
    if (dist < best_dist) {
      best_dist = dist;
      best = (int)i;
    }
  }
  if (best >= 0) snprintf(plan, len, "%s", w->entries[best].plan);
  mtx_unlock(&w->lock);
  return best >= 0 ? 0 : -1;
}

/* Adds or replaces e in w (lock held). */
static int put_locked(wisdom *w, const wisdom_entry *e)
{
  for (size_t i = 0; i < w->count; ++i)
    if (w->entries[i].batch_log4 == e->batch_log4 && strcmp(w->entries[i].base, e->base) == 0) {
      w->entries[i] = *e;
      return 0;
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

int wisdom_add(wisdom *w, const transform *t, const char *plan, double ms)
{
  wisdom_entry e;
  base_key(t, e.base, sizeof e.base);
  e.batch_log4 = batch_log4(t->batch);
  if ((size_t)snprintf(e.plan, sizeof e.plan, "%s", plan) >= sizeof e.plan) return -1;
  e.ms = ms;
  mtx_lock(&w->lock);
  int r = put_locked(w, &e);
  mtx_unlock(&w->lock);
  return r;
}

void wisdom_forget(wisdom *w)
{
  mtx_lock(&w->lock);
  w->count = 0;
  mtx_unlock(&w->lock);
}

/* ---- the text format ---- */

/* Parses an unsigned decimal at *s (at least one digit, no overflow), advancing *s. */
static int parse_size(const char **s, size_t *out)
{
  if (!isdigit((unsigned char)**s)) return -1;
  size_t x = 0;
  for (; isdigit((unsigned char)**s); ++*s) {
    if (x > ((size_t)-1 - 9) / 10) return -1;
    x = 10 * x + (size_t)(**s - '0');
  }
  *out = x;
  return 0;
}

/* Parses a problem key into its canonical base and batch class; 0 on success. */
static int parse_problem(const char *key, wisdom_entry *e, char *msg, size_t len)
{
  char tok[7][64];
  size_t n = 0;
  for (const char *s = key;; ++n) {
    size_t l = strcspn(s, ":");
    if (n == 7 || l == 0 || l >= sizeof tok[0]) return snprintf(msg, len, "problem key \"%.80s\" is not kind:precision:direction:placement:lengths:layout:batch", key), -1;
    memcpy(tok[n], s, l);
    tok[n][l] = '\0';
    s += l;
    if (!*s) {
      ++n;
      break;
    }
    ++s;
  }
  if (n != 7) return snprintf(msg, len, "problem key \"%.80s\" needs 7 fields, has %zu", key, n), -1;
  if (strcmp(tok[0], "c2c")) return snprintf(msg, len, "unknown transform kind \"%s\"", tok[0]), -1;
  if (strcmp(tok[1], "f32") && strcmp(tok[1], "f64")) return snprintf(msg, len, "unknown precision \"%s\"", tok[1]), -1;
  if (strcmp(tok[2], "fwd") && strcmp(tok[2], "bwd")) return snprintf(msg, len, "unknown direction \"%s\"", tok[2]), -1;
  if (strcmp(tok[3], "oop") && strcmp(tok[3], "ip")) return snprintf(msg, len, "unknown placement \"%s\"", tok[3]), -1;
  const char *s = tok[4];
  size_t dims = 0, x;
  if (*s++ != 'n') return snprintf(msg, len, "lengths \"%s\" must look like n1024 or n256x256", tok[4]), -1;
  for (;;) {
    if (parse_size(&s, &x) || x == 0 || ++dims > 3) return snprintf(msg, len, "bad lengths \"%s\"", tok[4]), -1;
    if (!*s) break;
    if (*s++ != 'x') return snprintf(msg, len, "bad lengths \"%s\"", tok[4]), -1;
  }
  if (strcmp(tok[5], "packed")) {
    size_t a, b, c, d;
    s = tok[5];
    int general = *s == 's' && strspn(s + 1, "0123456789.,dop") == strlen(s + 1);
    if (!general && (*s++ != 'd' || parse_size(&s, &a) || *s++ != '.' || parse_size(&s, &b) || *s++ != 'o' ||
                     parse_size(&s, &c) || *s++ != '.' || parse_size(&s, &d) || *s))
      return snprintf(msg, len, "layout \"%s\" must be packed, d<in>.<out>o<in>.<out> or s<strides>...", tok[5]), -1;
  }
  s = tok[6];
  if (*s++ != 'b' || parse_size(&s, &x) || *s || x == 0 || (x & (x - 1)) || (__builtin_ctzll(x) & 1))
    return snprintf(msg, len, "batch class \"%s\" must be b followed by a power of 4", tok[6]), -1;
  e->batch_log4 = (unsigned)__builtin_ctzll(x) / 2;
  snprintf(e->base, sizeof e->base, "%s:%s:%s:%s:%s:%s", tok[0], tok[1], tok[2], tok[3], tok[4], tok[5]);
  return 0;
}

/* Splits line into at most 5 space-separated fields; returns how many. */
static size_t split_fields(char *line, char **f)
{
  size_t n = 0;
  for (char *save = NULL, *t = strtok_r(line, " \t\r", &save); t; t = strtok_r(NULL, " \t\r", &save)) {
    if (n == 5) return 6;
    f[n++] = t;
  }
  return n;
}

int wisdom_import(wisdom *w, const char *device_key, const char *text, size_t *skipped, char *msg, size_t len)
{
  *skipped = 0;
  wisdom_entry *parsed = NULL;
  size_t count = 0, cap = 0, lineno = 0;
  int header = 0, status = 0;
  for (const char *s = text; *s && status == 0;) {
    size_t l = strcspn(s, "\n");
    ++lineno;
    char line[2048];
    if (l >= sizeof line) {
      snprintf(msg, len, "line %zu: longer than %zu characters", lineno, sizeof line - 1);
      status = -1;
      break;
    }
    memcpy(line, s, l);
    line[l] = '\0';
    s += l + (s[l] == '\n');
    char *f[6];
    size_t nf = line[0] == '#' ? 0 : split_fields(line, f);
    if (nf == 0) continue;
    if (!header) {
      if (nf != 2 || strcmp(f[0], "ppfft-wisdom") != 0) {
        snprintf(msg, len, "line %zu: not ppfft wisdom (the first line must be \"ppfft-wisdom 1\")", lineno);
        status = -1;
      } else if (strcmp(f[1], "1") != 0) {
        snprintf(msg, len, "line %zu: wisdom version %.20s; this ppfft reads version 1", lineno, f[1]);
        status = -1;
      }
      header = 1;
      continue;
    }
    if (nf != 4) {
      snprintf(msg, len, "line %zu: expected \"<device> <problem> <variant> <ms>\", found %zu fields", lineno, nf);
      status = -1;
      break;
    }
    wisdom_entry e;
    variant vs[DECOMPOSE_MAX_PASSES];
    char why[256];
    char *end;
    e.ms = strtod(f[3], &end);
    if (parse_problem(f[1], &e, why, sizeof why) != 0) {
      snprintf(msg, len, "line %zu: %s", lineno, why);
      status = -1;
    } else if (plan_string_parse(f[2], vs, DECOMPOSE_MAX_PASSES, why, sizeof why) < 0) {
      snprintf(msg, len, "line %zu: variant \"%.100s\": %s", lineno, f[2], why);
      status = -1;
    } else if (*end || !isfinite(e.ms) || e.ms < 0) {
      snprintf(msg, len, "line %zu: time \"%.40s\" is not a number of milliseconds", lineno, f[3]);
      status = -1;
    } else if (strlen(f[2]) >= sizeof e.plan) {
      snprintf(msg, len, "line %zu: the plan string is longer than %zu characters", lineno, sizeof e.plan - 1);
      status = -1;
    } else if (strcmp(f[0], device_key) != 0) {
      ++*skipped;
    } else {
      snprintf(e.plan, sizeof e.plan, "%s", f[2]);
      if (count == cap) {
        cap = cap ? 2 * cap : 32;
        wisdom_entry *grown = realloc(parsed, cap * sizeof *grown);
        if (!grown) {
          status = -2;
          break;
        }
        parsed = grown;
      }
      parsed[count++] = e;
    }
  }
  if (status == 0 && !header) {
    snprintf(msg, len, "line %zu: no \"ppfft-wisdom 1\" header", lineno);
    status = -1;
  }
  if (status == 0) { /* all lines are good: merge, or change nothing */
    mtx_lock(&w->lock);
    size_t need = w->count + count;
    if (need > w->cap) {
      wisdom_entry *grown = realloc(w->entries, need * sizeof *grown);
      if (grown) {
        w->entries = grown;
        w->cap = need;
      } else {
        status = -2;
      }
    }
    for (size_t i = 0; status == 0 && i < count; ++i) put_locked(w, &parsed[i]); /* capacity is there */
    mtx_unlock(&w->lock);
  }
  free(parsed);
  return status;
}

static int cmp_entry(const void *a, const void *b)
{
  const wisdom_entry *x = a, *y = b;
  int c = strcmp(x->base, y->base);
  return c ? c : (x->batch_log4 > y->batch_log4) - (x->batch_log4 < y->batch_log4);
}

char *wisdom_export(wisdom *w, const char *device_key)
{
  gen_buf b;
  gen_buf_init(&b);
  gb_printf(&b, "ppfft-wisdom 1\n# device: %s\n# <device> <problem> <variant> <median ms>\n", device_key);
  mtx_lock(&w->lock);
  qsort(w->entries, w->count, sizeof *w->entries, cmp_entry);
  for (size_t i = 0; i < w->count; ++i) {
    const wisdom_entry *e = &w->entries[i];
    gb_printf(&b, "%s %s:b%llu %s %.6g\n", device_key, e->base, 1ull << (2 * e->batch_log4), e->plan, e->ms);
  }
  mtx_unlock(&w->lock);
  return gen_buf_take(&b);
}
