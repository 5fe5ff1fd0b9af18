/* Plan strings: variants joined by ';'. */
#include "core/plan_string.h"
#include <stdio.h>
#include <string.h>

int plan_string_parse(const char *s, variant *vs, int max, char *msg, size_t len)
{
  int n = 0;
  const char *end = s + strcspn(s, " "); /* what ppfft_plan_describe adds after a space is a note */
  for (;;) {
    size_t l = strcspn(s, "; ");
    char one[256];
    if (l == 0 || l >= sizeof one) {
      snprintf(msg, len, "pass %d: %s", n + 1, l ? "too long" : "empty");
      return -1;
    }
    if (n == max) {
      snprintf(msg, len, "more than %d passes", max);
      return -1;
    }
    memcpy(one, s, l);
    one[l] = '\0';
    char why[200];
    if (variant_parse(one, &vs[n], why, sizeof why) != 0) {
      if (n == 0 && s + l == end) snprintf(msg, len, "%s", why);
      else snprintf(msg, len, "pass %d: %s", n + 1, why);
      return -1;
    }
    ++n;
    if (s + l == end) return n;
    s += l + 1;
  }
}

int plan_string_print(const variant *vs, int n, char *buf, size_t len)
{
  int at = 0;
  for (int i = 0; i < n; ++i) {
    if (i) at += snprintf(buf + ((size_t)at < len ? (size_t)at : len), (size_t)at < len ? len - (size_t)at : 0, ";");
    at += variant_print(&vs[i], buf + ((size_t)at < len ? (size_t)at : len), (size_t)at < len ? len - (size_t)at : 0);
  }
  if (n == 0 && len) buf[0] = '\0';
  return at;
}

/* A Bluestein dimension d: its BSF passes from vs[*at] (FFT_M forward, their lengths split M), then
 * as many BSI passes of the same lengths; M = n[d] - 1 makes it Rader's (core/rader.h; Bluestein's
 * M is a power of two >= 2 n[d] - 1).  BFF then BFI: the same, fused (Rader's one pass each, or two
 * of a 1D transform). */
static int bluestein_split(const transform *t, const variant *vs, int n, int *at, int d, split *sp, char *msg, size_t len)
{
  size_t M = 1;
  int k = 0, j = 0, fused = vs[*at].bluestein > 2, bf = fused ? 3 : 1, bi = fused ? 4 : 2;
  for (; *at < n && vs[*at].bluestein == bf; ++*at) {
    if (k == DECOMPOSE_MAX_FACTORS || vs[*at].xpose) {
      snprintf(msg, len, "dimension %d's Bluestein FFT is split into more than %d passes, or has XP", d, DECOMPOSE_MAX_FACTORS);
      return -1;
    }
    sp->factor[d][k] = variant_length(&vs[*at]);
    M *= sp->factor[d][k++];
  }
  for (; *at < n && j < k && vs[*at].bluestein == bi && !vs[*at].xpose && variant_length(&vs[*at]) == sp->factor[d][j]; ++*at) ++j;
  if (k == 0 || j != k || (fused && M + 1 == t->n[d] && (k > 2 || (k == 2 && t->rank != 1)))) {
    snprintf(msg, len, "dimension %d: Bluestein's passes are its BSF passes then BSI passes of the same lengths (BFF, BFI: Rader's one "
             "each, or two of a 1D transform)", d);
    return -1;
  }
  sp->fused[d] = fused;
  sp->nfactors[d] = k;
  sp->bluestein[d] = M;
  sp->rader[d] = M + 1 == t->n[d];
  return 0;
}

int plan_string_split(const transform *t, const variant *vs, int n, split *sp, char *msg, size_t len)
{
  int dims[3], nd = decompose_dims(t, dims), at = 0;
  *sp = (split){0};
  for (int k = 0; k < nd; ++k) {
    int d = dims[k];
    size_t prod = 1, want = t->n[d];
    int real_dim = t->kind != PPFFT_C2C && d == t->rank - 1;
    if (at < n && vs[at].bluestein) {
      if (bluestein_split(t, vs, n, &at, d, sp, msg, len)) return -1;
      sp->real_half |= real_dim && want % 2 == 0; /* a real dimension's Bluestein: the fast path for even lengths */
      continue;
    }
    /* a real dimension's passes that multiply to half its length: the fast path */
    if (real_dim && want % 2 == 0 && want >= 4) {
      size_t hp = 1;
      for (int i = at; i < n && hp < want / 2 && !vs[i].bluestein; ++i) hp *= variant_length(&vs[i]);
      if (hp == want / 2) {
        sp->real_half = 1;
        want /= 2;
      }
    }
    while (at < n && (prod < want || (want == 1 && sp->nfactors[d] == 0))) {
      if (vs[at].bluestein) {
        snprintf(msg, len, "pass %d is Bluestein's (BSF/BSI) inside dimension %d's own passes", at + 1, d);
        return -1;
      }
      if (sp->nfactors[d] == DECOMPOSE_MAX_FACTORS) {
        snprintf(msg, len, "dimension %d (length %zu) is split into more than %d passes", d, t->n[d], DECOMPOSE_MAX_FACTORS);
        return -1;
      }
      sp->xpose[d] |= vs[at].xpose;
      size_t l = variant_length(&vs[at++]);
      sp->factor[d][sp->nfactors[d]++] = l;
      prod *= l;
    }
    if (sp->xpose[d] && sp->nfactors[d] != 1) {
      snprintf(msg, len, "XP transforms dimension %d in one pass between two transposes, not in %d", d, sp->nfactors[d]);
      return -1;
    }
    if (prod != want) {
      snprintf(msg, len, "the passes' lengths do not multiply to dimension %d's length %zu", d, want);
      return -1;
    }
  }
  if (at != n) {
    snprintf(msg, len, "%d passes given; the transform's dimensions use %d", n, at);
    return -1;
  }
  return 0;
}
