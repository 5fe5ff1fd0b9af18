/* Reading and writing wisdom files, and the default places. */
#include "wisdom/files.h"
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int wisdom_write_file(const char *path, const char *head, const char *text)
{
  size_t len = strlen(path) + 16;
  char *tmp = malloc(len);
  if (!tmp) return -1;
  snprintf(tmp, len, "%s.XXXXXX", path);
  int fd = mkstemp(tmp);
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  int ok = f && fputs(head, f) != EOF && fputs(text, f) != EOF;
  ok = ok && fflush(f) == 0 && fsync(fd) == 0;
  if (f) ok = fclose(f) == 0 && ok;
  else if (fd >= 0) close(fd);
  ok = ok && chmod(tmp, 0644) == 0 && rename(tmp, path) == 0;
  int saved = errno;
  if (!ok && fd >= 0) unlink(tmp);
  free(tmp);
  errno = saved;
  return ok ? 0 : -1;
}

char *wisdom_read_file(const char *path)
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

/* "a/b" in a new string (caller frees), NULL when out of memory. */
static char *join(const char *a, const char *b)
{
  size_t la = strlen(a), lb = strlen(b);
  char *s = malloc(la + lb + 2);
  if (s) memcpy(s, a, la), s[la] = '/', memcpy(s + la + 1, b, lb + 1);
  return s;
}

static int cmp_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Calls f for a file, or for every *.wisdom file of a folder (not of folders inside it) in name
 * order. */
static void each_in(const char *path, void (*f)(const char *file, void *arg), void *arg)
{
  DIR *d = opendir(path);
  if (!d) {
    f(path, arg);
    return;
  }
  char **names = NULL;
  size_t n = 0, cap = 0;
  for (struct dirent *e; (e = readdir(d));) {
    size_t l = strlen(e->d_name);
    if (l < 8 || strcmp(e->d_name + l - 7, ".wisdom") != 0) continue;
    if (n == cap) {
      char **grown = realloc(names, (cap = cap ? 2 * cap : 8) * sizeof *grown);
      if (!grown) break;
      names = grown;
    }
    if (!(names[n] = join(path, e->d_name))) break;
    ++n;
  }
  closedir(d);
  if (n > 1) qsort(names, n, sizeof *names, cmp_names);
  for (size_t i = 0; i < n; ++i) {
    f(names[i], arg);
    free(names[i]);
  }
  free(names);
}

void wisdom_each_default_file(const char *installed, void (*f)(const char *file, void *arg), void *arg)
{
  each_in(installed, f, arg);
  const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
  char *dir = xdg && *xdg ? join(xdg, "ppfft/wisdom") : home && *home ? join(home, ".local/share/ppfft/wisdom") : NULL;
  if (dir) each_in(dir, f, arg);
  free(dir);
  const char *list = getenv("PPFFT_WISDOM_PATH");
  if (!list || !*list) return;
  /* the first entry of the path wins, so from the last to the first */
  size_t n = strlen(list);
  char *copy = malloc(n + 1);
  if (!copy) return;
  memcpy(copy, list, n + 1);
  for (;;) {
    char *colon = strrchr(copy, ':');
    char *item = colon ? colon + 1 : copy;
    if (*item) each_in(item, f, arg);
    if (!colon) break;
    *colon = '\0';
  }
  free(copy);
}

typedef struct importer {
  wisdom_store *w;
  const device_names *self;
} importer;

/* Imports one file quietly: a default location with a bad or foreign file must not stop a context
 * from being made. */
static void import_file(const char *path, void *arg)
{
  const importer *im = arg;
  char *text = wisdom_read_file(path);
  size_t skipped;
  char msg[256];
  if (text) wisdom_import(im->w, im->self, text, &skipped, msg, sizeof msg);
  free(text);
}

void wisdom_load_defaults(wisdom_store *w, const device_names *self, const char *installed)
{
  importer im = {w, self};
  wisdom_each_default_file(installed, import_file, &im); /* a later import replaces an earlier entry */
}
