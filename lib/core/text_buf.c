/* text_buf: the growable text of the generator and of wisdom export. */
#include "core/text_buf.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void text_buf_init(text_buf *b) { *b = (text_buf){0}; }

void text_buf_free(text_buf *b)
{
  free(b->data);
  *b = (text_buf){0};
}

int text_buf_failed(const text_buf *b) { return b->failed; }

static int reserve(text_buf *b, size_t extra)
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

void tb_printf(text_buf *b, const char *fmt, ...)
{
  if (b->failed) return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0 || !reserve(b, (size_t)n)) {
    b->failed = TEXT_BUF_OUT_OF_MEMORY;
    return;
  }
  va_start(ap, fmt);
  vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

void tb_format(text_buf *b, char *buf, size_t n, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(buf, n, fmt, ap);
  va_end(ap);
  if ((k < 0 || (size_t)k >= n) && !b->failed) b->failed = TEXT_BUF_TRUNCATED;
}

char *text_buf_take(text_buf *b)
{
  if (b->failed || !reserve(b, 0)) {
    text_buf_free(b);
    return NULL;
  }
  b->data[b->len] = '\0';
  char *d = b->data;
  *b = (text_buf){0};
  return d;
}
