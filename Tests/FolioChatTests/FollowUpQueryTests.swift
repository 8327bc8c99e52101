import FolioAsk
@testable import FolioChat
import FolioCore
import Testing

/// What a follow-up is searched for, and what of the conversation goes with it.
struct FollowUpQueryTests {
    static let earlier = [ChatTurn(position: 1, question: "What was the garden budget for 2023?", searchedFor: "What was the garden budget for 2023?",
                                   answer: "It was 1,240 euros [1], mostly trees [1][2, p. 4].", status: .answered, sources: [], created: 0)]

    @Test func theFirstQuestionIsSearchedAsTypedAndTheModelIsNotAsked() {
        let query = FollowUpQuery.make("What was the budget?", after: [], followUps: .rewrite) { _, _ throws(AskError) in
            Issue.record("no rewriting for a first question")
            return ""
        }
        #expect(query == FollowUpQuery(text: "What was the budget?", kind: .first))
    }

    @Test func aFollowUpIsRewrittenWithTheConversationAndTheModelsLineKept() {
        var sent = ""
        let query = FollowUpQuery.make("and in 2022?", after: Self.earlier, followUps: .rewrite) { _, user throws(AskError) in
            sent = user
            return "Rewritten question: \"What was the garden budget for 2022?\"\nI replaced 2023."
        }
        #expect(query == FollowUpQuery(text: "What was the garden budget for 2022?", kind: .rewritten))
        #expect(sent.contains("User: What was the garden budget for 2023?\nAssistant: It was 1,240 euros, mostly trees."))
        #expect(sent.hasSuffix("Last question: and in 2022?\nRewritten question:"))
    }

    @Test func aRewritingThatFailsOrIsNoQuestionFallsBackToTheQuestionBefore() {
        let failed = FollowUpQuery.make("and in 2022?", after: Self.earlier, followUps: .rewrite) { _, _ throws(AskError) in
            throw .notRunning(.ollama, url: "http://127.0.0.1:1", model: "m", reason: "refused")
        }
        #expect(failed.kind == .withPrevious)
        #expect(failed.text == "What was the garden budget for 2023? and in 2022?")
        #expect(failed.fallback?.hasPrefix("the model could not rewrite it") == true)
        let notFound = FollowUpQuery.make("and in 2022?", after: Self.earlier, followUps: .rewrite) { _, _ throws(AskError) in
            "The documents do not say."
        }
        #expect(notFound.kind == .withPrevious)
        let empty = FollowUpQuery.make("and in 2022?", after: Self.earlier, followUps: .rewrite) { _, _ throws(AskError) in "\n  \n" }
        #expect(empty.kind == .withPrevious)
    }

    @Test func theOtherSettingsNeedNoModel() {
        let typed = FollowUpQuery.make("and in 2022?", after: Self.earlier, followUps: .asTyped) { _, _ throws(AskError) in "x" }
        #expect(typed == FollowUpQuery(text: "and in 2022?", kind: .asTyped))
        let previous = FollowUpQuery.make("and in 2022?", after: Self.earlier, followUps: .withPrevious) { _, _ throws(AskError) in "x" }
        #expect(previous == FollowUpQuery(text: "What was the garden budget for 2023? and in 2022?", kind: .withPrevious))
    }

    @Test func theHistoryHasNoCitationsAndKeepsTheNewestTurnsThatFit() {
        #expect(ChatHistory.withoutCitations("It was 40 [1]. Then [2, p. 14][3?] more [x] and [a1].") == "It was 40. Then more [x] and [a1].")
        let turns = (1...8).map { ChatTurn(position: $0, question: "question \($0)", searchedFor: "", answer: $0 == 8 ? "" : "answer \($0) [1].",
                                           status: .answered, sources: [], created: 0) }
        let six = ChatHistory.exchanges(turns, limit: 6, tokens: 10_000)
        #expect(six.map(\.question) == (3...8).map { "question \($0)" })
        #expect(six.last?.answer == AskPrompt.notFound)
        #expect(six.first?.answer == "answer 3.")
        let cost = { (question: String, answer: String) in TokenEstimate.tokens(in: question) + TokenEstimate.tokens(in: answer) + 16 }
        let two = ChatHistory.exchanges(turns, limit: 6, tokens: cost("question 8", AskPrompt.notFound) + cost("question 7", "answer 7."))
        #expect(two.map(\.question) == ["question 7", "question 8"])
    }
}
