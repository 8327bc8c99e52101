#!/usr/bin/python3
"""Builds the office and e-book benchmark corpus from the benchmark corpus's own Markdown and
HTML, with real converters, and records the words each file must hold.

    bench/office-corpus.py CORPUS OUTDIR [--per-format N]

CORPUS is the output of ../shared/bench/make-corpus.sh. Its md/ and html/ files, sorted by
name, are dealt in turn to eight formats (N each, default 40):
  .docx .odt .rtf .epub .pptx   pandoc, from the source itself
  .xlsx                         openpyxl: a row per paragraph of the source's text, 50 rows a sheet
  .ods                          odfpy: the same
  .odp                          odfpy: a slide per five paragraphs, the first line its title
  .eml                          Python's email: the source's text as the body, every other message
                                with the source as HTML beside it (multipart/alternative)
OUTDIR/<ext>/<source name>.<ext> are the documents; OUTDIR/.meta/expected/<ext>/<name>.txt is
the source's text as pandoc reads it (`pandoc -t plain`), whose words a reader must find
(bench/office-words.py compares). Deterministic: the same corpus gives the same files but for
the timestamps the writers put inside. Needs Debian's pandoc, python3-openpyxl and
python3-odf (`apt-get install pandoc python3-openpyxl python3-odf`), run by /usr/bin/python3.
"""
import argparse
import os
import subprocess
import sys

FORMATS = ["docx", "odt", "rtf", "epub", "pptx", "xlsx", "ods", "odp", "eml"]


def plain_text(source):
    reader = "html" if source.endswith((".html", ".htm")) else "gfm"
    result = subprocess.run(["pandoc", "-f", reader, "-t", "plain", "--wrap=none", source], capture_output=True, check=True)
    return result.stdout.decode("utf-8", "replace")


def paragraphs(text):
    return [" ".join(block.split()) for block in text.split("\n\n") if block.strip()]


def spreadsheet_xlsx(blocks, path, title):
    import openpyxl
    book = openpyxl.Workbook()
    book.remove(book.active)
    for start in range(0, max(len(blocks), 1), 50):
        sheet = book.create_sheet(f"Part {start // 50 + 1}")
        for index, block in enumerate(blocks[start:start + 50]):
            # Excel keeps at most 32,767 characters in a cell.
            sheet.append([start + index + 1, block[:32_000]])
    book.properties.title = title
    book.save(path)


def spreadsheet_ods(blocks, path, title):
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableRow, TableCell
    from odf.text import P
    from odf import dc
    document = OpenDocumentSpreadsheet()
    document.meta.addElement(dc.Title(text=title))
    for start in range(0, max(len(blocks), 1), 50):
        table = Table(name=f"Part {start // 50 + 1}")
        for index, block in enumerate(blocks[start:start + 50]):
            row = TableRow()
            number = TableCell(valuetype="float", value=start + index + 1)
            number.addElement(P(text=str(start + index + 1)))
            row.addElement(number)
            cell = TableCell(valuetype="string")
            cell.addElement(P(text=block))
            row.addElement(cell)
            table.addElement(row)
        document.spreadsheet.addElement(table)
    document.save(path)


def presentation_odp(blocks, path, title):
    from odf.opendocument import OpenDocumentPresentation
    from odf.draw import Page, Frame, TextBox
    from odf.style import MasterPage, PageLayout
    from odf.text import P
    from odf.namespaces import PRESENTATIONNS
    from odf import dc
    document = OpenDocumentPresentation()
    document.meta.addElement(dc.Title(text=title))
    layout = PageLayout(name="layout")
    document.automaticstyles.addElement(layout)
    master = MasterPage(name="master", pagelayoutname=layout)
    document.masterstyles.addElement(master)
    for start in range(0, max(len(blocks), 1), 5):
        slide = blocks[start:start + 5] or [""]
        page = Page(name=f"slide{start // 5 + 1}", masterpagename=master)
        for texts, role in [(slide[:1], "title"), (slide[1:], "outline")]:
            frame = Frame(width="20cm", height="10cm", x="1cm", y="1cm")
            frame.setAttrNS(PRESENTATIONNS, "class", role)
            box = TextBox()
            for text in texts:
                box.addElement(P(text=text))
            frame.addElement(box)
            page.addElement(frame)
        document.presentation.addElement(page)
    document.save(path)


def message(text, source, path, title, alternative):
    from email.message import EmailMessage
    from email import policy
    mail = EmailMessage(policy=policy.SMTP)
    mail["Subject"] = title
    mail["From"] = "Ada Tidewater <ada@harbour.example>"
    mail["To"] = "Harbour Office <office@harbour.example>"
    mail["Date"] = "Tue, 14 Nov 2023 09:30:00 +0100"
    mail.set_content(text)
    if alternative:
        reader = "html" if source.endswith((".html", ".htm")) else "gfm"
        html = subprocess.run(["pandoc", "-f", reader, "-t", "html", source], capture_output=True, check=True).stdout.decode("utf-8", "replace")
        mail.add_alternative(html, subtype="html")
    with open(path, "wb") as out:
        out.write(mail.as_bytes())


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus")
    parser.add_argument("out")
    parser.add_argument("--per-format", type=int, default=40)
    arguments = parser.parse_args()
    sources = sorted(os.path.join(arguments.corpus, folder, name) for folder in ("md", "html")
                     for name in os.listdir(os.path.join(arguments.corpus, folder)))
    if not sources:
        sys.exit(f"no Markdown or HTML in {arguments.corpus}/md and /html")
    wanted = arguments.per_format * len(FORMATS)
    # Every source in order, spread over the whole list when there are more than needed.
    step = max(1, len(sources) // wanted)
    chosen = sources[::step][:wanted]
    skipped = 0
    for index, source in enumerate(chosen):
        extension = FORMATS[index % len(FORMATS)]
        name = os.path.splitext(os.path.basename(source))[0]
        target = os.path.join(arguments.out, extension, f"{name}.{extension}")
        expected = os.path.join(arguments.out, ".meta", "expected", extension, f"{name}.txt")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        os.makedirs(os.path.dirname(expected), exist_ok=True)
        text = plain_text(source)
        with open(expected, "w") as out:
            out.write(text)
        if extension in ("docx", "odt", "rtf", "epub", "pptx"):
            reader = "html" if source.endswith((".html", ".htm")) else "gfm"
            converted = subprocess.run(["pandoc", "-s", "-f", reader, "-o", target, source], stderr=subprocess.PIPE)
            if converted.returncode != 0:
                # pandoc's PowerPoint writer stops at an image it cannot find: that source is
                # left out, and said.
                print(f"pandoc could not make {target} (exit {converted.returncode}), left out", file=sys.stderr)
                os.remove(expected)
                skipped += 1
                continue
        elif extension == "xlsx":
            spreadsheet_xlsx(paragraphs(text), target, name)
        elif extension == "ods":
            spreadsheet_ods(paragraphs(text), target, name)
        elif extension == "odp":
            presentation_odp(paragraphs(text), target, name)
        else:
            message(text, source, target, name, alternative=index // len(FORMATS) % 2 == 1)
    print(f"{len(chosen) - skipped} documents in {arguments.out} (up to {arguments.per_format} of each of {', '.join(FORMATS)})")


if __name__ == "__main__":
    main()
