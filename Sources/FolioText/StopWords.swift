/// English function words, which say nothing of what a text is about: left out of the words
/// a page marks for a search (`WordMarks`) and of those an answer's claim is checked by
/// (`CitationSupport`). The index itself keeps every word (FTS5 has no stop words): its
/// ranking weighs a common word down by how often it occurs instead.
public enum StopWords {
    public static let english: Set<String> = [
        "a", "about", "above", "after", "again", "all", "also", "am", "an", "and", "any", "are", "as", "at", "be", "because", "been",
        "before", "being", "between", "both", "but", "by", "can", "could", "did", "do", "does", "doing", "during", "each", "few", "for",
        "from", "had", "has", "have", "having", "he", "her", "here", "hers", "him", "his", "how", "i", "if", "in", "into", "is", "it",
        "its", "it's", "just", "me", "more", "most", "my", "no", "nor", "not", "of", "off", "on", "once", "only", "or", "other", "our",
        "out", "over", "own", "same", "she", "should", "so", "some", "such", "than", "that", "the", "their", "them", "then", "there",
        "these", "they", "this", "those", "through", "to", "too", "under", "until", "up", "very", "was", "we", "were", "what", "when",
        "where", "which", "while", "who", "whom", "why", "will", "with", "would", "you", "your",
    ]
}
