/* Parsing and printing wisdom text: strict, so that a damaged file is rejected whole with the line
 * that is wrong, never half applied. */
#include "wisdom/format.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_FIELDS = 6, MAX_LINE = 4096 };

/* Splits line into at most MAX_FIELDS space-separated fields; returns how many (MAX_FIELDS + 1 when
 * there are more). */
static size_t split_fields(char *line, char **f)
{
  size_t n = 0;
  for (char *save = NULL, *t = strtok_r(line, " \t\r", &save); t; t = strtok_r(NULL, " \t\r", &save)) {
    if (n == MAX_FIELDS) return MAX_FIELDS + 1;
    f[n++] = t;
  }
  return n;
}

/* "g<decimal>" (no sign, no leading zero but "g0"), into *g; 0 on success. */
static int parse_generator(const char *s, unsigned *g)
{
  if (s[0] != 'g' || !isdigit((unsigned char)s[1]) || (s[1] == '0' && s[2]) || strlen(s) > 10) return -1;
  char *end;
  unsigned long x = strtoul(s + 1, &end, 10);
  if (*end) return -1;
  *g = (unsigned)x;
  return 0;
}

/* The fields of one entry line into e (version 1: device, problem, plan, ms; version 2: device,
 * class, generator, problem, plan, ms); 0, or -1 with the reason in msg. */
static int parse_entry(int version, char **f, size_t nf, wisdom_entry *e, char *msg, size_t len)
{
  size_t want = version == 1 ? 4 : 6;
  if (nf != want)
    return snprintf(msg, len, "expected \"%s\", found %zu fields",
                    version == 1 ? "<device> <problem> <plan> <ms>" : "<device> <class> g<generator> <problem> <plan> <ms>", nf),
           -1;
  const char *device = f[0], *arch = version == 1 ? NULL : f[1], *pkey = f[want - 3], *plan = f[want - 2], *ms = f[want - 1];
  memset(e, 0, sizeof *e);
  char *end;
  e->ms = strtod(ms, &end);
  variant vs[DECOMPOSE_MAX_PASSES];
  char why[256];
  if (strlen(device) >= sizeof e->device || !device_name_ok(device, 1) || !strchr(device, '/'))
    return snprintf(msg, len, "device \"%.80s\" is not a device key (vendor/device/driver)", device), -1;
  if (arch && (strlen(arch) >= sizeof e->arch || !device_name_ok(arch, 1)))
    return snprintf(msg, len, "architecture class \"%.80s\" is not a normalised name", arch), -1;
  if (arch && parse_generator(f[2], &e->generator) != 0)
    return snprintf(msg, len, "generator \"%.20s\" is not g<number>", f[2]), -1;
  if (problem_key_parse(pkey, e->base, sizeof e->base, &e->batch_log4, why, sizeof why) != 0)
    return snprintf(msg, len, "%s", why), -1;
  if (strlen(plan) >= sizeof e->plan)
    return snprintf(msg, len, "the plan string is longer than %zu characters", sizeof e->plan - 1), -1;
  if (plan_string_parse(plan, vs, DECOMPOSE_MAX_PASSES, why, sizeof why) < 0)
    return snprintf(msg, len, "plan \"%.100s\": %s", plan, why), -1;
  if (*end || !isfinite(e->ms) || e->ms < 0) return snprintf(msg, len, "time \"%.40s\" is not a number of milliseconds", ms), -1;
  snprintf(e->device, sizeof e->device, "%s", device);
  if (arch) snprintf(e->arch, sizeof e->arch, "%s", arch);
  else snprintf(e->arch, sizeof e->arch, "%.*s", (int)(strrchr(device, '/') - device), device); /* version 1: the device itself */
  snprintf(e->plan, sizeof e->plan, "%s", plan);
  return 0;
}

int wisdom_parse(const char *text, wisdom_entry **out, size_t *count, char *msg, size_t len)
{
  *out = NULL;
  *count = 0;
  size_t cap = 0, lineno = 0;
  int version = 0, status = 0;
  char *line = malloc(MAX_LINE);
  if (!line) return -2;
  for (const char *s = text; *s && status == 0;) {
    size_t l = strcspn(s, "\n");
    ++lineno;
    if (l >= MAX_LINE) {
      snprintf(msg, len, "line %zu: longer than %d characters", lineno, MAX_LINE - 1);
      status = -1;
      break;
    }
    memcpy(line, s, l);
    line[l] = '\0';
    s += l + (s[l] == '\n');
    char *f[MAX_FIELDS + 1];
    size_t nf = line[0] == '#' ? 0 : split_fields(line, f);
    if (nf == 0) continue;
    if (!version) {
      if (nf != 2 || strcmp(f[0], "ppfft-wisdom") != 0) {
        snprintf(msg, len, "line %zu: not ppfft wisdom (the first line must be \"ppfft-wisdom %d\")", lineno, WISDOM_FORMAT_VERSION);
        status = -1;
      } else if (strcmp(f[1], "1") != 0 && strcmp(f[1], "2") != 0) {
        snprintf(msg, len, "line %zu: wisdom version %.20s; this ppfft reads versions 1 and 2", lineno, f[1]);
        status = -1;
      } else {
        version = f[1][0] - '0';
      }
      continue;
    }
    wisdom_entry e;
    char why[400];
    if (parse_entry(version, f, nf, &e, why, sizeof why) != 0) {
      snprintf(msg, len, "line %zu: %s", lineno, why);
      status = -1;
      break;
    }
    if (*count == cap) {
      cap = cap ? 2 * cap : 32;
      wisdom_entry *grown = realloc(*out, cap * sizeof *grown);
      if (!grown) {
        status = -2;
        break;
      }
      *out = grown;
    }
    (*out)[(*count)++] = e;
  }
  free(line);
  if (status == 0 && !version) {
    snprintf(msg, len, "line %zu: no \"ppfft-wisdom %d\" header", lineno, WISDOM_FORMAT_VERSION);
    status = -1;
  }
  if (status != 0) {
    free(*out);
    *out = NULL;
    *count = 0;
  }
  return status;
}

void wisdom_print_header(text_buf *b)
{
  tb_printf(b, "ppfft-wisdom %d\n# <device> <architecture class> g<generator> <problem> <plan> <median ms>\n", WISDOM_FORMAT_VERSION);
}

void wisdom_print_entry(text_buf *b, const wisdom_entry *e)
{
  tb_printf(b, "%s %s g%u %s:b%llu %s %.6g\n", e->device, e->arch, e->generator, e->base, 1ull << (2 * e->batch_log4), e->plan, e->ms);
}
