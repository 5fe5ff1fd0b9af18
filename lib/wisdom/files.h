/* Wisdom files: reading, writing whole or not at all, and the places every context looks when it
 * is made (files and folders of *.wisdom files). */
#ifndef PPFFT_WISDOM_FILES_H
#define PPFFT_WISDOM_FILES_H
#include "wisdom/store.h"

/* The whole file in a new string (caller frees); NULL with errno set on failure (EFBIG beyond
 * 256 MiB). */
char *wisdom_read_file(const char *path);

/* Writes head then text to path atomically: a temporary file beside it, flushed, then renamed over
 * it, so a failure (a full or read-only disk, a crash) leaves the old file or none, never half of
 * one.  0, or -1 with errno set. */
int wisdom_write_file(const char *path, const char *head, const char *text);

/* Calls f for every file of the places below, lowest precedence first. */
void wisdom_each_default_file(const char *installed, void (*f)(const char *file, void *arg), void *arg);

/* Imports, quietly (a bad or foreign file never stops a context), the installed wisdom folder
 * (installed), then $XDG_DATA_HOME/ppfft/wisdom (or ~/.local/share/ppfft/wisdom), then
 * $PPFFT_WISDOM_PATH (colon-separated files or folders of *.wisdom files), so that the later
 * places win, and the first entry of PPFFT_WISDOM_PATH most of all. */
void wisdom_load_defaults(wisdom_store *w, const device_names *self, const char *installed);

#endif
