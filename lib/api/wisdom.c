/* ppfft_wisdom_*: importing and exporting a context's wisdom (wisdom/store.h has the format). */
#include "plan/context.h"
#include "wisdom/files.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ppfft_status ppfft_wisdom_import_string(ppfft_context *c, const char *text)
{
  if (!c) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the ppfft context is NULL");
  if (!text) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the wisdom text is NULL");
  char msg[512] = "";
  size_t skipped = 0;
  int r = wisdom_import(&c->wisdom, &c->names, text, &skipped, msg, sizeof msg);
  if (r == -2) return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory importing wisdom");
  if (r != 0) return err_set(c, PPFFT_ERROR_WISDOM, "malformed wisdom, nothing imported: %s", msg);
  if (skipped)
    err_set(c, PPFFT_SUCCESS, "%zu wisdom entries are for other devices and were not applied (this device: %s, class %s)", skipped,
            c->names.key, c->names.arch);
  return PPFFT_SUCCESS;
}

ppfft_status ppfft_wisdom_import_file(ppfft_context *c, const char *path)
{
  if (!c) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the ppfft context is NULL");
  if (!path) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the wisdom path is NULL");
  char *text = wisdom_read_file(path);
  if (!text) return err_set(c, PPFFT_ERROR_IO, "cannot read wisdom file %s: %s", path, strerror(errno));
  if (strlen(text) == 0) {
    free(text);
    return err_set(c, PPFFT_ERROR_WISDOM, "wisdom file %s is empty", path);
  }
  ppfft_status s = ppfft_wisdom_import_string(c, text);
  free(text);
  if (s == PPFFT_ERROR_WISDOM) err_set(c, s, "%s: %s", path, ppfft_context_last_error(c)); /* name the file too */
  return s;
}

char *ppfft_wisdom_export_string(ppfft_context *c)
{
  if (!c) return NULL;
  char *text = wisdom_export(&c->wisdom, NULL);
  if (!text) err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory exporting wisdom");
  return text;
}

ppfft_status ppfft_wisdom_export_file(ppfft_context *c, const char *path)
{
  if (!c) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the ppfft context is NULL");
  if (!path) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the wisdom path is NULL");
  char *text = ppfft_wisdom_export_string(c);
  if (!text) return PPFFT_ERROR_OUT_OF_MEMORY;
  ppfft_status s = PPFFT_SUCCESS;
  if (wisdom_write_file(path, "", text) != 0) s = err_set(c, PPFFT_ERROR_IO, "cannot write wisdom file %s: %s", path, strerror(errno));
  free(text);
  return s;
}

void ppfft_wisdom_forget(ppfft_context *c)
{
  if (c) wisdom_forget(&c->wisdom);
}
