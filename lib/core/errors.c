/* Per-thread messages on pthread keys: a thread's first message allocates its buffer, which the
 * errors object (or, for the context-less slot, the thread's exit) frees. */
#include "core/errors.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct error_message {
  struct error_message *next;
  char *text;
};

static pthread_key_t contextless_key;
static pthread_once_t contextless_once = PTHREAD_ONCE_INIT;
static int contextless_ok;

static void free_message(void *p)
{
  struct error_message *m = p;
  if (m) free(m->text);
  free(m);
}

static void make_contextless_key(void) { contextless_ok = pthread_key_create(&contextless_key, free_message) == 0; }

int errors_init(errors *e)
{
  memset(e, 0, sizeof *e);
  if (pthread_key_create(&e->key, NULL) != 0) return -1;
  if (pthread_mutex_init(&e->lock, NULL) != 0) {
    pthread_key_delete(e->key);
    return -1;
  }
  return 0;
}

void errors_destroy(errors *e)
{
  pthread_key_delete(e->key);
  for (struct error_message *m = e->all, *next; m; m = next) {
    next = m->next;
    free_message(m);
  }
  pthread_mutex_destroy(&e->lock);
}

/* The calling thread's message for e, made on first use; NULL if that fails. */
static struct error_message *message(const errors *e, int create)
{
  pthread_once(&contextless_once, make_contextless_key);
  if (!e && !contextless_ok) return NULL;
  pthread_key_t key = e ? e->key : contextless_key;
  struct error_message *m = pthread_getspecific(key);
  if (m || !create) return m;
  m = calloc(1, sizeof *m);
  if (!m) return NULL;
  if (pthread_setspecific(key, m) != 0) {
    free(m);
    return NULL;
  }
  if (e) { /* the list is the errors object's own bookkeeping */
    errors *me = (errors *)e;
    pthread_mutex_lock(&me->lock);
    m->next = me->all;
    me->all = m;
    pthread_mutex_unlock(&me->lock);
  }
  return m;
}

ppfft_status errors_vset(const errors *e, ppfft_status s, const char *fmt, va_list ap)
{
  struct error_message *m = message(e, 1);
  if (!m) return s;
  va_list again;
  va_copy(again, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  if (n == 0) fmt = "(no details)", n = 12; /* a failure always says something */
  /* a new buffer, since an argument may be this thread's last message itself */
  char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (text) {
    vsnprintf(text, (size_t)n + 1, fmt, again);
    free(m->text);
    m->text = text;
  }
  va_end(again);
  return s;
}

ppfft_status errors_set(const errors *e, ppfft_status s, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  errors_vset(e, s, fmt, ap);
  va_end(ap);
  return s;
}

const char *errors_last(const errors *e)
{
  const struct error_message *m = message(e, 0);
  return m && m->text ? m->text : "";
}

void errors_clear_contextless(void)
{
  struct error_message *m = message(NULL, 0);
  if (m && m->text) m->text[0] = '\0';
}
