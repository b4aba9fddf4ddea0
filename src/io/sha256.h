/* sha256.h: the SHA-256 digest of FIPS 180-4. */
#ifndef SHA256_H
#define SHA256_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
  uint32_t h[8];              /* the hash value so far */
  uint64_t nbytes;            /* bytes of the message so far */
  unsigned char block[64];    /* the bytes of the block not yet compressed */
  size_t nblock;
} sha256_ctx;
#define SHA256_HEX 65         /* bytes of the digest in hexadecimal, NUL included */
extern const uint32_t sha256_k[64];   /* the round constants K_t */
extern const uint32_t sha256_h0[8];   /* the initial hash value */
void sha256_init(sha256_ctx *c);
void sha256_update(sha256_ctx *c, const void *data, size_t n);
void sha256_final(unsigned char digest[32], sha256_ctx *c);
/* the digest of n bytes as 64 lowercase hexadecimal digits, as sha256sum prints it */
void sha256_hex(char hex[SHA256_HEX], const void *data, size_t n);

#endif
