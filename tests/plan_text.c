/* Reading plan strings in the tests (plan_text.h). */
#include "plan_text.h"
#include <check.h>
#include <stdlib.h>
#include <string.h>

void plan_text_of(const ppfft_plan *p, char *buf)
{
  ck_assert_int_eq(ppfft_plan_describe(p, buf, PLAN_TEXT_LEN), PPFFT_SUCCESS);
  char *space = strchr(buf, ' ');
  if (space) *space = '\0';
}

int plan_text_passes(const char *v)
{
  int n = 1;
  for (const char *c = v; *c; ++c) n += *c == ';';
  return n;
}

void plan_text_pass(const char *v, int k, char *out)
{
  for (int i = 0; i < k; ++i) {
    v = strchr(v, ';');
    ck_assert_ptr_nonnull(v);
    ++v;
  }
  size_t len = strcspn(v, ";");
  ck_assert_uint_lt(len, PLAN_TEXT_LEN);
  memcpy(out, v, len);
  out[len] = '\0';
}

int plan_text_radices(const char *v, int k, size_t *len)
{
  char t[PLAN_TEXT_LEN];
  plan_text_pass(v, k, t);
  ck_assert_msg(t[0] == 'r', "pass %d of %s: no factorisation", k, v);
  int count = 0;
  size_t prod = 1;
  const char *c = t + 1;
  for (;;) {
    char *end;
    unsigned long r = strtoul(c, &end, 10);
    ck_assert_msg(end != c && r >= 2, "pass %d of %s: bad factorisation", k, v);
    prod *= r;
    ++count;
    if (*end != 'x') break;
    c = end + 1;
  }
  if (len) *len = prod;
  return count;
}

/* The number after field ("/t", "/wg") in pass k of v. */
static size_t launch_field(const char *v, int k, const char *field)
{
  char t[PLAN_TEXT_LEN];
  plan_text_pass(v, k, t);
  const char *s = strstr(t, field);
  ck_assert_msg(s != NULL, "pass %d of %s: no %s", k, v, field);
  return (size_t)strtoul(s + strlen(field), NULL, 10);
}

size_t plan_text_tpw(const char *v, int k) { return launch_field(v, k, "/t"); }

size_t plan_text_wg(const char *v, int k) { return launch_field(v, k, "/wg"); }

int plan_text_every_pass_has(const char *v, const char *token)
{
  for (int k = 0; k < plan_text_passes(v); ++k) {
    char t[PLAN_TEXT_LEN];
    plan_text_pass(v, k, t);
    char *knobs = strchr(t, '/');
    if (!knobs) return 0;
    char *end = strchr(knobs + 1, '/');
    if (end) *end = '\0';
    int found = 0;
    for (char *tok = strtok(knobs + 1, "+"); tok; tok = strtok(NULL, "+")) found |= strcmp(tok, token) == 0;
    if (!found) return 0;
  }
  return 1;
}

void plan_text_abft1_of(const char *v, char *out)
{
  size_t len = strlen(v);
  ck_assert_uint_lt(len, PLAN_TEXT_LEN);
  memmove(out, v, len + 1);
  for (char *s = strstr(out, "ABFT2"); s; s = strstr(s + 5, "ABFT2")) s[4] = '1';
}
