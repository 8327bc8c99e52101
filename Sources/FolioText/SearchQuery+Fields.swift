public import FolioCore

extension SearchQuery {
    /// Parses text as a person types it into a search box, fields and all: the fields
    /// (`after:2023-01 from:anna`, `FilterSyntax`) are added to `filters`, the rest is the
    /// query. What every front end that takes one line of text does; throws for a field
    /// not understood.
    public init(typed text: String, filters: inout SearchFilters, now: Int64 = FilterValues.now()) throws(FilterError) {
        self.init(parsing: try FilterSyntax.extract(text, into: &filters, now: now))
    }
}
