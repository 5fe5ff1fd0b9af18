/* Counts the distinct kernel texts the estimate's plans for N = A..B (C2C forward, backward, R2C, C2R, batch B) build, without
 * compiling: the backend's pass_build is replaced by one that hashes the source.  bench/every-length-cost.sh builds and runs it. */
#include "plan/context.h"
#include "plan/backend.h"
#include "core/hash.h"
#include <ppfft.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t seen[200000]; static size_t nseen, bytes_all, bytes_distinct, builds;
static char kindtag[64];
static FILE *log_f;
static ppfft_status fake_build(void *rt, const errors *e, void *x, int i, const pass_code *k)
{
  (void)rt; (void)e; (void)x; (void)i;
  uint64_t h = hash_string(HASH_OFFSET, k->source);
  ++builds; bytes_all += strlen(k->source);
  for (size_t j = 0; j < nseen; ++j) if (seen[j] == h) return PPFFT_SUCCESS;
  seen[nseen++] = h; bytes_distinct += strlen(k->source);
  if (log_f) fprintf(log_f, "%s\t%016llx\t%zu\t%s\n", kindtag, (unsigned long long)h, strlen(k->source), k->what);
  return PPFFT_SUCCESS;
}

int main(int argc, char **argv)
{
  size_t a = argc > 1 ? strtoul(argv[1], 0, 10) : 2, b = argc > 2 ? strtoul(argv[2], 0, 10) : 1024, batch = argc > 3 ? strtoul(argv[3], 0, 10) : 1;
  log_f = argc > 4 ? fopen(argv[4], "w") : NULL;
  ppfft_context *c;
  if (ppfft_context_create_default(&c) != PPFFT_SUCCESS) return 1;
  static backend fake; fake = *c->be; fake.pass_build = fake_build; c->be = &fake;
  for (size_t n = a; n <= b; ++n)
    for (int k = 0; k < 4; ++k) {
      ppfft_desc d; ppfft_desc_init(&d, 1, &n, batch);
      if (k == 1) d.direction = PPFFT_BACKWARD;
      if (k == 2) d.kind = PPFFT_R2C;
      if (k == 3) d.kind = PPFFT_C2R;
      snprintf(kindtag, sizeof kindtag, "%zu\t%d", n, k);
      ppfft_plan *p;
      if (ppfft_plan_create(c, &d, 0, &p) != PPFFT_SUCCESS) { printf("N=%zu k=%d: %s\n", n, k, ppfft_context_last_error(c)); continue; }
      ppfft_plan_destroy(p);
    }
  printf("N %zu..%zu batch %zu: %zu builds, %zu distinct texts, %.1f MB all, %.1f MB distinct\n", a, b, batch, builds, nseen, bytes_all / 1e6, bytes_distinct / 1e6);
  if (log_f) fclose(log_f);
  return 0;
}
