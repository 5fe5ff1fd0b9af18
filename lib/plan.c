/* Plan creation and destruction: problem -> variant -> generated source -> built kernel. */
#include "plan.h"
#include "gen_kernel.h"
#include "planner.h"
#include "measure.h"
#include "program.h"
#include "twiddle_table.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* PPFFT_DUMP_KERNELS=dir: write every generated program there, named by its hash.  A debugging aid:
 * a folder that cannot be written is skipped silently, as the library prints nothing. */
static void dump_kernel(const char *text, const char *variant_name, const problem *p)
{
  const char *dir = getenv("PPFFT_DUMP_KERNELS");
  if (!dir || !*dir) return;
  char path[4096];
  snprintf(path, sizeof path, "%s/ppfft-n%zu-%s-%s-%016" PRIx64 ".cl", dir, p->n, p->f64 ? "f64" : "f32",
           p->sign < 0 ? "fwd" : "bwd", fnv1a(FNV_OFFSET, text));
  FILE *f = fopen(path, "w");
  if (!f) return;
  fprintf(f, "/* %s */\n%s", variant_name, text);
  fclose(f);
}

void ppfft_plan_destroy(ppfft_plan *p)
{
  if (!p) return;
  if (p->kernel) clReleaseKernel(p->kernel);
  if (p->program) clReleaseProgram(p->program);
  if (p->table) clReleaseMemObject(p->table);
  mtx_destroy(&p->lock);
  free(p);
}

ppfft_status plan_build(ppfft_context *c, const problem *pb, const variant *v, ppfft_plan **out)
{
  char msg[512];
  geometry g;
  char name[256];
  variant_print(v, name, sizeof name);
  ppfft_status s = geometry_of(pb, v, &c->info, &g, msg, sizeof msg);
  if (s != PPFFT_SUCCESS) return err_set(c, s, "variant %s does not apply to N = %zu on %s: %s", name, pb->n, c->info.name, msg);

  ppfft_plan *p = calloc(1, sizeof *p);
  if (!p) return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory");
  if (mtx_init(&p->lock, mtx_plain) != thrd_success) {
    free(p);
    return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "mtx_init failed");
  }
  p->ctx = c;
  p->pb = *pb;
  p->v = *v;
  p->g = g;
  snprintf(p->name, sizeof p->name, "%s", name);

  kernel_source ks;
  if (gen_kernel(pb, v, &g, &ks) != 0) {
    ppfft_plan_destroy(p);
    return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory generating the kernel");
  }
  dump_kernel(ks.text, name, pb);
  s = program_get(c, ks.text, &p->program);
  free(ks.text);
  if (s != PPFFT_SUCCESS) {
    ppfft_plan_destroy(p);
    return s;
  }
  cl_int e;
  p->kernel = clCreateKernel(p->program, GEN_KERNEL_NAME, &e);
  if (!p->kernel) {
    ppfft_plan_destroy(p);
    return err_cl(c, "clCreateKernel", e);
  }
  /* The compiler may need more registers per work-item than the work-group size allows. */
  size_t kwg = 0;
  e = clGetKernelWorkGroupInfo(p->kernel, c->dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof kwg, &kwg, NULL);
  if (e != CL_SUCCESS) {
    ppfft_plan_destroy(p);
    return err_cl(c, "clGetKernelWorkGroupInfo(CL_KERNEL_WORK_GROUP_SIZE)", e);
  }
  if (kwg < g.wg) {
    ppfft_plan_destroy(p);
    return err_set(c, PPFFT_ERROR_UNSUPPORTED, "variant %s: the compiled kernel allows work-groups of %zu, not %u (too many registers)",
                   name, kwg, g.wg);
  }
  if (ks.table_arg) {
    void *table = twiddle_table(v, g.n, pb->f64);
    if (!table) {
      ppfft_plan_destroy(p);
      return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory for the twiddle table");
    }
    p->table = clCreateBuffer(c->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, g.table_bytes, table, &e);
    free(table);
    if (!p->table) {
      ppfft_plan_destroy(p);
      return err_cl(c, "clCreateBuffer(twiddle table)", e);
    }
  }
  *out = p;
  return PPFFT_SUCCESS;
}

ppfft_status ppfft_plan_create_variant(ppfft_context *c, const ppfft_desc *d, const char *variant_string, ppfft_plan **out)
{
  if (out) *out = NULL;
  if (!c) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the ppfft context is NULL");
  if (!out) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_plan_create_variant: out is NULL");
  if (!variant_string) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_plan_create_variant: variant is NULL");
  problem pb;
  ppfft_status s = problem_from_desc(c, d, &pb);
  if (s != PPFFT_SUCCESS) return s;
  variant v;
  char msg[256];
  if (variant_parse(variant_string, &v, msg, sizeof msg) != 0)
    return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "malformed variant \"%s\": %s", variant_string, msg);
  return plan_build(c, &pb, &v, out);
}

/* ESTIMATE without wisdom: the heuristic's candidates in order; one the compiler cannot fit
 * (registers) is UNSUPPORTED, so try the next. */
static ppfft_status plan_estimate(ppfft_context *c, const problem *pb, ppfft_plan **out)
{
  variant candidates[12];
  char msg[512] = "";
  size_t count = planner_estimate(pb, &c->info, candidates, sizeof candidates / sizeof candidates[0], msg, sizeof msg);
  if (count == 0)
    return err_set(c, PPFFT_ERROR_UNSUPPORTED, "N = %zu (%s) needs more than one work-group on %s, which this version cannot do yet: %s",
                   pb->n, pb->f64 ? "f64" : "f32", c->info.name, msg);
  ppfft_status s = PPFFT_ERROR_UNSUPPORTED;
  for (size_t i = 0; i < count && s == PPFFT_ERROR_UNSUPPORTED; ++i) s = plan_build(c, pb, &candidates[i], out);
  return s;
}

/* MEASURE and EXHAUSTIVE without wisdom: time the candidates now, keep the fastest. */
static ppfft_status plan_measure(ppfft_context *c, const problem *pb, int exhaustive, ppfft_plan **out)
{
  variant shortlist[32], *list = shortlist;
  size_t count;
  if (exhaustive) list = planner_exhaustive_candidates(pb, &c->info, &count);
  else count = planner_measure_candidates(pb, &c->info, shortlist, sizeof shortlist / sizeof shortlist[0]);
  if (count == 0) {
    if (list != shortlist) free(list);
    return plan_estimate(c, pb, out); /* says why nothing applies */
  }
  double ms;
  ppfft_status s = measure_best(c, pb, list, count, NULL, out, &ms);
  if (list != shortlist) free(list);
  return s;
}

ppfft_status ppfft_plan_create(ppfft_context *c, const ppfft_desc *d, unsigned flags, ppfft_plan **out)
{
  if (out) *out = NULL;
  if (!c) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the ppfft context is NULL");
  if (!out) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_plan_create: out is NULL");
  const unsigned known = PPFFT_MEASURE | PPFFT_EXHAUSTIVE | PPFFT_WISDOM_ONLY;
  if (flags & ~known) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "unknown plan flag bits 0x%x", flags & ~known);
  problem pb;
  ppfft_status s = problem_from_desc(c, d, &pb);
  if (s != PPFFT_SUCCESS) return s;
  variant v;
  if (wisdom_lookup(&c->wisdom, &pb, &v) == 0) {
    s = plan_build(c, &pb, &v, out);
    if (s != PPFFT_ERROR_UNSUPPORTED || (flags & PPFFT_WISDOM_ONLY)) return s;
    /* wisdom from another driver or build that no longer applies: plan as if there were none */
  } else if (flags & PPFFT_WISDOM_ONLY) {
    char key[WISDOM_KEY_MAX];
    wisdom_problem_key(&pb, key, sizeof key);
    return err_set(c, PPFFT_ERROR_UNSUPPORTED, "PPFFT_WISDOM_ONLY: no wisdom for %s on %s (run ppfft-tune)", key, c->key);
  }
  if (flags & (PPFFT_MEASURE | PPFFT_EXHAUSTIVE)) return plan_measure(c, &pb, (flags & PPFFT_EXHAUSTIVE) != 0, out);
  return plan_estimate(c, &pb, out);
}

ppfft_status ppfft_plan_describe(const ppfft_plan *p, char *buf, size_t len)
{
  if (!p) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the plan is NULL");
  if (!buf || len == 0) return err_set(p->ctx, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_plan_describe: no buffer");
  size_t n = strlen(p->name);
  if (n + 1 > len) {
    buf[0] = '\0';
    return err_set(p->ctx, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_plan_describe: the buffer needs %zu bytes", n + 1);
  }
  memcpy(buf, p->name, n + 1);
  return PPFFT_SUCCESS;
}
