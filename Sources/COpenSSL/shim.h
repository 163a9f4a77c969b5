// OpenSSL (libssl + libcrypto) for nse-bench: AES-256-GCM through EVP and TLS for the media server.
//
// OpenSSL exposes several operations only as function-like macros, which Swift cannot import. Each
// forwarder below wraps one such macro; all are prefixed `nseb_`.
#ifndef NSEB_COPENSSL_SHIM_H
#define NSEB_COPENSSL_SHIM_H

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/pem.h>
#include <openssl/opensslv.h>

/// OPENSSL_free is a macro over CRYPTO_free that passes __FILE__ and __LINE__.
static inline void nseb_openssl_free(void *pointer) { OPENSSL_free(pointer); }

/// SSL_CTX_set_mode is a macro over SSL_CTX_ctrl; the server needs partial writes and a moving buffer
/// because its sockets are non-blocking.
static inline long nseb_ssl_ctx_set_mode(SSL_CTX *context, long mode) { return SSL_CTX_set_mode(context, mode); }

/// SSL_CTX_set_min_proto_version is a macro over SSL_CTX_ctrl.
static inline int nseb_ssl_ctx_set_min_proto_version(SSL_CTX *context, int version) {
    return (int)SSL_CTX_set_min_proto_version(context, version);
}

/// The version string (OPENSSL_VERSION_TEXT is a string macro), for the host fingerprint.
static inline const char *nseb_openssl_version_text(void) { return OpenSSL_version(OPENSSL_VERSION); }

#endif
