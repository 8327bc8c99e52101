import Testing
@testable import FolioStore
import FolioText

/// Whether a file's name holds every word of a query, as `NameTier` checks the names the
/// trigram index gives: words of the name, a camelCase word's parts, plurals; not a word's
/// letters inside a longer one.
@Suite struct NameTierTests {
    @Test(arguments: [("channel pipeline", "ChannelPipeline.swift", true), ("channelpipeline", "ChannelPipeline.swift", true),
                      ("holiday photo", "holiday-photos-2019.7z", true), ("invoices 2023", "invoice_2023.pdf", true),
                      ("def object", "default-objects.txt", false), ("budget OR plan", "plan.ods", true),
                      ("budget 2019", "budget-2018.xls", false), ("tax return", "Tax Return.PDF", true)])
    func nameHoldsEveryWord_wordByWord(_ query: String, _ name: String, _ holds: Bool) {
        #expect(NameTier.holdsEveryGroup(SearchQuery(parsing: query).required, name: name) == holds)
    }

    @Test(arguments: [("channel handler", "ChannelHandler.swift", true), ("channel handler", "channel-handlers.7z", true),
                      ("channelhandler", "ChannelHandler.swift", true), ("channel handler", "NIOChannelHandler.swift", false),
                      ("holiday photos 2019", "Holiday Photos 2019.tar.gz", false), ("holiday photos tar", "Holiday Photos.tar.gz", true),
                      ("report", ".hidden", false)])
    func nameMadeOfTheQuerysWords_andNothingMore(_ query: String, _ name: String, _ madeOf: Bool) {
        let asked = Set(SearchQuery(parsing: query).required.flatMap { $0.flatMap(\.tokens) }.map { $0.lowercased() })
        #expect(NameTier.isMadeOf(asked, name: name) == madeOf)
    }
}
