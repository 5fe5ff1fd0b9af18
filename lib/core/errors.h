/* Error messages: the last failure's message, kept per thread for each ppfft context (and in one
 * context-less slot per thread for ppfft_context_create*), so a caller can ask what went wrong.
 * Messages grow to whatever they need: a build log is never cut short. */
#ifndef PPFFT_CORE_ERRORS_H
#define PPFFT_CORE_ERRORS_H
#include "ppfft.h"
#include <pthread.h>
#include <stdarg.h>

typedef struct errors {
  pthread_key_t key;          /* this thread's message */
  pthread_mutex_t lock;       /* guards all */
  struct error_message *all;  /* every thread's message, freed with the errors */
} errors;

/* 0 on success, -1 when the key or mutex cannot be made. */
int errors_init(errors *e);
void errors_destroy(errors *e);

/* Records a formatted message as the calling thread's last error (e NULL: the context-less slot)
 * and returns s, so that callers can write `return errors_set(...)`.  The arguments may include
 * the thread's last message.  Out of memory, the previous message stays. */
ppfft_status errors_set(const errors *e, ppfft_status s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
ppfft_status errors_vset(const errors *e, ppfft_status s, const char *fmt, va_list ap);

/* The calling thread's last message ("" if none); e NULL: the context-less slot. */
const char *errors_last(const errors *e);

/* Empties the calling thread's context-less slot (a new ppfft_context_create* call). */
void errors_clear_contextless(void);

#endif
