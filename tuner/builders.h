/* ppfft-tune's builder processes: this program again, with --build-share j/J, each compiling its
 * share of every problem's candidates into the disk cache, problem by problem, and saying on a pipe
 * when it has finished one.  The timing process times problem i as soon as every builder has passed
 * it, so building (the CPU) and timing (the device) overlap instead of following each other. */
#ifndef PPFFT_TUNER_BUILDERS_H
#define PPFFT_TUNER_BUILDERS_H
#include <stddef.h>
#include <sys/types.h>

typedef struct builders {
  unsigned count;   /* processes started (0: none; the timing process builds what it times) */
  pid_t *pid;
  size_t *passed;   /* per builder: problems it has finished (SIZE_MAX once it has ended) */
  int *state;       /* per builder: -1 running, 1 ended with exit status 0, 0 ended otherwise */
  int fd;           /* the pipe's read end, -1 once every builder has closed it */
  char line[64];    /* a report read in part ("j i\n": at most 42 characters) */
  size_t have;
} builders;

/* Starts count builders: the program `path` (NULL or one that cannot start: argv[0] through PATH)
 * with argv (argc entries) and "--budget BUDGET --build-share j/count" appended, their standard
 * output the pipe, their errors shown.  Returns how many started (*b describes them; builders_stop
 * frees it).  None where count is 0 or the processes cannot start. */
unsigned builders_start(builders *b, const char *path, int argc, char **argv, unsigned count, double budget);

/* Waits until every builder has finished problem `index` (0-based) or ended, or until the monotonic
 * clock (now_s's) reaches deadline. */
void builders_await(builders *b, size_t index, double deadline, double (*now_s)(void));

/* A builder's report that it has finished problem `index` (its standard output is the pipe). */
void builders_report(unsigned share, size_t index);

/* Stops the builders still running (SIGTERM: the timing is over), reaps them all and frees *b.
 * Returns how many ended well or were stopped. */
unsigned builders_stop(builders *b);

#endif
