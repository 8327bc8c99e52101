@testable import FolioAsk
import Testing

/// Streams cut into units whatever the pieces the network delivers them in.
struct StreamFramingTests {
    @Test func serverSentEventsSplitAnywhereGiveTheSameEvents() {
        let body = Array("event: message_start\ndata: {\"a\":1}\n\n: keep-alive\n\nevent: content_block_delta\r\ndata: {\"b\":\r\ndata: 2}\r\n\r\ndata: [DONE]\n\n".utf8)
        let expected = [StreamFraming.Unit(event: "message_start", data: "{\"a\":1}"),
                        StreamFraming.Unit(event: "content_block_delta", data: "{\"b\":\n2}"),
                        StreamFraming.Unit(event: nil, data: "[DONE]")]
        for size in [1, 2, 3, 7, 16, body.count] {
            var framing = StreamFraming(.events)
            var units: [StreamFraming.Unit] = []
            var start = 0
            while start < body.count {
                units += framing.add(body[start..<min(body.count, start + size)])
                start += size
            }
            units += framing.finish()
            #expect(units == expected, "pieces of \(size) bytes")
        }
    }

    @Test func linesOfJSONWithoutALastNewline() {
        var framing = StreamFraming(.lines)
        var units = framing.add(Array("{\"x\":1}\n\n{\"y\":".utf8))
        units += framing.add(Array("2}".utf8))
        units += framing.finish()
        #expect(units.map(\.data) == ["{\"x\":1}", "{\"y\":2}"])
    }
}
