/* A growable text buffer with a sticky error: once an append fails (out of memory), every later
 * append does nothing and gen_buf_failed() says so, so emitters need no error checks of their own. */
#ifndef PPFFT_GEN_BUF_H
#define PPFFT_GEN_BUF_H
#include <stddef.h>

typedef struct gen_buf {
  char *data;
  size_t len, cap;
  int failed;
} gen_buf;

void gen_buf_init(gen_buf *b);
void gen_buf_free(gen_buf *b);
int gen_buf_failed(const gen_buf *b);

/* Appends formatted text. */
void gb_printf(gen_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Takes the text (NUL-terminated; caller free()s) and resets b; NULL if an append failed. */
char *gen_buf_take(gen_buf *b);

#endif
