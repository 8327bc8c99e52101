@testable import FolioAsk
import FolioCore
import Testing

/// Whether a cited passage bears out the sentence that cites it.
struct CitationSupportTests {
    static func passage(_ number: Int, _ text: String) -> Passage {
        Passage(number: number, path: "/d/invoice-\(number).txt", title: nil, kind: .text, chunk: 0, firstPage: 1, lastPage: 1, pageLabel: nil,
                section: nil, text: text, lastPageStarts: nil, rank: number)
    }

    static let passages = [
        passage(1, "Invoice 4876. Customer: Sofia Nowak, 12 Elm Road. Boiler service and annual safety check. Total due: EUR 1,240.00, payable within 30 days."),
        passage(2, "Invoice 4877. Customer: Jonas Berg. Window cleaning, two storeys. Total due: EUR 85.50."),
        passage(3, "Invoice 4878. Customer: Ana Costa. Gutter repair. Total due: EUR 310.00."),
    ]

    @Test func aSentenceItsPassageHolds_isSupported_withTheSpanQuoted() {
        let support = CitationSupport(passages: Self.passages)
        let verdict = support.verdict(claim: "Sofia Nowak paid EUR 1240 for the boiler service.", passage: Self.passages[0])
        #expect(verdict.supported, "\(verdict)")
        #expect(verdict.quote.contains("Sofia Nowak") || verdict.quote.contains("1,240.00"), "\(verdict.quote)")
        #expect(verdict.missingNumbers.isEmpty)
    }

    @Test func theSentenceOfTheIssue_isNotSupported() {
        let support = CitationSupport(passages: Self.passages)
        let claim = "The document doesn't mention the amount, but when asked about the amount, it mentioned the number of the documents, "
            + "which is the passage, invoice-4876.txt, which doesn't mention the amount."
        #expect(!support.verdict(claim: claim, passage: Self.passages[0]).supported)
        #expect(!support.verdict(claim: "So the answer is.", passage: Self.passages[0]).supported, "a sentence that states nothing")
    }

    @Test func anAmountThePassageDoesNotHold_isNotSupported() {
        let support = CitationSupport(passages: Self.passages)
        let verdict = support.verdict(claim: "Sofia Nowak paid EUR 1,420.00 for the boiler service.", passage: Self.passages[0])
        #expect(!verdict.supported && verdict.missingNumbers == ["1420"], "\(verdict)")
        #expect(!support.verdict(claim: "Jonas Berg paid EUR 85.50 for window cleaning.", passage: Self.passages[0]).supported,
                "the right facts, the wrong passage")
    }

    @Test func numbersAndWords_areWrittenOneWay() {
        #expect(CitationSupport.terms(of: "EUR 1,240.00 and 12.50, 4876; 3,5 or 1.240,50 invoices' totals")
            == ["eur", "1240", "12.5", "4876", "3.5", "1240.5", "invoic", "total"])
        #expect(CitationSupport.terms(of: "invoiced invoice servicing service") == ["invoic", "invoic", "servic", "servic"])
    }

    @Test func eachCitationBelongsToItsSentence_beforeOrAfterTheFullStop() {
        var answer = Answer(question: "q", options: FolioConfiguration.default.ask, mode: .lexical,
                            prompt: AskPrompt(question: "q", passages: Self.passages))
        var reader = CitationReader(passages: Self.passages)
        answer.add(reader.add("Sofia Nowak paid EUR 1,240.00 [1]. Jonas Berg paid EUR 85.50. [2] Ana Costa paid EUR 999 [3][1]. See [2, p. 1]"))
        answer.add(reader.finish())
        answer.finish(ChatClient.Outcome(), citations: reader.citations, total: 0)
        #expect(answer.verdicts.map { $0?.claim } == ["Sofia Nowak paid EUR 1,240.00.", "Jonas Berg paid EUR 85.50.", "Ana Costa paid EUR 999.",
                                                        "Ana Costa paid EUR 999.", "See"])
        #expect(answer.verdicts.map { $0?.supported } == [true, true, false, false, false])
        #expect(answer.citedPassages.map(\.passage.number) == [1, 2])
        #expect(answer.unsupportedCitations.map(\.citation.number) == [3])
        #expect(answer.status == .answered)
    }

    /// A provider's own citation (Anthropic's) is supported when the text it cites is the
    /// passage's, whatever the sentence's wording, and that text is the quote.
    @Test func aProvidersQuote_isCheckedAgainstThePassage() {
        var answer = Answer(question: "q", options: FolioConfiguration.default.ask, mode: .lexical,
                            prompt: AskPrompt(question: "q", passages: Self.passages))
        var reader = CitationReader(passages: Self.passages)
        answer.add(reader.add("The boiler job came to a tidy sum [1]. Jonas paid little [2]."))
        answer.addQuote("Total due: EUR 1,240.00,  payable within 30 days.", of: 1)
        answer.addQuote("Total due: EUR 99.00.", of: 2)
        answer.finish(ChatClient.Outcome(), citations: reader.citations, total: 0)
        #expect(answer.citedPassages.map(\.quote) == ["Total due: EUR 1,240.00, payable within 30 days."])
        #expect(answer.unsupportedCitations.map(\.citation.number) == [2], "a quote its passage does not hold")
    }

    @Test func anAnswerNoPassageBearsOut_isNotAnAnswer() {
        var answer = Answer(question: "q", options: FolioConfiguration.default.ask, mode: .lexical,
                            prompt: AskPrompt(question: "q", passages: Self.passages))
        var reader = CitationReader(passages: Self.passages)
        answer.add(reader.add("Once upon a time there was a wedding by the sea [1]."))
        answer.finish(ChatClient.Outcome(), citations: reader.citations, total: 0)
        #expect(answer.status == .unsupported && answer.citedPassages.isEmpty && answer.unsupportedCitations.count == 1)
    }

    /// The model's own quote: shown when the passage holds it (whitespace, case and the
    /// shape of quotation marks aside), and the citation unsupported when it does not.
    @Test func aModelsQuote_mustBeInItsPassage() {
        var answer = Answer(question: "q", options: FolioConfiguration.default.ask, mode: .lexical,
                            prompt: AskPrompt(question: "q", passages: Self.passages))
        var reader = CitationReader(passages: Self.passages)
        answer.add(reader.add(#"Sofia Nowak owes EUR 1,240.00 [1: "total due:  EUR 1,240.00, payable within 30 days."]. "#))
        answer.add(reader.add(#"Jonas Berg paid EUR 85.50 [2: "Jonas Berg paid in cash"]."#))
        answer.finish(ChatClient.Outcome(), citations: reader.citations, total: 0)
        #expect(answer.citedPassages.map(\.quote) == ["total due: EUR 1,240.00, payable within 30 days."])
        #expect(answer.unsupportedCitations.map(\.citation.number) == [2])
        #expect(answer.unsupportedCitations.first?.verdict.quoteNotInPassage == true)
    }

    /// A judge's similarity, as the embedder would give it: a sentence whose words fall short gets
    /// its similarity to the nearest window reported, and is not supported however near
    /// (meaning says what a sentence is about, not that the passage says it); a sentence
    /// its words bear out is not weighed.
    @Test func meaning_isReported_butSupportsNothing() {
        struct Judge: MeaningJudge {
            func weigh(_ claims: [(claim: String, passage: Passage)]) -> [Float?]? {
                claims.map { _ in 0.93 }
            }
        }
        func answer(_ text: String) -> Answer {
            var answer = Answer(question: "q", options: FolioConfiguration.default.ask, mode: .lexical,
                                prompt: AskPrompt(question: "q", passages: Self.passages))
            var reader = CitationReader(passages: Self.passages)
            answer.add(reader.add(text))
            answer.finish(ChatClient.Outcome(), citations: reader.citations, total: 0, judge: Judge())
            return answer
        }
        let near = answer("The heating appliance was looked after once a year [1].")
        #expect(near.status == .unsupported && near.verdicts.first??.similarity == 0.93)
        let byWords = answer("Sofia Nowak paid EUR 1240 [1].")
        #expect(byWords.citedPassages.map(\.verdict.evidence) == [.words] && byWords.verdicts.first??.similarity == nil)
    }
}
