#include "folio_mail.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <gmime/gmime.h>

/* Nesting deeper than this (multipart in multipart, forwarded in forwarded) is not
   walked: a hostile message cannot exhaust the stack. */
#define FOLIO_MAIL_MAX_DEPTH 32

static void folio_mail_init(void) {
    static gsize once = 0;
    if (g_once_init_enter(&once)) {
        g_mime_init();
        g_once_init_leave(&once, 1);
    }
}

static char *copy(const char *text) {
    return text ? strdup(text) : NULL;
}

static folio_mail_part *add(folio_mail *mail, int kind, char *text, char *name, char *problem) {
    folio_mail_part *parts = realloc(mail->parts, (mail->part_count + 1) * sizeof *parts);
    if (!parts) {
        free(text);
        free(name);
        free(problem);
        return NULL;
    }
    mail->parts = parts;
    parts[mail->part_count] = (folio_mail_part){kind, text, name, problem, NULL, 0};
    return &parts[mail->part_count++];
}

/* The decoded bytes of an attachment, kept when there are at most `limit` of them. */
static void keep_content(folio_mail_part *added, GMimePart *part, size_t limit) {
    GMimeDataWrapper *content = g_mime_part_get_content(part);
    if (!added || !content) return;
    GMimeStream *memory = g_mime_stream_mem_new();
    g_mime_data_wrapper_write_to_stream(content, memory);
    GByteArray *bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(memory));
    added->content_length = bytes->len;
    if (bytes->len <= limit && (added->content = malloc(bytes->len ? bytes->len : 1))) memcpy(added->content, bytes->data, bytes->len);
    g_object_unref(memory);
}

static int is_type(GMimeObject *object, const char *type, const char *subtype) {
    GMimeContentType *content = g_mime_object_get_content_type(object);
    return content && g_mime_content_type_is_type(content, type, subtype);
}

/* The text of a text part, converted to UTF-8 from its charset by GMime. When GMime
   cannot convert it (an unknown charset), the raw decoded bytes, for Swift to repair. */
static void add_text(folio_mail *mail, GMimeTextPart *part, int kind) {
    char *text = g_mime_text_part_get_text(part);
    char *problem = NULL;
    const char *charset = g_mime_text_part_get_charset(part);
    GIConv converter = charset ? g_mime_iconv_open("UTF-8", charset) : (GIConv)-1;
    if (converter != (GIConv)-1) g_mime_iconv_close(converter);
    if (charset && converter == (GIConv)-1) {
        char message[160];
        snprintf(message, sizeof message, "a part in the unknown charset '%.100s' was read as UTF-8", charset);
        problem = strdup(message);
    }
    if (!text) {
        GMimeDataWrapper *content = g_mime_part_get_content(GMIME_PART(part));
        if (content) {
            GMimeStream *memory = g_mime_stream_mem_new();
            g_mime_data_wrapper_write_to_stream(content, memory);
            GByteArray *bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(memory));
            text = g_strndup((const char *)bytes->data, bytes->len);
            g_object_unref(memory);
        }
    }
    char *copied = copy(text);
    g_free(text);
    add(mail, kind, copied, NULL, problem);
}

static void walk(folio_mail *mail, GMimeObject *object, int depth, size_t limit);

static void walk_message(folio_mail *mail, GMimeMessage *message, int depth, size_t limit) {
    GMimeObject *body = g_mime_message_get_mime_part(message);
    if (body) walk(mail, body, depth + 1, limit);
}

static void walk(folio_mail *mail, GMimeObject *object, int depth, size_t limit) {
    if (depth > FOLIO_MAIL_MAX_DEPTH || !object) return;
    if (GMIME_IS_MESSAGE_PART(object)) {
        GMimeMessage *message = g_mime_message_part_get_message(GMIME_MESSAGE_PART(object));
        if (!message) return;
        add(mail, FOLIO_MAIL_FORWARDED, NULL, copy(g_mime_message_get_subject(message)), NULL);
        walk_message(mail, message, depth, limit);
        return;
    }
    if (GMIME_IS_MULTIPART(object)) {
        GMimeMultipart *multipart = GMIME_MULTIPART(object);
        int count = g_mime_multipart_get_count(multipart);
        if (is_type(object, "multipart", "alternative") && count > 0) {
            /* The same content in several forms: the plain text if there is one, else
               HTML, else the last (the richest, often a multipart/related around HTML). */
            GMimeObject *chosen = NULL;
            for (int i = 0; i < count && !chosen; i++) {
                GMimeObject *part = g_mime_multipart_get_part(multipart, i);
                if (is_type(part, "text", "plain")) chosen = part;
            }
            for (int i = 0; i < count && !chosen; i++) {
                GMimeObject *part = g_mime_multipart_get_part(multipart, i);
                if (is_type(part, "text", "html")) chosen = part;
            }
            walk(mail, chosen ? chosen : g_mime_multipart_get_part(multipart, count - 1), depth + 1, limit);
            return;
        }
        for (int i = 0; i < count; i++) walk(mail, g_mime_multipart_get_part(multipart, i), depth + 1, limit);
        return;
    }
    if (!GMIME_IS_PART(object)) return;
    GMimePart *part = GMIME_PART(object);
    const char *filename = g_mime_part_get_filename(part);
    if (g_mime_part_is_attachment(part) || (filename && !GMIME_IS_TEXT_PART(object))) {
        GMimeContentType *content = g_mime_object_get_content_type(object);
        char *type = content ? g_mime_content_type_get_mime_type(content) : NULL;
        folio_mail_part *added = add(mail, FOLIO_MAIL_ATTACHMENT, NULL, copy(filename ? filename : type), NULL);
        g_free(type);
        if (filename) keep_content(added, part, limit);
        return;
    }
    if (!GMIME_IS_TEXT_PART(object)) return;
    add_text(mail, GMIME_TEXT_PART(object), is_type(object, "text", "html") ? FOLIO_MAIL_HTML : FOLIO_MAIL_PLAIN);
}

static char *addresses(InternetAddressList *list) {
    if (!list || internet_address_list_length(list) == 0) return NULL;
    char *text = internet_address_list_to_string(list, NULL, FALSE);
    char *copied = copy(text);
    g_free(text);
    return copied;
}

/* The headers and parts of a parsed message into `mail`. */
static void flatten(GMimeMessage *message, folio_mail *mail, size_t limit) {
    mail->subject = copy(g_mime_message_get_subject(message));
    mail->from = addresses(g_mime_message_get_from(message));
    mail->to = addresses(g_mime_message_get_to(message));
    mail->cc = addresses(g_mime_message_get_cc(message));
    GDateTime *date = g_mime_message_get_date(message);
    if (date) {
        char *iso = g_date_time_format_iso8601(date);
        mail->date = copy(iso);
        g_free(iso);
    }
    mail->message_id = copy(g_mime_message_get_message_id(message));
    mail->in_reply_to = copy(g_mime_object_get_header(GMIME_OBJECT(message), "In-Reply-To"));
    mail->references = copy(g_mime_object_get_header(GMIME_OBJECT(message), "References"));
    walk_message(mail, message, 0, limit);
}

int folio_mail_read(const char *path, size_t attachment_limit, folio_mail *mail, char *error, size_t error_size) {
    memset(mail, 0, sizeof *mail);
    folio_mail_init();
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) {
        snprintf(error, error_size, "%s", strerror(errno));
        return -1;
    }
    GMimeStream *stream = g_mime_stream_fs_new(descriptor);
    GMimeParser *parser = g_mime_parser_new_with_stream(stream);
    g_object_unref(stream);
    GMimeMessage *message = g_mime_parser_construct_message(parser, NULL);
    g_object_unref(parser);
    if (!message) {
        snprintf(error, error_size, "no mail message in it (no headers GMime could read)");
        return -1;
    }
    flatten(message, mail, attachment_limit);
    g_object_unref(message);
    return 0;
}

struct folio_mailbox {
    GMimeParser *parser;
};

/* Whether what the file holds from `offset` on is empty or starts, after blank lines, with
   a "From " line, as a mbox file and each of its messages do. */
static int starts_mailbox(int descriptor, int64_t offset) {
    char bytes[256];
    ssize_t count = pread(descriptor, bytes, sizeof bytes, offset);
    if (count < 0) return 0;
    ssize_t at = 0;
    while (at < count && (bytes[at] == '\n' || bytes[at] == '\r')) at++;
    if (at == count) return count < (ssize_t)sizeof bytes;
    return count - at >= 5 && memcmp(bytes + at, "From ", 5) == 0;
}

folio_mailbox *folio_mailbox_open(const char *path, int64_t offset, int *malformed, char *error, size_t error_size) {
    folio_mail_init();
    *malformed = 0;
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) {
        snprintf(error, error_size, "%s", strerror(errno));
        return NULL;
    }
    if (!starts_mailbox(descriptor, offset)) {
        *malformed = 1;
        snprintf(error, error_size, "not a mailbox in the mbox format: no \"From \" line where a message should begin (byte %lld)",
                 (long long)offset);
        close(descriptor);
        return NULL;
    }
    if (lseek(descriptor, offset, SEEK_SET) < 0) {
        snprintf(error, error_size, "cannot read from byte %lld: %s", (long long)offset, strerror(errno));
        close(descriptor);
        return NULL;
    }
    folio_mailbox *box = calloc(1, sizeof *box);
    if (!box) {
        snprintf(error, error_size, "out of memory");
        close(descriptor);
        return NULL;
    }
    GMimeStream *stream = g_mime_stream_fs_new_with_bounds(descriptor, offset, -1);
    box->parser = g_mime_parser_new_with_stream(stream);
    g_object_unref(stream);
    g_mime_parser_set_format(box->parser, GMIME_FORMAT_MBOX);
    return box;
}

int folio_mailbox_next(folio_mailbox *box, size_t attachment_limit, folio_mail *mail, int64_t *start, int64_t *end) {
    memset(mail, 0, sizeof *mail);
    if (g_mime_parser_eos(box->parser)) return 0;
    GMimeMessage *message = g_mime_parser_construct_message(box->parser, NULL);
    if (!message) return g_mime_parser_eos(box->parser) ? 0 : -1;
    *start = g_mime_parser_get_mbox_marker_offset(box->parser);
    *end = g_mime_parser_tell(box->parser);
    flatten(message, mail, attachment_limit);
    g_object_unref(message);
    return 1;
}

void folio_mailbox_close(folio_mailbox *box) {
    if (!box) return;
    g_object_unref(box->parser);
    free(box);
}
void folio_mail_free(folio_mail *mail) {
    free(mail->subject);
    free(mail->from);
    free(mail->to);
    free(mail->cc);
    free(mail->date);
    free(mail->message_id);
    free(mail->in_reply_to);
    free(mail->references);
    for (size_t i = 0; i < mail->part_count; i++) {
        free(mail->parts[i].text);
        free(mail->parts[i].name);
        free(mail->parts[i].problem);
        free(mail->parts[i].content);
    }
    free(mail->parts);
    memset(mail, 0, sizeof *mail);
}
