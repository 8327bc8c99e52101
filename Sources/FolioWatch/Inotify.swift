public import FolioSystem
internal import Glibc

/// Linux's inotify, as Folio uses it: one descriptor, a watch per directory, events read
/// in batches without blocking.
///
/// Related documentation: <https://man7.org/linux/man-pages/man7/inotify.7.html>
public final class Inotify {
    /// One event. `name` is the entry's name inside the watched directory (`nil` for events
    /// on the directory itself); `displayName` shows a name that is not UTF-8.
    public struct Event: Sendable, Equatable {
        public var watch: Int32
        public var mask: UInt32
        public var cookie: UInt32
        public var name: String?
        public var nameIsValidUTF8: Bool
    }

    /// The event bits, spelled out: Glibc's `IN_ALL_EVENTS` and friends are macros Swift
    /// does not import.
    public enum Mask {
        public static let modify: UInt32 = 0x0000_0002
        public static let attributes: UInt32 = 0x0000_0004
        public static let closeWrite: UInt32 = 0x0000_0008
        public static let movedFrom: UInt32 = 0x0000_0040
        public static let movedTo: UInt32 = 0x0000_0080
        public static let create: UInt32 = 0x0000_0100
        public static let delete: UInt32 = 0x0000_0200
        public static let deleteSelf: UInt32 = 0x0000_0400
        public static let moveSelf: UInt32 = 0x0000_0800
        /// The file system holding the watched folder was unmounted (its watch then ends).
        public static let unmount: UInt32 = 0x0000_2000
        public static let overflow: UInt32 = 0x0000_4000
        public static let ignored: UInt32 = 0x0000_8000
        public static let onlyDirectory: UInt32 = 0x0100_0000
        public static let dontFollow: UInt32 = 0x0200_0000
        public static let excludeUnlinked: UInt32 = 0x0400_0000
        public static let isDirectory: UInt32 = 0x4000_0000
    }

    /// What Folio watches on each directory: content changes, arrivals and departures.
    static let watchMask = Mask.modify | Mask.attributes | Mask.closeWrite | Mask.movedFrom | Mask.movedTo | Mask.create
        | Mask.delete | Mask.deleteSelf | Mask.moveSelf | Mask.onlyDirectory | Mask.dontFollow | Mask.excludeUnlinked

    public let descriptor: Int32

    public init() throws(SystemError) {
        descriptor = try systemCall("inotify_init1", path: "") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
    }

    deinit {
        close(descriptor)
    }

    /// Watches a directory; the watch descriptor identifies its events. `ENOSPC` means
    /// `fs.inotify.max_user_watches` is used up.
    /// `mask`: the events wanted (`Mask`); by default those a watched folder's files need.
    public func watch(_ directory: String, mask: UInt32? = nil) throws(SystemError) -> Int32 {
        try systemCall("inotify_add_watch", path: directory) { inotify_add_watch(descriptor, directory, mask ?? Self.watchMask) }
    }

    public func unwatch(_ watch: Int32) {
        inotify_rm_watch(descriptor, watch)
    }

    /// The events waiting now, or none; never blocks.
    public func read() throws(SystemError) -> [Event] {
        var events: [Event] = []
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count: Int
            do {
                count = try systemCall("read inotify", path: "") { Glibc.read(descriptor, buffer, size) }
            } catch where error.code == EAGAIN {
                return events
            }
            if count == 0 { return events }
            var offset = 0
            while offset + 16 <= count {
                let watch = buffer.load(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.load(fromByteOffset: offset + 4, as: UInt32.self)
                let cookie = buffer.load(fromByteOffset: offset + 8, as: UInt32.self)
                let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
                var name: String?
                var valid = true
                if length > 0 {
                    let bytes = UnsafeRawBufferPointer(start: buffer + offset + 16, count: length)
                    let raw = Array(bytes.prefix { $0 != 0 })
                    if let decoded = String(validating: raw, as: UTF8.self) {
                        name = decoded
                    } else {
                        name = String(decoding: raw, as: UTF8.self)
                        valid = false
                    }
                }
                events.append(Event(watch: watch, mask: mask, cookie: cookie, name: name, nameIsValidUTF8: valid))
                offset += 16 + length
            }
        }
    }
}
