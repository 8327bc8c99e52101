#ifndef FOLIO_GIO_H
#define FOLIO_GIO_H

#include <gio/gio.h>

/* GIO (with GObject and GLib) for the launcher provider, loaded when the provider starts
   rather than linked. Installed, folioq, folioctl and foliod are the same binary as the
   provider: linked, GIO and the nine libraries it brings were loaded and relocated at the
   start of every search from a terminal. The provider calls GIO through the functions
   here, each named and typed as GIO's header declares it. */
#define FOLIO_GIO_FUNCTIONS(X) \
    X(g_bus_get_sync) \
    X(g_child_watch_add) \
    X(g_dbus_connection_call_sync) \
    X(g_dbus_connection_flush_sync) \
    X(g_dbus_connection_register_object) \
    X(g_dbus_connection_set_exit_on_close) \
    X(g_dbus_method_invocation_return_dbus_error) \
    X(g_dbus_method_invocation_return_value) \
    X(g_dbus_node_info_new_for_xml) \
    X(g_error_free) \
    X(g_free) \
    X(g_main_loop_new) \
    X(g_main_loop_quit) \
    X(g_main_loop_run) \
    X(g_signal_connect_data) \
    X(g_timeout_add_seconds) \
    X(g_variant_get_boolean) \
    X(g_variant_get_child_value) \
    X(g_variant_get_string) \
    X(g_variant_get_strv) \
    X(g_variant_get_uint32) \
    X(g_variant_new_array) \
    X(g_variant_new_dict_entry) \
    X(g_variant_new_double) \
    X(g_variant_new_int32) \
    X(g_variant_new_string) \
    X(g_variant_new_strv) \
    X(g_variant_new_tuple) \
    X(g_variant_new_uint32) \
    X(g_variant_new_variant) \
    X(g_variant_type_free) \
    X(g_variant_type_new) \
    X(g_variant_unref)

/* One field per function, of the function's own type. */
struct folio_gio {
#define FOLIO_GIO_FIELD(name) __typeof__(name) *_Nonnull name;
    FOLIO_GIO_FUNCTIONS(FOLIO_GIO_FIELD)
#undef FOLIO_GIO_FIELD
};

/* Loads GIO once (libgio-2.0.so.0, which brings GObject and GLib) and returns its
   functions; NULL when it cannot be loaded, with the reason in *reason when reason is not
   NULL. */
const struct folio_gio *_Nullable folio_gio_load(const char *_Nullable *_Nullable reason);

#endif
