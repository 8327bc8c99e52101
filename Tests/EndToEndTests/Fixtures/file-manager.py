#!/usr/bin/python3
"""A stand-in file manager for the launcher tests: owns org.freedesktop.FileManager1 on
the session bus ($DBUS_SESSION_BUS_ADDRESS) and writes the URIs of each ShowItems call,
one per line, to the file named by its argument."""
import sys

from gi.repository import Gio, GLib

INTERFACE = """<node><interface name="org.freedesktop.FileManager1">
  <method name="ShowItems"><arg type="as" name="uris" direction="in"/><arg type="s" name="startup_id" direction="in"/></method>
</interface></node>"""


def call(connection, sender, path, interface, method, parameters, invocation):
    with open(sys.argv[1], "a") as record:
        record.writelines(uri + "\n" for uri in parameters.unpack()[0])
    invocation.return_value(None)


def acquired(connection, name):
    print("ready", flush=True)


bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
bus.register_object("/org/freedesktop/FileManager1", Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0], call, None, None)
Gio.bus_own_name_on_connection(bus, "org.freedesktop.FileManager1", Gio.BusNameOwnerFlags.NONE, acquired, None)
GLib.MainLoop().run()
