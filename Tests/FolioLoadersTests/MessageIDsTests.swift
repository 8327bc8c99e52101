@testable import FolioLoaders
import Testing

/// Message ids as the headers of real mail write them.
struct MessageIDsTests {
    @Test func theIdsBetweenBracketsInOrderEachOnce() {
        #expect(MessageIDs.parse("<a1@example.org>\n <b2@example.org> (a comment) <a1@example.org>") == ["a1@example.org", "b2@example.org"])
        #expect(MessageIDs.parse("Your message of Mon <x y@host> ; <z@host>") == ["xy@host", "z@host"])
        #expect(MessageIDs.parse("no ids here").isEmpty)
        #expect(MessageIDs.bare(" c3@example.org ") == "c3@example.org")
        #expect(MessageIDs.bare("  ") == nil)
    }
}
