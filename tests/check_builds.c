/* The library's builds on disk (core/disk_cache.h through cl/program.c) and the planner's search
 * around them: a plan's program lands in the disk cache, a new context builds from it, a corrupted
 * entry is rebuilt; ppfft-tune's builder shares fill the cache for the timing run; a spent budget
 * builds only the first candidate (each with XDG_CACHE_HOME in a fresh folder); the timing rig of an
 * in-place pass holds both sides' spans. */
#include "core/decompose.h"
#include "core/disk_cache.h"
#include "core/problem.h"
#include "core/transform.h"
#include "core/variant.h"
#include "plan/candidates.h"
#include "plan/context.h"
#include "plan/measure.h"
#include "plan/planner.h"
#include "suites.h"
#include "testutil.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char tmpdir[64];

/* Removes path and everything under it, making folders writable first. */
static void remove_tree(const char *path)
{
  struct stat st;
  if (lstat(path, &st) != 0) return;
  if (!S_ISDIR(st.st_mode)) {
    unlink(path);
    return;
  }
  chmod(path, 0700);
  DIR *d = opendir(path);
  if (d) {
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
      char sub[4096];
      if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
      if (snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) < (int)sizeof sub) remove_tree(sub);
    }
    closedir(d);
  }
  rmdir(path);
}

static void setup(void)
{
  strcpy(tmpdir, "/tmp/ppfft-builds-XXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(tmpdir));
  test_setenv("XDG_CACHE_HOME", tmpdir);
  test_unsetenv("PPFFT_CACHE");
}

static void teardown(void) { remove_tree(tmpdir); }

/* Through the library: a plan's program lands on disk; a new context builds from it; a corrupted
 * entry is rebuilt and rewritten; PPFFT_CACHE=0 writes nothing. */
static size_t count_entries(const char *dir)
{
  DIR *d = opendir(dir);
  size_t n = 0;
  if (!d) return 0;
  for (struct dirent *e; (e = readdir(d));) n += strstr(e->d_name, ".bin") != NULL;
  closedir(d);
  return n;
}

static ppfft_status plan_once(test_env *t, const char *variant_name)
{
  ppfft_context *c;
  ppfft_status s = ppfft_context_create(t->cl, t->dev, &c);
  if (s != PPFFT_SUCCESS) return s;
  size_t n = 32;
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 3);
  ppfft_plan *p;
  s = ppfft_plan_create_variant(c, &d, variant_name, &p);
  if (s == PPFFT_SUCCESS) ppfft_plan_destroy(p);
  ppfft_context_destroy(c);
  return s;
}

START_TEST(library_uses_and_repairs_the_cache)
{
  test_env *t = test_env_get();
  char dir[256];
  snprintf(dir, sizeof dir, "%s/ppfft", tmpdir);
  const char *v = "r4x8/LM-CC+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg4/t1";
  test_setenv("PPFFT_CACHE", "0");
  ck_assert_int_eq(plan_once(t, v), PPFFT_SUCCESS);
  ck_assert_uint_eq(count_entries(dir), 0);
  test_unsetenv("PPFFT_CACHE");
  ck_assert_int_eq(plan_once(t, v), PPFFT_SUCCESS);
  ck_assert_uint_eq(count_entries(dir), 1);
  /* corrupt the entry: flip the bits of a byte near the end */
  DIR *d = opendir(dir);
  char key[33] = "", path[400];
  for (struct dirent *e; (e = readdir(d));)
    if (strlen(e->d_name) == 36 && strstr(e->d_name, ".bin")) memcpy(key, e->d_name, 32), key[32] = '\0';
  closedir(d);
  snprintf(path, sizeof path, "%s/%s.bin", dir, key);
  FILE *f = fopen(path, "r+b");
  ck_assert_ptr_nonnull(f);
  fseek(f, -3, SEEK_END);
  int byte = fgetc(f);
  fseek(f, -3, SEEK_END);
  fputc(byte ^ 0xff, f);
  fclose(f);
  ck_assert_int_eq(plan_once(t, v), PPFFT_SUCCESS); /* a miss: rebuilt from source and stored again */
  ck_assert_uint_eq(count_entries(dir), 1);
  disk_cache dc;
  disk_cache_init(&dc);
  unsigned char *bin;
  size_t len;
  ck_assert_int_eq(disk_cache_load(&dc, key, &bin, &len), 0); /* the rewritten entry is whole */
  free(bin);
  /* and the transform from a cached binary is right */
  size_t n = 32;
  ppfft_desc desc;
  ppfft_desc_init(&desc, 1, &n, 3);
  double err;
  ck_assert_int_eq(test_run(&desc, v, 1, &err), PPFFT_SUCCESS);
  ck_assert_double_le(err, test_bound(n, 0));
}
END_TEST

/* A fresh context (empty program cache) on the test device, and the disk cache's folder in dir;
 * desc: a batched 1D transform of n points. */
static ppfft_context *fresh_context(char *dir, size_t len, size_t n, size_t batch, ppfft_desc *desc)
{
  test_env *t = test_env_get();
  snprintf(dir, len, "%s/ppfft", tmpdir);
  ppfft_context *c;
  ck_assert_int_eq(ppfft_context_create(t->cl, t->dev, &c), PPFFT_SUCCESS);
  ppfft_desc_init(desc, 1, &n, batch);
  return c;
}

/* ppfft-tune's builder processes: a search with a build share times nothing (ms 0, no plan) and
 * leaves its share of the candidates' programs on disk, the second share adds to the first, and the
 * timing run after them plans and times without compiling anything more. */
START_TEST(builder_shares_fill_the_cache)
{
  char dir[256];
  ppfft_desc d;
  ppfft_context *c = fresh_context(dir, sizeof dir, 2, 4, &d); /* the shortest lists (23 kernels on PoCL) */
  transform tf;
  ck_assert_int_eq(transform_from_desc(&c->err, &c->info, &d, &tf), PPFFT_SUCCESS);
  size_t seen = count_entries(dir);
  for (unsigned share = 0; share < 2; ++share) {
    size_t numbered = 0;
    measure_opts mo = {0};
    mo.build_share = share, mo.build_shares = 2, mo.build_seen = &numbered;
    ppfft_plan *p = NULL;
    double ms = -1;
    ck_assert_int_eq(planner_search(c, &tf, 0, &mo, &p, &ms), PPFFT_SUCCESS);
    ck_assert_ptr_null(p); /* a builder makes no plan */
    ck_assert(ms == 0);
    ck_assert_uint_gt(numbered, 2); /* every candidate numbered, built by this share or not */
    size_t now = count_entries(dir);
    ck_assert_uint_gt(now, seen);
    seen = now;
  }
  /* the two shares built everything the timed search needs: it compiles nothing more */
  measure_opts mo = {0};
  ppfft_plan *p = NULL;
  double ms = 0;
  ck_assert_int_eq(planner_search(c, &tf, 0, &mo, &p, &ms), PPFFT_SUCCESS);
  ck_assert(ms > 0);
  ck_assert_uint_eq(count_entries(dir), seen);
  ppfft_plan_destroy(p);
  ppfft_context_destroy(c);
}
END_TEST

/* measure_best under a budget that is already spent times the first (best-ranked) candidate only
 * and returns it, and compiles no more than its first wave of build threads (8) started before
 * anything had built: not the whole list. */
START_TEST(spent_budget_builds_only_the_first_candidate)
{
  char dir[256];
  ppfft_desc d;
  ppfft_context *c = fresh_context(dir, sizeof dir, 2, 4, &d);
  problem pb;
  ck_assert_int_eq(problem_from_desc(&c->err, &c->info, &d, &pb), PPFFT_SUCCESS);
  variant cands[48];
  size_t count = candidates_measure(&pb, &c->info, cands, 48);
  ck_assert_uint_gt(count, 8);
  size_t before = count_entries(dir);
  measure_opts mo = {.budget_s = 1e-9};
  ppfft_plan *best = NULL;
  double ms = 0;
  ck_assert_int_eq(measure_best(c, &pb, cands, count, &mo, &best, &ms), PPFFT_SUCCESS);
  ck_assert(ms > 0);
  char want[256], got[256];
  variant_print(&cands[0], want, sizeof want);
  variant_print(&best->pass[0].v, got, sizeof got);
  ck_assert_str_eq(got, want);
  ck_assert_uint_le(count_entries(dir), before + 8);
  ppfft_plan_destroy(best);
  ppfft_context_destroy(c);
}
END_TEST

/* The timing rig of an in-place pass whose output lies past its input (Rader's first FFT pass in
 * two, from the rows to the four-step scratch space after them in the temporary buffer) holds both
 * sides.  It held the input's span only, so the pass wrote past its buffer: on NVIDIA's OpenCL an
 * illegal address, after which every build in ppfft-tune's process failed with CL error -9999
 * (cof65537: bench/results/2026-11-25-h200-lengths); on PoCL a corrupted heap; under oclgrind
 * (tests/oclgrind.sh check_builds) an invalid write.  Its whole plan, timed the same way, too. */
START_TEST(inplace_rig_holds_both_sides)
{
  test_env *t = test_env_get();
  ppfft_context *c = t->ctx;
  size_t n = 17;
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 64);
  transform tf;
  ck_assert_int_eq(transform_from_desc(&c->err, &c->info, &d, &tf), PPFFT_SUCCESS);
  split sp = {.nfactors = {2}, .factor = {{4, 4}}, .bluestein = {16}, .rader = {1}};
  pass_desc pd[DECOMPOSE_MAX_PASSES];
  size_t tmp;
  char msg[256];
  ck_assert_int_eq(decompose(&tf, &sp, pd, &tmp, msg, sizeof msg), 7);
  problem pb = pd[1].pb; /* rader-in, then this pass */
  ck_assert(pb.inplace && problem_span(&pb, 1) > problem_span(&pb, 0)); /* the premise: its output reaches past its input */
  variant cands[48];
  size_t count = candidates_measure(&pb, &c->info, cands, 48);
  ck_assert_uint_gt(count, 0);
  measure_opts mo = {.warmup = 1, .repeats = 1};
  ppfft_plan *best = NULL;
  double ms = 0;
  ck_assert_int_eq(measure_best(c, &pb, cands, 1, &mo, &best, &ms), PPFFT_SUCCESS);
  ppfft_plan_destroy(best);
}
END_TEST

Suite *make_builds_suite(void)
{
  Suite *s = suite_create("builds");
  TCase *tc = test_tcase("disk");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, library_uses_and_repairs_the_cache);
  tcase_add_test(tc, builder_shares_fill_the_cache);
  tcase_add_test(tc, spent_budget_builds_only_the_first_candidate);
  suite_add_tcase(s, tc);
  tc = test_tcase("rig");
  tcase_add_test(tc, inplace_rig_holds_both_sides);
  suite_add_tcase(s, tc);
  return s;
}
