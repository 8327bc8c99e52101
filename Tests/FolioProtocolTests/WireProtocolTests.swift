import Testing
import FolioCore
import FolioProtocol
import FolioStore

/// The messages between Folio's processes: each one read back as it was written, and what
/// is not a message (a line of another build, garbage, a line without its end) an error
/// with its reason.
@Suite struct WireProtocolTests {
    static let requests: [WorkerRequest] = [
        .index(path: "/home/a/Documents/tab\there/new\nline/é.pdf"),
        .extract(path: "/x.pdf", options: .init(backend: .poppler, ocr: false)),
        .extract(path: "/x.pdf", options: .init(backend: nil, ocr: true)),
        .turn(granted: true), .turn(granted: false),
    ]

    static let messages: [WorkerMessage] = [
        .hello(version: WireProtocol.version), .wantsTurn, .turnDone,
        .finished(.indexed(chunks: 3, ocrPages: 1)), .finished(.partial(chunks: 2, ocrPages: 0, reason: "page 3: unreadable")),
        .finished(.failed(reason: "binary data")), .finished(.unchanged), .finished(.touched), .finished(.unsupported),
        .finished(.putOff), .finished(.gone), .finished(.refused(StoreRefusal(.diskFull, message: "full"))),
        .extracted(LoadedDocument(kind: .pdf, title: "T", pages: [Page(number: 1, label: "i", lines: [TextLine("a\nb", section: "S")],
                                                                        ocrConfidence: 91.5)], problems: ["p"])),
        .extractFailed(reason: "encrypted"),
    ]

    static let commands: [ControlCommand] = [.status, .pause, .resume, .reload, .reindex(path: nil), .reindex(path: "/a b/c"), .startEmbedder]

    @Test(arguments: requests)
    func workerRequest_isReadBackFromItsLine(request: WorkerRequest) throws {
        let line = WireProtocol.encode(request)
        #expect(line.last == 0x0A && line.dropLast().firstIndex(of: 0x0A) == nil, "one line")
        #expect(try WireProtocol.decode(WorkerRequest.self, from: line.dropLast()) == request)
    }

    @Test(arguments: messages)
    func workerMessage_isReadBackFromItsLine(message: WorkerMessage) throws {
        let line = WireProtocol.encode(message)
        #expect(line.dropLast().firstIndex(of: 0x0A) == nil, "one line")
        #expect(try WireProtocol.decode(WorkerMessage.self, from: line.dropLast()) == message)
    }

    @Test(arguments: commands)
    func controlCommand_isReadBackFromItsLine(command: ControlCommand) throws {
        #expect(try ControlCommand(line: command.line.dropLast()) == command)
    }

    /// The windows travel packed: each key and similarity read back exactly, the extremes
    /// too; windows that are not packed records are an error, not windows made up.
    @Test func embedderReply_withWindows_isReadBackExactly() throws {
        let windows = [NearestWindows.Window(key: 1, similarity: 0.8125), .init(key: Int64.max, similarity: -1),
                       .init(key: 0, similarity: .leastNonzeroMagnitude), .init(key: 4_294_967_296, similarity: 0.333_333_34)]
        for reply in [EmbedderReply(model: 7, windows: windows), EmbedderReply(), EmbedderReply(error: "no model")] {
            #expect(try WireProtocol.decode(EmbedderReply.self, from: WireProtocol.encode(reply).dropLast()) == reply)
        }
        for packed in ["\"AAAA\"", "\"not base64!\"", "12"] {
            #expect(throws: ProtocolError.self) { try WireProtocol.decode(EmbedderReply.self, from: Array("{\"windows\":\(packed)}".utf8)) }
        }
    }

    @Test func controlReply_withStatus_isReadBack() throws {
        let status = DaemonStatus(state: .diskFull, pid: 42, database: "/d/folio.sqlite", folders: ["/d"], watchedDirectories: 3, unwatchedDirectories: 1, queued: 2,
                                  debouncing: 0, current: ["/d/a.pdf"], recognising: [], indexedSinceStart: 7, filesPerSecond: 0.5,
                                  secondsLeft: nil, lastError: "x", warning: nil)
        for reply in [ControlReply.status(status), .done, .failed(reason: "no")] {
            #expect(try ControlReply(line: reply.line.dropLast()) == reply)
        }
    }

    @Test func controlLine_ofAnotherVersion_isAVersionMismatch_thatSaysWhatToDo() throws {
        let line = Array(#"{"body":{"status":{}},"version":99}"#.utf8)
        #expect(throws: ProtocolError.versionMismatch(peer: "folioctl", theirs: 99, ours: WireProtocol.version)) {
            try ControlCommand(line: line)
        }
        let error = ProtocolError.versionMismatch(peer: "foliod", theirs: 99, ours: 1)
        #expect(error.description.contains("different builds") && error.description.contains("restart foliod"))
    }

    @Test(arguments: ["status", "", "{}", "{\"version\":1}", "{\"version\":1,\"body\":{\"explode\":{}}}", "\u{FF}\u{FE}", "[1,2]"])
    func malformedLines_areErrorsWithTheirReason(text: String) {
        #expect(throws: ProtocolError.self) { try ControlCommand(line: Array(text.utf8)) }
        #expect(throws: ProtocolError.self) { try WireProtocol.decode(WorkerMessage.self, from: Array(text.utf8)) }
    }

    @Test func lineBuffer_cutsReadsIntoLines_wherever_theReadsEnd() throws {
        var buffer = LineBuffer()
        buffer.append(Array("ab".utf8))
        #expect(try buffer.nextLine() == nil)
        buffer.append(Array("c\nd\n\ne".utf8))
        #expect(try buffer.nextLine() == Array("abc".utf8))
        #expect(try buffer.nextLine() == Array("d".utf8))
        #expect(try buffer.nextLine() == [])
        #expect(try buffer.nextLine() == nil)
        #expect(!buffer.isEmpty)
    }

    @Test func lineBuffer_refusesALineLongerThanItsLimit() throws {
        var buffer = LineBuffer(maximumLength: 10)
        buffer.append([UInt8](repeating: 0x41, count: 11))
        #expect(throws: ProtocolError.lineTooLong(limit: 10)) { try buffer.nextLine() }
    }
}
