import COpenSSL

/// A certificate and its private key, owned: `deinit` frees both.
///
/// The media server makes a self-signed one at start (for `127.0.0.1` and `localhost`) or loads PEM
/// files; clients pin it through ``pem``.
public final class TLSCertificate: @unchecked Sendable {
    // Immutable after init; OpenSSL only reads X509 and EVP_PKEY objects once built, from any thread.
    let certificate: OpaquePointer
    let privateKey: OpaquePointer
    /// The certificate in PEM form, for a client's trust store (CURLOPT_CAINFO).
    public let pem: String

    /// A fresh P-256 key and a certificate for `127.0.0.1` and `localhost`, valid for `days` days.
    public static func selfSigned(commonName: String = "nse-bench media server", days: Int = 7) throws(OpenSSLError)
        -> TLSCertificate
    {
        guard let key = nseb_evp_ec_gen_p256() else { throw .capture("EVP_EC_gen") }
        guard let certificate = X509_new() else {
            EVP_PKEY_free(key)
            throw .capture("X509_new")
        }
        func fail(_ call: String) -> OpenSSLError {
            let error = OpenSSLError.capture(call)
            X509_free(certificate)
            EVP_PKEY_free(key)
            return error
        }
        guard X509_set_version(certificate, 2) == 1 else { throw fail("X509_set_version") }
        let serial = (try? AESGCM.randomBytes(8)).map { $0.reduce(0) { $0 << 8 | Int($1) } & 0x7FFF_FFFF } ?? 1
        guard ASN1_INTEGER_set(X509_get_serialNumber(certificate), serial) == 1 else {
            throw fail("ASN1_INTEGER_set")
        }
        guard nseb_x509_set_validity(certificate, -3600, days * 86_400) == 1 else { throw fail("X509_gmtime_adj") }
        guard X509_set_pubkey(certificate, key) == 1 else { throw fail("X509_set_pubkey") }
        let name = X509_get_subject_name(certificate)
        guard X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, commonName, -1, -1, 0) == 1 else {
            throw fail("X509_NAME_add_entry_by_txt")
        }
        guard X509_set_issuer_name(certificate, name) == 1 else { throw fail("X509_set_issuer_name") }
        guard nseb_x509_add_subject_alt_name(certificate, "IP:127.0.0.1,DNS:localhost") == 1 else {
            throw fail("X509V3_EXT_conf_nid(subjectAltName)")
        }
        guard X509_sign(certificate, key, EVP_sha256()) > 0 else { throw fail("X509_sign") }
        return try TLSCertificate(certificate: certificate, privateKey: key)
    }

    /// Loads a PEM certificate and a PEM private key, both given as text.
    public static func load(certificatePEM: String, keyPEM: String) throws(OpenSSLError) -> TLSCertificate {
        let certificate = try withMemoryBIO(certificatePEM) { PEM_read_bio_X509($0, nil, nil, nil) }
        guard let certificate else { throw .capture("PEM_read_bio_X509") }
        let key = try withMemoryBIO(keyPEM) { PEM_read_bio_PrivateKey($0, nil, nil, nil) }
        guard let key else {
            X509_free(certificate)
            throw .capture("PEM_read_bio_PrivateKey")
        }
        return try TLSCertificate(certificate: certificate, privateKey: key)
    }

    private init(certificate: OpaquePointer, privateKey: OpaquePointer) throws(OpenSSLError) {
        self.certificate = certificate
        self.privateKey = privateKey
        guard let bio = BIO_new(BIO_s_mem()) else { throw .capture("BIO_new") }
        defer { BIO_free(bio) }
        guard PEM_write_bio_X509(bio, certificate) == 1 else { throw .capture("PEM_write_bio_X509") }
        var data: UnsafeMutablePointer<CChar>?
        let length = nseb_bio_get_mem_data(bio, &data)
        guard let data, length > 0 else { throw .capture("BIO_get_mem_data") }
        pem = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
    }

    deinit {
        X509_free(certificate)
        EVP_PKEY_free(privateKey)
    }

    private static func withMemoryBIO<T>(_ text: String, _ body: (OpaquePointer) -> T) throws(OpenSSLError) -> T {
        let bytes = Array(text.utf8)
        let bio = bytes.withUnsafeBytes { buffer in
            // A read-write memory BIO holding a copy, so it does not point into `bytes` afterwards.
            let bio = BIO_new(BIO_s_mem())
            if let bio { _ = BIO_write(bio, buffer.baseAddress, Int32(buffer.count)) }
            return bio
        }
        guard let bio else { throw .capture("BIO_new") }
        defer { BIO_free(bio) }
        return body(bio)
    }
}
