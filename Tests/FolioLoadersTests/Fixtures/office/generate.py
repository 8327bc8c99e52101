#!/usr/bin/python3
"""Writes the office, e-book and mail fixtures of FolioLoadersTests: office/ (beside this
script) and mail/.

Real writers make the documents: pandoc (.docx, .odt, .rtf, .epub, .pptx from Markdown),
openpyxl (.xlsx) and odfpy (.ods, .odp), LibreOffice (.doc and .xls, Office 97–2003, from the
.odt and .ods); msoffcrypto-tool (PyPI) encrypts a .docx as Office
does; Python's email package writes the messages. The hostile files are those documents taken apart with zipfile: a zip bomb, a
truncated zip, XML nested too deep, a billion laughs, an encrypted ODF manifest, a DRM'd
EPUB. The files are committed, so the tests need none of these tools; run this again
(Debian: pandoc python3-openpyxl python3-odf libreoffice-writer-nogui libreoffice-calc-nogui;
`pip install msoffcrypto-tool`) after
changing it.

    Tests/FolioLoadersTests/Fixtures/office/generate.py
"""
import io
import os
import subprocess
import sys
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))

MARKDOWN = """---
title: Harbour Survey
author: Ada Tidewater
---

# Tides

The [harbour]{.deletion author="A" date="2020-01-01T00:00:00Z"}[estuary]{.insertion author="A" date="2020-01-01T00:00:00Z"} floods twice[^1] a day.

[Check the anemometer]{.comment-start id="1" author="Reviewer" date="2020-01-01T00:00:00Z"}gauge[]{.comment-end id="1"} readings.

| Station | Depth |
|---|---|
| Northpier | 12 |

# Currents

Brackish water meets the quay.

[^1]: Equinoctial tides excepted.
"""

SLIDES = """---
title: Quarterly Review
---

# Revenue

- Lighthouse income grew

::: notes
Mention the foghorn contract.
:::

# Costs

- Dredging expenses fell

# Outlook

- Marina expansion planned
"""


def pandoc(source, target, *options):
    subprocess.run(["pandoc", "-s", "-o", os.path.join(HERE, target), *options], input=source.encode(), check=True)


def rewrite(source, target, change):
    """Copies zip `source` to `target`, passing each entry's bytes through change(name, data)."""
    with zipfile.ZipFile(os.path.join(HERE, source)) as old, zipfile.ZipFile(os.path.join(HERE, target), "w") as new:
        for item in old.infolist():
            data = change(item.filename, old.read(item.filename))
            if data is not None:
                new.writestr(item, data, compress_type=item.compress_type)
        extra = change(None, None)
        for name, data in (extra or {}).items():
            new.writestr(name, data, compress_type=zipfile.ZIP_DEFLATED)


# The same document without tracked changes and comments, which only pandoc's Word writer
# keeps: the OpenDocument file gets them below as LibreOffice writes them.
PLAIN = (MARKDOWN.replace('[harbour]{.deletion author="A" date="2020-01-01T00:00:00Z"}', "")
         .replace('[estuary]{.insertion author="A" date="2020-01-01T00:00:00Z"}', "estuary")
         .replace('[Check the anemometer]{.comment-start id="1" author="Reviewer" date="2020-01-01T00:00:00Z"}', "")
         .replace('[]{.comment-end id="1"}', ""))


def documents():
    pandoc(MARKDOWN, "sample.docx")
    pandoc(PLAIN, "sample.odt")
    pandoc(PLAIN, "sample.rtf")
    pandoc(PLAIN, "sample.epub", "--epub-chapter-level=1")
    # LibreOffice's tracked deletion (the deleted text kept in text:tracked-changes, a
    # marker where it was) and comment (office:annotation, with its author and date).
    def changes(name, data):
        if name != "content.xml":
            return None if name is None else data
        text = data.decode()
        text = text.replace("<office:text>", '<office:text><text:tracked-changes><text:changed-region text:id="ct1"><text:deletion>'
                            '<office:change-info><dc:creator>A</dc:creator><dc:date>2020-01-01T00:00:00</dc:date></office:change-info>'
                            '<text:p>harbour</text:p></text:deletion></text:changed-region></text:tracked-changes>', 1)
        text = text.replace("The estuary", 'The <text:change text:change-id="ct1"/>estuary', 1)
        text = text.replace("gauge readings.", '<office:annotation><dc:creator>Reviewer</dc:creator><dc:date>2020-01-01T00:00:00</dc:date>'
                            '<text:p>Check the anemometer</text:p></office:annotation>gauge readings.', 1)
        if 'xmlns:dc=' not in text:
            text = text.replace("<office:document-content ", '<office:document-content xmlns:dc="http://purl.org/dc/elements/1.1/" ', 1)
        return text.encode()
    rewrite("sample.odt", "changes.odt", changes)
    os.replace(os.path.join(HERE, "changes.odt"), os.path.join(HERE, "sample.odt"))
    pandoc(PLAIN.replace("Northpier", "Breakwater").replace("Brackish", "Saline"), "revised.docx")
    # A book with its printed pages marked (EPUB 3's page list): page 7 starts in the middle
    # of the first chapter, page 8 with the second.
    def page_list(name, data):
        if name == "EPUB/nav.xhtml":
            return data.replace(b"</body>", b'<nav epub:type="page-list" hidden="hidden"><ol>'
                                b'<li><a href="text/ch001.xhtml#page_6">6</a></li><li><a href="text/ch001.xhtml#page_7">7</a></li>'
                                b'<li><a href="text/ch002.xhtml#page_8">8</a></li></ol></nav></body>')
        if name == "EPUB/text/ch001.xhtml":
            data = data.replace(b"<h1 data-number", b'<span epub:type="pagebreak" id="page_6" title="6"/><h1 data-number', 1)
            return data.replace(b"<p>gauge", b'<span epub:type="pagebreak" id="page_7" title="7"/><p>gauge', 1)
        if name == "EPUB/text/ch002.xhtml":
            return data.replace(b"<h1 data-number", b'<span epub:type="pagebreak" id="page_8" title="8"/><h1 data-number', 1)
        return None if name is None else data
    rewrite("sample.epub", "paged.epub", page_list)
    # A book whose text never names its author (no title page in its spine).
    def no_title_page(name, data):
        if name == "EPUB/content.opf":
            return data.replace(b'<itemref idref="title_page_xhtml" linear="yes" />', b"")
        return None if name is None else data
    rewrite("sample.epub", "untitled.epub", no_title_page)
    # A text box as Word writes it: the DrawingML box in mc:Choice, a VML copy in mc:Fallback.
    def text_box(name, data):
        if name == "word/document.xml":
            box = ('<w:p><w:r><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">'
                   '<mc:Choice Requires="wps"><w:drawing><w:txbxContent><w:p><w:r><w:t>Breakwater inspection due</w:t></w:r></w:p>'
                   '</w:txbxContent></w:drawing></mc:Choice><mc:Fallback><w:pict><w:txbxContent><w:p><w:r>'
                   '<w:t>Breakwater inspection due</w:t></w:r></w:p></w:txbxContent></w:pict></mc:Fallback></mc:AlternateContent>'
                   '</w:r><w:r><w:t>Harbour notice.</w:t></w:r></w:p>').encode()
            start = data.index(b"<w:body>") + len(b"<w:body>")
            return data[:start] + box + data[start:]
        return None if name is None else data
    rewrite("sample.docx", "textbox.docx", text_box)
    pandoc(SLIDES, "slides.pptx")
    # PowerPoint keeps the order in presentation.xml's slide list, not in the slide files'
    # names: move the last slide first there, as a user dragging it would.
    def reorder(name, data):
        if name != "ppt/presentation.xml":
            return None if name is None else data
        text = data.decode()
        start = text.index("<p:sldIdLst>") + len("<p:sldIdLst>")
        end = text.index("</p:sldIdLst>")
        ids = text[start:end].split("/>")[:-1]
        ids = [ids[-1]] + ids[:-1]
        return (text[:start] + "/>".join(ids) + "/>" + text[end:]).encode()
    rewrite("slides.pptx", "slides-reordered.pptx", reorder)
    os.replace(os.path.join(HERE, "slides-reordered.pptx"), os.path.join(HERE, "slides.pptx"))


def spreadsheets():
    import openpyxl
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Moorings"
    sheet.append(["Berth", "Vessel", "Length"])
    sheet.append(["A1", "Kittiwake", 11.5])
    sheet.append(["A2", "Cormorant", 9])
    sheet.append(["A3", "Kittiwake", True])
    # Sheets that begin with the same header row: content, not a running header.
    for name, rate in [("Tariffs", 480), ("Tariffs 2025", 495), ("Tariffs 2026", 510)]:
        prices = book.create_sheet(name)
        prices.append(["Season", "Rate"])
        prices.append(["Summer", rate])
    book.properties.title = "Harbour Ledger"
    book.save(os.path.join(HERE, "ledger.xlsx"))

    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableRow, TableCell
    from odf.text import P
    from odf import dc
    ods = OpenDocumentSpreadsheet()
    ods.meta.addElement(dc.Title(text="Harbour Ledger"))
    for name, rows in [("Moorings", [["Berth", "Vessel"], ["A1", "Kittiwake"], ["A2", "Cormorant"]]),
                       ("Tariffs", [["Season", "Rate"], ["Summer", 480]]), ("Tariffs 2025", [["Season", "Rate"], ["Summer", 495]]),
                       ("Tariffs 2026", [["Season", "Rate"], ["Summer", 510]])]:
        table = Table(name=name)
        for row in rows:
            line = TableRow()
            for value in row:
                if isinstance(value, str):
                    cell = TableCell(valuetype="string")
                else:
                    cell = TableCell(valuetype="float", value=value)
                cell.addElement(P(text=str(value)))
                line.addElement(cell)
            # Empty cells to the sheet's edge, as spreadsheet programs write them.
            line.addElement(TableCell(numbercolumnsrepeated=1000))
            table.addElement(line)
        table.addElement(TableRow(numberrowsrepeated=100000))
        ods.spreadsheet.addElement(table)
    ods.save(os.path.join(HERE, "ledger.ods"))


def presentation():
    from odf.opendocument import OpenDocumentPresentation
    from odf.draw import Page, Frame, TextBox
    from odf.presentation import Notes
    from odf.style import MasterPage, PageLayout
    from odf.text import P
    from odf.namespaces import PRESENTATIONNS
    from odf import dc
    odp = OpenDocumentPresentation()
    odp.meta.addElement(dc.Title(text="Quarterly Review"))
    layout = PageLayout(name="layout")
    odp.automaticstyles.addElement(layout)
    master = MasterPage(name="master", pagelayoutname=layout)
    odp.masterstyles.addElement(master)
    for name, title, body, notes in [("z-first", "Revenue", "Lighthouse income grew", "Mention the foghorn contract."),
                                     ("a-second", "Costs", "Dredging expenses fell", None),
                                     ("m-third", "Outlook", "Marina expansion planned", None)]:
        page = Page(name=name, masterpagename=master)
        for text, cls in [(title, "title"), (body, "outline")]:
            frame = Frame(width="20cm", height="3cm", x="1cm", y="1cm")
            frame.setAttrNS(PRESENTATIONNS, "class", cls)
            box = TextBox()
            box.addElement(P(text=text))
            frame.addElement(box)
            page.addElement(frame)
        if notes:
            note = Notes()
            frame = Frame(width="20cm", height="3cm", x="1cm", y="1cm")
            frame.setAttrNS(PRESENTATIONNS, "class", "notes")
            box = TextBox()
            box.addElement(P(text=notes))
            frame.addElement(box)
            note.addElement(frame)
            page.addElement(note)
        odp.presentation.addElement(page)
    odp.save(os.path.join(HERE, "slides.odp"))


def hostile():
    # A zip bomb: a document.xml of 40 MB of one repeated paragraph, which deflates to
    # about 60 KB (the ratio, not a declared size, gives it away).
    paragraph = b"<w:p><w:r><w:t>flood</w:t></w:r></w:p>"
    body = paragraph * (40_000_000 // len(paragraph))
    def bomb(name, data):
        if name == "word/document.xml":
            start = data.index(b"<w:body>") + len(b"<w:body>")
            return data[:start] + body + data[start:]
        return None if name is None else data
    rewrite("sample.docx", "bomb.docx", bomb)

    # A zip cut off halfway.
    with open(os.path.join(HERE, "sample.docx"), "rb") as whole:
        data = whole.read()
    with open(os.path.join(HERE, "truncated.docx"), "wb") as cut:
        cut.write(data[: len(data) // 2])

    # XML nested 100,000 elements deep.
    def deep(name, data):
        if name == "word/document.xml":
            start = data.index(b"<w:body>") + len(b"<w:body>")
            return data[:start] + b"<w:p>" + b"<w:r>" * 100_000 + b"</w:r>" * 100_000 + b"</w:p>" + data[start:]
        return None if name is None else data
    rewrite("sample.docx", "deep.docx", deep)

    # A billion laughs: ten levels of ten references, a gigabyte once expanded.
    laughs = ['<!ENTITY lol0 "lol">'] + [f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10}">' for i in range(1, 10)]
    def billion(name, data):
        if name == "word/document.xml":
            declaration = b'<?xml version="1.0" encoding="UTF-8"?>'
            doctype = ("<!DOCTYPE w:document [" + "".join(laughs) + "]>").encode()
            start = data.index(b"<w:body>") + len(b"<w:body>")
            data = data.replace(declaration, declaration + doctype, 1)
            start = data.index(b"<w:body>") + len(b"<w:body>")
            return data[:start] + b"<w:p><w:r><w:t>&lol9;</w:t></w:r></w:p>" + data[start:]
        return None if name is None else data
    rewrite("sample.docx", "laughs.docx", billion)

    # ODF encrypted by LibreOffice: content.xml's manifest entry carries encryption data.
    def encrypted_odf(name, data):
        if name == "META-INF/manifest.xml":
            entry = b'manifest:full-path="content.xml"'
            marker = data.index(entry)
            close = data.index(b"/>", marker)
            data = (data[:close] + b'><manifest:encryption-data manifest:checksum-type="SHA1/1K" manifest:checksum="AAAA">'
                    b'<manifest:algorithm manifest:algorithm-name="Blowfish CFB" manifest:initialisation-vector="AAAA"/>'
                    b'<manifest:key-derivation manifest:key-derivation-name="PBKDF2" manifest:iteration-count="1024" manifest:salt="AAAA"/>'
                    b'</manifest:encryption-data></manifest:file-entry>' + data[close + 2:])
            return data
        return None if name is None else data
    rewrite("sample.odt", "encrypted.odt", encrypted_odf)

    # An EPUB whose chapters a DRM scheme encrypted (AES), and one whose fonts are merely
    # obfuscated (which leaves the text readable).
    for target, algorithm in [("drm.epub", "http://www.w3.org/2001/04/xmlenc#aes128-cbc"),
                              ("fonts.epub", "http://www.idpf.org/2008/embedding")]:
        def encryption(name, data, algorithm=algorithm):
            if name is None:
                return {"META-INF/encryption.xml": (
                    '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">'
                    f'<enc:EncryptedData><enc:EncryptionMethod Algorithm="{algorithm}"/>'
                    '<enc:CipherData><enc:CipherReference URI="EPUB/text/ch001.xhtml"/></enc:CipherData></enc:EncryptedData>'
                    '</encryption>')}
            return data
        rewrite("sample.epub", target, encryption)

    # A spreadsheet named .xlsx that is plain text.
    with open(os.path.join(HERE, "not-a-zip.xlsx"), "w") as text:
        text.write("Berth,Vessel\nA1,Kittiwake\n")

    # A .docx encrypted by a password, as Office writes it: an OLE2 compound file.
    try:
        from msoffcrypto.format.ooxml import OOXMLFile
    except ImportError:
        print("msoffcrypto-tool is not installed: encrypted.docx kept as it is", file=sys.stderr)
        return
    with open(os.path.join(HERE, "sample.docx"), "rb") as plain, open(os.path.join(HERE, "encrypted.docx"), "wb") as out:
        OOXMLFile(plain).encrypt("tide", out)


def mail():
    """Messages made by Python's email package (the writer of many mail tools), in
    Fixtures/mail: an .eml of each structure, and a Maildir."""
    from email.message import EmailMessage
    from email.mime.multipart import MIMEMultipart
    from email.mime.text import MIMEText
    from email.mime.message import MIMEMessage
    from email.mime.application import MIMEApplication
    from email import policy
    folder = os.path.join(os.path.dirname(HERE), "mail")
    os.makedirs(folder, exist_ok=True)

    def save(name, message):
        with open(os.path.join(folder, name), "wb") as out:
            out.write(message.as_bytes(policy=policy.SMTP))

    def headed(message, subject):
        message["Subject"] = subject
        message["From"] = "Ada Tidewater <ada@harbour.example>"
        message["To"] = "Harbour Office <office@harbour.example>, Ben Quay <ben@harbour.example>"
        message["Cc"] = "Cé Lighthouse <ce@harbour.example>"
        message["Date"] = "Tue, 14 Nov 2023 09:30:00 +0100"
        return message

    plain = headed(EmailMessage(), "Réunion du port: dredging schedule")
    plain.set_content("The dredger arrives on Thursday.\nMoorings A1–A3 must be clear by noon.\n", cte="quoted-printable")
    save("plain.eml", plain)

    alternative = headed(MIMEMultipart("alternative", policy=policy.SMTP), "Lighthouse keeper rota")
    alternative.attach(MIMEText("The lighthouse rota is attached below.\n", "plain", "utf-8", policy=policy.SMTP))
    alternative.attach(MIMEText("<html><body><p>The <b>beacon</b> rota is attached below.</p></body></html>", "html", "utf-8", policy=policy.SMTP))
    save("alternative.eml", alternative)

    html = headed(MIMEMultipart("alternative", policy=policy.SMTP), "Newsletter")
    html.attach(MIMEText("<html><head><style>p{}</style></head><body><h1>Harbour news</h1><p>Seals sighted near the breakwater.</p>"
                         "<script>var tracking = 1;</script></body></html>", "html", "utf-8"))
    save("html-only.eml", html)

    mixed = headed(MIMEMultipart("mixed", policy=policy.SMTP), "Invoice for vehicle service")
    mixed.attach(MIMEText("Please find the invoice attached: 480 EUR for the van.\n", "plain", "utf-8", policy=policy.SMTP))
    attachment = MIMEApplication(b"%PDF-1.4 not really a pdf", "pdf", policy=policy.SMTP)
    attachment.add_header("Content-Disposition", "attachment", filename="invoice-2023.pdf")
    mixed.attach(attachment)
    save("attachment.eml", mixed)

    inner = headed(EmailMessage(), "Tide tables for December")
    inner.set_content("Spring tides on the 12th.\n")
    outer = headed(MIMEMultipart("mixed", policy=policy.SMTP), "Fwd: Tide tables for December")
    outer.attach(MIMEText("Forwarding the tables, see below.\n", "plain", "utf-8", policy=policy.SMTP))
    outer.attach(MIMEMessage(inner, policy=policy.SMTP))
    save("forwarded.eml", outer)

    latin = headed(MIMEMultipart("mixed", policy=policy.SMTP), "Menu")
    latin.attach(MIMEText("Caf\u00e9 cr\u00e8me au port.\n", "plain", "iso-8859-1", policy=policy.SMTP))
    save("latin1.eml", latin)

    # Charsets and encodings no reader can trust: an unknown charset, base64 that does not
    # decode, a boundary that never closes.
    raw = {
        "unknown-charset.eml": b"From: a@example.org\r\nSubject: Unknown\r\nContent-Type: text/plain; charset=x-folio-unknown\r\n\r\n"
                               b"quayside \xe9\xff words\r\n",
        "broken-base64.eml": b"From: a@example.org\r\nSubject: Broken\r\nContent-Type: text/plain; charset=utf-8\r\n"
                             b"Content-Transfer-Encoding: base64\r\n\r\nSGFyYm91ciBtYXN0ZXI=!!!***@@@\r\nnot base64 at all\r\n",
        "unclosed.eml": b"From: a@example.org\r\nSubject: Unclosed\r\nContent-Type: multipart/mixed; boundary=XYZ\r\n\r\n"
                        b"--XYZ\r\nContent-Type: text/plain\r\n\r\nanchorage notes\r\n--XYZ\r\nContent-Type: text/plain\r\n\r\nno end",
    }
    for name, data in raw.items():
        with open(os.path.join(folder, name), "wb") as out:
            out.write(data)

    for sub, name, subject in [("cur", "1700000000.M1P1.harbour:2,S", "Berth allocation"), ("new", "1700000100.M2P2.harbour", "Pilot boat")]:
        os.makedirs(os.path.join(folder, "Maildir", sub), exist_ok=True)
        os.makedirs(os.path.join(folder, "Maildir", "tmp"), exist_ok=True)
        message = headed(EmailMessage(), subject)
        message.set_content(f"{subject}: see the harbour master.\n")
        with open(os.path.join(folder, "Maildir", sub, name), "wb") as out:
            out.write(message.as_bytes(policy=policy.SMTP))


def mailboxes():
    """Mailboxes and messages with attachments, in Fixtures/mail: Inbox.mbox (Python's
    mailbox module writes mbox as mail tools do, quoting a body line starting "From "),
    attached.eml, and a Thunderbird-style folder (mailboxes without an extension, beside
    the .msf summaries Thunderbird keeps)."""
    import mailbox
    from email.message import EmailMessage
    folder = os.path.join(os.path.dirname(HERE), "mail")
    office = HERE

    def message(subject, body, sender="Ada Tidewater <ada@harbour.example>"):
        m = EmailMessage()
        m["Subject"] = subject
        m["From"] = sender
        m["To"] = "Harbour Office <office@harbour.example>"
        m["Date"] = "Wed, 15 Nov 2023 10:00:00 +0100"
        m.set_content(body)
        return m

    def attach(m, name, subtype="octet-stream"):
        with open(os.path.join(office, name), "rb") as f:
            m.add_attachment(f.read(), maintype="application", subtype=subtype, filename=name)

    path = os.path.join(folder, "Inbox.mbox")
    if os.path.exists(path):
        os.remove(path)
    box = mailbox.mbox(path)
    box.add(message("Mooring fees", "The mooring fees rise in January.\nFrom the quay office, with regards.\n"))
    survey = message("Survey attached", "The survey and the locked ledger are attached.\n")
    attach(survey, "sample.docx")
    attach(survey, "encrypted.docx")
    survey.add_attachment(b"\x89PNG\r\n\x1a\n", maintype="image", subtype="png", filename="logo.png")
    box.add(survey)
    box.add(message("Crane maintenance", "The crane is serviced on Friday.\n", sender="Ben Quay <ben@harbour.example>"))
    box.flush()
    box.close()

    attached = message("Slides for the board", "The slides for Thursday.\n")
    attach(attached, "slides.odp")
    with open(os.path.join(folder, "attached.eml"), "wb") as out:
        out.write(attached.as_bytes())

    local = os.path.join(folder, "Thunderbird", "Local Folders")
    os.makedirs(local, exist_ok=True)
    path = os.path.join(local, "Archive")
    if os.path.exists(path):
        os.remove(path)
    box = mailbox.mbox(path)
    box.add(message("Old berth plan", "The old berth plan from 2019.\n"))
    box.flush()
    box.close()
    with open(os.path.join(local, "Archive.msf"), "w") as out:
        out.write("// <!-- <mdb:mork:z v=\"1.4\"/> -->\n")


def legacy():
    # Office 97-2003 files as LibreOffice saves them, from the OpenDocument fixtures.
    for source, target in [("sample.odt", "doc:MS Word 97"), ("ledger.ods", "xls:MS Excel 97"), ("slides.odp", "ppt:MS PowerPoint 97")]:
        subprocess.run(["soffice", "--headless", "--convert-to", target, "--outdir", HERE, os.path.join(HERE, source)],
                       check=True, stdout=subprocess.DEVNULL)


def archives():
    # A zip as people make them: folders, a text file, a Markdown file, a document of its
    # own, a photo and a zip inside (both passed over), fixed dates so the bytes are the same.
    def add(archive, name, data):
        archive.writestr(zipfile.ZipInfo(name, date_time=(2023, 3, 14, 9, 30, 0)), data, compress_type=zipfile.ZIP_DEFLATED)
    with zipfile.ZipFile(os.path.join(HERE, "letters.zip"), "w") as archive:
        add(archive, "letters/", b"")
        add(archive, "letters/harbour-dues.txt", b"The harbour dues for March come to 120 EUR.\n")
        add(archive, "letters/notes.md", b"# Lighthouse\n\nThe lamp was serviced on Tuesday.\n")
        with open(os.path.join(HERE, "sample.odt"), "rb") as document:
            add(archive, "survey.odt", document.read())
        add(archive, "photo.jpg", b"\xff\xd8\xff\xe0 not really a photo")
        add(archive, "nested.zip", b"PK\x05\x06" + b"\0" * 18)
    # A zip bomb: one text file of 40 MB of one repeated line.
    with zipfile.ZipFile(os.path.join(HERE, "bomb.zip"), "w") as archive:
        add(archive, "flood.txt", b"flood\n" * (40_000_000 // 6))


if __name__ == "__main__":
    archives()
    documents()
    spreadsheets()
    presentation()
    legacy()
    hostile()
    mail()
    mailboxes()
