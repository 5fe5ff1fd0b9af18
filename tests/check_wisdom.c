/* Wisdom: round trip, strict all-or-nothing import (hand-written and fuzzed bad texts), other
 * devices' entries, WISDOM_ONLY, plans that run what the wisdom names, files and the search path,
 * MEASURE / EXHAUSTIVE recording what they chose, and the tuner's rule that wisdom never gets worse. */
#include "gen/signature.h"
#include "plan/candidates.h"
#include "plan/context.h"
#include "plan/planner.h"
#include "suites.h"
#include "testutil.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ppfft_desc desc1(size_t n, size_t batch)
{
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, batch);
  return d;
}

/* This device's key, architecture class and generator, as a wisdom line starts ("%s %s g%u"). */
static const char *me(void)
{
  static char prefix[3 * DEVICE_KEY_MAX];
  const ppfft_context *c = test_env_get()->ctx;
  snprintf(prefix, sizeof prefix, "%s %s g%u", c->names.key, c->names.arch, (unsigned)GEN_SIGNATURE);
  return prefix;
}

/* The plan string of p, without describe's notes. */
static void plan_name(const ppfft_plan *p, char *name, size_t len)
{
  ck_assert_int_eq(ppfft_plan_describe(p, name, len), PPFFT_SUCCESS);
  name[strcspn(name, " ")] = '\0';
}

/* A valid wisdom text for this device with two entries. */
static char *sample_text(void)
{
  char *t = malloc(8 * DEVICE_KEY_MAX);
  snprintf(t, 8 * DEVICE_KEY_MAX,
           "ppfft-wisdom 2\n# a comment\n\n"
           "%s c2c:f32:fwd:oop:n16:packed:b4 r4x4/LM-CT+DIRECT+VAVM2+TW-GM+CSE+IL+LU/wg2/t1 0.125\n"
           "%s c2c:f64:bwd:ip:n64:packed:b1024 r8x8/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg8/t1 1.5\n",
           me(), me());
  return t;
}

START_TEST(round_trip)
{
  ppfft_context *c = test_env_get()->ctx;
  ppfft_wisdom_forget(c);
  char *t = sample_text();
  ck_assert_int_eq(ppfft_wisdom_import_string(c, t), PPFFT_SUCCESS);
  char *a = ppfft_wisdom_export_string(c);
  ck_assert_ptr_nonnull(a);
  ck_assert_ptr_nonnull(strstr(a, "c2c:f32:fwd:oop:n16:packed:b4 r4x4/LM-CT+DIRECT+VAVM2+TW-GM+CSE+IL+LU/wg2/t1 0.125"));
  ppfft_wisdom_forget(c);
  char *empty = ppfft_wisdom_export_string(c);
  ck_assert_ptr_null(strstr(empty, "c2c:"));
  ck_assert_int_eq(ppfft_wisdom_import_string(c, a), PPFFT_SUCCESS);
  char *b = ppfft_wisdom_export_string(c);
  ck_assert_str_eq(a, b);
  /* importing the same text again changes nothing (entries replace their own key) */
  ck_assert_int_eq(ppfft_wisdom_import_string(c, a), PPFFT_SUCCESS);
  char *b2 = ppfft_wisdom_export_string(c);
  ck_assert_str_eq(a, b2);
  free(t), free(a), free(b), free(b2), free(empty);
  ppfft_wisdom_forget(c);
}
END_TEST

START_TEST(malformed_rejected_whole)
{
  ppfft_context *c = test_env_get()->ctx;
  ppfft_wisdom_forget(c);
  char *good = sample_text();
  ck_assert_int_eq(ppfft_wisdom_import_string(c, good), PPFFT_SUCCESS);
  char *before = ppfft_wisdom_export_string(c);
  const char *key = me();
  const char *bad_lines[] = {
      "%s c2c:f32:fwd:oop:n16:packed:b4 r4x4/LM-CT+DIRECT+VAVM2+TW-GM/wg2/t1",          /* no time */
      "%s c2c:f32:fwd:oop:n16:packed:b4 r4x4/LM-CT+DIRECT+VAVM2+TW-GM/wg2/t1 1 extra",  /* extra field */
      "%s c2c:f32:fwd:oop:n16:packed:b5 r4x4/LM-CT+DIRECT+VAVM2+TW-GM/wg2/t1 1",        /* batch not 4^k */
      "%s c2c:f32:fwd:oop:n16:packed:b8 r4x4/LM-CT+DIRECT+VAVM2+TW-GM/wg2/t1 1",        /* 8 = 2^3 */
      "%s r2r:f32:fwd:oop:n16:packed:b4 r4x4/LM-CT+DIRECT+VAVM2+TW-GM/wg2/t1 1",        /* kind */
      "%s c2c:f8:fwd:oop:n16:packed:b4 r4x4/LM-CT+DIRECT+VAVM2+TW-GM/wg2/t1 1",         /* precision (f16 is one since issue 15) */
      "%s c2c:f32:up:oop:n16:packed:b4 r4x4/LM-CT+DIRECT+VAVM2+TW-GM/wg2/t1 1",         /* direction */
      "%s c2c:f32:fwd:oop:16:packed:b4 r4x4/LM-CT+DIRECT+VAVM2+TW-GM/wg2/t1 1",         /* lengths */
      "%s c2c:f32:fwd:oop:n16x:packed:b4 r4x4/LM-CT+DIRECT+VAVM2+TW-GM/wg2/t1 1",
      "%s c2c:f32:fwd:oop:n16:strided:b4 r4x4/LM-CT+DIRECT+VAVM2+TW-GM/wg2/t1 1",       /* layout */
      "%s c2c:f32:fwd:oop:n16:packed r4x4/LM-CT+DIRECT+VAVM2+TW-GM/wg2/t1 1",           /* 6 fields */
      "%s c2c:f32:fwd:oop:n16:packed:b4 r4x4/LM-CT+DIRECT+VAVM2/wg2/t1 1",              /* variant */
      "%s c2c:f32:fwd:oop:n16:packed:b4 r4x4/LM-CT+DIRECT+VAVM2+TW-GM/wg2/t1 fast",     /* time */
      "%s c2c:f32:fwd:oop:n16:packed:b4 r4x4/LM-CT+DIRECT+VAVM2+TW-GM/wg2/t1 -1",
      "%s c2c:f32:fwd:oop:n16:packed:b4 r4x4/LM-CT+DIRECT+VAVM2+TW-GM/wg2/t1 nan",
  };
  for (size_t i = 0; i < sizeof bad_lines / sizeof bad_lines[0]; ++i) {
    char text[16384], line[8192];
    snprintf(line, sizeof line, bad_lines[i], key);
    /* the bad line comes third, after two good ones: nothing of the file may be applied */
    snprintf(text, sizeof text, "ppfft-wisdom 2\n%s c2c:f32:fwd:oop:n32:packed:b4 r4x8/GM+VASM2+TW-CALC/wg1/t1 2\n%s\n", key, line);
    ck_assert_msg(ppfft_wisdom_import_string(c, text) == PPFFT_ERROR_WISDOM, "accepted: %s", line);
    ck_assert_ptr_nonnull(strstr(ppfft_context_last_error(c), "line 3"));
    char *after = ppfft_wisdom_export_string(c);
    ck_assert_str_eq(before, after);
    free(after);
  }
  const char *bad_texts[] = {"", "hello\n", "ppfft-wisdom 3\n", "ppfft-wisdom\n", "# only a comment\n",
                             "ppfft-wisdom 1 extra\n"};
  for (size_t i = 0; i < sizeof bad_texts / sizeof bad_texts[0]; ++i) {
    ck_assert_msg(ppfft_wisdom_import_string(c, bad_texts[i]) == PPFFT_ERROR_WISDOM, "accepted \"%s\"", bad_texts[i]);
    ck_assert_ptr_nonnull(strstr(ppfft_context_last_error(c), "line"));
  }
  ck_assert_int_eq(ppfft_wisdom_import_string(c, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_int_eq(ppfft_wisdom_import_string(NULL, good), PPFFT_ERROR_INVALID_ARGUMENT);
  char *after = ppfft_wisdom_export_string(c);
  ck_assert_str_eq(before, after);
  free(after), free(before), free(good);
  ppfft_wisdom_forget(c);
}
END_TEST

/* Thousands of truncated, bit-flipped and spliced texts: each is imported whole or rejected whole,
 * and nothing crashes. */
START_TEST(fuzzed_texts)
{
  ppfft_context *c = test_env_get()->ctx;
  ppfft_wisdom_forget(c);
  char *good = sample_text();
  size_t len = strlen(good);
  unsigned long long s = 42;
  size_t accepted = 0, rejected = 0;
  char *text = malloc(2 * len + 2);
  for (int k = 0; k < 4000; ++k) {
    memcpy(text, good, len + 1);
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    switch (k % 4) {
    case 0: text[s % (len + 1)] = '\0'; break;                          /* truncated */
    case 1: text[s % len] ^= (char)(1u << ((s >> 20) % 8)); break;      /* one bit flipped */
    case 2: text[s % len] = (char)((s >> 24) & 0xff ? (s >> 24) & 0xff : 1); break; /* a random byte */
    case 3: memcpy(text + len, good + s % len, len - s % len + 1); break; /* a tail spliced on */
    }
    ppfft_wisdom_import_string(c, good);
    char *before = ppfft_wisdom_export_string(c);
    ppfft_status st = ppfft_wisdom_import_string(c, text);
    ck_assert(st == PPFFT_SUCCESS || st == PPFFT_ERROR_WISDOM);
    char *after = ppfft_wisdom_export_string(c);
    if (st == PPFFT_ERROR_WISDOM) {
      ck_assert_str_eq(before, after); /* nothing lost, nothing half-applied */
      ++rejected;
    } else {
      ++accepted;
    }
    free(before), free(after);
    ppfft_wisdom_forget(c);
  }
  ck_assert_uint_gt(accepted, 0);
  ck_assert_uint_gt(rejected, 1000);
  free(text), free(good);
}
END_TEST

START_TEST(other_devices_not_applied)
{
  ppfft_context *c = test_env_get()->ctx;
  ppfft_wisdom_forget(c);
  const char *text = "ppfft-wisdom 2\nsome-vendor/some-gpu/1.0 some-arch g1 c2c:f32:fwd:oop:n16:packed:b4 r4x4/GM+VASM2+TW-CALC/wg1/t1 0.1\n";
  ck_assert_int_eq(ppfft_wisdom_import_string(c, text), PPFFT_SUCCESS);
  ck_assert_ptr_nonnull(strstr(ppfft_context_last_error(c), "other devices"));
  char *out = ppfft_wisdom_export_string(c);
  ck_assert_ptr_null(strstr(out, "c2c:"));
  free(out);
  ppfft_desc d = desc1(16, 4);
  ppfft_plan *p = (ppfft_plan *)&p;
  ck_assert_int_eq(ppfft_plan_create(c, &d, PPFFT_WISDOM_ONLY, &p), PPFFT_ERROR_UNSUPPORTED);
  ck_assert_ptr_null(p);
}
END_TEST

/* WISDOM_ONLY fails without an entry and plans exactly the variant an entry names; so does ESTIMATE
 * when there is one, also for another batch of the same problem. */
START_TEST(plans_follow_wisdom)
{
  ppfft_context *c = test_env_get()->ctx;
  ppfft_wisdom_forget(c);
  ppfft_desc d = desc1(16, 3);
  ppfft_plan *p = (ppfft_plan *)&p;
  ck_assert_int_eq(ppfft_plan_create(c, &d, PPFFT_WISDOM_ONLY, &p), PPFFT_ERROR_UNSUPPORTED);
  ck_assert_ptr_null(p);
  ck_assert_ptr_nonnull(strstr(ppfft_context_last_error(c), "c2c:f32:fwd:oop:n16:packed:b4"));
  char *t = sample_text();
  ck_assert_int_eq(ppfft_wisdom_import_string(c, t), PPFFT_SUCCESS);
  free(t);
  char name[256];
  const size_t batches[] = {3, 4, 100};
  for (size_t i = 0; i < 3; ++i)
    for (unsigned flags = 0; flags <= PPFFT_WISDOM_ONLY; flags += PPFFT_WISDOM_ONLY) {
      d = desc1(16, batches[i]);
      ck_assert_int_eq(ppfft_plan_create(c, &d, flags, &p), PPFFT_SUCCESS);
      plan_name(p, name, sizeof name);
      ck_assert_str_eq(name, "r4x4/LM-CT+DIRECT+VAVM2+TW-GM+CSE+IL+LU/wg2/t1");
      ppfft_plan_destroy(p);
    }
  double err;
  d = desc1(16, 5);
  ck_assert_int_eq(test_run(&d, NULL, 3, &err), PPFFT_SUCCESS); /* and it computes the transform */
  ck_assert_double_le(err, test_bound(16, 0));
  /* an entry that no longer applies (here: VAVM16 at N = 16) falls back to the estimate, except
   * under WISDOM_ONLY */
  char text[4096];
  snprintf(text, sizeof text, "ppfft-wisdom 2\n%s c2c:f32:fwd:oop:n16:packed:b4 r16/RP+LM-CM+VAVM16+TW-GM/wg1/t1 0.1\n", me());
  ck_assert_int_eq(ppfft_wisdom_import_string(c, text), PPFFT_SUCCESS);
  d = desc1(16, 4);
  ck_assert_int_eq(ppfft_plan_create(c, &d, PPFFT_WISDOM_ONLY, &p), PPFFT_ERROR_UNSUPPORTED);
  ck_assert_int_eq(ppfft_plan_create(c, &d, PPFFT_ESTIMATE, &p), PPFFT_SUCCESS);
  ppfft_plan_destroy(p);
  ppfft_wisdom_forget(c);
}
END_TEST

/* Entries of this problem (N = 16, batch class 4) at each fallback level, each naming its own plan:
 * this device; the same device under another driver; another device of the same architecture
 * class.  Their plans run here (they are this device's kernels under other names). */
static const char *const PLAN_EXACT = "r4x4/LM-CT+DIRECT+VAVM2+TW-GM+CSE+IL+LU/wg2/t1";
static const char *const PLAN_DRIVER = "r4x4/GM+VASM2+TW-CALC/wg1/t1";
static const char *const PLAN_CLASS = "r8x2/LM-CC+DIRECT+VASM2+TW-CALC/wg2/t1";

enum { AT_EXACT = 1, AT_DRIVER = 2, AT_CLASS = 4, STALE_EXACT = 8 };

/* A wisdom text with the entries of `which` (AT_* and STALE_EXACT, an exact entry of the next
 * generator). */
static char *level_text(unsigned which)
{
  const ppfft_context *c = test_env_get()->ctx;
  const char *slash = strrchr(c->names.key, '/');
  ck_assert_ptr_nonnull(slash);
  size_t cap = 8 * DEVICE_KEY_MAX, at = 0;
  char *t = malloc(cap);
  at += (size_t)snprintf(t + at, cap - at, "ppfft-wisdom 2\n");
  const char *pkey = "c2c:f32:fwd:oop:n16:packed:b4";
  if (which & AT_EXACT) at += (size_t)snprintf(t + at, cap - at, "%s %s %s 1\n", me(), pkey, PLAN_EXACT);
  if (which & AT_DRIVER)
    at += (size_t)snprintf(t + at, cap - at, "%.*s/0.0-another-driver %s g%u %s %s 1\n", (int)(slash - c->names.key), c->names.key,
                           c->names.arch, (unsigned)GEN_SIGNATURE, pkey, PLAN_DRIVER);
  if (which & AT_CLASS)
    at += (size_t)snprintf(t + at, cap - at, "ppfft-tests/another-device-of-this-class/1.0 %s g%u %s %s 1\n", c->names.arch,
                           (unsigned)GEN_SIGNATURE, pkey, PLAN_CLASS);
  if (which & STALE_EXACT)
    snprintf(t + at, cap - at, "%s %s g%u %s %s 1\n", c->names.key, c->names.arch, (unsigned)GEN_SIGNATURE + 1, pkey, PLAN_CLASS);
  return t;
}

/* Plans N = 16 (batch 3: class 4) with flags after importing `which` alone; checks the plan and
 * describe's note. */
static void expect_from(unsigned which, unsigned flags, const char *plan, const char *note)
{
  ppfft_context *c = test_env_get()->ctx;
  ppfft_wisdom_forget(c);
  char *text = level_text(which);
  ck_assert_int_eq(ppfft_wisdom_import_string(c, text), PPFFT_SUCCESS);
  free(text);
  ppfft_desc d = desc1(16, 3);
  ppfft_plan *p;
  ppfft_status s = ppfft_plan_create(c, &d, flags, &p);
  ck_assert_msg(s == PPFFT_SUCCESS, "entries 0x%x: %s", which, ppfft_context_last_error(c));
  char desc[512], name[512];
  ck_assert_int_eq(ppfft_plan_describe(p, desc, sizeof desc), PPFFT_SUCCESS);
  plan_name(p, name, sizeof name);
  ppfft_plan_destroy(p);
  if (plan) ck_assert_msg(strcmp(name, plan) == 0, "entries 0x%x: planned %s, want %s", which, name, plan);
  ck_assert_msg(strstr(desc, note) != NULL, "entries 0x%x: \"%s\" does not say \"%s\"", which, desc, note);
}

/* ppfft_plan_describe says which level of wisdom answered; this device beats another driver, which
 * beats the architecture class. */
START_TEST(describe_names_the_wisdom_level)
{
  expect_from(AT_EXACT, PPFFT_WISDOM_ONLY, PLAN_EXACT, " (from wisdom: this device)");
  expect_from(AT_DRIVER, PPFFT_WISDOM_ONLY, PLAN_DRIVER, " (from wisdom: this device under another driver)");
  expect_from(AT_CLASS, PPFFT_WISDOM_ONLY, PLAN_CLASS, " (from wisdom: this architecture class)");
  expect_from(AT_EXACT | AT_DRIVER | AT_CLASS, PPFFT_ESTIMATE, PLAN_EXACT, " (from wisdom: this device)");
  expect_from(AT_DRIVER | AT_CLASS, PPFFT_ESTIMATE, PLAN_DRIVER, " (from wisdom: this device under another driver)");
  expect_from(AT_EXACT | AT_CLASS, PPFFT_ESTIMATE, PLAN_EXACT, " (from wisdom: this device)");
  expect_from(0, PPFFT_ESTIMATE, NULL, " (from the estimate)");
  ppfft_wisdom_forget(test_env_get()->ctx);
}
END_TEST

/* An entry made by another generator is never applied: WISDOM_ONLY fails, ESTIMATE plans from the
 * estimate; an entry of this generator at a lower level answers instead. */
START_TEST(other_generator_ignored)
{
  ppfft_context *c = test_env_get()->ctx;
  ppfft_wisdom_forget(c);
  char *text = level_text(STALE_EXACT);
  ck_assert_int_eq(ppfft_wisdom_import_string(c, text), PPFFT_SUCCESS);
  free(text);
  char *back = ppfft_wisdom_export_string(c); /* kept (ppfft-tune --check reports it), not applied */
  ck_assert_ptr_nonnull(strstr(back, PLAN_CLASS));
  free(back);
  ppfft_desc d = desc1(16, 3);
  ppfft_plan *p = (ppfft_plan *)&p;
  ck_assert_int_eq(ppfft_plan_create(c, &d, PPFFT_WISDOM_ONLY, &p), PPFFT_ERROR_UNSUPPORTED);
  ck_assert_ptr_null(p);
  expect_from(STALE_EXACT, PPFFT_ESTIMATE, NULL, " (from the estimate)");
  expect_from(STALE_EXACT | AT_DRIVER, PPFFT_WISDOM_ONLY, PLAN_DRIVER, " (from wisdom: this device under another driver)");
  ppfft_wisdom_forget(c);
}
END_TEST

START_TEST(files_and_search_path)
{
  test_env *t = test_env_get();
  ppfft_context *c = t->ctx;
  ppfft_wisdom_forget(c);
  char dir[] = "/tmp/ppfft-wisdom-XXXXXX", path[256], cmd[300];
  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/this-device.wisdom", dir);
  char *text = sample_text();
  ck_assert_int_eq(ppfft_wisdom_import_string(c, text), PPFFT_SUCCESS);
  ck_assert_int_eq(ppfft_wisdom_export_file(c, path), PPFFT_SUCCESS);
  ppfft_wisdom_forget(c);
  ck_assert_int_eq(ppfft_wisdom_import_file(c, path), PPFFT_SUCCESS);
  char *back = ppfft_wisdom_export_string(c);
  ck_assert_ptr_nonnull(strstr(back, "n64:packed:b1024"));
  free(back);
  ck_assert_int_eq(ppfft_wisdom_import_file(c, "/nonexistent/ppfft.wisdom"), PPFFT_ERROR_IO);
  ck_assert_int_eq(ppfft_wisdom_export_file(c, "/nonexistent/dir/ppfft.wisdom"), PPFFT_ERROR_IO);
  snprintf(cmd, sizeof cmd, "%s/empty.txt", dir);
  FILE *f = fopen(cmd, "w");
  fclose(f);
  ck_assert_int_eq(ppfft_wisdom_import_file(c, cmd), PPFFT_ERROR_WISDOM);
  /* a new context finds the folder through PPFFT_WISDOM_PATH (a bad file beside it is skipped) */
  snprintf(cmd, sizeof cmd, "%s/broken.wisdom", dir);
  f = fopen(cmd, "w");
  fputs("ppfft-wisdom 2\ngarbage\n", f);
  fclose(f);
  test_setenv("PPFFT_WISDOM_PATH", dir);
  ppfft_context *c2;
  ck_assert_int_eq(ppfft_context_create(t->cl, t->dev, &c2), PPFFT_SUCCESS);
  test_unsetenv("PPFFT_WISDOM_PATH");
  ppfft_desc d = desc1(16, 4);
  ppfft_plan *p;
  ck_assert_int_eq(ppfft_plan_create(c2, &d, PPFFT_WISDOM_ONLY, &p), PPFFT_SUCCESS);
  ppfft_plan_destroy(p);
  ppfft_context_destroy(c2);
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  ck_assert_int_eq(system(cmd), 0);
  free(text);
  ppfft_wisdom_forget(c);
}
END_TEST

/* MEASURE and EXHAUSTIVE time candidates, record the winner, and the next plan uses it.  At N = 2,
 * where their lists are the shortest (plan/candidates.h; on PoCL 23 and 114 kernels), each list is
 * built in full: the searches are the same at any length.  Both search the same problem, so the
 * exhaustive search reuses the kernels of the measured one. */
START_TEST(measure_records_winner)
{
  ppfft_context *c = test_env_get()->ctx;
  for (int exhaustive = 0; exhaustive < 2; ++exhaustive) {
    ppfft_wisdom_forget(c);
    ppfft_desc d = desc1(2, 4);
    problem pb;
    ck_assert_int_eq(problem_from_desc(&c->err, &c->info, &d, &pb), PPFFT_SUCCESS);
    variant list[48];
    size_t count;
    if (exhaustive) free(candidates_exhaustive(&pb, &c->info, &count));
    else count = candidates_measure(&pb, &c->info, list, 48);
    printf("%s at N = 2: %zu candidates\n", exhaustive ? "EXHAUSTIVE" : "MEASURE", count);
    ck_assert_uint_gt(count, exhaustive ? 40 : 8); /* a search, not a formality */
    ppfft_plan *p, *again;
    ck_assert_int_eq(ppfft_plan_create(c, &d, exhaustive ? PPFFT_EXHAUSTIVE : PPFFT_MEASURE, &p), PPFFT_SUCCESS);
    char name[256], name2[256];
    plan_name(p, name, sizeof name);
    char *w = ppfft_wisdom_export_string(c);
    ck_assert_ptr_nonnull(strstr(w, name));
    free(w);
    ck_assert_int_eq(ppfft_plan_create(c, &d, PPFFT_WISDOM_ONLY, &again), PPFFT_SUCCESS);
    plan_name(again, name2, sizeof name2);
    ck_assert_str_eq(name, name2);
    ppfft_plan_destroy(p);
    ppfft_plan_destroy(again);
    double err;
    ck_assert_int_eq(test_run(&d, NULL, 9, &err), PPFFT_SUCCESS);
    ck_assert_double_le(err, test_bound(d.n[0], 0));
  }
  ppfft_wisdom_forget(c);
}
END_TEST

/* Multi-pass plans: MEASURE on a 2D problem (the smallest: 2 x 4) times each pass, records the whole
 * plan string under the 2D key, and the plan string survives export, forget and import; a strided
 * planar layout has a key of its own. */
START_TEST(multi_pass_wisdom)
{
  ppfft_context *c = test_env_get()->ctx;
  ppfft_wisdom_forget(c);
  size_t n[2] = {2, 4};
  ppfft_desc d;
  ppfft_desc_init(&d, 2, n, 2);
  ppfft_plan *p, *again;
  ck_assert_int_eq(ppfft_plan_create(c, &d, PPFFT_MEASURE, &p), PPFFT_SUCCESS);
  char name[1024], name2[1024];
  plan_name(p, name, sizeof name);
  ck_assert_ptr_nonnull(strchr(name, ';'));
  char *w = ppfft_wisdom_export_string(c);
  ck_assert_ptr_nonnull(strstr(w, "c2c:f32:fwd:oop:n2x4:packed:b4"));
  ck_assert_ptr_nonnull(strstr(w, name));
  ppfft_wisdom_forget(c);
  ck_assert_int_eq(ppfft_plan_create(c, &d, PPFFT_WISDOM_ONLY, &again), PPFFT_ERROR_UNSUPPORTED);
  ck_assert_int_eq(ppfft_wisdom_import_string(c, w), PPFFT_SUCCESS);
  char *w2 = ppfft_wisdom_export_string(c);
  ck_assert_str_eq(w, w2);
  ck_assert_int_eq(ppfft_plan_create(c, &d, PPFFT_WISDOM_ONLY, &again), PPFFT_SUCCESS);
  plan_name(again, name2, sizeof name2);
  ck_assert_str_eq(name, name2);
  ppfft_plan_destroy(p);
  ppfft_plan_destroy(again);
  free(w), free(w2);
  /* another layout of the same shape is another problem */
  d.in_layout = PPFFT_PLANAR;
  d.in_strides[0] = 32, d.in_strides[1] = 2;
  ck_assert_int_eq(ppfft_plan_create(c, &d, PPFFT_WISDOM_ONLY, &again), PPFFT_ERROR_UNSUPPORTED);
  ck_assert_ptr_nonnull(strstr(ppfft_context_last_error(c), "n2x4:s32,2.4,1d"));
  ppfft_wisdom_forget(c);
}
END_TEST

/* planner_tune's timing hook: the plan named `old` takes old_ms, every other plan other_ms. */
typedef struct fake_times {
  const char *old;
  double old_ms, other_ms;
  int others; /* plans other than old that were timed */
} fake_times;

static ppfft_status fake_time(void *arg, ppfft_context *c, ppfft_plan *plan, double *ms)
{
  (void)c;
  fake_times *f = arg;
  int is_old = strcmp(plan->name, f->old) == 0;
  f->others += !is_old;
  *ms = is_old ? f->old_ms : f->other_ms;
  return PPFFT_SUCCESS;
}

/* Seeds the wisdom with `entry` (a line without its device, class and generator, or NULL: none; at
 * the architecture class with `by_class`), tunes N = 2 (batch 4) as ppfft-tune does, with the plan
 * `old` taking old_ms and every other other_ms, records the result as ppfft-tune does, and checks
 * the outcome and that the recorded entry for this device names `want` (old, or with want NULL the
 * search's winner, which must be another plan). */
static void tune_case(const char *entry, int by_class, double old_ms, double other_ms, tune_outcome outcome, const char *want)
{
  ppfft_context *c = test_env_get()->ctx;
  const char *old = "r2/GM+VASM2+TW-CALC/wg1/t1";
  ppfft_wisdom_forget(c);
  if (entry) {
    char text[4 * DEVICE_KEY_MAX];
    if (by_class)
      snprintf(text, sizeof text, "ppfft-wisdom 2\nppfft-tests/another-device-of-this-class/1.0 %s g%u c2c:f32:fwd:oop:n2:packed:b4 %s 1\n",
               c->names.arch, (unsigned)GEN_SIGNATURE, entry);
    else snprintf(text, sizeof text, "ppfft-wisdom 2\n%s c2c:f32:fwd:oop:n2:packed:b4 %s 1\n", me(), entry);
    ck_assert_int_eq(ppfft_wisdom_import_string(c, text), PPFFT_SUCCESS);
  }
  ppfft_desc d = desc1(2, 4);
  transform tf;
  ck_assert_int_eq(transform_from_desc(&c->err, &c->info, &d, &tf), PPFFT_SUCCESS);
  fake_times f = {old, old_ms, other_ms, 0};
  measure_opts o = {.budget_s = 1e-3, .time_plan = fake_time, .arg = &f}; /* the first candidates: a search all the same */
  ppfft_plan *p = NULL;
  double ms = 0;
  tune_report r;
  ck_assert_msg(planner_tune(c, &tf, 0, &o, &p, &ms, &r) == PPFFT_SUCCESS, "%s", ppfft_context_last_error(c));
  ck_assert_msg(r.outcome == outcome, "entry %s, %g ms against %g: outcome %d, want %d", entry ? entry : "none", old_ms, other_ms,
                (int)r.outcome, (int)outcome);
  ck_assert_str_ne(r.new_plan, old); /* the search's winner is another plan: a real choice */
  ck_assert_int_gt(f.others, 0);
  ck_assert_str_eq(p->name, want ? want : r.new_plan);
  if (outcome == TUNE_KEPT || outcome == TUNE_REPLACED) { /* both timed side by side: the time is the chosen plan's */
    ck_assert_int_eq(r.level, by_class ? WISDOM_ARCH : WISDOM_EXACT);
    ck_assert_double_eq(r.old_ms, old_ms);
    ck_assert_double_eq(r.new_ms, other_ms);
    ck_assert_double_eq(ms, outcome == TUNE_KEPT ? old_ms : other_ms);
  }
  ck_assert_int_eq(wisdom_add(&c->wisdom, &c->names, GEN_SIGNATURE, &tf, p->name, ms), 0);
  ppfft_plan_destroy(p);
  char name[PLAN_STRING_MAX];
  ck_assert_int_eq(wisdom_lookup(&c->wisdom, &c->names, GEN_SIGNATURE, &tf, name, sizeof name, NULL), 0);
  ck_assert_str_eq(name, want ? want : r.new_plan);
  ppfft_wisdom_forget(c);
}

/* ppfft-tune's wisdom never gets worse: the search's winner replaces the existing entry (this
 * device's, or its class's) only when it is faster by more than the noise (TUNE_NOISE), or when the
 * entry's plan no longer builds here. */
START_TEST(tune_never_worse)
{
  const char *old = "r2/GM+VASM2+TW-CALC/wg1/t1", *stale = "r2/RP+LM-CM+VAVM16+TW-GM/wg1/t1";
  tune_case(old, 0, 1.0, 2.0, TUNE_KEPT, old);                          /* the winner is slower */
  tune_case(old, 0, 1.0, 1.0 - TUNE_NOISE / 2, TUNE_KEPT, old);         /* faster, within the noise */
  tune_case(old, 1, 1.0, 2.0, TUNE_KEPT, old);                          /* the class's entry, now this device's */
  tune_case(old, 0, 1.0, 1.0 - 2 * TUNE_NOISE, TUNE_REPLACED, NULL);    /* faster by more than the noise */
  tune_case(stale, 0, 1.0, 2.0, TUNE_STALE, NULL);                      /* no longer builds: replaced */
  tune_case(NULL, 0, 1.0, 2.0, TUNE_NEW, NULL);                         /* none: the winner */
  ck_assert(tune_replaces(1.0, 0.97) && !tune_replaces(1.0, 0.99) && !tune_replaces(1.0, 1.5));
}
END_TEST

Suite *make_wisdom_suite(void)
{
  Suite *s = suite_create("wisdom");
  TCase *tc = test_tcase("wisdom");
  tcase_add_test(tc, round_trip);
  tcase_add_test(tc, malformed_rejected_whole);
  tcase_add_test(tc, fuzzed_texts);
  tcase_add_test(tc, other_devices_not_applied);
  tcase_add_test(tc, plans_follow_wisdom);
  tcase_add_test(tc, describe_names_the_wisdom_level);
  tcase_add_test(tc, other_generator_ignored);
  tcase_add_test(tc, files_and_search_path);
  tcase_add_test(tc, measure_records_winner);
  tcase_add_test(tc, multi_pass_wisdom);
  tcase_add_test(tc, tune_never_worse);
  suite_add_tcase(s, tc);
  return s;
}
