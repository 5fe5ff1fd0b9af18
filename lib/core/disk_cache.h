/* An on-disk cache of compiled program binaries, one file per key, so a later process can skip the
 * compile.  Purely an optimisation: every failure is a miss, and corrupted entries are removed. */
#ifndef PPFFT_CORE_DISK_CACHE_H
#define PPFFT_CORE_DISK_CACHE_H
#include <stddef.h>

typedef struct disk_cache {
  char dir[4096]; /* the folder of the entries; "" when disabled */
  int enabled;
  size_t fail_after; /* test hook: a store's write fails (as on a full disk) after this many bytes; 0: never */
} disk_cache;

/* The largest payload stored or loaded. */
#define DISK_CACHE_MAX_PAYLOAD ((size_t)1 << 30)

/* Fills c from the environment: disabled when PPFFT_CACHE is "0"; otherwise the folder
 * $XDG_CACHE_HOME/ppfft, or $HOME/.cache/ppfft when XDG_CACHE_HOME is unset or empty; disabled
 * when neither is set (or the path does not fit).  Does not create the folder. */
void disk_cache_init(disk_cache *c);

/* The 32-hex-digit key of the parts (NUL-terminated strings, e.g. source, build options, device
 * name, driver version): two independent 64-bit FNV-1a hashes over all parts with a separator byte
 * between parts, written into key[33]. */
void disk_cache_key(const char *const *parts, size_t nparts, char key[33]);

/* Loads the entry for key: returns 0 and a malloc'd copy of the payload in *data and *len (caller
 * frees), or -1 with *data NULL and *len 0 on a miss.  An entry that is corrupted (wrong magic,
 * wrong key recorded in the header, truncated, longer than its header says, or a payload checksum
 * mismatch) counts as a miss and its file is removed, so the caller rebuilds and stores it again. */
int disk_cache_load(const disk_cache *c, const char key[33], unsigned char **data, size_t *len);

/* Stores the payload for key atomically: writes a temporary file in the same folder (created with
 * mode 0700 if missing, including parents), flushes it (fflush + fsync) and rename()s it over the
 * final name, so a crash mid-write never leaves a file that a later load accepts.  Returns 0, or
 * -1 on any failure (the cache is an optimisation: callers ignore failures). */
int disk_cache_store(const disk_cache *c, const char key[33], const unsigned char *data, size_t len);

#endif
