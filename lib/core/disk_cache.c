/* disk_cache: <dir>/<key>.bin holds a header line
 * "ppfft-program-cache 1 <key> <payload length> <payload FNV-1a 64, 16 hex digits>\n" and then
 * exactly the payload.  Writes go to a temporary file renamed into place; a load checks everything
 * and removes an entry that fails any check. */
#include "core/disk_cache.h"
#include "core/hash.h"
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "ppfft-program-cache 1"
static const uint64_t second_offset = 0x9e3779b97f4a7c15ull; /* another seed: the key's second hash */

void disk_cache_init(disk_cache *c)
{
  memset(c, 0, sizeof *c);
  const char *off = getenv("PPFFT_CACHE"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
  if (off && strcmp(off, "0") == 0) return;
  int n;
  if (xdg && *xdg) n = snprintf(c->dir, sizeof c->dir, "%s/ppfft", xdg);
  else if (home && *home) n = snprintf(c->dir, sizeof c->dir, "%s/.cache/ppfft", home);
  else return;
  if (n < 0 || (size_t)n >= sizeof c->dir) c->dir[0] = '\0';
  else c->enabled = 1;
}

void disk_cache_key(const char *const *parts, size_t nparts, char key[33])
{
  static const unsigned char sep = 0; /* cannot occur inside a part: ("ab","c") != ("a","bc") */
  uint64_t h1 = HASH_OFFSET, h2 = second_offset;
  for (size_t i = 0; i < nparts; ++i) {
    if (i > 0) {
      h1 = hash_bytes(h1, &sep, 1);
      h2 = hash_bytes(h2, &sep, 1);
    }
    h1 = hash_bytes(h1, parts[i], strlen(parts[i]));
    h2 = hash_bytes(h2, parts[i], strlen(parts[i]));
  }
  snprintf(key, 33, "%016" PRIx64 "%016" PRIx64, h1, h2);
}

/* Whether key is 32 lowercase hex digits, so it is safe inside a file name. */
static int key_ok(const char key[33])
{
  for (int i = 0; i < 32; ++i)
    if (!((key[i] >= '0' && key[i] <= '9') || (key[i] >= 'a' && key[i] <= 'f'))) return 0;
  return key[32] == '\0';
}

/* The header line of an entry, without its '\n', into buf; its length, or -1 if it does not fit. */
static int header(char *buf, size_t size, const char key[33], size_t len, uint64_t sum)
{
  int n = snprintf(buf, size, MAGIC " %s %zu %016" PRIx64, key, len, sum);
  return n < 0 || (size_t)n >= size ? -1 : n;
}

/* Parses line (n bytes) as the header for key: 0 with the length and checksum, -1 if it is not
 * exactly the canonical header for key (any other magic, key, spacing or number format). */
static int parse_header(const char *line, size_t n, const char key[33], size_t *len, uint64_t *sum)
{
  const size_t fields = sizeof MAGIC + 33; /* magic, space, key, space */
  if (n <= fields) return -1;
  char *end;
  unsigned long long l = strtoull(line + fields, &end, 10);
  if (*end != ' ' || l > DISK_CACHE_MAX_PAYLOAD) return -1;
  unsigned long long s = strtoull(end + 1, NULL, 16);
  char canon[128];
  int m = header(canon, sizeof canon, key, (size_t)l, (uint64_t)s);
  if (m < 0 || (size_t)m != n || memcmp(canon, line, n) != 0) return -1;
  *len = (size_t)l;
  *sum = (uint64_t)s;
  return 0;
}

/* Reads and checks the entry in f: 0 with the payload, 1 if it is corrupted, -1 on a read error. */
static int read_entry(FILE *f, const char key[33], unsigned char **data, size_t *len)
{
  char line[128];
  size_t n = 0, l;
  uint64_t sum;
  int ch;
  while ((ch = getc(f)) != EOF && ch != '\n' && n < sizeof line - 1) line[n++] = (char)ch;
  if (ferror(f)) return -1;
  line[n] = '\0';
  if (ch != '\n' || parse_header(line, n, key, &l, &sum) != 0) return 1;
  struct stat st; /* a wrong size is caught before allocating up to 1 GiB */
  if (fstat(fileno(f), &st) != 0) return -1;
  if (st.st_size < 0 || (uint64_t)st.st_size != (uint64_t)n + 1 + l) return 1;
  unsigned char *p = malloc(l ? l : 1);
  if (!p) return -1;
  int r = 0;
  if (fread(p, 1, l, f) != l) r = ferror(f) ? -1 : 1;           /* truncated */
  else if (getc(f) != EOF) r = 1;                                /* longer than its header says */
  else if (ferror(f)) r = -1;
  else if (hash_bytes(HASH_OFFSET, p, l) != sum) r = 1;           /* payload damaged */
  if (r != 0) {
    free(p);
    return r;
  }
  *data = p;
  *len = l;
  return 0;
}

int disk_cache_load(const disk_cache *c, const char key[33], unsigned char **data, size_t *len)
{
  *data = NULL;
  *len = 0;
  char path[sizeof c->dir + 64];
  if (!c->enabled || !key_ok(key)) return -1;
  int n = snprintf(path, sizeof path, "%s/%s.bin", c->dir, key);
  if (n < 0 || (size_t)n >= sizeof path) return -1;
  FILE *f = fopen(path, "rb");
  if (!f) return -1;
  int r = read_entry(f, key, data, len);
  fclose(f);
  if (r == 1) remove(path); /* corrupted: the caller rebuilds and stores it again */
  return r == 0 ? 0 : -1;
}

/* Creates dir and its missing parents with mode 0700; 0 if it exists afterwards. */
static int make_dirs(const disk_cache *c)
{
  char p[sizeof c->dir];
  const char *dir = c->dir;
  size_t n = strlen(dir);
  if (n == 0 || n >= sizeof p) return -1;
  memcpy(p, dir, n + 1);
  for (size_t i = 1; i <= n; ++i) {
    if (p[i] != '/' && p[i] != '\0') continue;
    p[i] = '\0';
    if (mkdir(p, 0700) != 0 && errno != EEXIST) return -1;
    p[i] = dir[i];
  }
  struct stat st;
  return stat(dir, &st) == 0 && S_ISDIR(st.st_mode) ? 0 : -1;
}

int disk_cache_store(const disk_cache *c, const char key[33], const unsigned char *data, size_t len)
{
  char path[sizeof c->dir + 64], tmp[sizeof c->dir + 64], head[128];
  if (!c->enabled || !key_ok(key) || len > DISK_CACHE_MAX_PAYLOAD) return -1;
  int n = snprintf(path, sizeof path, "%s/%s.bin", c->dir, key);
  int t = snprintf(tmp, sizeof tmp, "%s/.%s.XXXXXX", c->dir, key);
  int h = header(head, sizeof head, key, len, hash_bytes(HASH_OFFSET, data, len));
  if (n < 0 || (size_t)n >= sizeof path || t < 0 || (size_t)t >= sizeof tmp || h < 0) return -1;
  if (make_dirs(c) != 0) return -1;
  int fd = mkstemp(tmp);
  if (fd < 0) return -1;
  FILE *f = fdopen(fd, "wb");
  if (!f) {
    close(fd);
    unlink(tmp);
    return -1;
  }
  /* the test hook's full disk: the write stops part-way, as fwrite does on ENOSPC */
  size_t put = c->fail_after && c->fail_after < len ? c->fail_after : len;
  int ok = fprintf(f, "%s\n", head) == h + 1 && (len == 0 || fwrite(data, 1, put, f) == len);
  ok = ok && fflush(f) == 0 && fsync(fd) == 0;
  ok = (fclose(f) == 0) && ok;
  ok = ok && rename(tmp, path) == 0;
  if (!ok) unlink(tmp);
  return ok ? 0 : -1;
}
