/* Plan creation and destruction: transform -> passes -> variants -> generated source -> kernels;
 * how the split and variants are chosen without wisdom is in plan_search.c. */
#include "plan.h"
#include "gen_kernel.h"
#include "gen_transpose.h"
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

void pass_release(plan_pass *ps)
{
  if (ps->kernel) clReleaseKernel(ps->kernel);
  if (ps->program) clReleaseProgram(ps->program);
  if (ps->table) clReleaseMemObject(ps->table);
  if (ps->tw4) clReleaseMemObject(ps->tw4);
  ps->tw4 = NULL;
  ps->kernel = NULL;
  ps->program = NULL;
  ps->table = NULL;
}

void ppfft_plan_destroy(ppfft_plan *p)
{
  if (!p) return;
  for (int i = 0; i < p->npasses; ++i) pass_release(&p->pass[i]);
  if (p->tmp) clReleaseMemObject(p->tmp);
  if (p->last) clReleaseEvent(p->last);
  if (p->last_q) clReleaseCommandQueue(p->last_q);
  mtx_destroy(&p->lock);
  free(p);
}

/* Generates, builds and checks one pass's kernel (ps->pb and ps->v, or ps->transpose, set) and its
 * twiddle table. */
ppfft_status pass_build(ppfft_context *c, plan_pass *ps)
{
  char msg[512], name[256];
  const problem *pb = &ps->pb;
  kernel_source ks;
  if (ps->transpose) {
    snprintf(name, sizeof name, "transpose");
    ps->g = (geometry){0};
    ps->g.n = (unsigned)pb->n;
    ps->g.wg = TRANSPOSE_WG;
    ps->g.t = TRANSPOSE_TILE;
    if (gen_transpose(pb, &ks) != 0) return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory generating the kernel");
  } else {
    variant_print(&ps->v, name, sizeof name);
    ppfft_status s = geometry_of(pb, &ps->v, &c->info, &ps->g, msg, sizeof msg);
    if (s != PPFFT_SUCCESS) return err_set(c, s, "variant %s does not apply to N = %zu on %s: %s", name, pb->n, c->info.name, msg);
    if (gen_kernel(pb, &ps->v, &ps->g, &ks) != 0) return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory generating the kernel");
  }
  dump_kernel(ks.text, name, pb);
  ppfft_status s = program_get(c, ks.text, &ps->program);
  free(ks.text);
  if (s != PPFFT_SUCCESS) return s;
  cl_int e;
  ps->kernel = clCreateKernel(ps->program, GEN_KERNEL_NAME, &e);
  if (!ps->kernel) return err_cl(c, "clCreateKernel", e);
  /* The compiler may need more registers per work-item than the work-group size allows. */
  size_t kwg = 0;
  e = clGetKernelWorkGroupInfo(ps->kernel, c->dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof kwg, &kwg, NULL);
  if (e != CL_SUCCESS) return err_cl(c, "clGetKernelWorkGroupInfo(CL_KERNEL_WORK_GROUP_SIZE)", e);
  if (kwg < ps->g.wg)
    return err_set(c, PPFFT_ERROR_UNSUPPORTED, "variant %s: the compiled kernel allows work-groups of %zu, not %u (too many registers)",
                   name, kwg, ps->g.wg);
  if (ks.table_arg) {
    void *table = twiddle_table(&ps->v, ps->g.n, pb->f64);
    if (!table) return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory for the twiddle table");
    ps->table = clCreateBuffer(c->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, ps->g.table_bytes, table, &e);
    free(table);
    if (!ps->table) return err_cl(c, "clCreateBuffer(twiddle table)", e);
  }
  if (ks.four_step_arg) {
    void *table = four_step_table(pb->twiddle_n, pb->f64);
    if (!table) return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory for the four-step twiddle table");
    ps->tw4 = clCreateBuffer(c->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, four_step_entries(pb->twiddle_n) * (pb->f64 ? 16 : 8),
                             table, &e);
    free(table);
    if (!ps->tw4) return err_cl(c, "clCreateBuffer(four-step twiddle table)", e);
  }
  return PPFFT_SUCCESS;
}

ppfft_status plan_alloc(ppfft_context *c, ppfft_plan **out)
{
  ppfft_plan *p = calloc(1, sizeof *p);
  if (!p) return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory");
  if (mtx_init(&p->lock, mtx_plain) != thrd_success) {
    free(p);
    return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "mtx_init failed");
  }
  p->ctx = c;
  *out = p;
  return PPFFT_SUCCESS;
}

ppfft_status plan_build(ppfft_context *c, const problem *pb, const variant *v, ppfft_plan **out)
{
  ppfft_plan *p;
  ppfft_status s = plan_alloc(c, &p);
  if (s != PPFFT_SUCCESS) return s;
  plan_pass *ps = &p->pass[0];
  p->npasses = 1;
  ps->pb = *pb;
  ps->v = *v;
  ps->src = pb->inplace ? BUF_OUT : BUF_IN;
  ps->dst = BUF_OUT;
  p->f64 = pb->f64;
  p->inplace = pb->inplace;
  p->in_planar = pb->in_planar;
  p->out_planar = pb->out_planar;
  p->in_span = problem_span(pb, 0);
  p->out_span = problem_span(pb, 1);
  variant_print(v, p->name, sizeof p->name);
  s = pass_build(c, ps);
  if (s != PPFFT_SUCCESS) {
    ppfft_plan_destroy(p);
    return s;
  }
  *out = p;
  return PPFFT_SUCCESS;
}

/* The plan-level state of a transform plan: spans, flags, the temporary buffer. */
ppfft_status plan_finish(ppfft_context *c, ppfft_plan *p, const transform *t, size_t tmp_elems)
{
  p->f64 = t->f64;
  p->inplace = t->inplace;
  p->in_planar = t->in.planar;
  p->out_planar = t->out.planar;
  p->in_span = transform_span(t, 0);
  p->out_span = transform_span(t, 1);
  variant vs[DECOMPOSE_MAX_PASSES];
  int n = 0;
  for (int i = 0; i < p->npasses; ++i)
    if (!p->pass[i].transpose) vs[n++] = p->pass[i].v;
  plan_string_print(vs, n, p->name, sizeof p->name);
  if (!tmp_elems) return PPFFT_SUCCESS;
  p->tmp_bytes = tmp_elems * (t->f64 ? 16 : 8);
  if (p->tmp_bytes > c->info.max_alloc)
    return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "the plan needs a %zu-byte temporary buffer; %s allocates at most %llu bytes at once",
                   p->tmp_bytes, c->info.name, (unsigned long long)c->info.max_alloc);
  cl_int e;
  p->tmp = clCreateBuffer(c->ctx, CL_MEM_READ_WRITE, p->tmp_bytes, NULL, &e);
  if (!p->tmp) return err_cl(c, "clCreateBuffer(temporary)", e);
  return PPFFT_SUCCESS;
}

ppfft_status plan_build_transform(ppfft_context *c, const transform *t, const variant *vs, int n, ppfft_plan **out)
{
  char msg[512], name[PLAN_STRING_MAX];
  plan_string_print(vs, n, name, sizeof name);
  split sp;
  pass_desc pd[DECOMPOSE_MAX_PASSES];
  size_t tmp = 0;
  int np = plan_string_split(t, vs, n, &sp, msg, sizeof msg);
  if (np == 0) np = decompose(t, &sp, pd, &tmp, msg, sizeof msg);
  if (np < 0) return err_set(c, PPFFT_ERROR_UNSUPPORTED, "plan \"%s\" does not apply to the transform: %s", name, msg);
  ppfft_plan *p = NULL;
  ppfft_status s = plan_alloc(c, &p);
  for (int i = 0; i < np && s == PPFFT_SUCCESS; ++i) {
    plan_pass *ps = &p->pass[p->npasses++];
    ps->pb = pd[i].pb;
    ps->transpose = pd[i].transpose;
    if (!ps->transpose) ps->v = vs[pd[i].variant];
    ps->src = pd[i].src;
    ps->dst = pd[i].dst;
    s = pass_build(c, ps);
  }
  if (s == PPFFT_SUCCESS) s = plan_finish(c, p, t, tmp);
  if (s != PPFFT_SUCCESS) {
    ppfft_plan_destroy(p);
    return s;
  }
  *out = p;
  return PPFFT_SUCCESS;
}

/* Every plan writes a whole transform set to one buffer; a device that cannot allocate one that
 * large cannot run the plan. */
static ppfft_status check_memory(ppfft_context *c, const transform *t)
{
  size_t bytes = transform_length(t) * t->batch * (t->f64 ? 16 : 8);
  if (bytes > c->info.max_alloc)
    return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "the transforms hold %zu bytes; %s allocates at most %llu bytes in one buffer", bytes,
                   c->info.name, (unsigned long long)c->info.max_alloc);
  return PPFFT_SUCCESS;
}

ppfft_status ppfft_plan_create_variant(ppfft_context *c, const ppfft_desc *d, const char *variant_string, ppfft_plan **out)
{
  if (out) *out = NULL;
  if (!c) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the ppfft context is NULL");
  if (!out) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_plan_create_variant: out is NULL");
  if (!variant_string) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_plan_create_variant: variant is NULL");
  transform t;
  ppfft_status s = transform_from_desc(c, d, &t);
  if (s == PPFFT_SUCCESS) s = check_memory(c, &t);
  if (s != PPFFT_SUCCESS) return s;
  variant vs[DECOMPOSE_MAX_PASSES];
  char msg[256];
  int n = plan_string_parse(variant_string, vs, DECOMPOSE_MAX_PASSES, msg, sizeof msg);
  if (n < 0) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "malformed variant \"%.300s\": %s", variant_string, msg);
  return plan_build_transform(c, &t, vs, n, out);
}

ppfft_status ppfft_plan_create(ppfft_context *c, const ppfft_desc *d, unsigned flags, ppfft_plan **out)
{
  if (out) *out = NULL;
  if (!c) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the ppfft context is NULL");
  if (!out) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_plan_create: out is NULL");
  const unsigned known = PPFFT_MEASURE | PPFFT_EXHAUSTIVE | PPFFT_WISDOM_ONLY;
  if (flags & ~known) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "unknown plan flag bits 0x%x", flags & ~known);
  transform t;
  ppfft_status s = transform_from_desc(c, d, &t);
  if (s == PPFFT_SUCCESS) s = check_memory(c, &t);
  if (s != PPFFT_SUCCESS) return s;
  char wise[PLAN_STRING_MAX];
  if (wisdom_lookup(&c->wisdom, &t, wise, sizeof wise) == 0) {
    variant vs[DECOMPOSE_MAX_PASSES];
    char msg[256];
    int n = plan_string_parse(wise, vs, DECOMPOSE_MAX_PASSES, msg, sizeof msg);
    s = n < 0 ? PPFFT_ERROR_UNSUPPORTED : plan_build_transform(c, &t, vs, n, out);
    if (s != PPFFT_ERROR_UNSUPPORTED || (flags & PPFFT_WISDOM_ONLY)) return s;
    /* wisdom from another driver or build that no longer applies: plan as if there were none */
  } else if (flags & PPFFT_WISDOM_ONLY) {
    char key[WISDOM_KEY_MAX];
    wisdom_problem_key(&t, key, sizeof key);
    return err_set(c, PPFFT_ERROR_UNSUPPORTED, "PPFFT_WISDOM_ONLY: no wisdom for %s on %s (run ppfft-tune)", key, c->key);
  }
  if (flags & (PPFFT_MEASURE | PPFFT_EXHAUSTIVE)) return plan_measure(c, &t, (flags & PPFFT_EXHAUSTIVE) != 0, out);
  return plan_estimate(c, &t, out);
}

ppfft_status ppfft_plan_describe(const ppfft_plan *p, char *buf, size_t len)
{
  if (!p) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the plan is NULL");
  if (!buf || len == 0) return err_set(p->ctx, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_plan_describe: no buffer");
  char text[PLAN_STRING_MAX + 64];
  if (p->tmp) snprintf(text, sizeof text, "%s (temporary buffer: %zu bytes)", p->name, p->tmp_bytes);
  else snprintf(text, sizeof text, "%s", p->name);
  size_t n = strlen(text);
  if (n + 1 > len) {
    buf[0] = '\0';
    return err_set(p->ctx, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_plan_describe: the buffer needs %zu bytes", n + 1);
  }
  memcpy(buf, text, n + 1);
  return PPFFT_SUCCESS;
}
