/* The public wisdom functions, and the wisdom a context loads when it is created. */
#include "context.h"
#include "wisdom.h"
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef PPFFT_WISDOM_DIR
#define PPFFT_WISDOM_DIR "/usr/local/share/ppfft/wisdom"
#endif

ppfft_status ppfft_wisdom_import_string(ppfft_context *c, const char *text)
{
  if (!c) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the ppfft context is NULL");
  if (!text) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the wisdom text is NULL");
  char msg[512] = "";
  size_t skipped = 0;
  int r = wisdom_import(&c->wisdom, c->key, text, &skipped, msg, sizeof msg);
  if (r == -2) return err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory importing wisdom");
  if (r != 0) return err_set(c, PPFFT_ERROR_WISDOM, "malformed wisdom, nothing imported: %s", msg);
  if (skipped)
    err_set(c, PPFFT_SUCCESS, "%zu wisdom entries are for other devices and were not applied (this device: %s)", skipped, c->key);
  return PPFFT_SUCCESS;
}

/* The whole file in a new string; NULL with errno set on failure. */
static char *read_file(const char *path)
{
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    n += fread(buf + n, 1, cap - n - 1, f);
    if (n < cap - 1) break;
    char *grown = cap < ((size_t)1 << 28) ? realloc(buf, cap *= 2) : NULL;
    if (!grown) {
      free(buf);
      buf = NULL;
      errno = EFBIG;
    }
    buf = grown;
  }
  int bad = ferror(f);
  fclose(f);
  if (buf && bad) {
    free(buf);
    return NULL;
  }
  if (buf) buf[n] = '\0';
  return buf;
}

ppfft_status ppfft_wisdom_import_file(ppfft_context *c, const char *path)
{
  if (!c) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the ppfft context is NULL");
  if (!path) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the wisdom path is NULL");
  char *text = read_file(path);
  if (!text) return err_set(c, PPFFT_ERROR_IO, "cannot read wisdom file %s: %s", path, strerror(errno));
  if (strlen(text) == 0) {
    free(text);
    return err_set(c, PPFFT_ERROR_WISDOM, "wisdom file %s is empty", path);
  }
  ppfft_status s = ppfft_wisdom_import_string(c, text);
  free(text);
  if (s == PPFFT_ERROR_WISDOM) { /* name the file too */
    char msg[600];
    snprintf(msg, sizeof msg, "%s", ppfft_context_last_error(c));
    return err_set(c, s, "%s: %s", path, msg);
  }
  return s;
}

char *ppfft_wisdom_export_string(ppfft_context *c)
{
  if (!c) return NULL;
  char *text = wisdom_export(&c->wisdom, c->key);
  if (!text) err_set(c, PPFFT_ERROR_OUT_OF_MEMORY, "out of memory exporting wisdom");
  return text;
}

ppfft_status ppfft_wisdom_export_file(ppfft_context *c, const char *path)
{
  if (!c) return err_set(NULL, PPFFT_ERROR_INVALID_ARGUMENT, "the ppfft context is NULL");
  if (!path) return err_set(c, PPFFT_ERROR_INVALID_ARGUMENT, "the wisdom path is NULL");
  char *text = ppfft_wisdom_export_string(c);
  if (!text) return PPFFT_ERROR_OUT_OF_MEMORY;
  FILE *f = fopen(path, "w");
  ppfft_status s = PPFFT_SUCCESS;
  if (!f || fputs(text, f) == EOF) s = err_set(c, PPFFT_ERROR_IO, "cannot write wisdom file %s: %s", path, strerror(errno));
  if (f && fclose(f) != 0 && s == PPFFT_SUCCESS) s = err_set(c, PPFFT_ERROR_IO, "cannot write wisdom file %s: %s", path, strerror(errno));
  free(text);
  return s;
}

void ppfft_wisdom_forget(ppfft_context *c)
{
  if (c) wisdom_forget(&c->wisdom);
}

/* Imports a file, or every *.wisdom file of a folder, quietly: a default location with a bad or
 * foreign file must not stop a context from being made. */
static void import_quietly(ppfft_context *c, const char *path)
{
  DIR *d = opendir(path);
  if (!d) {
    char *text = read_file(path);
    size_t skipped;
    char msg[256];
    if (text) wisdom_import(&c->wisdom, c->key, text, &skipped, msg, sizeof msg);
    free(text);
    return;
  }
  for (struct dirent *e; (e = readdir(d));) {
    size_t l = strlen(e->d_name);
    if (l < 8 || strcmp(e->d_name + l - 7, ".wisdom") != 0) continue;
    char file[4096];
    if ((size_t)snprintf(file, sizeof file, "%s/%s", path, e->d_name) < sizeof file) import_quietly(c, file);
  }
  closedir(d);
}

void wisdom_load_defaults(ppfft_context *c)
{
  /* lowest precedence first: a later import replaces an earlier entry for the same problem */
  import_quietly(c, PPFFT_WISDOM_DIR);
  char dir[4096];
  const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
  if (xdg && *xdg) snprintf(dir, sizeof dir, "%s/ppfft/wisdom", xdg), import_quietly(c, dir);
  else if (home && *home) snprintf(dir, sizeof dir, "%s/.local/share/ppfft/wisdom", home), import_quietly(c, dir);
  const char *list = getenv("PPFFT_WISDOM_PATH");
  if (!list || !*list) return;
  /* the first entry of the path wins, so import from the last to the first */
  size_t n = strlen(list);
  char *copy = malloc(n + 1);
  if (!copy) return;
  memcpy(copy, list, n + 1);
  for (;;) {
    char *colon = strrchr(copy, ':');
    char *item = colon ? colon + 1 : copy;
    if (*item) import_quietly(c, item);
    if (!colon) break;
    *colon = '\0';
  }
  free(copy);
}
