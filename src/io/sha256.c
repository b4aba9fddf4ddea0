/* sha256.c: the SHA-256 digest of FIPS 180-4. */
#include <string.h>
#include "io/sha256.h"

const uint32_t sha256_k[64] = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
const uint32_t sha256_h0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                               0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
#define ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
#define CH(x, y, z) (((x) & (y)) ^ (~(x) & (z)))
#define MAJ(x, y, z) (((x) & (y)) ^ ((x) & (z)) ^ ((y) & (z)))
#define BSIG0(x) (ROTR(x, 2) ^ ROTR(x, 13) ^ ROTR(x, 22))
#define BSIG1(x) (ROTR(x, 6) ^ ROTR(x, 11) ^ ROTR(x, 25))
#define SSIG0(x) (ROTR(x, 7) ^ ROTR(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (ROTR(x, 17) ^ ROTR(x, 19) ^ ((x) >> 10))

static void sha256_block(uint32_t H[8], const unsigned char *p)
{
  uint32_t w[64], v[8];
  for (int t = 0; t < 16; t++)
    w[t] = (uint32_t)p[4 * t] << 24 | (uint32_t)p[4 * t + 1] << 16 |
           (uint32_t)p[4 * t + 2] << 8 | (uint32_t)p[4 * t + 3];
  for (int t = 16; t < 64; t++)
    w[t] = SSIG1(w[t - 2]) + w[t - 7] + SSIG0(w[t - 15]) + w[t - 16];
  memcpy(v, H, sizeof v);
  for (int t = 0; t < 64; t++) {
    uint32_t t1 = v[7] + BSIG1(v[4]) + CH(v[4], v[5], v[6]) + sha256_k[t] + w[t];
    uint32_t t2 = BSIG0(v[0]) + MAJ(v[0], v[1], v[2]);
    memmove(v + 1, v, 7 * sizeof *v);       /* h = g, g = f, ..., b = a */
    v[4] += t1;                             /* e = d + T1 */
    v[0] = t1 + t2;
  }
  for (int i = 0; i < 8; i++) H[i] += v[i];
}
void sha256_init(sha256_ctx *c)
{
  memcpy(c->h, sha256_h0, sizeof c->h);
  c->nbytes = 0;
  c->nblock = 0;
}

void sha256_update(sha256_ctx *c, const void *data, size_t n)
{
  const unsigned char *p = data;
  c->nbytes += n;
  while (n > 0) {
    size_t k = 64 - c->nblock < n ? 64 - c->nblock : n;
    if (c->nblock == 0 && n >= 64) {       /* a whole block in place */
      sha256_block(c->h, p);
      k = 64;
    } else {
      memcpy(c->block + c->nblock, p, k);
      c->nblock += k;
      if (c->nblock == 64) {
        sha256_block(c->h, c->block);
        c->nblock = 0;
      }
    }
    p += k;
    n -= k;
  }
}

void sha256_final(unsigned char digest[32], sha256_ctx *c)
{
  uint64_t bits = c->nbytes * 8;
  c->block[c->nblock++] = 0x80;
  if (c->nblock > 56) {                    /* no room for the length: one more block */
    memset(c->block + c->nblock, 0, 64 - c->nblock);
    sha256_block(c->h, c->block);
    c->nblock = 0;
  }
  memset(c->block + c->nblock, 0, 56 - c->nblock);
  for (int i = 0; i < 8; i++) c->block[56 + i] = (unsigned char)(bits >> (56 - 8 * i));
  sha256_block(c->h, c->block);
  for (int i = 0; i < 32; i++) digest[i] = (unsigned char)(c->h[i / 4] >> (24 - 8 * (i % 4)));
}

void sha256_hex(char hex[SHA256_HEX], const void *data, size_t n)
{
  static const char digit[] = "0123456789abcdef";
  unsigned char d[32];
  sha256_ctx c;
  sha256_init(&c);
  sha256_update(&c, data, n);
  sha256_final(d, &c);
  for (int i = 0; i < 32; i++) {
    hex[2 * i] = digit[d[i] >> 4];
    hex[2 * i + 1] = digit[d[i] & 15];
  }
  hex[64] = '\0';
}
