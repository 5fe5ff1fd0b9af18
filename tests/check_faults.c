/* Faults, each with the handling it needs: the device out of memory at plan creation (a size that
 * cannot fit, and every allocation of a plan failing in turn) and at execution (a launch that fails),
 * a kernel that does not build, a disk cache on a full disk, a wisdom file that cannot be written,
 * and a search bounded in time.  After each: a clear status and message, *out NULL, nothing written
 * half, and the context still plans and runs the same problem. */
#include "plan/plan.h"
#include "suites.h"
#include "testutil.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static ppfft_desc desc1(size_t n, size_t batch)
{
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, batch);
  return d;
}

/* Whether p computes d (forward, packed) within the bound on random data. */
static void runs_correctly(ppfft_plan *p, const ppfft_desc *d)
{
  size_t n = d->n[0], count = n * d->batch;
  double *x = malloc(16 * count), *ref = malloc(16 * count), *got = malloc(16 * count);
  ck_assert(x && ref && got);
  test_random(x, 2 * count, 5);
  for (size_t i = 0; i < 2 * count; ++i) x[i] = (float)x[i];
  cl_mem in = test_upload(x, count, 0), out = test_upload(x, count, 0);
  test_env *t = test_env_get();
  ck_assert_int_eq(ppfft_execute(p, t->q, in, out, 0, NULL, NULL), PPFFT_SUCCESS);
  test_reference(x, ref, n, d->batch, -1);
  test_download(out, got, count, 0);
  ck_assert_double_le(test_rel_error(got, ref, count), test_bound(n, 0));
  clReleaseMemObject(in);
  clReleaseMemObject(out);
  free(x), free(ref), free(got);
}

/* A transform larger than any buffer the device allocates is refused before anything is built. */
START_TEST(plan_larger_than_the_device)
{
  test_env *t = test_env_get();
  size_t n = (size_t)1 << 20;
  ppfft_desc d = desc1(n, (size_t)(t->ctx->info.max_alloc / (8 * n)) + 1);
  ppfft_plan *p = (ppfft_plan *)&p;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, PPFFT_ESTIMATE, &p), PPFFT_ERROR_OUT_OF_MEMORY);
  ck_assert_ptr_null(p);
  ck_assert_ptr_nonnull(strstr(ppfft_context_last_error(t->ctx), "allocates at most"));
}
END_TEST

/* Every device allocation of a four-step plan (twiddle tables, four-step tables, the temporary
 * buffer) fails in turn: each is OUT_OF_MEMORY with the call named, and the plan of the attempt after
 * the last allocation runs. */
START_TEST(each_allocation_fails_in_turn)
{
  test_env *t = test_env_get();
  ppfft_desc d = desc1(65536, 2);
  const char *plan = "r16x16/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg256/t16;r16x16/RP+LM-CM+CGAP+VASM2+TW-GM+CSE+IL+LU/wg256/t16";
  int failures = 0;
  for (int nth = 1; nth < 20; ++nth) {
    ppfft_plan *p = (ppfft_plan *)&p;
    cl_fault_arm(t->ctx->cl, CL_FAULT_ALLOC, nth);
    ppfft_status s = ppfft_plan_create_variant(t->ctx, &d, plan, &p);
    cl_fault_arm(t->ctx->cl, CL_FAULT_ALLOC, 0);
    if (s == PPFFT_SUCCESS) { /* past the plan's last allocation */
      runs_correctly(p, &d);
      ppfft_plan_destroy(p);
      break;
    }
    ck_assert_msg(s == PPFFT_ERROR_OUT_OF_MEMORY, "allocation %d: %s (%s)", nth, ppfft_status_string(s), ppfft_context_last_error(t->ctx));
    ck_assert_ptr_null(p);
    ck_assert_ptr_nonnull(strstr(ppfft_context_last_error(t->ctx), "clCreateBuffer"));
    ++failures;
  }
  ck_assert_int_ge(failures, 4); /* two tables, a four-step table, the temporary buffer */
}
END_TEST

/* A launch that fails (a driver that allocates at launch): OUT_OF_MEMORY from ppfft_execute, no
 * event, and the next execution of the same plan runs and is right. */
START_TEST(launch_fails)
{
  test_env *t = test_env_get();
  ppfft_desc d = desc1(65536, 2);
  ppfft_plan *p;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, PPFFT_ESTIMATE, &p), PPFFT_SUCCESS);
  double *x = calloc(2 * 65536 * 2, sizeof *x);
  ck_assert_ptr_nonnull(x);
  cl_mem in = test_upload(x, 65536 * 2, 0);
  cl_mem out = test_upload(x, 65536 * 2, 0);
  for (int nth = 1; nth <= 2; ++nth) { /* the first pass, then the second */
    cl_event done = (cl_event)&done;
    cl_fault_arm(t->ctx->cl, CL_FAULT_ENQUEUE, nth);
    ppfft_status s = ppfft_execute(p, t->q, in, out, 0, NULL, &done);
    cl_fault_arm(t->ctx->cl, CL_FAULT_ENQUEUE, 0);
    ck_assert_int_eq(s, PPFFT_ERROR_OUT_OF_MEMORY);
    ck_assert_ptr_null(done);
    ck_assert_ptr_nonnull(strstr(ppfft_context_last_error(t->ctx), "clEnqueueNDRangeKernel"));
    clFinish(t->q);
  }
  runs_correctly(p, &d);
  ppfft_plan_destroy(p);
  clReleaseMemObject(in);
  clReleaseMemObject(out);
  free(x);
}
END_TEST

/* A kernel that does not build: BUILD with the compiler's log, *out NULL; nothing of it is cached,
 * so the same plan builds once the fault is gone. */
START_TEST(build_fails)
{
  test_env *t = test_env_get();
  ppfft_desc d = desc1(64, 4);
  ppfft_plan *p = (ppfft_plan *)&p;
  cl_fault_arm(t->ctx->cl, CL_FAULT_BUILD, 1);
  ck_assert_int_eq(ppfft_plan_create_variant(t->ctx, &d, "r8x8/LM-CC+CGAP+VASM2+TW-CALC+CSE+IL+LU/wg8/t1", &p), PPFFT_ERROR_BUILD);
  cl_fault_arm(t->ctx->cl, CL_FAULT_BUILD, 0);
  ck_assert_ptr_null(p);
  ck_assert_ptr_nonnull(strstr(ppfft_context_last_error(t->ctx), "injected build failure"));
  ck_assert_int_eq(ppfft_plan_create_variant(t->ctx, &d, "r8x8/LM-CC+CGAP+VASM2+TW-CALC+CSE+IL+LU/wg8/t1", &p), PPFFT_SUCCESS);
  runs_correctly(p, &d);
  ppfft_plan_destroy(p);
}
END_TEST

/* The number of files in dir (dot files included); -1 if it cannot be read. */
static int files_in(const char *dir)
{
  DIR *d = opendir(dir);
  if (!d) return -1;
  int n = 0;
  for (struct dirent *e; (e = readdir(d));)
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) ++n;
  closedir(d);
  return n;
}

/* The disk cache on a full disk: the write stops part-way, the store fails, nothing of it is left
 * (no entry, no temporary file), and the plan is made all the same (the cache is an optimisation). */
START_TEST(cache_on_a_full_disk)
{
  test_env *t = test_env_get();
  char dir[] = "/tmp/ppfft-full-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  test_setenv("XDG_CACHE_HOME", dir);
  test_unsetenv("PPFFT_CACHE");
  ppfft_context *c;
  ck_assert_int_eq(ppfft_context_create(t->cl, t->dev, &c), PPFFT_SUCCESS);
  ck_assert(c->cl->disk.enabled);
  c->cl->disk.fail_after = 100;
  ppfft_desc d = desc1(32, 4);
  ppfft_plan *p;
  ck_assert_int_eq(ppfft_plan_create_variant(c, &d, "r8x4/RP+LM-CM+CGAP+VASM2+TW-CALC+CSE+IL+LU/wg8/t2", &p), PPFFT_SUCCESS);
  ck_assert_int_eq(files_in(c->cl->disk.dir), 0); /* the folder was made; nothing is in it */
  runs_correctly(p, &d);
  ppfft_plan_destroy(p);
  c->cl->disk.fail_after = 0; /* a disk with room: now the entry is written */
  ppfft_context *c2;
  ck_assert_int_eq(ppfft_context_create(t->cl, t->dev, &c2), PPFFT_SUCCESS);
  ck_assert_int_eq(ppfft_plan_create_variant(c2, &d, "r8x4/RP+LM-CM+CGAP+VASM2+TW-CALC+CSE+IL+LU/wg8/t2", &p), PPFFT_SUCCESS);
  ck_assert_int_eq(files_in(c2->cl->disk.dir), 1);
  ppfft_plan_destroy(p);
  ppfft_context_destroy(c);
  ppfft_context_destroy(c2);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* A wisdom file that cannot be written whole (its name is a folder's, so the final rename fails):
 * IO, the folder as it was, and no temporary file beside it. */
START_TEST(wisdom_write_fails_whole)
{
  test_env *t = test_env_get();
  char dir[] = "/tmp/ppfft-wwrite-XXXXXX", target[64];
  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(target, sizeof target, "%s/w.wisdom", dir);
  ck_assert_int_eq(mkdir(target, 0700), 0);
  ck_assert_int_eq(ppfft_wisdom_export_file(t->ctx, target), PPFFT_ERROR_IO);
  ck_assert_int_eq(files_in(dir), 1); /* only the folder named like the file */
  ck_assert_int_eq(files_in(target), 0);
  ck_assert_int_eq(rmdir(target), 0);
  ck_assert_int_eq(ppfft_wisdom_export_file(t->ctx, target), PPFFT_SUCCESS); /* and with room, it writes */
  ck_assert_int_eq(files_in(dir), 1);
  ck_assert_int_eq(unlink(target), 0);
  ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* PPFFT_EXHAUSTIVE under a time limit returns the fastest plan found by then: on PoCL the whole
 * exhaustive list of N = 256 (hundreds of kernels to compile) would take many minutes. */
START_TEST(search_time_limit)
{
  test_env *t = test_env_get();
  ppfft_context *c;
  ck_assert_int_eq(ppfft_context_create(t->cl, t->dev, &c), PPFFT_SUCCESS);
  ppfft_wisdom_forget(c);
  ck_assert_int_eq(ppfft_context_set_plan_time_limit(c, 0.0 / 0.0), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_int_eq(ppfft_context_set_plan_time_limit(NULL, 1), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_int_eq(ppfft_context_set_plan_time_limit(c, 2), PPFFT_SUCCESS);
  ppfft_desc d = desc1(256, 16);
  ppfft_plan *p;
  double start = test_now();
  ck_assert_int_eq(ppfft_plan_create(c, &d, PPFFT_EXHAUSTIVE, &p), PPFFT_SUCCESS);
  double took = test_now() - start;
  ck_assert_msg(took < 60, "a search limited to 2 s took %.1f s", took);
  runs_correctly(p, &d);
  char name[2048];
  ck_assert_int_eq(ppfft_plan_describe(p, name, sizeof name), PPFFT_SUCCESS);
  ck_assert_ptr_nonnull(strstr(name, "(measured)"));
  ppfft_plan_destroy(p);
  ppfft_context_destroy(c);
}
END_TEST

Suite *make_faults_suite(void)
{
  Suite *s = suite_create("faults");
  TCase *tc = test_tcase("faults");
  tcase_set_timeout(tc, 0);
  tcase_add_test(tc, plan_larger_than_the_device);
  tcase_add_test(tc, each_allocation_fails_in_turn);
  tcase_add_test(tc, launch_fails);
  tcase_add_test(tc, build_fails);
  tcase_add_test(tc, cache_on_a_full_disk);
  tcase_add_test(tc, wisdom_write_fails_whole);
  tcase_add_test(tc, search_time_limit);
  suite_add_tcase(s, tc);
  return s;
}
