/* The plan object: passes -> generated source -> kernels, tables and the temporary buffer. */
#include "plan/plan.h"
#include "core/abft.h"
#include "core/bluestein.h"
#include "core/fuse.h"
#include "core/rader.h"
#include "core/hash.h"
#include "core/twiddle_table.h"
#include "gen/kernel.h"
#include "gen/pointwise.h"
#include "gen/transpose.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* PPFFT_DUMP_KERNELS=dir: write every generated program there, named by its hash.  A debugging aid:
 * a folder that cannot be written is skipped silently, as the library prints nothing. */
static void dump_kernel(const char *text, const char *variant_name, const problem *p, const dialect *d)
{
  const char *dir = getenv("PPFFT_DUMP_KERNELS");
  if (!dir || !*dir) return;
  size_t len = strlen(dir) + 96;
  char *path = malloc(len);
  if (!path) return;
  snprintf(path, len, "%s/ppfft-n%zu-%s-%s-%016" PRIx64 ".%s", dir, p->n, p->f64 ? "f64" : p->f16 ? "f16" : "f32", p->sign < 0 ? "fwd" : "bwd",
           hash_string(HASH_OFFSET, text), d == &dialect_opencl ? "cl" : "cu");
  FILE *f = fopen(path, "w");
  free(path);
  if (!f) return;
  fprintf(f, "/* %s */\n%s", variant_name, text);
  fclose(f);
}

ppfft_status plan_alloc(ppfft_context *c, ppfft_plan **out)
{
  ppfft_plan *p = calloc(1, sizeof *p);
  if (!p) return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory");
  if (pthread_mutex_init(&p->abft_lock, NULL) != 0) {
    free(p);
    return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of resources for the plan's lock");
  }
  p->chain = c->be->chain_new(c->rt);
  if (!p->chain) {
    pthread_mutex_destroy(&p->abft_lock);
    free(p);
    return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory making the plan's chain");
  }
  p->ctx = c;
  *out = p;
  return PPFFT_SUCCESS;
}

void plan_free(ppfft_plan *p)
{
  if (!p) return;
  p->ctx->be->chain_free(p->chain);
  pthread_mutex_destroy(&p->abft_lock);
  free(p);
}

void plan_release_pass(ppfft_plan *p, int i) { p->ctx->be->pass_release(p->chain, i); }

pass_launch *plan_launch(const ppfft_plan *p, int i) { return p->ctx->be->launch(p->chain, i); }

ppfft_status plan_build_pass(ppfft_context *c, ppfft_plan *p, int i)
{
  plan_pass *ps = &p->pass[i];
  const problem *pb = &ps->pb;
  char name[256];
  kernel_source ks;
  int gen;
  plan_release_pass(p, i);
  if (ps->transpose) {
    snprintf(name, sizeof name, "transpose");
    ps->g = (geometry){0};
    ps->g.n = (unsigned)pb->n;
    ps->g.wg = TRANSPOSE_WG;
    ps->g.t = TRANSPOSE_TILE;
    gen = gen_transpose(pb, c->be->dialect, &ks);
  } else if (ps->pointwise) {
    static const char *const names[] = {"", "chirp-in", "filter", "chirp-out", "R2C post-processing", "rader-in", "filter", "rader-out"};
    if (ps->pointwise == POINTWISE_R2C_POST) snprintf(name, sizeof name, "real %s (N = %zu)", names[ps->pointwise], 2 * pb->n);
    else snprintf(name, sizeof name, "%s %s (N = %zu, M = %zu)", ps->pointwise >= POINTWISE_RADER_IN ? "Rader" : "Bluestein",
                  names[ps->pointwise], ps->chirp_n, pb->n);
    ps->g = (geometry){0};
    ps->g.n = (unsigned)pb->n;
    ps->g.wg = POINTWISE_WG;
    ps->g.t = POINTWISE_CHUNK; /* elements per work-group: the launch's batch counts elements */
    gen = gen_pointwise(pb, ps->pointwise, c->be->dialect, &ks);
  } else {
    char msg[512];
    variant_print(&ps->v, name, sizeof name);
    ppfft_status s = geometry_of(pb, &ps->v, &c->info, &ps->g, msg, sizeof msg);
    if (s != PPFFT_SUCCESS) return err_set(c, s, "variant %s does not apply to N = %zu on %s: %s", name, pb->n, c->info.name, msg);
    gen = gen_kernel(pb, &ps->v, &ps->g, c->be->dialect, &ks);
  }
  if (gen == -3) return err_set(c, PPFFT_ERROR_UNSUPPORTED, "%s: no warp-shuffle exchange in %s for this transform", name, c->be->dialect->name);
  if (gen == -2) return err_set(c, PPFFT_ERROR_UNSUPPORTED, "%s: a generated expression did not fit its buffer (a ppfft bug)", name);
  if (gen != 0) return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory generating the kernel");
  dump_kernel(ks.text, name, pb, c->be->dialect);
  int rader = ps->pointwise >= POINTWISE_RADER_IN;
  void *table = !ks.table_arg ? NULL
                : rader         ? rader_table(ps->pointwise, ps->chirp_n, pb->sign, pb->f64)
                : ps->pointwise ? bluestein_table(ps->pointwise, ps->chirp_n, pb->n, pb->sign, pb->scale, pb->f64)
                                : twiddle_table(&ps->v, ps->g.n, pb->f64);
  size_t table_bytes = rader ? rader_table_bytes(ps->pointwise, ps->chirp_n, pb->f64)
                       : ps->pointwise ? bluestein_entries(ps->pointwise, ps->chirp_n, pb->n) * problem_table_elem_bytes(pb)
                                       : ps->g.table_bytes;
  size_t tw4_bytes = 0;
  void *tw4 = !ks.four_step_arg ? NULL : fuse_any(pb) ? fuse_table(pb, &tw4_bytes) : four_step_table(pb->twiddle_n, pb->f64);
  if (ks.four_step_arg && !fuse_any(pb)) tw4_bytes = four_step_entries(pb->twiddle_n) * problem_table_elem_bytes(pb);
  int abft = !ps->transpose && !ps->pointwise && ps->v.abft;
  void *abft_a = abft ? abft_table(pb->n, pb->sign, pb->f64) : NULL;
  ppfft_status s = PPFFT_SUCCESS;
  if ((ks.table_arg && !table) || (ks.four_step_arg && !tw4) || (abft && !abft_a))
    s = err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory for twiddle tables");
  pass_launch *l = plan_launch(p, i);
  *l = (pass_launch){.wg = ps->g.wg, .t = ps->g.t, .batch = ps->pointwise ? gen_pointwise_elements(pb, ps->pointwise, ps->chirp_n) : pb->batch, .src = l->src, .dst = l->dst, .inplace = pb->inplace,
                     .in_planar = pb->in_planar, .out_planar = pb->out_planar, .local_bytes = ks.local_bytes, .abft = abft,
                     .window = abft && ps->v.abft == 2 ? gen_abft_window(c->be->dialect, &ps->g) : 1, .f64 = pb->f64,
                     .chirp_n = ps->pointwise ? (unsigned)ps->chirp_n : 0, .chirp_m = ps->pointwise ? (unsigned)pb->n : 0};
  pass_code code = {ks.text, GEN_KERNEL_NAME, name, table, table_bytes, tw4,
                    tw4_bytes, abft_a, abft ? abft_table_entries(pb->n) * problem_table_elem_bytes(pb) : 0}; /* core/abft.h */
  if (s == PPFFT_SUCCESS && abft && !p->abft) { /* the plan's first checked pass: its control buffer and threshold */
    s = c->be->abft_init(c->rt, &c->err, p->chain);
    if (s == PPFFT_SUCCESS) {
      p->abft = 1;
      p->abft_delta = abft_default_threshold(pb->f64);
      c->be->abft_set(p->chain, p->abft_delta, NULL);
    }
  }
  if (s == PPFFT_SUCCESS) s = c->be->pass_build(c->rt, &c->err, p->chain, i, &code);
  free(ks.text);
  free(table);
  free(tw4);
  free(abft_a);
  if (s != PPFFT_SUCCESS) plan_release_pass(p, i);
  return s;
}

/* The roles of pass i's buffers. */
static void set_roles(ppfft_plan *p, int i, buffer_role src, buffer_role dst)
{
  plan_launch(p, i)->src = src;
  plan_launch(p, i)->dst = dst;
}

ppfft_status plan_run_host(ppfft_plan *p, const void *in, void *out)
{
  ppfft_context *c = p->ctx;
  if (p->in_planar || p->out_planar) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "plan_run_host runs interleaved plans only");
  return c->be->run_host(c->rt, &c->err, p->chain, p->prec, p->inplace, p->in_span, p->out_span, in, out);
}

ppfft_status plan_build(ppfft_context *c, const problem *pb, const variant *v, ppfft_plan **out)
{
  ppfft_plan *p;
  ppfft_status s = plan_alloc(c, &p);
  if (s != PPFFT_SUCCESS) return s;
  p->npasses = 1;
  p->pass[0].pb = *pb;
  p->pass[0].v = *v;
  p->f64 = pb->f64;
  p->prec = problem_precision(pb);
  p->inplace = pb->inplace;
  p->in_planar = pb->in_planar;
  p->out_planar = pb->out_planar;
  p->in_real = pb->r2c;
  p->out_real = pb->c2r;
  p->in_span = problem_span(pb, 0);
  p->out_span = problem_span(pb, 1);
  p->origin = PLAN_NAMED;
  variant_print(v, p->name, sizeof p->name);
  s = plan_build_pass(c, p, 0);
  set_roles(p, 0, pb->inplace ? BUF_OUT : BUF_IN, BUF_OUT);
  if (s != PPFFT_SUCCESS) {
    plan_free(p);
    return s;
  }
  *out = p;
  return PPFFT_SUCCESS;
}

ppfft_status plan_finish(ppfft_context *c, ppfft_plan *p, const transform *t, size_t tmp_elems)
{
  p->f64 = t->f64;
  p->prec = transform_precision(t);
  p->inplace = t->inplace;
  p->in_planar = t->in.planar;
  p->out_planar = t->out.planar;
  p->in_real = transform_side_is_real(t, 0);
  p->out_real = transform_side_is_real(t, 1);
  p->in_span = transform_span(t, 0);
  p->out_span = transform_span(t, 1);
  c->be->set_npasses(p->chain, p->npasses);
  variant vs[DECOMPOSE_MAX_PASSES];
  int n = 0;
  for (int i = 0; i < p->npasses; ++i)
    if (!p->pass[i].transpose && !p->pass[i].pointwise) vs[n++] = p->pass[i].v;
  plan_string_print(vs, n, p->name, sizeof p->name);
  if (!tmp_elems) return PPFFT_SUCCESS;
  return c->be->alloc_tmp(c->rt, &c->err, p->chain, tmp_elems * transform_elem_bytes(t));
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
    ps->pointwise = pd[i].pointwise;
    ps->chirp_n = pd[i].chirp_n;
    if (pd[i].variant >= 0) ps->v = vs[pd[i].variant];
    s = plan_build_pass(c, p, i);
    set_roles(p, i, pd[i].src, pd[i].dst);
  }
  if (s == PPFFT_SUCCESS) s = plan_finish(c, p, t, tmp);
  if (s != PPFFT_SUCCESS) {
    plan_free(p);
    return s;
  }
  p->origin = PLAN_NAMED;
  *out = p;
  return PPFFT_SUCCESS;
}
