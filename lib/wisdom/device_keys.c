/* device_names_of and device_match. */
#include "wisdom/device_keys.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Appends s to buf lower-cased, with runs of other characters than letters, digits and '.' folded
 * to one '-', none at the start. */
static void append_norm(char *buf, size_t len, size_t *at, const char *s)
{
  int dash = 0;
  for (; *s && *at + 1 < len; ++s) {
    unsigned char ch = (unsigned char)*s;
    if (isalnum(ch) || ch == '.') {
      if (dash && *at > 0 && buf[*at - 1] != '/') buf[(*at)++] = '-';
      if (*at + 1 < len) buf[(*at)++] = (char)tolower(ch);
      dash = 0;
    } else {
      dash = 1;
    }
  }
  buf[*at] = '\0';
}

void device_names_of(const device_info *di, device_names *out)
{
  size_t at = 0;
  char *k = out->key;
  k[0] = '\0';
  append_norm(k, sizeof out->key, &at, di->vendor);
  k[at++] = '/';
  append_norm(k, sizeof out->key, &at, di->name);
  size_t device_len = at;
  k[at++] = '/';
  append_norm(k, sizeof out->key, &at, di->driver);
  if (di->cc_major) snprintf(out->arch, sizeof out->arch, "%s-sm%u%u", di->cuda ? "cuda" : "nvidia", di->cc_major, di->cc_minor);
  else snprintf(out->arch, sizeof out->arch, "%.*s", (int)device_len, k);
}

/* The length of key's device part (up to its last '/'); the whole key if it has none. */
static size_t device_part(const char *key)
{
  const char *slash = strrchr(key, '/');
  return slash ? (size_t)(slash - key) : strlen(key);
}

wisdom_level device_match(const device_names *self, const char *key, const char *arch)
{
  if (strcmp(key, self->key) == 0) return WISDOM_EXACT;
  size_t n = device_part(key);
  if (n == device_part(self->key) && strncmp(key, self->key, n) == 0) return WISDOM_DRIVER;
  if (strcmp(arch, self->arch) == 0) return WISDOM_ARCH;
  return WISDOM_NONE;
}

const char *wisdom_level_name(wisdom_level level)
{
  switch (level) {
  case WISDOM_EXACT: return "this device";
  case WISDOM_DRIVER: return "this device under another driver";
  case WISDOM_ARCH: return "this architecture class";
  case WISDOM_NONE: break;
  }
  return "none";
}

int device_name_ok(const char *s, int slashes)
{
  if (!*s) return 0;
  for (; *s; ++s)
    if (!(islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '.' || *s == '-' || (slashes && *s == '/'))) return 0;
  return 1;
}
