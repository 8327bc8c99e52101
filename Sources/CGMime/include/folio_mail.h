#ifndef FOLIO_MAIL_H
#define FOLIO_MAIL_H

#include <stddef.h>

/* One mail message read by GMime and flattened for Swift: its headers decoded (RFC 2047)
   to UTF-8, and its parts in reading order. Every string is UTF-8 and owned by the
   message until folio_mail_free. */

enum folio_mail_part_kind {
    FOLIO_MAIL_PLAIN = 0,      /* a text/plain body (or another text/ type shown inline) */
    FOLIO_MAIL_HTML = 1,       /* a text/html body */
    FOLIO_MAIL_ATTACHMENT = 2, /* an attachment: its file name and content type only */
    FOLIO_MAIL_FORWARDED = 3,  /* a message/rfc822 part: its subject and sender, the parts after it are its own */
};

typedef struct {
    int kind;
    char *text;          /* the body, converted from its charset; NULL for attachments */
    char *name;          /* attachment: the file name, else the content type; forwarded: the subject */
    char *problem;       /* why the text may be wrong (an unknown charset); NULL when none */
} folio_mail_part;

typedef struct {
    char *subject;
    char *from;
    char *to;
    char *cc;
    char *date;          /* ISO 8601, NULL when the Date header is missing or unreadable */
    folio_mail_part *parts;
    size_t part_count;
} folio_mail;

/* Reads the message in the file at `path`. Returns 0 and fills `mail`, or -1 with a
   message in `error`: GMime recovers from most broken MIME, and refuses only what holds no
   message at all. */
int folio_mail_read(const char *path, folio_mail *mail, char *error, size_t error_size);

void folio_mail_free(folio_mail *mail);

#endif
