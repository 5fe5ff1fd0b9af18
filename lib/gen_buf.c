/* gen_buf: the generator's level 0. */
#include "gen_buf.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void gen_buf_init(gen_buf *b) { *b = (gen_buf){0}; }

void gen_buf_free(gen_buf *b)
{
  free(b->data);
  *b = (gen_buf){0};
}

int gen_buf_failed(const gen_buf *b) { return b->failed; }

static int reserve(gen_buf *b, size_t extra)
{
  if (b->len + extra + 1 <= b->cap) return 1;
  size_t cap = b->cap ? b->cap : 4096;
  while (cap < b->len + extra + 1) cap *= 2;
  char *d = realloc(b->data, cap);
  if (!d) return 0;
  b->data = d;
  b->cap = cap;
  return 1;
}

void gb_printf(gen_buf *b, const char *fmt, ...)
{
  if (b->failed) return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0 || !reserve(b, (size_t)n)) {
    b->failed = 1;
    return;
  }
  va_start(ap, fmt);
  vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

char *gen_buf_take(gen_buf *b)
{
  if (b->failed || !reserve(b, 0)) {
    gen_buf_free(b);
    return NULL;
  }
  b->data[b->len] = '\0';
  char *d = b->data;
  *b = (gen_buf){0};
  return d;
}
