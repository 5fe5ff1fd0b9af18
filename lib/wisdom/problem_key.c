/* Problem keys: printing and strict parsing. */
#include "wisdom/problem_key.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

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

void problem_key_base(const transform *t, char *buf, size_t len)
{
  char layout[256], lengths[80];
  layout_key(t, layout, sizeof layout);
  int at = snprintf(lengths, sizeof lengths, "n");
  for (int d = 0; d < t->rank; ++d) at += snprintf(lengths + at, sizeof lengths - (size_t)at, "%s%zu", d ? "x" : "", t->n[d]);
  const char *kind = t->kind == PPFFT_R2C ? "r2c" : t->kind == PPFFT_C2R ? "c2r" : "c2c"; /* real lengths, each side's units */
  snprintf(buf, len, "%s:%s:%s:%s:%s:%s", kind, t->f64 ? "f64" : t->f16 ? "f16" : "f32", t->sign < 0 ? "fwd" : "bwd", t->inplace ? "ip" : "oop", lengths,
           layout);
}

unsigned problem_key_batch_log4(size_t batch)
{
  unsigned k = 0;
  for (size_t c = 1; c < batch && k < 31; c *= 4) ++k;
  return k;
}

void problem_key(const transform *t, char *buf, size_t len)
{
  char base[WISDOM_KEY_MAX];
  problem_key_base(t, base, sizeof base);
  snprintf(buf, len, "%s:b%llu", base, 1ull << (2 * problem_key_batch_log4(t->batch)));
}

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

int problem_key_parse(const char *key, char *base, size_t base_len, unsigned *batch_log4, char *msg, size_t len)
{
  char tok[7][256]; /* the longest layout field is about 215 characters */
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
  if (strcmp(tok[0], "c2c") && strcmp(tok[0], "r2c") && strcmp(tok[0], "c2r")) return snprintf(msg, len, "unknown transform kind \"%s\"", tok[0]), -1;
  if (strcmp(tok[1], "f32") && strcmp(tok[1], "f64") && strcmp(tok[1], "f16")) return snprintf(msg, len, "unknown precision \"%s\"", tok[1]), -1;
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
  *batch_log4 = (unsigned)__builtin_ctzll(x) / 2;
  snprintf(base, base_len, "%s:%s:%s:%s:%s:%s", tok[0], tok[1], tok[2], tok[3], tok[4], tok[5]);
  return 0;
}
