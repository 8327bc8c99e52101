#!/usr/bin/env python3
"""Writes the PDF and image fixtures of FolioLoadersTests (committed; rerun to remake).

Needs pdftoppm (poppler-utils) to rasterise pages for the scanned fixtures and qpdf for
the encrypted one. Text PDFs are written by hand, with the standard Helvetica font, so
every word and its page is known.
"""
import os
import subprocess
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def pdf(pages, path, page_labels=None, title=None):
    """pages: list of either ("text", [(size, x, y, string), ...]) or ("image", (w, h, gray bytes))."""
    objects = []  # index i -> bytes of object i+1

    def add(body):
        objects.append(body)
        return len(objects)

    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    pages_id = len(objects) + 1 + 2 * len(pages) + sum(1 for kind, _ in pages if kind == "image")
    kids = []
    for kind, content in pages:
        if kind == "text":
            ops = b"".join(b"BT /F1 %d Tf %d %d Td (%s) Tj ET\n" % (size, x, y, s.encode("latin-1")) for size, x, y, s in content)
            resources = b"<< /Font << /F1 %d 0 R >> >>" % font
        else:
            width, height, gray = content
            data = zlib.compress(gray)
            image = add(b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray "
                        b"/BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n" % (width, height, len(data))
                        + data + b"\nendstream")
            ops = b"q 612 0 0 792 0 0 cm /Im1 Do Q\n"
            resources = b"<< /XObject << /Im1 %d 0 R >> >>" % image
        stream = add(b"<< /Length %d >>\nstream\n" % len(ops) + ops + b"endstream")
        kids.append(add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources %s /Contents %d 0 R >>"
                        % (pages_id, resources, stream)))
    assert add(b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % k for k in kids), len(kids))) == pages_id
    labels = b""
    if page_labels:
        labels = b" /PageLabels << /Nums [" + b" ".join(b"%d %s" % (i, spec.encode()) for i, spec in page_labels) + b"] >>"
    catalog = add(b"<< /Type /Catalog /Pages %d 0 R%s >>" % (pages_id, labels))
    info = add(b"<< /Title (%s) /Producer (Folio test fixtures) >>" % title.encode("latin-1")) if title else None
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = [0] * len(objects)
    # The catalog and the page tree first, so that a file cut short loses its last pages,
    # not the tree that finds the others.
    order = [catalog, pages_id] + [n for n in range(1, len(objects) + 1) if n not in (catalog, pages_id)]
    for number in order:
        offsets[number - 1] = len(out)
        out += b"%d 0 obj\n" % number + objects[number - 1] + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    trailer = b"<< /Size %d /Root %d 0 R%s >>" % (len(objects) + 1, catalog, b" /Info %d 0 R" % info if info else b"")
    out += b"trailer\n" + trailer + b"\nstartxref\n%d\n%%%%EOF\n" % xref
    with open(path, "wb") as f:
        f.write(out)


def cjk_pdf(path):
    """Japanese text in a CID font that is not embedded (Adobe-Japan1, UniJIS-UCS2-H), as
    older Japanese PDFs have: the reader needs its built-in CJK font to map the codes to text."""
    text = "".join("%04X" % ord(c) for c in "東京の会議資料、請求書番号")
    ops = b"BT /F1 24 Tf 72 700 Td <%s> Tj ET\n" % text.encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
        b"<< /Length %d >>\nstream\n" % len(ops) + ops + b"endstream",
        b"<< /Type /Font /Subtype /Type0 /BaseFont /KozMinPro-Regular /Encoding /UniJIS-UCS2-H /DescendantFonts [6 0 R] >>",
        b"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /KozMinPro-Regular /CIDSystemInfo << /Registry (Adobe) "
        b"/Ordering (Japan1) /Supplement 4 >> /FontDescriptor 7 0 R /DW 1000 >>",
        b"<< /Type /FontDescriptor /FontName /KozMinPro-Regular /Flags 6 /FontBBox [-195 -272 1110 1075] /ItalicAngle 0 "
        b"/Ascent 880 /Descent -120 /CapHeight 740 /StemV 86 >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1) + b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    with open(path, "wb") as f:
        f.write(out)


def paragraph(lines, size=12, top=700):
    return [(size, 72, top - i * (size + 6), line) for i, line in enumerate(lines)]


def raster(lines, dpi=150):
    """A page of big text, rendered to gray pixels with pdftoppm: (width, height, bytes)."""
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "page.pdf")
        pdf([("text", paragraph(lines, size=28, top=680))], source)
        subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), "-singlefile", source, os.path.join(tmp, "page")], check=True)
        with open(os.path.join(tmp, "page.pgm"), "rb") as f:
            data = f.read()
    header, rest = data.split(b"\n", 1)  # P5
    dims, rest = rest.split(b"\n", 1)
    _, pixels = rest.split(b"\n", 1)  # maxval
    width, height = map(int, dims.split())
    return width, height, pixels


SCANNED = ["Scanned invoice from Northwind", "Total amount due: 420 euros", "Payment within thirty days"]
MIXED_SCAN = ["Handwritten meeting minutes", "Budget approved unanimously"]

pdf([("text", paragraph(["Preface about quarterly alpaca farming.", "Introduction to the alpaca herd."])),
     ("text", paragraph(["Second page discusses bravo shearing techniques.", "Wool yields improved considerably."])),
     ("text", paragraph(["Third page reports charlie logistics.", "Transport costs fell."]))],
    os.path.join(HERE, "digital.pdf"), page_labels=[(0, "<< /S /r >>"), (2, "<< /S /D >>")], title="Alpaca Farming Report")

header_pages = []
for n in range(1, 6):
    words = ["delta", "echo", "foxtrot", "golf", "hotel"][n - 1]
    header_pages.append(("text", [(10, 72, 760, "ACME Confidential Quarterly Report")]
                         + paragraph([f"Body text of the {words} section.", f"More about {words} operations here."])
                         + [(10, 280, 40, f"Page {n} of 5")]))
pdf(header_pages, os.path.join(HERE, "headers.pdf"))

pdf([("image", raster(SCANNED))], os.path.join(HERE, "scanned.pdf"))

pdf([("text", paragraph(["Mixed document first page about kiwi exports.", "Digital text layer here."])),
     ("image", raster(MIXED_SCAN)),
     ("text", paragraph(["Mixed document third page about lemon imports.", "Digital again."]))],
    os.path.join(HERE, "mixed.pdf"))

subprocess.run(["qpdf", "--encrypt", "user-secret", "owner-secret", "256", "--", os.path.join(HERE, "digital.pdf"),
                os.path.join(HERE, "encrypted.pdf")], check=True)

with open(os.path.join(HERE, "digital.pdf"), "rb") as f:
    whole = f.read()
# Cut inside the third page's objects: pages one and two stay readable.
cut = whole.index(b"charlie") + 4
with open(os.path.join(HERE, "truncated.pdf"), "wb") as f:
    f.write(whole[:cut])

with tempfile.TemporaryDirectory() as tmp:
    source = os.path.join(tmp, "png.pdf")
    pdf([("text", paragraph(["Receipt for umbrella purchase", "Store number 7731"], size=28, top=680))], source)
    subprocess.run(["pdftoppm", "-png", "-gray", "-r", "120", "-singlefile", source, os.path.join(HERE, "receipt")], check=True)

cjk_pdf(os.path.join(HERE, "cjk.pdf"))
