// libcurl for LaminaImages' HTTP fetcher. curl_easy_setopt and curl_easy_getinfo are variadic,
// which Swift cannot call: these wrappers give each argument type the fetcher uses a function
// of its own.
#ifndef LAMINA_CCURL_SHIM_H
#define LAMINA_CCURL_SHIM_H

#include <curl/curl.h>

/// A body or header callback (CURLOPT_WRITEFUNCTION, CURLOPT_HEADERFUNCTION).
typedef size_t (*lamina_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode lamina_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode lamina_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

/// A string option; curl copies the string.
static inline CURLcode lamina_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode lamina_curl_set_callback(CURL *handle, CURLoption option, lamina_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode lamina_curl_info_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

/// The result of a finished transfer (CURLMsg's union, which Swift reads awkwardly).
static inline CURLcode lamina_curl_message_result(const CURLMsg *message) {
    return message->data.result;
}

#endif
