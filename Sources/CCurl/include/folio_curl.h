#ifndef FOLIO_CURL_H
#define FOLIO_CURL_H

#include <stddef.h>

/* HTTP requests through libcurl, loaded when the first request is made rather than linked:
   only the processes that talk to a server (an embedding provider, a language model) map
   it and the TLS libraries it brings. Debian's libcurl4 (OpenSSL) or libcurl3-gnutls,
   whichever is installed. */

/* Called with each piece of the response body as it arrives (or with each header line);
   returns 0 to go on, anything else to stop the transfer. */
typedef int (*folio_curl_receive)(void *context, const char *data, size_t size);

/* What folio_curl_request returns. */
enum {
    FOLIO_CURL_DONE = 0,         /* an exchange completed, whatever its HTTP status */
    FOLIO_CURL_FAILED = -1,      /* the exchange failed: TLS, an empty reply, a receiver stopped it */
    FOLIO_CURL_TIMED_OUT = -2,   /* no connection in connect_ms, or the response stalled */
    FOLIO_CURL_INTERRUPTED = -3, /* SIGINT or SIGTERM arrived after folio_curl_stop_on_interrupt */
    FOLIO_CURL_UNREACHABLE = -4, /* no server there: connection refused, no such host */
};

/* Sends one request (a POST when body is not NULL, else a GET) with the given header lines
   ("Name: value"). Waits at most connect_ms to connect and timeout_ms in all (0: no limit),
   and gives up when no byte has arrived for stall_seconds (0: never), which is how a
   streamed answer of any length is bounded. header, when not NULL, gets each response
   header line. Sets *status to the HTTP status; on failure error holds libcurl's reason. */
int folio_curl_request(const char *url, const char *const *headers, size_t header_count, const char *body, size_t body_size,
                       long timeout_ms, long connect_ms, long stall_seconds, folio_curl_receive receive,
                       folio_curl_receive header, void *context, long *status, char *error, size_t error_size);

/* From now on the first SIGINT or SIGTERM ends the request under way (which returns
   FOLIO_CURL_INTERRUPTED) instead of the process, so that its caller can leave the
   terminal as it found it; a second one ends the process as usual. */
void folio_curl_stop_on_interrupt(void);

/* Forgets an interrupt that came, and lets the next SIGINT or SIGTERM end the process
   again: between the turns of a conversation, whose Ctrl-C stops one answer only. */
void folio_curl_end_on_interrupt(void);

#endif
