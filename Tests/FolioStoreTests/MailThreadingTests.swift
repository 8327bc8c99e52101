import FolioCore
@testable import FolioStore
import Testing

/// Threads from the headers, as mail readers make them (Zawinski's algorithm), with the
/// cases real mailboxes have: a first message missing, In-Reply-To alone, a loop, an id
/// used twice, a reply whose client wrote no headers.
struct MailThreadingTests {
    static func message(_ path: String, id: String?, parents: [String] = [], subject: String = "Budget", date: String? = nil) -> ThreadedMessage {
        ThreadedMessage(path: path, subject: subject, from: nil, date: date, messageID: id, parents: parents)
    }

    static func paths(_ threads: [MailThreading.Thread], _ messages: [ThreadedMessage]) -> [[String]] {
        threads.map { $0.messages.map { messages[$0.index].path + ($0.depth > 0 ? "@\($0.depth)" : "") } }
    }

    @Test func repliesGoUnderWhatTheyAnswer_inOrderOfTheirDates() {
        let messages = [
            Self.message("c", id: "c", parents: ["a", "b"], subject: "Re: Budget", date: "2023-05-03T09:00:00+00:00"),
            Self.message("a", id: "a", date: "2023-05-01T09:00:00+00:00"),
            Self.message("d", id: "d", parents: ["a"], subject: "Re: Budget", date: "2023-05-02T12:00:00+02:00"),
            Self.message("b", id: "b", parents: ["a"], subject: "Re: Budget", date: "2023-05-02T11:00:00+00:00"),
            Self.message("x", id: "x", subject: "Holidays", date: "2023-05-02T00:00:00+00:00"),
        ]
        // d (10:00 UTC) before b (11:00 UTC); c under b.
        #expect(Self.paths(MailThreading.threads(messages), messages) == [["a", "d@1", "b@1", "c@2"], ["x"]])
    }

    @Test func aThreadWhoseFirstMessageIsMissingStaysOne_andInReplyToAloneIsEnough() {
        let messages = [
            Self.message("b", id: "b", parents: ["gone"], date: "2023-05-02T00:00:00Z"),
            Self.message("c", id: "c", parents: ["gone", "b"], date: "2023-05-03T00:00:00Z"),
            Self.message("e", id: "e", parents: ["gone"], date: "2023-05-01T00:00:00Z"),
        ]
        #expect(Self.paths(MailThreading.threads(messages), messages) == [["e", "b", "c@1"]])
    }

    @Test func loopsAndRepeatedIdsLoseNoMessage() {
        let messages = [
            Self.message("a", id: "a", parents: ["b"]),
            Self.message("b", id: "b", parents: ["a"]),
            Self.message("a2", id: "a"),
            Self.message("none", id: nil),
        ]
        let threads = MailThreading.threads(messages)
        #expect(threads.flatMap { $0.messages.map(\.index) }.sorted() == [0, 1, 2, 3])
        #expect(threads.first { $0.messages.contains { $0.index == 0 } }?.messages.contains { $0.index == 1 } == true)
    }

    @Test func aReplyWithoutHeadersJoinsByItsSubject_onlyWhenItSaysItIsOne() {
        let messages = [
            Self.message("first", id: "f", subject: "[list] Garden budget", date: "2023-05-01T00:00:00Z"),
            Self.message("reply", id: "r", subject: "Re: [list] Garden  budget", date: "2023-05-02T00:00:00Z"),
            Self.message("same subject", id: "s", subject: "Garden budget", date: "2023-06-01T00:00:00Z"),
        ]
        #expect(Self.paths(MailThreading.threads(messages), messages) == [["first", "reply@1"], ["same subject"]])
        #expect(MailThreading.normalised("Re: AW: [folio-dev]  Fwd: Hello") == "hello")
        #expect(MailThreading.seconds("1970-01-02T00:00:00+01:00") == 82_800)
    }
}
