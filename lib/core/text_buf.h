/* A growable text buffer with a sticky error: once an append fails (out of memory), or a short
 * expression built for it did not fit its array (tb_format), every later append does nothing and
 * text_buf_failed() says why, so emitters need no error checks of their own. */
#ifndef PPFFT_CORE_TEXT_BUF_H
#define PPFFT_CORE_TEXT_BUF_H
#include <stddef.h>

enum { TEXT_BUF_OUT_OF_MEMORY = 1, TEXT_BUF_TRUNCATED = 2 };

typedef struct text_buf {
  char *data;
  size_t len, cap;
  int failed; /* 0, TEXT_BUF_OUT_OF_MEMORY or TEXT_BUF_TRUNCATED */
} text_buf;

void text_buf_init(text_buf *b);
void text_buf_free(text_buf *b);

/* 0, or why an append failed. */
int text_buf_failed(const text_buf *b);

/* Appends formatted text. */
void tb_printf(text_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* snprintf into buf[n], for the short expressions emitters pass around: text that does not fit
 * sets b's sticky error (TEXT_BUF_TRUNCATED), so that no expression is ever used cut short. */
void tb_format(text_buf *b, char *buf, size_t n, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Takes the text (NUL-terminated; caller free()s) and resets b; NULL if an append failed. */
char *text_buf_take(text_buf *b);

#endif
