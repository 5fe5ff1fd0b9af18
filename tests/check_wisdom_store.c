/* Wisdom without a device: device keys and their fallback levels (wisdom/device_keys.h), the text
 * format in versions 1 and 2 (wisdom/format.h), the store's lookup, import and export
 * (wisdom/store.h), and the wisdom files ppfft ships. */
#include "core/transform.h"
#include "gen/signature.h"
#include "wisdom/device_keys.h"
#include "wisdom/format.h"
#include "wisdom/files.h"
#include "wisdom/store.h"
#include "suites.h"
#include "testutil.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An H200 under driver 580.159.04: compute capability 9.0, class nvidia-sm90. */
static device_names h200(void)
{
  device_info di = {0};
  snprintf(di.vendor, sizeof di.vendor, "NVIDIA Corporation");
  snprintf(di.name, sizeof di.name, "NVIDIA H200");
  snprintf(di.driver, sizeof di.driver, "580.159.04");
  di.cc_major = 9;
  di.cc_minor = 0;
  device_names n;
  device_names_of(&di, &n);
  return n;
}

/* The other levels of h200(), as (device key, class) of a wisdom line. */
static const char *const H200_KEY = "nvidia-corporation/nvidia-h200/580.159.04";
static const char *const H200_OTHER_DRIVER = "nvidia-corporation/nvidia-h200/575.57.08";
static const char *const H100_KEY = "nvidia-corporation/nvidia-h100-80gb-hbm3/580.159.04"; /* also sm90 */
static const char *const A100_KEY = "nvidia-corporation/nvidia-a100-sxm4-80gb/580.159.04"; /* sm80 */

START_TEST(device_keys_and_levels)
{
  device_names self = h200();
  ck_assert_str_eq(self.key, H200_KEY);
  ck_assert_str_eq(self.arch, "nvidia-sm90");
  ck_assert_int_eq(device_match(&self, H200_KEY, "nvidia-sm90"), WISDOM_EXACT);
  ck_assert_int_eq(device_match(&self, H200_OTHER_DRIVER, "nvidia-sm90"), WISDOM_DRIVER);
  ck_assert_int_eq(device_match(&self, H100_KEY, "nvidia-sm90"), WISDOM_ARCH);
  ck_assert_int_eq(device_match(&self, A100_KEY, "nvidia-sm80"), WISDOM_NONE);
  /* a device whose name starts with this one's is another device, not another driver */
  ck_assert_int_eq(device_match(&self, "nvidia-corporation/nvidia-h200-nvl/575.57.08", "nvidia-sm90"), WISDOM_ARCH);
  ck_assert_int_eq(device_match(&self, "nvidia-corporation/nvidia-h200-nvl/575.57.08", "nvidia-sm89"), WISDOM_NONE);
  ck_assert_str_eq(wisdom_level_name(WISDOM_EXACT), "this device");
  ck_assert_str_eq(wisdom_level_name(WISDOM_DRIVER), "this device under another driver");
  ck_assert_str_eq(wisdom_level_name(WISDOM_ARCH), "this architecture class");
  ck_assert_str_eq(wisdom_level_name(WISDOM_NONE), "none");
  /* elsewhere the class is the device itself (vendor/device), names normalised */
  device_info di = {0};
  snprintf(di.vendor, sizeof di.vendor, "AuthenticAMD");
  snprintf(di.name, sizeof di.name, "pthread-skylake-avx512-AMD EPYC");
  snprintf(di.driver, sizeof di.driver, "3.1+debian");
  device_names cpu;
  device_names_of(&di, &cpu);
  ck_assert_str_eq(cpu.key, "authenticamd/pthread-skylake-avx512-amd-epyc/3.1-debian");
  ck_assert_str_eq(cpu.arch, "authenticamd/pthread-skylake-avx512-amd-epyc");
  ck_assert(device_name_ok(cpu.key, 1) && device_name_ok(cpu.arch, 1));
  ck_assert_int_eq(device_match(&cpu, "authenticamd/pthread-skylake-avx512-amd-epyc/6.0", cpu.arch), WISDOM_DRIVER);
  ck_assert_int_eq(device_match(&cpu, "authenticamd/pthread-zen4-amd-epyc/3.1-debian", "authenticamd/pthread-zen4-amd-epyc"),
                   WISDOM_NONE);
  ck_assert_int_eq(device_match(&cpu, H200_KEY, "nvidia-sm90"), WISDOM_NONE);
}
END_TEST

/* Version 2 lines carry the class and the generator; version 1 lines (before both) are read with
 * generator 0 and the device itself as the class; a printed entry parses back to itself. */
START_TEST(format_versions)
{
  wisdom_entry *e;
  size_t n;
  char msg[512];
  const char *v2 = "ppfft-wisdom 2\n# comment\n\n"
                   "nvidia-corporation/nvidia-h200/580.159.04 nvidia-sm90 g7 c2c:f32:fwd:oop:n1024:packed:b4096 "
                   "r32x32/RP+LM-CM+CGAP+VASM2+TW-GM+CSE+IL+LU/wg64/t2 0.0661\n"
                   "nvidia-corporation/nvidia-h100/1.0 nvidia-sm90 g0 c2c:f64:bwd:ip:n64x64x64:packed:b1 "
                   "r16x4/LM-CC+VASM2+TW-CALC/wg4/t1;r16x4/LM-CC+VASM2+TW-CALC/wg4/t1;r16x4/LM-CC+VASM2+TW-CALC/wg4/t1 1.5\n";
  ck_assert_msg(wisdom_parse(v2, &e, &n, msg, sizeof msg) == 0, "%s", msg);
  ck_assert_uint_eq(n, 2);
  ck_assert_str_eq(e[0].device, H200_KEY);
  ck_assert_str_eq(e[0].arch, "nvidia-sm90");
  ck_assert_uint_eq(e[0].generator, 7);
  ck_assert_str_eq(e[0].base, "c2c:f32:fwd:oop:n1024:packed");
  ck_assert_uint_eq(e[0].batch_log4, 6);
  ck_assert_str_eq(e[0].plan, "r32x32/RP+LM-CM+CGAP+VASM2+TW-GM+CSE+IL+LU/wg64/t2");
  ck_assert(e[0].ms == 0.0661);
  ck_assert_uint_eq(e[1].generator, 0);
  ck_assert_uint_eq(e[1].batch_log4, 0);
  /* printed and parsed again: the same entries */
  text_buf b;
  text_buf_init(&b);
  wisdom_print_header(&b);
  for (size_t i = 0; i < n; ++i) wisdom_print_entry(&b, &e[i]);
  char *printed = text_buf_take(&b);
  wisdom_entry *again;
  size_t m;
  ck_assert_msg(wisdom_parse(printed, &again, &m, msg, sizeof msg) == 0, "%s", msg);
  ck_assert_uint_eq(m, n);
  for (size_t i = 0; i < n; ++i) {
    ck_assert_str_eq(again[i].device, e[i].device);
    ck_assert_str_eq(again[i].arch, e[i].arch);
    ck_assert_uint_eq(again[i].generator, e[i].generator);
    ck_assert_str_eq(again[i].base, e[i].base);
    ck_assert_uint_eq(again[i].batch_log4, e[i].batch_log4);
    ck_assert_str_eq(again[i].plan, e[i].plan);
    ck_assert(again[i].ms == e[i].ms);
  }
  free(again), free(printed), free(e);
  /* version 1: four fields, generator 0, the device (vendor/device) as the class */
  const char *v1 = "ppfft-wisdom 1\n"
                   "nvidia-corporation/nvidia-h200/580.159.04 c2c:f32:fwd:oop:n16:packed:b4 r4x4/LM-CT+DIRECT+VAVM2+TW-GM/wg2/t1 0.125\n";
  ck_assert_msg(wisdom_parse(v1, &e, &n, msg, sizeof msg) == 0, "%s", msg);
  ck_assert_uint_eq(n, 1);
  ck_assert_uint_eq(e[0].generator, 0);
  ck_assert_str_eq(e[0].arch, "nvidia-corporation/nvidia-h200");
  ck_assert_str_eq(e[0].base, "c2c:f32:fwd:oop:n16:packed");
  ck_assert_uint_eq(e[0].batch_log4, 1);
  free(e);
  /* each version's lines have their own fields */
  ck_assert_int_eq(wisdom_parse("ppfft-wisdom 1\nnvidia-corporation/nvidia-h200/580.159.04 nvidia-sm90 g1 "
                                "c2c:f32:fwd:oop:n16:packed:b4 r4x4/LM-CT+DIRECT+VAVM2+TW-GM/wg2/t1 0.125\n",
                                &e, &n, msg, sizeof msg),
                   -1);
  ck_assert_ptr_nonnull(strstr(msg, "line 2"));
  ck_assert_ptr_null(e);
  ck_assert_int_eq(wisdom_parse(v1 + strlen("ppfft-wisdom 1\n"), &e, &n, msg, sizeof msg), -1); /* no header */
  char v2bad[512];
  snprintf(v2bad, sizeof v2bad, "ppfft-wisdom 2\n%s", v1 + strlen("ppfft-wisdom 1\n"));
  ck_assert_int_eq(wisdom_parse(v2bad, &e, &n, msg, sizeof msg), -1);
  ck_assert_ptr_nonnull(strstr(msg, "line 2"));
  static const char *const bad_generators[] = {"g", "g01", "gx", "1", "g-1", "g12345678901"};
  for (size_t i = 0; i < sizeof bad_generators / sizeof bad_generators[0]; ++i) {
    snprintf(v2bad, sizeof v2bad, "ppfft-wisdom 2\n%s nvidia-sm90 %s c2c:f32:fwd:oop:n16:packed:b4 r4x4/LM-CT+DIRECT+VAVM2+TW-GM/wg2/t1 1\n",
             H200_KEY, bad_generators[i]);
    ck_assert_msg(wisdom_parse(v2bad, &e, &n, msg, sizeof msg) == -1, "generator %s accepted", bad_generators[i]);
  }
}
END_TEST

/* A wisdom text of entries "<device> <class> g<generator> c2c:f32:fwd:oop:n16:packed:b<batch>
 * <plan> 1", one per row of lines (NULL-terminated). */
typedef struct line {
  const char *device, *arch;
  unsigned generator;
  unsigned long batch;
  const char *plan;
} line;

static char *text_of(const line *lines)
{
  text_buf b;
  text_buf_init(&b);
  tb_printf(&b, "ppfft-wisdom 2\n");
  for (const line *l = lines; l->device; ++l)
    tb_printf(&b, "%s %s g%u c2c:f32:fwd:oop:n16:packed:b%lu %s 1\n", l->device, l->arch, l->generator, l->batch, l->plan);
  return text_buf_take(&b);
}

static const char *const PLAN_A = "r4x4/LM-CT+DIRECT+VAVM2+TW-GM+CSE+IL+LU/wg2/t1";
static const char *const PLAN_B = "r16/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg4/t1";
static const char *const PLAN_C = "r2x8/GM+CGAP+VASM2+TW-CALC/wg1/t1";
static const char *const PLAN_D = "r8x2/LM-CC+DIRECT+VASM2+TW-CALC/wg2/t1";

/* Imports lines into a fresh store and looks up N = 16 f32 at batch with generator g: the plan
 * (or "" when none) and the level. */
static void lookup(const line *lines, size_t batch, unsigned g, char *plan, size_t len, wisdom_level *level)
{
  device_names self = h200();
  wisdom_store w;
  ck_assert_int_eq(wisdom_store_init(&w), 0);
  char *text = text_of(lines), msg[512];
  size_t skipped;
  ck_assert_msg(wisdom_import(&w, &self, text, &skipped, msg, sizeof msg) == 0, "%s", msg);
  free(text);
  size_t n = 16;
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, batch);
  transform t;
  ck_assert_int_eq(transform_from_desc(NULL, NULL, &d, &t), PPFFT_SUCCESS);
  *level = WISDOM_NONE;
  if (wisdom_lookup(&w, &self, g, &t, plan, len, level) != 0) plan[0] = '\0';
  wisdom_store_destroy(&w);
}

/* The closest level first, then the nearest batch class (ties: the larger), among the entries of
 * the generator asked for. */
START_TEST(lookup_prefers_level_then_batch_class)
{
  const unsigned G = GEN_SIGNATURE;
  char plan[256];
  wisdom_level level;
  /* an exact entry of a far batch class beats an architecture-class entry of the right one */
  const line far_exact[] = {{H100_KEY, "nvidia-sm90", G, 4096, PLAN_B}, {H200_KEY, "nvidia-sm90", G, 1, PLAN_A},
                            {H200_OTHER_DRIVER, "nvidia-sm90", G, 4096, PLAN_C}, {0}};
  lookup(far_exact, 4096, G, plan, sizeof plan, &level);
  ck_assert_str_eq(plan, PLAN_A);
  ck_assert_int_eq(level, WISDOM_EXACT);
  /* another driver beats the class */
  const line driver[] = {{H100_KEY, "nvidia-sm90", G, 4096, PLAN_B}, {H200_OTHER_DRIVER, "nvidia-sm90", G, 1, PLAN_C}, {0}};
  lookup(driver, 4096, G, plan, sizeof plan, &level);
  ck_assert_str_eq(plan, PLAN_C);
  ck_assert_int_eq(level, WISDOM_DRIVER);
  const line arch[] = {{H100_KEY, "nvidia-sm90", G, 4096, PLAN_B}, {0}};
  lookup(arch, 16, G, plan, sizeof plan, &level);
  ck_assert_str_eq(plan, PLAN_B);
  ck_assert_int_eq(level, WISDOM_ARCH);
  /* within a level, the nearest batch class: b4096 from b1, b64 and b16384 is b16384 */
  const line classes[] = {{H200_KEY, "nvidia-sm90", G, 1, PLAN_A}, {H200_KEY, "nvidia-sm90", G, 64, PLAN_B},
                          {H200_KEY, "nvidia-sm90", G, 16384, PLAN_C}, {0}};
  lookup(classes, 4096, G, plan, sizeof plan, &level);
  ck_assert_str_eq(plan, PLAN_C);
  lookup(classes, 100, G, plan, sizeof plan, &level); /* class 256: 64 is nearest */
  ck_assert_str_eq(plan, PLAN_B);
  lookup(classes, 3, G, plan, sizeof plan, &level); /* class 4 */
  ck_assert_str_eq(plan, PLAN_A);
  /* a tie between the classes below and above: the larger */
  const line tie[] = {{H200_KEY, "nvidia-sm90", G, 64, PLAN_A}, {H200_KEY, "nvidia-sm90", G, 1024, PLAN_B}, {0}};
  lookup(tie, 256, G, plan, sizeof plan, &level);
  ck_assert_str_eq(plan, PLAN_B);
  /* entries of another generator are ignored, whatever their level */
  const line gens[] = {{H200_KEY, "nvidia-sm90", G + 1, 4096, PLAN_A}, {H200_OTHER_DRIVER, "nvidia-sm90", G - 1, 4096, PLAN_C},
                       {H100_KEY, "nvidia-sm90", G, 1, PLAN_B}, {0}};
  lookup(gens, 4096, G, plan, sizeof plan, &level);
  ck_assert_str_eq(plan, PLAN_B);
  ck_assert_int_eq(level, WISDOM_ARCH);
  lookup(gens, 4096, G + 1, plan, sizeof plan, &level);
  ck_assert_str_eq(plan, PLAN_A);
  const line stale[] = {{H200_KEY, "nvidia-sm90", 0, 4096, PLAN_A}, {0}};
  lookup(stale, 4096, G, plan, sizeof plan, &level);
  ck_assert_str_eq(plan, "");
  /* no entry for another device, nor for another problem */
  const line foreign[] = {{A100_KEY, "nvidia-sm80", G, 4096, PLAN_A}, {0}};
  lookup(foreign, 4096, G, plan, sizeof plan, &level);
  ck_assert_str_eq(plan, "");
}
END_TEST

/* Import keeps the entries that serve this device at some level, and merges all or nothing;
 * export filtered by a device key gives that device's entries; export, forget, import, export
 * gives the same text. */
START_TEST(import_and_export)
{
  const unsigned G = GEN_SIGNATURE;
  device_names self = h200();
  wisdom_store w;
  ck_assert_int_eq(wisdom_store_init(&w), 0);
  const line lines[] = {{H200_KEY, "nvidia-sm90", G, 4, PLAN_A},          {H200_OTHER_DRIVER, "nvidia-sm90", G, 4, PLAN_B},
                        {H100_KEY, "nvidia-sm90", G, 4, PLAN_C},          {A100_KEY, "nvidia-sm80", G, 4, PLAN_D},
                        {H200_KEY, "nvidia-sm90", G, 1024, PLAN_B},       {"amd/gfx90a/6.0", "amd/gfx90a", G, 4, PLAN_D},
                        {0}};
  char *text = text_of(lines), msg[512];
  size_t skipped = 99;
  ck_assert_msg(wisdom_import(&w, &self, text, &skipped, msg, sizeof msg) == 0, "%s", msg);
  ck_assert_uint_eq(skipped, 2);
  ck_assert_uint_eq(w.count, 4);
  char *all = wisdom_export(&w, NULL);
  ck_assert_ptr_null(strstr(all, A100_KEY));
  ck_assert_ptr_null(strstr(all, "gfx90a"));
  ck_assert_ptr_nonnull(strstr(all, H100_KEY));
  ck_assert_ptr_nonnull(strstr(all, H200_OTHER_DRIVER));
  /* filtered: only the lines of that key */
  char *mine = wisdom_export(&w, H200_KEY);
  size_t entries = 0;
  for (const char *l = mine; (l = strstr(l, "\nnvidia")); ++l) {
    ck_assert_msg(strncmp(l + 1, H200_KEY, strlen(H200_KEY)) == 0 && l[1 + strlen(H200_KEY)] == ' ', "%.80s", l + 1);
    ++entries;
  }
  ck_assert_uint_eq(entries, 2);
  ck_assert_ptr_nonnull(strstr(mine, "b1024 r16/RP+LM-CM"));
  /* importing the same entries again replaces them */
  ck_assert_int_eq(wisdom_import(&w, &self, text, &skipped, msg, sizeof msg), 0);
  ck_assert_uint_eq(w.count, 4);
  /* a malformed text changes nothing */
  char *bad = malloc(strlen(text) + 64);
  sprintf(bad, "%sgarbage line\n", text);
  ck_assert_int_eq(wisdom_import(&w, &self, bad, &skipped, msg, sizeof msg), -1);
  ck_assert_ptr_nonnull(strstr(msg, "line 8"));
  ck_assert_uint_eq(w.count, 4);
  /* round trip */
  wisdom_forget(&w);
  ck_assert_uint_eq(w.count, 0);
  ck_assert_int_eq(wisdom_import(&w, &self, all, &skipped, msg, sizeof msg), 0);
  ck_assert_uint_eq(skipped, 0);
  char *again = wisdom_export(&w, NULL);
  ck_assert_str_eq(again, all);
  free(again), free(bad), free(mine), free(all), free(text);
  wisdom_store_destroy(&w);
}
END_TEST

/* Every wisdom file shipped in wisdom/ parses, every entry was made by this generator (shipped
 * wisdom is never stale: a generator change must come with re-tuned or removed files), and the
 * store takes all of them for the device they were made on. */
START_TEST(shipped_wisdom_current)
{
  const char *src = getenv("PPFFT_SRC_DIR");
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/wisdom", src && *src ? src : ".");
  DIR *dp = opendir(dir);
  ck_assert_msg(dp != NULL, "cannot open %s (PPFFT_SRC_DIR)", dir);
  size_t files = 0;
  for (struct dirent *de; (de = readdir(dp));) {
    size_t l = strlen(de->d_name);
    if (l < 8 || strcmp(de->d_name + l - 7, ".wisdom") != 0) continue;
    char path[8192];
    snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
    char *text = wisdom_read_file(path), msg[512];
    ck_assert_msg(text != NULL, "cannot read %s", path);
    wisdom_entry *e;
    size_t n;
    ck_assert_msg(wisdom_parse(text, &e, &n, msg, sizeof msg) == 0, "%s: %s", path, msg);
    ck_assert_msg(n > 10, "%s: %zu entries", path, n);
    for (size_t i = 0; i < n; ++i)
      ck_assert_msg(e[i].generator == GEN_SIGNATURE, "%s: %s:b%llu was made by generator g%u, this ppfft is g%u: stale", path,
                    e[i].base, 1ull << (2 * e[i].batch_log4), e[i].generator, (unsigned)GEN_SIGNATURE);
    device_names self;
    snprintf(self.key, sizeof self.key, "%s", e[0].device);
    snprintf(self.arch, sizeof self.arch, "%s", e[0].arch);
    wisdom_store w;
    ck_assert_int_eq(wisdom_store_init(&w), 0);
    size_t skipped;
    ck_assert_msg(wisdom_import(&w, &self, text, &skipped, msg, sizeof msg) == 0, "%s: %s", path, msg);
    ck_assert_msg(skipped == 0 && w.count == n, "%s: %zu of %zu entries taken for %s", path, w.count, n, self.key);
    wisdom_store_destroy(&w);
    free(e);
    free(text);
    ++files;
  }
  closedir(dp);
  ck_assert_uint_ge(files, 2);
}
END_TEST

Suite *make_wisdom_store_suite(void)
{
  Suite *s = suite_create("wisdom_store");
  TCase *tc = test_tcase("store");
  tcase_add_test(tc, device_keys_and_levels);
  tcase_add_test(tc, format_versions);
  tcase_add_test(tc, lookup_prefers_level_then_batch_class);
  tcase_add_test(tc, import_and_export);
  tcase_add_test(tc, shipped_wisdom_current);
  suite_add_tcase(s, tc);
  return s;
}
