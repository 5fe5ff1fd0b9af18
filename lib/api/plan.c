/* ppfft_plan_* and ppfft_desc_init: descriptors in, plans out.  What a plan runs is decided by the
 * planner (plan/planner.h). */
#include "plan/planner.h"
#include <stdio.h>
#include <string.h>

void ppfft_desc_init(ppfft_desc *d, int rank, const size_t *n, size_t batch)
{
  if (!d || !n) return;
  *d = (ppfft_desc){0};
  d->rank = rank;
  for (int i = 0; i < rank && i < 3; ++i) d->n[i] = n[i];
  d->batch = batch;
  d->precision = PPFFT_F32;
  d->kind = PPFFT_C2C;
  d->direction = PPFFT_FORWARD;
  d->in_layout = d->out_layout = PPFFT_INTERLEAVED;
  d->scale = 1.0;
}

/* The descriptor as a transform, and whether the device can hold it: every plan writes a whole
 * transform set to one buffer. */
static ppfft_status validate(ppfft_context *c, const ppfft_desc *d, transform *t)
{
  ppfft_status s = transform_from_desc(&c->err, &c->info, d, t);
  if (s != PPFFT_SUCCESS) return s;
  size_t bytes = transform_length(t) * t->batch * transform_elem_bytes(t);
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
  ppfft_status s = validate(c, d, &t);
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
  const unsigned known = PPFFT_MEASURE | PPFFT_EXHAUSTIVE | PPFFT_WISDOM_ONLY | PPFFT_ABFT;
  if (flags & ~known) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "unknown plan flag bits 0x%x", flags & ~known);
  transform t;
  ppfft_status s = validate(c, d, &t);
  return s == PPFFT_SUCCESS ? planner_plan(c, &t, flags, out) : s;
}

/* Where the plan came from, as describe's note (empty for a named variant). */
static const char *origin_note(const ppfft_plan *p)
{
  switch (p->origin) {
  case PLAN_ESTIMATE: return " (from the estimate)";
  case PLAN_MEASURED: return " (measured)";
  case PLAN_WISDOM:
    return p->level == WISDOM_EXACT    ? " (from wisdom: this device)"
           : p->level == WISDOM_DRIVER ? " (from wisdom: this device under another driver)"
                                       : " (from wisdom: this architecture class)";
  case PLAN_NAMED: break;
  }
  return "";
}

ppfft_status ppfft_plan_describe(const ppfft_plan *p, char *buf, size_t len)
{
  if (!p) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the plan is NULL");
  if (!buf || len == 0) return err_set(p->ctx, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_plan_describe: no buffer");
  char tmp[64] = "";
  size_t tmp_bytes = p->ctx->be->tmp_bytes(p->chain);
  if (tmp_bytes) snprintf(tmp, sizeof tmp, " (temporary buffer: %zu bytes)", tmp_bytes);
  const char *note = origin_note(p);
  size_t n = strlen(p->name) + strlen(note) + strlen(tmp);
  if (n + 1 > len) {
    buf[0] = '\0';
    return err_set(p->ctx, PPFFT_ERROR_INVALID_ARGUMENT, "ppfft_plan_describe: the buffer needs %zu bytes", n + 1);
  }
  snprintf(buf, len, "%s%s%s", p->name, note, tmp);
  return PPFFT_SUCCESS;
}

void ppfft_plan_destroy(ppfft_plan *p) { plan_free(p); }
