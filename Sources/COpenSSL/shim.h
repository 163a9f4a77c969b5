// OpenSSL (libssl + libcrypto) for nse-bench: CryptoKit's and CommonCrypto's ciphers, hashes and keys, Security's
// RSA keys, through EVP, and TLS for the media server.
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
#include <openssl/x509v3.h>
#include <openssl/ec.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/encoder.h>
#include <openssl/decoder.h>
#include <openssl/rsa.h>
#include <openssl/param_build.h>

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

/// EVP_EC_gen is a macro over the variadic EVP_PKEY_Q_keygen: a P-256 key for the self-signed
/// certificate the media server makes at start.
static inline EVP_PKEY *nseb_evp_ec_gen_p256(void) { return EVP_EC_gen("P-256"); }

/// X509_get_notBefore / X509_get_notAfter are macros; these set the validity window in seconds
/// relative to now.
static inline int nseb_x509_set_validity(X509 *certificate, long notBeforeOffset, long notAfterOffset) {
    return X509_gmtime_adj(X509_getm_notBefore(certificate), notBeforeOffset) != NULL
        && X509_gmtime_adj(X509_getm_notAfter(certificate), notAfterOffset) != NULL;
}

/// Adds a subjectAltName such as "IP:127.0.0.1,DNS:localhost" (X509V3_set_ctx_nodb is a macro).
static inline int nseb_x509_add_subject_alt_name(X509 *certificate, const char *names) {
    X509V3_CTX context;
    X509V3_set_ctx_nodb(&context);
    X509V3_set_ctx(&context, certificate, certificate, NULL, NULL, 0);
    X509_EXTENSION *extension = X509V3_EXT_conf_nid(NULL, &context, NID_subject_alt_name, names);
    if (extension == NULL) return 0;
    int added = X509_add_ext(certificate, extension, -1);
    X509_EXTENSION_free(extension);
    return added;
}

/// BIO_get_mem_data is a macro over BIO_ctrl: the bytes a memory BIO holds (PEM output).
static inline long nseb_bio_get_mem_data(BIO *bio, char **data) { return BIO_get_mem_data(bio, data); }

/// EVP_PKEY_KEYPAIR and EVP_PKEY_PUBLIC_KEY are macros over OR-ed selection bits, which Swift does not import:
/// the selections EVP_PKEY_fromdata and the encoders take.
static inline int nseb_evp_pkey_keypair(void) { return EVP_PKEY_KEYPAIR; }
static inline int nseb_evp_pkey_public_key(void) { return EVP_PKEY_PUBLIC_KEY; }

#endif
