// Typed forwarders for libcurl's variadic entry points.
//
// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt take a C variadic argument, which Swift
// cannot call. Each forwarder below fixes exactly one argument type, so the compiler checks what
// Swift passes; there is deliberately no generic `void *` forwarder for every option.
// Everything is prefixed `nseb_` so it can never collide with libcurl's own names.
#ifndef NSEB_CCURL_SHIM_H
#define NSEB_CCURL_SHIM_H

#include <curl/curl.h>

// MARK: - curl_easy_setopt

/// Options whose argument is a `long` (flags, timeouts in ms, sizes that fit a long).
static inline CURLcode nseb_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

/// Options whose argument is a `curl_off_t` (the `_LARGE` size options such as CURLOPT_MAXFILESIZE_LARGE).
static inline CURLcode nseb_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// Options whose argument is a C string that libcurl copies (CURLOPT_URL, CURLOPT_CAINFO, ...).
static inline CURLcode nseb_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

/// Options whose argument is an opaque pointer libcurl hands back to callbacks (CURLOPT_WRITEDATA, ...)
/// or a list libcurl does NOT copy (CURLOPT_HTTPHEADER): the caller keeps it alive.
static inline CURLcode nseb_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

/// CURLOPT_POSTFIELDSIZE_LARGE then CURLOPT_COPYPOSTFIELDS: a request body that libcurl copies, so
/// the caller's bytes need not outlive the call; libcurl then sends `Content-Length: size`. An empty
/// body is a static empty string (libcurl needs a pointer; `data` may be NULL when `size` is 0).
static inline CURLcode nseb_curl_easy_set_request_body(CURL *handle, const void *data, curl_off_t size) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, size);
    if (code != CURLE_OK) return code;
    if (size == 0) return curl_easy_setopt(handle, CURLOPT_POSTFIELDS, "");
    return curl_easy_setopt(handle, CURLOPT_COPYPOSTFIELDS, data);
}

/// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION: body and header bytes as they arrive.
static inline CURLcode nseb_curl_easy_setopt_write_callback(CURL *handle, CURLoption option,
                                                            curl_write_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

/// CURLOPT_PREREQFUNCTION (libcurl 7.80): called once the connection (and TLS) is up, before the
/// request is sent; how a download that never gets a response byte still reports its connection.
static inline CURLcode nseb_curl_easy_setopt_prereq_callback(CURL *handle, curl_prereq_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_PREREQFUNCTION, callback);
}

/// CURLOPT_XFERINFOFUNCTION: progress, and the only way to abort a transfer from inside libcurl.
static inline CURLcode nseb_curl_easy_setopt_xferinfo_callback(CURL *handle, CURLoption option,
                                                               curl_xferinfo_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

/// CURLOPT_SOCKOPTFUNCTION: lets the harness set socket options (receive buffer) before connect.
static inline CURLcode nseb_curl_easy_setopt_sockopt_callback(CURL *handle, CURLoption option,
                                                              curl_sockopt_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

// MARK: - curl_easy_getinfo

/// CURLINFO_LONG values (response code, OS errno, ...).
static inline CURLcode nseb_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

/// CURLINFO_OFF_T values (the `_T` timings in microseconds, byte counts).
static inline CURLcode nseb_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

/// CURLINFO_STRING values (content type, effective URL); the string is owned by the handle.
static inline CURLcode nseb_curl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

/// CURLINFO_PRIVATE: the pointer stored with CURLOPT_PRIVATE, used to find a transfer's owner.
static inline CURLcode nseb_curl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

// MARK: - curl_multi_setopt

/// CURLMOPT_* options whose argument is a `long` (CURLMOPT_MAX_HOST_CONNECTIONS, ...).
static inline CURLMcode nseb_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

/// CURLMOPT_SOCKETDATA and CURLMOPT_TIMERDATA: the context handed back to the two callbacks below.
static inline CURLMcode nseb_curl_multi_setopt_pointer(CURLM *multi, CURLMoption option, void *value) {
    return curl_multi_setopt(multi, option, value);
}

/// CURLMOPT_SOCKETFUNCTION: libcurl says which sockets to watch in epoll and for what.
static inline CURLMcode nseb_curl_multi_setopt_socket_callback(CURLM *multi, CURLMoption option,
                                                               curl_socket_callback callback) {
    return curl_multi_setopt(multi, option, callback);
}

/// CURLMOPT_TIMERFUNCTION: libcurl asks for one timer, driven by the harness's timing wheel.
static inline CURLMcode nseb_curl_multi_setopt_timer_callback(CURLM *multi, CURLMoption option,
                                                              curl_multi_timer_callback callback) {
    return curl_multi_setopt(multi, option, callback);
}

// MARK: - Macros Swift cannot import

/// CURL_GLOBAL_ALL is a compound macro, which the Swift importer drops.
static inline long nseb_curl_global_all(void) { return CURL_GLOBAL_ALL; }

/// CURL_SOCKET_TIMEOUT: the pseudo-socket passed to curl_multi_socket_action when a timer fires.
static inline curl_socket_t nseb_curl_socket_timeout(void) { return CURL_SOCKET_TIMEOUT; }

/// CURLVERSION_NOW aliases another macro, which the Swift importer drops.
static inline CURLversion nseb_curl_version_now(void) { return CURLVERSION_NOW; }

#endif
