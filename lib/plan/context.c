/* err_set. */
#include "plan/context.h"

ppfft_status err_set(const ppfft_context *c, ppfft_status s, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  errors_vset(ctx_errors(c), s, fmt, ap);
  va_end(ap);
  return s;
}
