/* A device's names at each level of wisdom's fallback, most specific first:
 *
 *   key     vendor/device/driver     "nvidia-corporation/nvidia-h200/580.159.04" (the exact device)
 *   device  vendor/device            the same device under any driver
 *   arch    the architecture class   NVIDIA: "nvidia-sm90" (the compute capability, so an H200's
 *                                    wisdom serves an H100), "cuda-sm90" on the CUDA backend (whose
 *                                    winners are not OpenCL's); other devices: the same as device
 *
 * Names are normalised: lower case, runs of other characters than letters, digits and '.' folded
 * to one '-'.  Wisdom made on one device serves another at the closest level they share. */
#ifndef PPFFT_WISDOM_DEVICE_KEYS_H
#define PPFFT_WISDOM_DEVICE_KEYS_H
#include "core/device_info.h"

enum { DEVICE_KEY_MAX = 704 }; /* three normalised names of at most 255 characters and two '/' */

typedef struct device_names {
  char key[DEVICE_KEY_MAX];
  char arch[DEVICE_KEY_MAX];
} device_names;

/* How closely an entry's device matches this one (the order is the order of preference). */
typedef enum wisdom_level { WISDOM_NONE = 0, WISDOM_EXACT, WISDOM_DRIVER, WISDOM_ARCH } wisdom_level;

/* The names of di. */
void device_names_of(const device_info *di, device_names *out);

/* The level at which an entry measured on the device `key` (of class `arch`) serves self. */
wisdom_level device_match(const device_names *self, const char *key, const char *arch);

/* "this device", "this device under another driver", "this architecture class" and "none". */
const char *wisdom_level_name(wisdom_level level);

/* Whether s is a normalised name (what device_names_of makes): non-empty, only lower-case letters,
 * digits, '.', '-' and (with slashes) '/'. */
int device_name_ok(const char *s, int slashes);

#endif
