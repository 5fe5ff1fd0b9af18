/* Fuzz target: wisdom text.  Properties: an import is whole or nothing (a rejected text leaves the
 * store as it was); what was imported exports, imports into an empty store, and exports to the
 * same text; lookups on what was imported never fail unsafely. */
#include "fuzz_common.h"
#include "wisdom/store.h"
#include <string.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
  static device_names self;
  static int ready;
  if (!ready) {
    device_info di = fuzz_device();
    device_names_of(&di, &self);
    ready = 1;
  }
  char *text = fuzz_string(data, size), msg[512];
  wisdom_store a, b;
  FUZZ_ASSERT(wisdom_store_init(&a) == 0 && wisdom_store_init(&b) == 0, "store init");
  size_t skipped = 0;
  int r = wisdom_import(&a, &self, text, &skipped, msg, sizeof msg);
  FUZZ_ASSERT(r == 0 || r == -1, "import returned %d", r);
  if (r != 0) FUZZ_ASSERT(a.count == 0, "a rejected text left %zu entries", a.count);
  if (r == 0) {
    char *x = wisdom_export(&a, NULL);
    FUZZ_ASSERT(x, "export failed");
    r = wisdom_import(&b, &self, x, &skipped, msg, sizeof msg);
    FUZZ_ASSERT(r == 0 && skipped == 0, "an exported text does not import back: %s", msg);
    char *y = wisdom_export(&b, NULL);
    FUZZ_ASSERT(y && strcmp(x, y) == 0, "export, import, export changed the text");
    /* a lookup of every entry's problem at its own batch class finds a plan */
    for (size_t i = 0; i < a.count; ++i) {
      char plan[PLAN_STRING_MAX];
      transform t = {.rank = 1, .n = {16}, .batch = 1};
      wisdom_lookup(&a, &self, a.entries[i].generator, &t, plan, sizeof plan, NULL);
    }
    free(x);
    free(y);
  }
  wisdom_store_destroy(&a);
  wisdom_store_destroy(&b);
  free(text);
  return 0;
}
