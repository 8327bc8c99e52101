import Testing
import Glibc
@testable import FolioCore

/// The query's fields and `folioq`'s filter options (`FilterSyntax`, `SearchFilters.add`):
/// each field, each kind of bad value, and text that only looks like a field.
@Suite struct FilterSyntaxTests {
    /// 2024-05-15 12:00 local time, a Wednesday.
    private let now = FilterValues.midnight(2024, 5, 15) + 12 * 3600

    private func parsed(_ text: String) throws(FilterError) -> (String, SearchFilters) {
        var filters = SearchFilters()
        let words = try FilterSyntax.extract(text, into: &filters, now: now)
        return (words, filters)
    }

    @Test func optionValues_areTrimmed_andOneOfSpacesAloneIsEmpty() throws {
        var spaced = SearchFilters()
        try spaced.add(field: "after", value: " \t2023-01\u{3000} ", now: now)
        var plain = SearchFilters()
        try plain.add(field: "after", value: "2023-01", now: now)
        #expect(spaced.time == plain.time)
        #expect(throws: FilterError.emptyValue(field: "from")) { try spaced.add(field: "from", value: " \n ", now: now) }
    }

    @Test func dates_nameLocalDaysMonthsAndYears() throws {
        #expect(try parsed("invoice after:2023-01").1.time == TimeRange(from: FilterValues.midnight(2023, 1, 1)))
        #expect(try parsed("before:2023").1.time == TimeRange(until: FilterValues.midnight(2023, 1, 1)))
        #expect(try parsed("date:2023-02-28").1.time == TimeRange(from: FilterValues.midnight(2023, 2, 28), until: FilterValues.midnight(2023, 3, 1)))
        #expect(try parsed("date:2023-12").1.time == TimeRange(from: FilterValues.midnight(2023, 12, 1), until: FilterValues.midnight(2024, 1, 1)))
        #expect(try parsed("date:today").1.time == TimeRange(from: FilterValues.midnight(2024, 5, 15), until: FilterValues.midnight(2024, 5, 16)))
        #expect(try parsed("date:Yesterday").1.time == TimeRange(from: FilterValues.midnight(2024, 5, 14), until: FilterValues.midnight(2024, 5, 15)))
        #expect(try parsed("after:2022 before:2024-03").1.time
            == TimeRange(from: FilterValues.midnight(2022, 1, 1), until: FilterValues.midnight(2024, 3, 1)), "two limits meet")
    }

    @Test func ages_countBackFromNow() throws {
        #expect(try parsed("since:3h").1.time == TimeRange(from: now - 3 * 3600))
        #expect(try parsed("since:2d").1.time == TimeRange(from: now - 2 * 86_400))
        #expect(try parsed("since:2w").1.time == TimeRange(from: now - 14 * 86_400))
        #expect(try parsed("since:6m").1.time == TimeRange(from: FilterValues.midnight(2023, 11, 15) + 12 * 3600))
        #expect(try parsed("since:1year").1.time == TimeRange(from: FilterValues.midnight(2023, 5, 15) + 12 * 3600))
        #expect(try parsed("since:2023-03").1.time == TimeRange(from: FilterValues.midnight(2023, 3, 1)), "or a date")
    }

    @Test func sizes_areComparisonsOrRanges_inUnitsOf1024() throws {
        #expect(try parsed("size:>10M").1.size == SizeRange(least: 10 * 1_048_576 + 1))
        #expect(try parsed("size:>=1G").1.size == SizeRange(least: 1_073_741_824))
        #expect(try parsed("size:<500k").1.size == SizeRange(most: 500 * 1024 - 1))
        #expect(try parsed("size:<=2MB").1.size == SizeRange(most: 2 * 1_048_576))
        #expect(try parsed("size:1M-5M").1.size == SizeRange(least: 1_048_576, most: 5 * 1_048_576))
        #expect(try parsed("size:>1.5k").1.size == SizeRange(least: 1537))
        #expect(try parsed("size:>100 size:<1k").1.size == SizeRange(least: 101, most: 1023))
    }

    @Test func kindsExtensionsNamesAndPeople() throws {
        let (words, filters) = try parsed("report type:pdf,md ext:.XLSX ext:ods name:budget* author:Berg from:\"Anna Berg\" to:bob q3")
        #expect(words.split(separator: " ") == ["report", "q3"])
        #expect(filters.kinds == [.pdf, .markdown])
        #expect(filters.extensions == ["xlsx", "ods"])
        #expect(filters.name == NamePattern("budget*"))
        #expect(filters.people == [PersonMatch(role: .author, text: "Berg"), PersonMatch(role: .from, text: "Anna Berg"),
                                   PersonMatch(role: .to, text: "bob")])
        #expect(PersonMatch(role: .to, text: "bob").fields == [.to, .cc])
        #expect(filters.narrows && filters.narrowsBeyondScope)
    }

    @Test func folders_fromTheRootOrHome_narrowTheScope_andNamesAreFoundAnywhere() throws {
        let home = String(cString: getenv("HOME"))
        #expect(try parsed("dir:/srv/tax/").1.scope == .tree("/srv/tax"))
        #expect(try parsed("dir:~/tax/../receipts").1.scope == .tree(AbsolutePath.normalise(home + "/receipts", relativeTo: "/")))
        #expect(try parsed("dir:/srv dir:/srv/tax").1.scope == .tree("/srv/tax"), "the narrower of two")
        #expect(try parsed("dir:/srv/tax dir:/srv").1.scope == .tree("/srv/tax"))
        let (words, filters) = try parsed("receipt dir:tax dir:2023/march/")
        #expect(words.split(separator: " ") == ["receipt"])
        #expect(filters.folderNames == ["tax", "2023/march"])
        #expect(filters.scope == .everything)
        var inFile = SearchFilters(scope: .file("/srv/tax/book.pdf"))
        try inFile.add(field: "dir", value: "/srv", now: now)
        #expect(inFile.scope == .file("/srv/tax/book.pdf"))
        #expect(throws: FilterError.self) { try inFile.add(field: "dir", value: "/srv/taxes", now: now) }
    }

    @Test func fieldNamesIgnoreCase_andOnlyFieldsLeaveTheText() throws {
        #expect(try parsed("From:anna Invoice").0.split(separator: " ") == ["Invoice"])
        #expect(try parsed("from:anna").0.allSatisfy(\.isWhitespace))
        #expect(try parsed("(from:anna OR x)").0 == "( OR x)")
    }

    @Test(arguments: ["Note: the invoice", "https://example.org/a", "meeting at 10:30", "\"colour:red\" paint", "a:b", "C:\\Users",
                      "tax 2023", "ends with colon:", "\"from:anna\"", "alternate object database::",
                      "std::vector"])
    func textThatOnlyLooksLikeAField_staysText(_ text: String) throws {
        let (words, filters) = try parsed(text)
        #expect(words == text)
        #expect(!filters.narrows)
    }

    @Test(arguments: [
        ("colour:red", FilterError.unknownField("colour")),
        ("invoice re:meeting", .unknownField("re")),
        ("-from:anna invoice", .excludedField("from")),
        ("after:2023-13", .badValue(field: "after", value: "2023-13", expected: FilterValues.dateHelp)),
        ("before:23-01", .badValue(field: "before", value: "23-01", expected: FilterValues.dateHelp)),
        ("date:2023-02-30", .badValue(field: "date", value: "2023-02-30", expected: FilterValues.dateHelp)),
        ("date:2w", .badValue(field: "date", value: "2w", expected: FilterValues.dateHelp)),
        ("date:march", .badValue(field: "date", value: "march", expected: FilterValues.dateHelp)),
        ("since:2x", .badValue(field: "since", value: "2x", expected: FilterValues.ageHelp)),
        ("since:w", .badValue(field: "since", value: "w", expected: FilterValues.ageHelp)),
        ("size:10M", .badValue(field: "size", value: "10M", expected: FilterValues.sizeHelp)),
        ("size:>10Q", .badValue(field: "size", value: ">10Q", expected: FilterValues.sizeHelp)),
        ("size:5M-1M", .badValue(field: "size", value: "5M-1M", expected: FilterValues.sizeHelp)),
        ("size:<0", .badValue(field: "size", value: "<0", expected: FilterValues.sizeHelp)),
        ("ext:p.df", .badValue(field: "ext", value: "p.df", expected: FilterValues.extensionHelp)),
        ("ext:pdf,", .badValue(field: "ext", value: "pdf,", expected: FilterValues.extensionHelp)),
        ("from:\"\"", .emptyValue(field: "from")),
        ("after:2024 before:2023", .nothingBetween("before 2023 leaves no time within the other dates given")),
        ("size:>10M size:<1M", .nothingBetween("size <1M leaves no size within the other sizes given")),
        ("name:a* name:b*", .nothingBetween("give one name pattern, not two")),
        ("dir:/a/b dir:/a/c", .nothingBetween("dir /a/c is outside the folder the search is already narrowed to")),
        ("dir:../tax", .badValue(field: "dir", value: "../tax", expected: "a folder from / or ~ (dir:~/tax), or a folder's name found anywhere (dir:tax)")),
        ("dir:.git", .badValue(field: "dir", value: ".git", expected: "a folder from / or ~ (dir:~/tax), or a folder's name found anywhere (dir:tax)")),
    ])
    func badFields_sayWhatWouldDo(_ text: String, _ error: FilterError) {
        #expect(throws: error) { try parsed(text) }
    }

    @Test func badType_andBadName_sayWhy() {
        #expect(throws: FilterError.self) { try parsed("type:spreadsheets") }
        #expect(throws: FilterError.self) { try parsed("name:a/b") }
        let message = (try? parsed("colour:red")) == nil ? FilterError.unknownField("colour").description : ""
        #expect(message.contains("after: before: date: since: size: type: ext: dir: name: author: from: to:"))
        #expect(message.contains("double quotes"))
    }

    @Test func options_areTheFields() throws {
        var filters = SearchFilters()
        try filters.add(field: "after", value: "2023", now: now)
        try filters.add(field: "size", value: ">1k", now: now)
        #expect(filters == (try parsed("after:2023 size:>1k").1))
        #expect(throws: FilterError.emptyValue(field: "author")) { try filters.add(field: "author", value: "  ", now: now) }
    }
}
