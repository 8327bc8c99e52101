#ifndef FOLIO_MAIL_H
#define FOLIO_MAIL_H

#include <stddef.h>
#include <stdint.h>

/* One mail message read by GMime and flattened for Swift: its headers decoded (RFC 2047)
   to UTF-8, and its parts in reading order. Every string is UTF-8 and owned by the
   message until folio_mail_free. */

enum folio_mail_part_kind {
    FOLIO_MAIL_PLAIN = 0,      /* a text/plain body (or another text/ type shown inline) */
    FOLIO_MAIL_HTML = 1,       /* a text/html body */
    FOLIO_MAIL_ATTACHMENT = 2, /* an attachment: its file name (else content type) and, when named, its bytes */
    FOLIO_MAIL_FORWARDED = 3,  /* a message/rfc822 part: its subject and sender, the parts after it are its own */
};

typedef struct {
    int kind;
    char *text;          /* the body, converted from its charset; NULL for attachments */
    char *name;          /* attachment: the file name, else the content type; forwarded: the subject */
    char *problem;       /* why the text may be wrong (an unknown charset); NULL when none */
    unsigned char *content; /* a named attachment's decoded bytes; NULL when over the limit */
    size_t content_length;  /* how many bytes it decodes to, kept or not */
} folio_mail_part;

typedef struct {
    char *subject;
    char *from;
    char *to;
    char *cc;
    char *date;          /* ISO 8601, NULL when the Date header is missing or unreadable */
    char *message_id;    /* Message-ID without its angle brackets; NULL when missing */
    char *in_reply_to;   /* the In-Reply-To and References headers as written (unfolded); */
    char *references;    /* NULL when missing */
    folio_mail_part *parts;
    size_t part_count;
} folio_mail;

/* Reads the message in the file at `path`, keeping the bytes of each named attachment of
   at most `attachment_limit` bytes. Returns 0 and fills `mail`, or -1 with a message in
   `error`: GMime recovers from most broken MIME, and refuses only what holds no message at
   all. */
int folio_mail_read(const char *path, size_t attachment_limit, folio_mail *mail, char *error, size_t error_size);

/* A mbox file read message by message from a byte offset (0, or where an earlier read
   ended: a message appended since is read without the ones before it). */
typedef struct folio_mailbox folio_mailbox;

/* NULL with a message in `error` when the file cannot be opened, or, with `malformed` set,
   when what it holds from `offset` on does not begin with a "From " line. */
folio_mailbox *folio_mailbox_open(const char *path, int64_t offset, int *malformed, char *error, size_t error_size);

/* The next message: 1 with it in `mail` (free it with folio_mail_free), the offset of its
   "From " line in `start` and where it ends in `end`; 0 at the end of the file; -1 when
   what follows is not a message (no "From " line where one must be). */
int folio_mailbox_next(folio_mailbox *box, size_t attachment_limit, folio_mail *mail, int64_t *start, int64_t *end);

void folio_mailbox_close(folio_mailbox *box);

void folio_mail_free(folio_mail *mail);

#endif
