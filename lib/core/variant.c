/* variant_parse / variant_print: the variant string is the one language that people, wisdom files
 * and tests share, so parsing is strict and printing canonical. */
#include "core/variant.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const onchip_names[] = {"GM", "RP+LM-CM", "LM-CC", "LM-CT"};
static const char *const twiddle_names[] = {"TW-CALC", "TW-NATIVE", "CM-K", "CM-L", "TW-GM"};

static const char *const shuffle_names[] = {"LM-CM", "SHFL-NAIVE", "SHFL-DIV", "SHFL-SELP-IP", "SHFL-SELP-OOP"};

const char *variant_onchip_name(onchip_mode m) { return onchip_names[m]; }
const char *variant_shuffle_name(shuffle_mode m) { return shuffle_names[m]; }
const char *variant_access_name(access_pattern a) { return a == ACCESS_CGAP ? "CGAP" : a == ACCESS_DIRECT ? "DIRECT" : "CHUNK"; }
const char *variant_twiddle_name(twiddle_mode t) { return twiddle_names[t]; }
unsigned variant_lanes(const variant *v) { return v->vector_math ? v->width : v->width / 2; }
int variant_is_fast_math(const variant *v) { return v->twiddle == TW_NATIVE; }

size_t variant_length(const variant *v)
{
  size_t n = 1;
  for (int i = 0; i < v->npasses; ++i) n *= v->radix[i];
  return n;
}

int variant_print(const variant *v, char *buf, size_t len)
{
  char fac[160] = "r1";
  size_t at = 0;
  for (int i = 0; i < v->npasses && at < sizeof fac; ++i)
    at += (size_t)snprintf(fac + at, sizeof fac - at, i ? "x%u" : "r%u", v->radix[i]);
  char rounds[32] = "";
  if (v->rounds > 1) snprintf(rounds, sizeof rounds, "+XR%u", v->rounds);
  if (v->pair) snprintf(rounds + strlen(rounds), sizeof rounds - strlen(rounds), "+PAIR");
  if (v->minb) snprintf(rounds + strlen(rounds), sizeof rounds - strlen(rounds), "+MB%u", v->minb);
  char onchip[32];
  if (v->shfl) snprintf(onchip, sizeof onchip, "RP+%s", shuffle_names[v->shfl]);
  else snprintf(onchip, sizeof onchip, "%s", onchip_names[v->onchip]);
  return snprintf(buf, len, "%s/%s%s%s%s%s%s+%s%u+%s%s%s%s%s%s%s%s/wg%u/t%u%s", fac, onchip, rounds, v->tc ? "+TC" : "", v->lm32 ? "+LM32" : "",
                  v->access == ACCESS_CGAP ? "+CGAP" : v->access == ACCESS_DIRECT ? "+DIRECT" : "", v->cols ? "+COLS" : "",
                  v->vector_math ? "VAVM" : "VASM", v->width,
                  twiddle_names[v->twiddle], v->twp ? "+TWP" : "", v->abft == 1 ? "+ABFT1" : v->abft == 2 ? "+ABFT2" : v->abft == 3 ? "+ABFT3" : "",
                  v->cse ? "+CSE" : "", v->il ? "+IL" : "",
                  v->lu ? "+LU" : "", v->xpose ? "+XP" : "",
                  v->bluestein == 1   ? "+BSF"
                  : v->bluestein == 2 ? "+BSI"
                  : v->bluestein == 3 ? "+BFF"
                  : v->bluestein == 4 ? "+BFI"
                                      : "", v->wg, v->tpw, variant_is_fast_math(v) ? "/fast-math" : "");
}

static int fail(char *msg, size_t len, const char *fmt, const char *what)
{
  if (msg && len) snprintf(msg, len, fmt, what);
  return -1;
}

/* Parses an unsigned decimal that must fill the whole token; returns 0 on success. */
static int parse_uint(const char *s, unsigned *out)
{
  if (*s < '0' || *s > '9') return -1;
  char *end;
  unsigned long x = strtoul(s, &end, 10);
  if (*end || x == 0 || x > 1u << 20) return -1;
  *out = (unsigned)x;
  return 0;
}

static int parse_factorisation(const char *s, variant *v, char *msg, size_t len)
{
  if (s[0] != 'r') return fail(msg, len, "factorisation \"%s\" must start with 'r' (e.g. r16x16)", s);
  v->npasses = 0;
  if (strcmp(s, "r1") == 0) return 0;
  const char *p = s + 1;
  for (;;) {
    char tok[16];
    size_t n = strcspn(p, "x");
    if (n == 0 || n >= sizeof tok) return fail(msg, len, "bad radix list in \"%s\"", s);
    memcpy(tok, p, n);
    tok[n] = '\0';
    unsigned r;
    if (parse_uint(tok, &r) != 0 || r < 2 || (r > 16 && r != 32))
      return fail(msg, len, "radix \"%s\" is not one of 2..16 or 32", tok);
    if (v->npasses == VARIANT_MAX_PASSES) return fail(msg, len, "too many passes in \"%s\"", s);
    v->radix[v->npasses++] = r;
    p += n;
    if (!*p) return 0;
    ++p; /* the 'x' */
  }
}

/* The '+'-joined optimisation tokens. */
static int parse_opts(const char *s, variant *v, char *msg, size_t len)
{
  int have_onchip = 0, have_access = 0, have_tw = 0, have_pattern = 0, rp = 0, lmcm = 0, gm = 0;
  char buf[256];
  if (strlen(s) >= sizeof buf) return fail(msg, len, "optimisation list \"%.60s...\" is too long", s);
  strcpy(buf, s);
  if (!*s || s[0] == '+' || s[strlen(s) - 1] == '+' || strstr(s, "++"))
    return fail(msg, len, "optimisation list \"%s\" has an empty token", s);
  for (char *save = NULL, *t = strtok_r(buf, "+", &save); t; t = strtok_r(NULL, "+", &save)) {
    int dup = 0;
    if (strcmp(t, "RP") == 0) dup = rp++;
    else if (strcmp(t, "LM-CM") == 0) dup = lmcm++;
    else if (strcmp(t, "GM") == 0) { dup = gm++; v->onchip = ONCHIP_GM; }
    else if (strcmp(t, "LM-CC") == 0 || strcmp(t, "LM-CT") == 0) {
      dup = have_onchip++;
      v->onchip = t[4] == 'C' ? ONCHIP_LM_CC : ONCHIP_LM_CT;
    } else if (strcmp(t, "CGAP") == 0 || strcmp(t, "DIRECT") == 0) {
      dup = have_pattern++;
      v->access = t[0] == 'C' ? ACCESS_CGAP : ACCESS_DIRECT;
    }
    else if (strncmp(t, "XR", 2) == 0) {
      unsigned k;
      if (parse_uint(t + 2, &k) != 0 || k < 2 || k > 16) return fail(msg, len, "exchange rounds token \"%s\" must be XR2..XR16", t);
      dup = v->rounds > 0;
      v->rounds = k;
    }
    else if (strncmp(t, "SHFL-", 5) == 0) {
      int k = 0;
      for (int i = 1; i < SHUFFLE_MODES; ++i)
        if (strcmp(t, shuffle_names[i]) == 0) k = i;
      if (!k) return fail(msg, len, "unknown shuffle \"%s\" (SHFL-NAIVE, SHFL-DIV, SHFL-SELP-IP or SHFL-SELP-OOP)", t);
      dup = v->shfl != SHFL_NONE;
      v->shfl = (shuffle_mode)k;
    }
    else if (strncmp(t, "MB", 2) == 0) {
      unsigned k;
      if (parse_uint(t + 2, &k) != 0 || k < 2 || k > 8) return fail(msg, len, "occupancy token \"%s\" must be MB2..MB8", t);
      dup = v->minb != 0;
      v->minb = k;
    }
    else if (strcmp(t, "ABFT1") == 0 || strcmp(t, "ABFT2") == 0 || strcmp(t, "ABFT3") == 0) {
      dup = v->abft != 0;
      v->abft = (unsigned)(t[4] - '0');
    }
    else if (strcmp(t, "COLS") == 0) dup = v->cols++;
    else if (strcmp(t, "XP") == 0) dup = v->xpose++;
    else if (strcmp(t, "TC") == 0) dup = v->tc++;
    else if (strcmp(t, "LM32") == 0) dup = v->lm32++;
    else if (strcmp(t, "PAIR") == 0) dup = v->pair++;
    else if (strcmp(t, "BSF") == 0 || strcmp(t, "BSI") == 0 || strcmp(t, "BFF") == 0 || strcmp(t, "BFI") == 0) {
      dup = v->bluestein != 0;
      v->bluestein = (t[2] == 'F' ? 1 : 2) + (t[1] == 'F' ? 2 : 0);
    }
    else if (strcmp(t, "TWP") == 0) dup = v->twp++;
    else if (strcmp(t, "CSE") == 0) dup = v->cse++;
    else if (strcmp(t, "IL") == 0) dup = v->il++;
    else if (strcmp(t, "LU") == 0) dup = v->lu++;
    else if (strncmp(t, "VASM", 4) == 0 || strncmp(t, "VAVM", 4) == 0) {
      unsigned w;
      if (parse_uint(t + 4, &w) != 0 || (w != 2 && w != 4 && w != 8 && w != 16))
        return fail(msg, len, "access token \"%s\" must be VASM or VAVM with width 2, 4, 8 or 16", t);
      dup = have_access++;
      v->vector_math = t[2] == 'V';
      v->width = w;
    } else {
      int k = -1;
      for (int i = 0; i < 5; ++i)
        if (strcmp(t, twiddle_names[i]) == 0) k = i;
      if (k < 0) return fail(msg, len, "unknown optimisation \"%s\"", t);
      dup = have_tw++;
      v->twiddle = (twiddle_mode)k;
    }
    if (dup) return fail(msg, len, "\"%s\" is given twice or conflicts with another choice", t);
  }
  if (v->shfl && (lmcm || !rp)) return fail(msg, len, "%s", "a shuffle exchange replaces LM-CM after RP (RP+SHFL-DIV, ...)");
  if (v->shfl) ++lmcm; /* RP's exchange partner */
  if (rp != lmcm) return fail(msg, len, "%s", "RP and LM-CM come together (RP+LM-CM)");
  if (rp) {
    v->onchip = ONCHIP_RP_LM_CM;
    ++have_onchip;
  }
  if (v->rounds && (!rp || v->shfl)) return fail(msg, len, "%s", "XR2..XR16 (exchange rounds) are for RP+LM-CM");
  if (v->tc && (!rp || v->shfl)) return fail(msg, len, "%s", "TC (radix-16 passes on Tensor Cores) is for RP+LM-CM");
  if (v->lm32 && !rp) return fail(msg, len, "%s", "LM32 (f16's local plane in f32 parts) is for RP+LM-CM or RP+SHFL-*");
  if (v->pair && (!rp || v->shfl)) return fail(msg, len, "%s", "PAIR (both parts in one exchange) is for RP+LM-CM");
  have_onchip += gm;
  if (have_onchip != 1) return fail(msg, len, "%s", "give exactly one of GM, RP+LM-CM, LM-CC, LM-CT");
  if (!have_access) return fail(msg, len, "%s", "give one access/math token (VASM2..16 or VAVM2..16)");
  if (!have_tw) return fail(msg, len, "%s", "give one twiddle token (TW-CALC, TW-NATIVE, CM-K, CM-L or TW-GM)");
  return 0;
}

int variant_parse(const char *s, variant *v, char *msg, size_t len)
{
  if (!s) return fail(msg, len, "%s", "variant string is NULL");
  memset(v, 0, sizeof *v);
  char buf[512];
  if (strlen(s) >= sizeof buf) return fail(msg, len, "%s", "variant string is too long");
  strcpy(buf, s);
  char *parts[6];
  int np = 0;
  for (char *p = buf;;) {
    if (np == 6) return fail(msg, len, "variant \"%s\" has too many '/' parts", s);
    parts[np++] = p;
    char *slash = strchr(p, '/');
    if (!slash) break;
    *slash = '\0';
    p = slash + 1;
  }
  if (np < 4) return fail(msg, len, "variant \"%s\" needs four parts: factorisation/optimisations/wgN/tN", s);
  if (parse_factorisation(parts[0], v, msg, len) || parse_opts(parts[1], v, msg, len)) return -1;
  if (parts[2][0] != 'w' || parts[2][1] != 'g' || parse_uint(parts[2] + 2, &v->wg) != 0)
    return fail(msg, len, "work-group part \"%s\" must be wg<N>", parts[2]);
  if (parts[3][0] != 't' || parse_uint(parts[3] + 1, &v->tpw) != 0)
    return fail(msg, len, "transforms-per-work-group part \"%s\" must be t<N>", parts[3]);
  if (np == 5 && strcmp(parts[4], "fast-math") != 0)
    return fail(msg, len, "unknown trailing part \"%s\"", parts[4]);
  if (np == 5 && !variant_is_fast_math(v))
    return fail(msg, len, "%s", "\"fast-math\" is only for TW-NATIVE variants");
  if (np == 6) return fail(msg, len, "variant \"%s\" has too many '/' parts", s);
  return 0;
}
