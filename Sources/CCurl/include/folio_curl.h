#ifndef FOLIO_CURL_H
#define FOLIO_CURL_H

#include <stddef.h>

/* HTTP requests through libcurl, loaded when the first request is made rather than linked:
   only the processes that talk to an embedding server (or, later, a language model) map it
   and the TLS libraries it brings. Debian's libcurl4 (OpenSSL) or libcurl3-gnutls, whichever
   is installed. */

/* Called with each piece of the response body as it arrives; returns 0 to go on, anything
   else to stop the transfer. */
typedef int (*folio_curl_receive)(void *context, const char *data, size_t size);

/* Sends one request (a POST when body is not NULL, else a GET) with the given header lines
   ("Name: value"), waiting at most timeout_ms in all (0: no limit) and connect_ms to
   connect. Sets *status to the HTTP status. Returns 0 on a completed exchange (whatever the
   status), else -1 with libcurl's reason in error. */
int folio_curl_request(const char *url, const char *const *headers, size_t header_count, const char *body, size_t body_size,
                       long timeout_ms, long connect_ms, folio_curl_receive receive, void *context, long *status,
                       char *error, size_t error_size);

#endif
