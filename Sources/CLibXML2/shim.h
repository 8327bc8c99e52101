#include <libxml/xmlversion.h>
/* libxml2 built with ICU includes ICU's headers, whose UErrorCode clashes with the copy in
   Foundation's _FoundationICU. Folio never touches the converter fields that need them. */
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>
