/* Making and releasing a context on a backend, and err_set. */
#include "plan/context.h"
#include "wisdom/files.h"
#include <stdlib.h>

ppfft_status err_set(const ppfft_context *c, ppfft_status s, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  errors_vset(ctx_errors(c), s, fmt, ap);
  va_end(ap);
  return s;
}

ppfft_status context_make(const backend *be, void *rt, const device_info *info, const char *dir, ppfft_context **out)
{
  ppfft_context *c = calloc(1, sizeof *c);
  if (!c) {
    be->destroy(rt);
    return errors_set(NULL, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory making the context");
  }
  c->be = be;
  c->rt = rt;
  c->cl = be == &backend_opencl ? rt : NULL;
  c->info = *info;
  int made = errors_init(&c->err) == 0;
  if (!made || wisdom_store_init(&c->wisdom) != 0) {
    if (made) errors_destroy(&c->err);
    be->destroy(rt);
    free(c);
    return errors_set(NULL, PPFFT_ERROR_OUT_OF_MEMORY, "cannot make the context's mutexes");
  }
  device_names_of(&c->info, &c->names);
  wisdom_load_defaults(&c->wisdom, &c->names, dir);
  *out = c;
  return PPFFT_SUCCESS;
}

void context_free(ppfft_context *c)
{
  if (!c) return;
  wisdom_store_destroy(&c->wisdom);
  errors_destroy(&c->err);
  c->be->destroy(c->rt);
  free(c);
}
