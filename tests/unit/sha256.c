/* sha256.c: SHA-256 against the standard's test vectors, streamed in
   pieces, and its constant tables recomputed from their definition. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include "io/sha256.h"

static const struct { const char *msg; long repeat; const char *hex; } vectors[] = {
  {"abc", 1, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
  {"", 1, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
  {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
   "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
  {"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmn"
   "opqrsmnopqrstnopqrstu", 1,
   "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"},
  {"a", 1000000, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
};

static void hex_of(char hex[SHA256_HEX], const unsigned char d[32])
{
  for (int i = 0; i < 32; i++) snprintf(hex + 2 * i, 3, "%02x", d[i]);
}

/* the fraction of x in [0,1) as 32 bits; *edge if bits 33-50 leave the floor in doubt */
static unsigned long frac32(long double x, int *edge)
{
  long double f = (x - floorl(x)) * 4294967296.0L;
  long double rest = (f - floorl(f)) * 262144.0L;     /* the next 18 bits */
  *edge |= rest < 1 || rest > 262143;
  return (unsigned long)floorl(f);
}

int main(void)
{
  char hex[SHA256_HEX];
  for (size_t i = 0; i < sizeof vectors / sizeof vectors[0]; i++) {
    sha256_ctx c;
    unsigned char d[32];
    size_t len = strlen(vectors[i].msg);
    sha256_init(&c);
    for (long r = 0; r < vectors[i].repeat; r++) sha256_update(&c, vectors[i].msg, len);
    sha256_final(d, &c);
    hex_of(hex, d);
    gsl_test(strcmp(hex, vectors[i].hex) != 0, "SHA-256 of '%.12s%s' x %ld: %s", vectors[i].msg,
             len > 12 ? "..." : "", vectors[i].repeat, hex);
    if (vectors[i].repeat == 1) {
      sha256_hex(hex, vectors[i].msg, len);
      gsl_test(strcmp(hex, vectors[i].hex) != 0, "sha256_hex of '%.12s' in one call", vectors[i].msg);
    }
  }
  /* every split of the 896-bit message (and of its prefixes up to 130 bytes) */
  const char *m = vectors[3].msg;
  size_t L = strlen(m);
  int bad = 0;
  char *buf = malloc(2 * L + 1);
  for (size_t k = 0; k < 2 * L; k++) buf[k] = m[k % L];
  buf[2 * L] = '\0';
  for (size_t n = 0; n <= 130 && n <= 2 * L; n++) {
    char one[SHA256_HEX], two[SHA256_HEX];
    sha256_hex(one, buf, n);
    for (size_t s = 0; s <= n; s++) {
      sha256_ctx c;
      unsigned char d[32];
      sha256_init(&c);
      sha256_update(&c, buf, s);
      sha256_update(&c, buf + s, n - s);
      sha256_final(d, &c);
      hex_of(two, d);
      bad += strcmp(one, two) != 0;
    }
  }
  gsl_test(bad, "every message of 0 to 130 bytes split at every byte: %d digests differ", bad);
  char flip[SHA256_HEX];
  buf[40] ^= 1;
  sha256_hex(flip, buf, L);
  buf[40] ^= 1;
  sha256_hex(hex, buf, L);
  gsl_test(strcmp(flip, hex) == 0, "one bit flipped changes the digest");
  free(buf);
  /* the constants: the first 64 primes' cube roots, the first 8 primes' square roots */
  int primes[64], np = 0, edge = 0, wrong = 0;
  for (int p = 2; np < 64; p++) {
    int prime = 1;
    for (int q = 2; q * q <= p; q++) prime &= p % q != 0;
    if (prime) primes[np++] = p;
  }
  for (int t = 0; t < 64; t++) wrong += frac32(cbrtl((long double)primes[t]), &edge) != sha256_k[t];
  for (int t = 0; t < 8; t++) wrong += frac32(sqrtl((long double)primes[t]), &edge) != sha256_h0[t];
  gsl_test(wrong, "K_t and H0 recomputed from the primes' roots: %d of 72 differ", wrong);
  gsl_test(edge, "no recomputed constant is within 2^-50 of a 32-bit boundary");
  exit(gsl_test_summary());
}
