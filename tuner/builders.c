/* ppfft-tune's builder processes (builders.h). */
#include "builders.h"
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

unsigned builders_start(builders *b, const char *path, int argc, char **argv, unsigned count, double budget)
{
  memset(b, 0, sizeof *b);
  b->fd = -1;
  int pfd[2];
  if (count == 0 || pipe(pfd) != 0) return 0;
  /* an inherited SIGCHLD = SIG_IGN would reap the builders at once and waitpid would not wait */
  signal(SIGCHLD, SIG_DFL);
  char budget_arg[32], share[32];
  snprintf(budget_arg, sizeof budget_arg, "%.3f", budget);
  char **args = calloc((size_t)argc + 5, sizeof *args);
  b->pid = calloc(count, sizeof *b->pid);
  b->passed = calloc(count, sizeof *b->passed);
  b->state = calloc(count, sizeof *b->state);
  posix_spawn_file_actions_t fa;
  if (args && b->pid && b->passed && b->state && posix_spawn_file_actions_init(&fa) == 0) {
    posix_spawn_file_actions_adddup2(&fa, pfd[1], 1);
    posix_spawn_file_actions_addclose(&fa, pfd[0]);
    posix_spawn_file_actions_addclose(&fa, pfd[1]);
    for (int i = 0; i < argc; ++i) args[i] = argv[i];
    args[argc] = "--budget", args[argc + 1] = budget_arg, args[argc + 2] = "--build-share", args[argc + 3] = share;
    for (unsigned j = 0; j < count; ++j) {
      snprintf(share, sizeof share, "%u/%u", j, count);
      if ((path && posix_spawn(&b->pid[b->count], path, &fa, NULL, args, environ) == 0) ||
          posix_spawnp(&b->pid[b->count], argv[0], &fa, NULL, args, environ) == 0)
        b->state[b->count++] = -1;
    }
    posix_spawn_file_actions_destroy(&fa);
  }
  free(args);
  close(pfd[1]);
  if (b->count) b->fd = pfd[0];
  else {
    close(pfd[0]);
    builders_stop(b);
  }
  return b->count;
}

/* Marks builder j ended with the given wait status. */
static void ended(builders *b, unsigned j, int status)
{
  b->state[j] = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  b->passed[j] = SIZE_MAX;
}

/* Reads what the pipe holds: each complete report "j i\n" moves builder j past problem i. */
static void read_reports(builders *b)
{
  char buf[512];
  ssize_t got = read(b->fd, buf, sizeof buf);
  if (got < 0 && errno == EINTR) return;
  if (got <= 0) { /* every builder has closed its end: none reports again */
    close(b->fd);
    b->fd = -1;
    for (unsigned j = 0; j < b->count; ++j) b->passed[j] = SIZE_MAX;
    return;
  }
  for (ssize_t k = 0; k < got; ++k) {
    if (buf[k] != '\n') {
      if (b->have + 1 < sizeof b->line) b->line[b->have++] = buf[k];
      else b->have = sizeof b->line; /* not a report: dropped at its newline */
      continue;
    }
    unsigned j;
    size_t i;
    if (b->have < sizeof b->line) {
      b->line[b->have] = 0;
      if (sscanf(b->line, "%u %zu", &j, &i) == 2 && j < b->count && b->passed[j] != SIZE_MAX && i + 1 > b->passed[j])
        b->passed[j] = i + 1;
    }
    b->have = 0;
  }
}

void builders_await(builders *b, size_t index, double deadline, double (*now_s)(void))
{
  for (;;) {
    int waiting = 0;
    for (unsigned j = 0; j < b->count; ++j) {
      int status;
      if (b->state[j] == -1 && waitpid(b->pid[j], &status, WNOHANG) == b->pid[j]) ended(b, j, status);
      waiting |= b->passed[j] <= index;
    }
    double left = deadline - now_s();
    if (!waiting || b->fd < 0 || left <= 0) return;
    struct pollfd p = {b->fd, POLLIN, 0};
    int ms = left > 0.2 ? 200 : (int)(left * 1000) + 1; /* wake now and then to reap a builder that died */
    if (poll(&p, 1, ms) > 0) read_reports(b);
  }
}

void builders_report(unsigned share, size_t index)
{
  printf("%u %zu\n", share, index);
  fflush(stdout);
}

unsigned builders_stop(builders *b)
{
  unsigned ok = 0, bad = 0;
  for (unsigned j = 0; j < b->count; ++j) {
    int status = 0, by_us = 0;
    if (b->state[j] == -1) { /* still building: the timing is over */
      kill(b->pid[j], SIGTERM);
      if (waitpid(b->pid[j], &status, 0) == b->pid[j]) {
        ended(b, j, status);
        by_us = WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM;
      }
    }
    if (b->state[j] == 1 || by_us) ++ok;
    else ++bad;
  }
  if (bad) fprintf(stderr, "ppfft-tune: %u of %u builders ended badly; the timing run built their shares itself\n", bad, b->count);
  if (b->fd >= 0) close(b->fd);
  free(b->pid), free(b->passed), free(b->state);
  memset(b, 0, sizeof *b);
  b->fd = -1;
  return ok;
}
