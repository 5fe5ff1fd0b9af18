/* The on-disk program cache (core/disk_cache.h), without a device: round trips, keys, the
 * environment, failures to write, and that no damaged entry is ever accepted (each loads as a miss
 * and its file is removed).  Every test runs in a fresh folder under /tmp that XDG_CACHE_HOME
 * points to.  The library's use of the cache is tests/check_builds.c's. */
#include "core/disk_cache.h"
#include "suites.h"
#include "testutil.h"
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char tmpdir[64];

/* Removes path and everything under it, making folders writable first. */
static void remove_tree(const char *path)
{
  struct stat st;
  if (lstat(path, &st) != 0) return;
  if (!S_ISDIR(st.st_mode)) {
    unlink(path);
    return;
  }
  chmod(path, 0700);
  DIR *d = opendir(path);
  if (d) {
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
      char sub[4096];
      if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
      if (snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) < (int)sizeof sub) remove_tree(sub);
    }
    closedir(d);
  }
  rmdir(path);
}

/* The fixture: a fresh folder for XDG_CACHE_HOME (test_tcase's teardown puts the variables back,
 * this one removes the folder). */
static void setup(void)
{
  strcpy(tmpdir, "/tmp/ppfft-disk-cache-XXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(tmpdir));
  test_setenv("XDG_CACHE_HOME", tmpdir);
  test_unsetenv("PPFFT_CACHE");
}

static void teardown(void) { remove_tree(tmpdir); }

/* A small deterministic generator (xorshift64*), so a failure can be replayed. */
static uint64_t rng = 88172645463325252ull;
static uint32_t rnd(void)
{
  rng ^= rng >> 12;
  rng ^= rng << 25;
  rng ^= rng >> 27;
  return (uint32_t)((rng * 2685821657736338717ull) >> 32);
}

static unsigned char *random_bytes(size_t n)
{
  unsigned char *p = malloc(n ? n : 1);
  ck_assert_ptr_nonnull(p);
  for (size_t i = 0; i < n; ++i) p[i] = (unsigned char)rnd();
  return p;
}

static void key_of(const char *s, char key[33])
{
  disk_cache_key(&s, 1, key);
}

static void enabled_cache(disk_cache *c)
{
  disk_cache_init(c);
  ck_assert_int_eq(c->enabled, 1);
}

static void entry_path(const disk_cache *c, const char *key, char *path, size_t size)
{
  ck_assert_int_lt(snprintf(path, size, "%s/%s.bin", c->dir, key), (int)size);
}

static unsigned char *read_whole(const char *path, size_t *n)
{
  FILE *f = fopen(path, "rb");
  ck_assert_ptr_nonnull(f);
  ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
  long size = ftell(f);
  ck_assert_int_ge(size, 0);
  rewind(f);
  unsigned char *p = malloc((size_t)size + 1);
  ck_assert_ptr_nonnull(p);
  ck_assert_uint_eq(fread(p, 1, (size_t)size, f), (size_t)size);
  fclose(f);
  *n = (size_t)size;
  return p;
}

static void write_whole(const char *path, const void *data, size_t n)
{
  FILE *f = fopen(path, "wb");
  ck_assert_ptr_nonnull(f);
  ck_assert_uint_eq(n ? fwrite(data, 1, n, f) : 0, n);
  ck_assert_int_eq(fclose(f), 0);
}

/* Stores and loads back payload under key, checking the copy. */
static void round_trip(const disk_cache *c, const char *key, const unsigned char *payload, size_t n)
{
  unsigned char *back = NULL;
  size_t len = 12345;
  ck_assert_int_eq(disk_cache_store(c, key, payload, n), 0);
  ck_assert_int_eq(disk_cache_load(c, key, &back, &len), 0);
  ck_assert_ptr_nonnull(back);
  ck_assert_uint_eq(len, n);
  ck_assert(n == 0 || memcmp(back, payload, n) == 0);
  free(back);
}

/* Writes content as key's entry and checks that it loads as a miss and is removed. */
static void expect_rejected(const disk_cache *c, const char *key, const void *content, size_t n, const char *what)
{
  char path[sizeof c->dir + 64];
  unsigned char *data = (unsigned char *)&data; /* non-NULL: the load must clear it */
  size_t len = 99;
  entry_path(c, key, path, sizeof path);
  write_whole(path, content, n);
  ck_assert_msg(disk_cache_load(c, key, &data, &len) == -1, "%s: accepted", what);
  ck_assert_msg(data == NULL && len == 0, "%s: outputs not cleared on a miss", what);
  ck_assert_msg(access(path, F_OK) != 0, "%s: file not removed", what);
}

/* The number of files in dir whose names are not "<32 hex>.bin" (temporary files left behind). */
static int stray_files(const char *dir)
{
  DIR *d = opendir(dir);
  ck_assert_ptr_nonnull(d);
  int stray = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    size_t n = strlen(e->d_name);
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    stray += !(n == 36 && e->d_name[0] != '.' && strcmp(e->d_name + 32, ".bin") == 0);
  }
  closedir(d);
  return stray;
}

START_TEST(round_trips)
{
  static const size_t sizes[] = {0, 1, 17, 4096, 300000};
  disk_cache c;
  char dir[128], key[33];
  enabled_cache(&c);
  snprintf(dir, sizeof dir, "%s/ppfft", tmpdir);
  ck_assert_str_eq(c.dir, dir);
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes; ++i) {
    char name[32];
    snprintf(name, sizeof name, "payload %zu", i);
    key_of(name, key);
    unsigned char *p = random_bytes(sizes[i]);
    round_trip(&c, key, p, sizes[i]);
    free(p);
  }
  /* storing again replaces the entry */
  unsigned char *p = random_bytes(1000);
  round_trip(&c, key, p, 1000);
  round_trip(&c, key, p, 10);
  free(p);
  ck_assert_int_eq(stray_files(c.dir), 0);
}
END_TEST

START_TEST(unknown_and_invalid_keys_miss)
{
  disk_cache c;
  char key[33];
  unsigned char *data = (unsigned char *)&data, byte = 7; /* data non-NULL: a miss clears it */
  size_t len = 99;
  enabled_cache(&c);
  key_of("never stored", key);
  ck_assert_int_eq(disk_cache_load(&c, key, &data, &len), -1);
  ck_assert_ptr_null(data);
  ck_assert_uint_eq(len, 0);
  /* a key that is not 32 lowercase hex digits never reaches the file system */
  char bad[33];
  memcpy(bad, key, sizeof bad);
  bad[5] = 'A';
  ck_assert_int_eq(disk_cache_store(&c, bad, &byte, 1), -1);
  memcpy(bad, "../../../../../../../../tmp/x/y", 32);
  bad[32] = '\0';
  ck_assert_int_eq(disk_cache_store(&c, bad, &byte, 1), -1);
  ck_assert_int_eq(disk_cache_load(&c, bad, &data, &len), -1);
  /* nor does a payload over the cap (the pointer is never read) */
  ck_assert_int_eq(disk_cache_store(&c, key, &byte, DISK_CACHE_MAX_PAYLOAD + 1), -1);
  ck_assert_int_eq(access(c.dir, F_OK), -1); /* nothing was created */
}
END_TEST

START_TEST(environment)
{
  disk_cache c;
  char key[33], want[256];
  unsigned char byte = 1, *data;
  size_t len;
  enabled_cache(&c);
  key_of("entry", key);
  ck_assert_int_eq(disk_cache_store(&c, key, &byte, 1), 0);
  /* PPFFT_CACHE=0 disables: the stored entry is not seen, and nothing is stored */
  test_setenv("PPFFT_CACHE", "0");
  disk_cache_init(&c);
  ck_assert_int_eq(c.enabled, 0);
  ck_assert_int_eq(disk_cache_load(&c, key, &data, &len), -1);
  ck_assert_ptr_null(data);
  ck_assert_int_eq(disk_cache_store(&c, key, &byte, 1), -1);
  test_setenv("PPFFT_CACHE", "1");
  enabled_cache(&c);
  ck_assert_int_eq(disk_cache_load(&c, key, &data, &len), 0);
  free(data);
  /* XDG_CACHE_HOME empty or unset: $HOME/.cache/ppfft, not created by init */
  snprintf(want, sizeof want, "%s/home", tmpdir);
  test_setenv("HOME", want);
  test_setenv("XDG_CACHE_HOME", "");
  enabled_cache(&c);
  strcat(want, "/.cache/ppfft");
  ck_assert_str_eq(c.dir, want);
  test_unsetenv("XDG_CACHE_HOME");
  enabled_cache(&c);
  ck_assert_str_eq(c.dir, want);
  ck_assert_int_eq(access(want, F_OK), -1);
  round_trip(&c, key, &byte, 1);
  /* neither set, or set but too long for the path: disabled */
  test_unsetenv("HOME");
  disk_cache_init(&c);
  ck_assert_int_eq(c.enabled, 0);
  char *longdir = malloc(5000);
  ck_assert_ptr_nonnull(longdir);
  memset(longdir, 'd', 4999);
  longdir[0] = '/';
  longdir[4999] = '\0';
  test_setenv("XDG_CACHE_HOME", longdir);
  free(longdir);
  disk_cache_init(&c);
  ck_assert_int_eq(c.enabled, 0);
}
END_TEST

START_TEST(keys)
{
  const char *parts[] = {"__kernel void f(__global float *x) { x[0] = 1; }", "-cl-std=CL1.2", "pocl cpu", "6.0"};
  char key[33], again[33], other[33];
  disk_cache_key(parts, 4, key);
  ck_assert_uint_eq(strlen(key), 32);
  for (int i = 0; i < 32; ++i) ck_assert_msg(strchr("0123456789abcdef", key[i]) != NULL, "key %s", key);
  disk_cache_key(parts, 4, again);
  ck_assert_str_eq(key, again);
  /* changing, dropping or extending any one part changes the key */
  for (int i = 0; i < 4; ++i) {
    char changed[128];
    const char *saved = parts[i];
    snprintf(changed, sizeof changed, "%s", saved);
    changed[strlen(changed) - 1] ^= 1;
    parts[i] = changed;
    disk_cache_key(parts, 4, other);
    ck_assert_str_ne(key, other);
    snprintf(changed, sizeof changed, "%s ", saved);
    disk_cache_key(parts, 4, other);
    ck_assert_str_ne(key, other);
    parts[i] = "";
    disk_cache_key(parts, 4, other);
    ck_assert_str_ne(key, other);
    parts[i] = saved;
  }
  disk_cache_key(parts, 3, other);
  ck_assert_str_ne(key, other);
  /* characters moved between parts, or an empty part added, change the key */
  const char *ab_c[] = {"ab", "c"}, *a_bc[] = {"a", "bc"}, *abc[] = {"abc"}, *abc_[] = {"abc", ""};
  char k1[33], k2[33], k3[33], k4[33];
  disk_cache_key(ab_c, 2, k1);
  disk_cache_key(a_bc, 2, k2);
  disk_cache_key(abc, 1, k3);
  disk_cache_key(abc_, 2, k4);
  ck_assert_str_ne(k1, k2);
  ck_assert_str_ne(k1, k3);
  ck_assert_str_ne(k2, k3);
  ck_assert_str_ne(k3, k4);
  /* the two halves are different hashes */
  ck_assert(memcmp(k1, k1 + 16, 16) != 0);
}
END_TEST

START_TEST(corrupted_entries_are_misses_and_removed)
{
  disk_cache c;
  char key[33], key2[33], path[sizeof c.dir + 64], path2[sizeof c.dir + 64], bad[256];
  size_t n, hlen, plen = 2000;
  enabled_cache(&c);
  key_of("victim", key);
  key_of("other", key2);
  entry_path(&c, key, path, sizeof path);
  entry_path(&c, key2, path2, sizeof path2);
  unsigned char *payload = random_bytes(plen);
  ck_assert_int_eq(disk_cache_store(&c, key, payload, plen), 0);
  unsigned char *good = read_whole(path, &n);
  hlen = n - plen;
  ck_assert_uint_lt(hlen, 100);
  ck_assert_int_eq(memcmp(good, "ppfft-program-cache 1 ", 22), 0);
  ck_assert_int_eq(good[hlen - 1], '\n');
  unsigned char *buf = malloc(n + 100000);
  ck_assert_ptr_nonnull(buf);

  expect_rejected(&c, key, good, n - 1, "(a) truncated by one byte");
  memcpy(buf, good, n);
  buf[hlen + plen / 2] ^= 0x10;
  expect_rejected(&c, key, buf, n, "(b) payload bit flipped");
  for (size_t i = 0; i < hlen; ++i)
    for (int bit = 0; bit < 8; ++bit) {
      memcpy(buf, good, n);
      buf[i] ^= (unsigned char)(1u << bit);
      snprintf(bad, sizeof bad, "(c) header byte %zu bit %d flipped", i, bit);
      expect_rejected(&c, key, buf, n, bad);
    }
  memcpy(buf, good, n);
  buf[n] = 0;
  expect_rejected(&c, key, buf, n + 1, "(d) byte appended");
  expect_rejected(&c, key, "", 0, "(e) empty file");
  ck_assert_int_eq(disk_cache_store(&c, key2, payload, plen), 0); /* same payload, other key */
  free(buf);
  buf = read_whole(path2, &n);
  expect_rejected(&c, key, buf, n, "(f) header of another key");
  free(buf);
  buf = malloc(hlen + plen + 100000);
  ck_assert_ptr_nonnull(buf);
  memcpy(buf, "garbage\n", 8);
  memcpy(buf + 8, payload, plen);
  expect_rejected(&c, key, buf, 8 + plen, "garbled header");
  expect_rejected(&c, key, good, hlen - 1, "header without its newline");
  memset(buf, 'x', 100000);
  expect_rejected(&c, key, buf, 100000, "overlong header line, no newline");
  buf[200] = '\n';
  expect_rejected(&c, key, buf, 100000, "overlong header line");
  int m = snprintf((char *)buf, 200, "ppfft-program-cache 1 %s 1073741825 0000000000000000\n", key);
  expect_rejected(&c, key, buf, (size_t)m, "length over 1 GiB");
  m = snprintf((char *)buf, 200, "ppfft-program-cache 1 %s 99999999999999999999999 0\n", key);
  expect_rejected(&c, key, buf, (size_t)m, "length overflows");
  m = snprintf((char *)buf, 200, "ppfft-program-cache 1 %s 0%zu ", key, plen); /* leading zero */
  memcpy(buf + m, good + m - 1, n - (size_t)m + 1);
  expect_rejected(&c, key, buf, n + 1, "non-canonical length");
  /* the rebuilt entry is accepted again */
  round_trip(&c, key, payload, plen);
  ck_assert_int_eq(stray_files(c.dir), 0);
  free(buf);
  free(good);
  free(payload);
}
END_TEST

START_TEST(random_corruptions)
{
  disk_cache c;
  char key[33], path[sizeof c.dir + 64];
  enabled_cache(&c);
  key_of("random", key);
  entry_path(&c, key, path, sizeof path);
  int misses = 0, trials = 400;
  for (int t = 0; t < trials; ++t) {
    size_t plen = t % 10 == 0 ? 0 : rnd() % 3000, n;
    unsigned char *payload = random_bytes(plen), *data;
    ck_assert_int_eq(disk_cache_store(&c, key, payload, plen), 0);
    unsigned char *file = read_whole(path, &n), *buf = malloc(n + 64);
    ck_assert_ptr_nonnull(buf);
    memcpy(buf, file, n);
    size_t hlen = n - plen, m = n;
    switch (rnd() % 4) {
    case 0: /* one byte, in the header half of the time, to any value (the same one included) */
      buf[rnd() % 2 ? rnd() % hlen : rnd() % n] = (unsigned char)rnd();
      break;
    case 1: /* truncated to any length */
      m = rnd() % n;
      break;
    case 2: /* bytes appended */
      m = n + 1 + rnd() % 32;
      for (size_t i = n; i < m; ++i) buf[i] = (unsigned char)rnd();
      break;
    default: /* a run of up to 8 bytes overwritten */
      for (size_t i = rnd() % n, k = 1 + rnd() % 8; i < n && k > 0; ++i, --k) buf[i] = (unsigned char)rnd();
    }
    write_whole(path, buf, m);
    size_t len;
    if (disk_cache_load(&c, key, &data, &len) == 0) {
      ck_assert_msg(len == plen && (plen == 0 || memcmp(data, payload, plen) == 0), "trial %d: wrong payload accepted", t);
      ck_assert_msg(m == n && memcmp(buf, file, n) == 0, "trial %d: damaged file accepted", t);
      free(data);
    } else {
      ck_assert_ptr_null(data);
      ck_assert_msg(access(path, F_OK) != 0, "trial %d: damaged file not removed", t);
      ++misses;
    }
    free(buf);
    free(file);
    free(payload);
  }
  ck_assert_int_gt(misses, trials / 2);
}
END_TEST

START_TEST(folders_created)
{
  disk_cache c;
  char xdg[128], key[33];
  struct stat st;
  unsigned char *p = random_bytes(100);
  snprintf(xdg, sizeof xdg, "%s/a/b//c/", tmpdir);
  test_setenv("XDG_CACHE_HOME", xdg);
  enabled_cache(&c);
  key_of("nested", key);
  ck_assert_int_eq(access(c.dir, F_OK), -1);
  round_trip(&c, key, p, 100);
  ck_assert_int_eq(stat(c.dir, &st), 0);
  ck_assert(S_ISDIR(st.st_mode));
  ck_assert_uint_eq(st.st_mode & 0777, 0700);
  snprintf(xdg, sizeof xdg, "%s/a", tmpdir);
  ck_assert_int_eq(stat(xdg, &st), 0);
  ck_assert_uint_eq(st.st_mode & 0777, 0700);
  free(p);
}
END_TEST

START_TEST(unwritable_folders_fail_cleanly)
{
  disk_cache c;
  char dir[128], key[33], entry[sizeof c.dir + 64];
  unsigned char byte = 3, *data;
  size_t len;
  key_of("blocked", key);
  /* the cache folder's path runs through a file: fails even for root */
  snprintf(dir, sizeof dir, "%s/file", tmpdir);
  write_whole(dir, "x", 1);
  test_setenv("XDG_CACHE_HOME", dir);
  enabled_cache(&c);
  ck_assert_int_eq(disk_cache_store(&c, key, &byte, 1), -1);
  ck_assert_int_eq(disk_cache_load(&c, key, &data, &len), -1);
  /* the cache folder is a file */
  snprintf(dir, sizeof dir, "%s/f2", tmpdir);
  test_setenv("XDG_CACHE_HOME", dir);
  ck_assert_int_eq(mkdir(dir, 0700), 0);
  strcat(dir, "/ppfft");
  write_whole(dir, "x", 1);
  enabled_cache(&c);
  ck_assert_int_eq(disk_cache_store(&c, key, &byte, 1), -1);
  /* the entry's name is taken by a folder: the rename fails and the temporary file is removed */
  snprintf(dir, sizeof dir, "%s/d", tmpdir);
  test_setenv("XDG_CACHE_HOME", dir);
  enabled_cache(&c);
  entry_path(&c, key, entry, sizeof entry);
  ck_assert_int_eq(disk_cache_store(&c, key, &byte, 1), 0); /* creates the folder */
  ck_assert_int_eq(unlink(entry), 0);
  ck_assert_int_eq(mkdir(entry, 0700), 0);
  ck_assert_int_eq(disk_cache_store(&c, key, &byte, 1), -1);
  ck_assert_int_eq(disk_cache_load(&c, key, &data, &len), -1);
  ck_assert_int_eq(access(entry, F_OK), 0); /* a read error is not corruption: left alone */
  ck_assert_int_eq(rmdir(entry), 0);
  ck_assert_int_eq(stray_files(c.dir), 0);
}
END_TEST

START_TEST(read_only_folders_fail_cleanly)
{
  disk_cache c;
  char dir[128], key[33];
  unsigned char byte = 3, *data;
  size_t len;
  if (geteuid() == 0) {
    test_skip("running as root, which writes into read-only folders");
    return;
  }
  key_of("blocked", key);
  /* read-only parent: the cache folder cannot be created */
  snprintf(dir, sizeof dir, "%s/ro", tmpdir);
  ck_assert_int_eq(mkdir(dir, 0700), 0);
  ck_assert_int_eq(chmod(dir, 0500), 0);
  test_setenv("XDG_CACHE_HOME", dir);
  enabled_cache(&c);
  ck_assert_int_eq(disk_cache_store(&c, key, &byte, 1), -1);
  /* read-only cache folder: no temporary file can be made */
  snprintf(dir, sizeof dir, "%s/ro2", tmpdir);
  test_setenv("XDG_CACHE_HOME", dir);
  enabled_cache(&c);
  round_trip(&c, key, &byte, 1);
  ck_assert_int_eq(chmod(c.dir, 0500), 0);
  ck_assert_int_eq(disk_cache_store(&c, key, &byte, 1), -1);
  ck_assert_int_eq(disk_cache_load(&c, key, &data, &len), 0); /* the old entry is intact */
  free(data);
}
END_TEST

Suite *make_disk_cache_suite(void)
{
  Suite *s = suite_create("disk_cache");
  TCase *tc = test_tcase("files");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, round_trips);
  tcase_add_test(tc, unknown_and_invalid_keys_miss);
  tcase_add_test(tc, environment);
  tcase_add_test(tc, keys);
  tcase_add_test(tc, corrupted_entries_are_misses_and_removed);
  tcase_add_test(tc, random_corruptions);
  tcase_add_test(tc, folders_created);
  tcase_add_test(tc, unwritable_folders_fail_cleanly);
  tcase_add_test(tc, read_only_folders_fail_cleanly);
  suite_add_tcase(s, tc);
  return s;
}
