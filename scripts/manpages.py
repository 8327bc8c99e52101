#!/usr/bin/env python3
"""Writes Folio's manual pages (mdoc) into OUTDIR/man1 and OUTDIR/man5.

    scripts/manpages.py BINDIR OUTDIR

The programs' pages come from the programs themselves: each describes its options and
subcommands as JSON (`--experimental-dump-help`, swift-argument-parser's), the same
definitions `--help` prints. folio-config(5) comes from config.example.toml, whose every
key is documented in place and checked against the defaults by a test. `make install`
installs them; ManualPageTests render each with man and groff.
"""
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAMS = ["folioq", "folioctl", "foliod", "folio-rofi", "folio-chat"]
# A page named for a program that is a subcommand of another: how to run it.
COMMANDS = {"folio-chat": ["folio", "chat"]}
DATE = time.strftime("%B %-d, %Y", time.gmtime(int(os.environ.get("SOURCE_DATE_EPOCH", time.time()))))
SEE_ALSO = [("folioq", 1), ("folioctl", 1), ("foliod", 1), ("folio-rofi", 1), ("folio-chat", 1), ("folio-config", 5)]


def escape(text):
    """Text safe on an mdoc text line: backslashes escaped, no line starting with a dot."""
    lines = []
    for line in text.replace("\\", "\\e").split("\n"):
        line = line.strip()
        if not line:
            lines.append(".Pp")
        else:
            lines.append("\\&" + line if line[0] in ".'" else line)
    while lines and lines[-1] == ".Pp":
        lines.pop()
    return "\n".join(lines)


def help_text(text):
    """A program's help text: each line its own paragraph (the help prints them so), and
    lines set out in columns (runs of spaces) kept as they are, in a display."""
    out = []
    table = False
    for line in text.split("\n"):
        columns = "   " in line.strip()
        if columns and not table:
            out.append(".Bd -literal -offset indent")
        elif not columns and table:
            out.append(".Ed")
        elif out and not columns:
            out.append(".Pp")
        table = columns
        out.append(line.replace("\\", "\\e") if columns else escape(line))
    if table:
        out.append(".Ed")
    return "\n".join(line for line in out if line)


def literal(text):
    """A value on a macro line: quotes and backslashes kept as they are written."""
    return text.replace("\\", "\\e").replace('"', "\\(dq")


def flag(argument):
    """The argument as an `.It` line: -l, --limit n."""
    names = [("Fl " + name["name"] if name["kind"] == "short" else "Fl \\-" + name["name"]) for name in argument.get("names", [])]
    value = argument.get("valueName")
    if argument["kind"] == "positional":
        return "Ar " + (value or "argument") + (" ..." if argument.get("isRepeating") else "")
    text = " , ".join(names)
    if argument["kind"] == "option" and value:
        text += " Ar " + value
    return text


def arguments(command):
    shown = [a for a in command.get("arguments", []) if a.get("shouldDisplay", True)
             and not any(n["name"] in ("help", "version", "experimental-dump-help") for n in a.get("names", []))]
    if not shown:
        return []
    out = [".Bl -tag -width Ds"]
    for argument in shown:
        out.append(".It " + flag(argument))
        text = argument.get("abstract", "")
        if argument.get("discussion"):
            text += " " + argument["discussion"]
        if argument.get("defaultValue"):
            text += " (default: " + argument["defaultValue"] + ")"
        out.append(help_text(text))
    out.append(".El")
    return out


def program_page(name, command):
    out = [".Dd " + DATE, ".Dt " + name.upper() + " 1", ".Os", ".Sh NAME", ".Nm " + name, ".Nd " + escape(command.get("abstract", name)).rstrip(".")]
    subcommands = [s for s in command.get("subcommands", []) if s["commandName"] != "help" and s.get("shouldDisplay", True)]
    out += [".Sh SYNOPSIS", ".Nm"]
    out.append(".Ar command Op Ar options" if subcommands else ".Op Ar options")
    out += [".Sh DESCRIPTION", help_text(command.get("discussion") or command.get("abstract", ""))]
    if command.get("arguments"):
        options = arguments(command)
        if options:
            out += [".Sh OPTIONS"] + options
    if subcommands:
        out += [".Sh COMMANDS", ".Bl -tag -width Ds"]
        for sub in subcommands:
            out += [".It Cm " + sub["commandName"], help_text(sub.get("discussion") or sub.get("abstract", ""))]
            options = arguments(sub)
            if options:
                out += [".Pp"] + options
        out.append(".El")
    out += [".Sh EXIT STATUS", "0 when something was found or done, 1 when nothing was found, 2 on an error."]
    out += see_also(name)
    return "\n".join(out) + "\n"


def see_also(name):
    others = [f".Xr {page} {section}" for page, section in SEE_ALSO if page != name]
    return [".Sh SEE ALSO"] + [line + " ," for line in others[:-1]] + [others[-1]]


def configuration_page(example):
    """folio-config(5): each key of config.example.toml with the comment above it."""
    out = [".Dd " + DATE, ".Dt FOLIO-CONFIG 5", ".Os", ".Sh NAME", ".Nm folio-config",
           ".Nd configuration file of the Folio desktop search",
           ".Sh SYNOPSIS", ".Pa ~/.config/folio/config.toml", ".Sh DESCRIPTION"]
    lines = open(example, encoding="utf-8").read().split("\n")
    header = []
    while lines and lines[0].startswith("#"):
        header.append(lines.pop(0)[1:].strip())
    out.append(escape("\n".join(header)))
    comment = []
    section = None
    listing = False
    for line in lines:
        if line.startswith("#"):
            comment.append(line[1:].strip())
            continue
        match = re.match(r"^\[(\w+)\]$", line)
        if match:
            if listing:
                out.append(".El")
            section = match.group(1)
            out += [".Ss [" + section + "]", ".Bl -tag -width Ds"]
            listing = True
            if comment:
                out.append(escape("\n".join(comment)))
            comment = []
            continue
        match = re.match(r"^(\w+)\s*=\s*(.*)$", line)
        if match:
            if not listing:
                out += [".Ss Top level", ".Bl -tag -width Ds"]
                listing = True
            out.append(".It Cm " + match.group(1) + " No = " + literal(match.group(2)))
            if comment:
                out.append(escape("\n".join(comment)))
            comment = []
        elif line.startswith(" "):
            # The next line of a list value, after its key's line and description.
            key = max(i for i, text in enumerate(out) if text.startswith(".It Cm "))
            out[key] += " " + literal(line.strip())
        elif not line.strip() and comment:
            comment.append("")  # a blank line between paragraphs of one comment
    if listing:
        out.append(".El")
    out += [".Sh FILES", ".Bl -tag -width Ds",
            ".It Pa $XDG_CONFIG_HOME/folio/config.toml", "The file read, ~/.config/folio/config.toml when XDG_CONFIG_HOME is unset.",
            ".El"]
    out += see_also("folio-config")
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: scripts/manpages.py BINDIR OUTDIR")
    bindir, outdir = sys.argv[1], sys.argv[2]
    os.makedirs(outdir + "/man1", exist_ok=True)
    os.makedirs(outdir + "/man5", exist_ok=True)
    for name in PROGRAMS:
        command = COMMANDS.get(name, [name])
        dump = subprocess.run([os.path.join(bindir, command[0])] + command[1:] + ["--experimental-dump-help"], capture_output=True, text=True,
                              check=True)
        with open(f"{outdir}/man1/{name}.1", "w", encoding="utf-8") as page:
            page.write(program_page(name, json.loads(dump.stdout)["command"]))
    with open(f"{outdir}/man5/folio-config.5", "w", encoding="utf-8") as page:
        page.write(configuration_page(os.path.join(ROOT, "config.example.toml")))


if __name__ == "__main__":
    main()
