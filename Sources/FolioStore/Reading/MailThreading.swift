public import FolioCore

/// A message as threading reads it: its id, the ids it answers (`References`, oldest
/// first, then `In-Reply-To`), its subject and when it was sent.
public struct ThreadedMessage: Sendable, Equatable {
    public var path: String
    public var subject: String?
    public var from: String?
    /// ISO 8601, as the mail loader writes it.
    public var date: String?
    public var messageID: String?
    public var parents: [String]

    public init(path: String, subject: String?, from: String?, date: String?, messageID: String?, parents: [String]) {
        self.path = path
        self.subject = subject
        self.from = from
        self.date = date
        self.messageID = messageID
        self.parents = parents
    }

    /// The message as its document's fields say it.
    public init(path: String, title: String?, fields: [DocumentField: String]) {
        var parents = fields[.references].map { $0.split(separator: " ").map(String.init) } ?? []
        if let parent = fields[.inReplyTo], parents.last != parent {
            parents.removeAll { $0 == parent }
            parents.append(parent)
        }
        self.init(path: path, subject: title, from: fields[.from], date: fields[.date], messageID: fields[.messageID], parents: parents)
    }
}

/// Messages grouped into threads, after Jamie Zawinski's algorithm (the one mail readers
/// use): each message under the last id it answers, the ids of `References` chained oldest
/// first, whether or not their messages are here (a thread whose first message is missing
/// stays one); a message answering nothing whose subject says it is a reply ("Re: …")
/// joins the thread begun by a message of that subject, the only use of subjects.
public enum MailThreading {
    /// One thread: its messages in order (by date, replies after what they answer), each
    /// with how deep it answers (0 for the first).
    public struct Thread: Sendable, Equatable {
        public var messages: [(index: Int, depth: Int)]

        public static func == (lhs: Thread, rhs: Thread) -> Bool {
            lhs.messages.map(\.index) == rhs.messages.map(\.index) && lhs.messages.map(\.depth) == rhs.messages.map(\.depth)
        }
    }

    /// The threads of `messages` (indices into it), each message in exactly one.
    public static func threads(_ messages: [ThreadedMessage]) -> [Thread] {
        var parent: [String: String] = [:]
        var messageOf: [String: Int] = [:]
        var keys: [String] = []
        // Each message's key: its id, or one of its own when it has none or repeats one.
        for (index, message) in messages.enumerated() {
            var key = message.messageID ?? "\u{0}\(index)"
            if messageOf[key] != nil { key = "\u{0}\(index)" }
            messageOf[key] = index
            keys.append(key)
        }
        func ancestors(_ key: String) -> Set<String> {
            var seen: Set<String> = [key]
            var current = key
            while let up = parent[current], seen.insert(up).inserted { current = up }
            return seen
        }
        // The references chained oldest first, then the message under the last one: a link
        // that would make a loop is not made.
        for (index, message) in messages.enumerated() {
            let chain = message.parents.filter { $0 != keys[index] }
            for (older, newer) in zip(chain, chain.dropFirst()) where parent[newer] == nil && !ancestors(older).contains(newer) {
                parent[newer] = older
            }
            if let last = chain.last, !ancestors(last).contains(keys[index]) { parent[keys[index]] = last }
        }
        func root(_ key: String) -> String {
            var current = key
            var seen: Set<String> = [key]
            while let up = parent[current], seen.insert(up).inserted { current = up }
            return current
        }
        // A reply that answers nothing by its headers joins the thread its subject begins.
        var threadOfSubject: [String: String] = [:]
        for (index, message) in messages.enumerated() where message.parents.isEmpty {
            let subject = normalised(message.subject)
            guard !subject.isEmpty, !isReply(message.subject) else { continue }
            if let other = threadOfSubject[subject], let earlier = messageOf[other], isEarlier(messages[earlier], than: message) { continue }
            threadOfSubject[subject] = keys[index]
        }
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (index, message) in messages.enumerated() {
            var top = root(keys[index])
            if message.parents.isEmpty, isReply(message.subject), let begun = threadOfSubject[normalised(message.subject)], begun != keys[index] {
                parent[keys[index]] = begun
                top = root(begun)
            }
            if groups[top] == nil { order.append(top) }
            groups[top, default: []].append(index)
        }
        var children: [String: [String]] = [:]
        for (child, up) in parent { children[up, default: []].append(child) }
        // The earliest message at or under a key: what its place among its siblings is by.
        var earliest: [String: Int] = [:]
        func first(_ key: String, _ seen: inout Set<String>) -> Int? {
            if let known = earliest[key] { return known }
            guard seen.insert(key).inserted else { return nil }
            var best = messageOf[key]
            for child in children[key] ?? [] {
                guard let candidate = first(child, &seen) else { continue }
                if best == nil || isEarlier(messages[candidate], than: messages[best!]) { best = candidate }
            }
            if let best { earliest[key] = best }
            return best
        }
        return order.map { top in
            // The tree from its top, each message under what it answers, siblings by date.
            var placed: [(index: Int, depth: Int)] = []
            var visited: Set<String> = []
            func visit(_ key: String, depth: Int) {
                guard visited.insert(key).inserted else { return }
                var below = depth
                if let index = messageOf[key], groups[top]!.contains(index) {
                    placed.append((index, depth))
                    below = depth + 1
                }
                func earliestUnder(_ key: String) -> Int? {
                    var seen: Set<String> = []
                    return first(key, &seen)
                }
                let ordered = (children[key] ?? []).sorted { a, b in
                    switch (earliestUnder(a), earliestUnder(b)) {
                    case let (x?, y?): isEarlier(messages[x], than: messages[y]) || (!isEarlier(messages[y], than: messages[x]) && x < y)
                    case (_?, nil): true
                    default: a < b
                    }
                }
                for child in ordered { visit(child, depth: below) }
            }
            visit(top, depth: 0)
            return Thread(messages: placed)
        }
    }

    /// The subject without the prefixes replies and forwards add (`Re:`, `RE:`, `Fwd:`,
    /// `AW:`, `[list]`), in lower case, spaces squeezed.
    static func normalised(_ subject: String?) -> String {
        var text = Substring(subject ?? "")
        var changed = true
        while changed {
            changed = false
            text = text.drop(while: \.isWhitespace)
            if text.first == "[", let close = text.firstIndex(of: "]") {
                text = text[text.index(after: close)...]
                changed = true
                continue
            }
            for prefix in ["re:", "fwd:", "fw:", "aw:", "sv:", "wg:"] where text.lowercased().hasPrefix(prefix) {
                text = text.dropFirst(prefix.count)
                changed = true
            }
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }

    /// "Re: Budget" without its "Re: " (or "[list] Re: "): the subject the reply answers.
    static func withoutReply(_ subject: String) -> String {
        var text = Substring(subject).drop(while: \.isWhitespace)
        if text.first == "[", let close = text.firstIndex(of: "]") { text = text[text.index(after: close)...].drop(while: \.isWhitespace) }
        for prefix in ["re:", "aw:", "sv:"] where text.lowercased().hasPrefix(prefix) {
            return String(text.dropFirst(prefix.count).drop(while: \.isWhitespace))
        }
        return String(text)
    }

    static func isReply(_ subject: String?) -> Bool {
        var text = Substring(subject ?? "").drop(while: \.isWhitespace)
        if text.first == "[", let close = text.firstIndex(of: "]") { text = text[text.index(after: close)...].drop(while: \.isWhitespace) }
        return ["re:", "aw:", "sv:"].contains { text.lowercased().hasPrefix($0) }
    }

    /// Whether `a` was sent before `b` (a message without a date after every dated one).
    static func isEarlier(_ a: ThreadedMessage, than b: ThreadedMessage) -> Bool {
        switch (a.date.flatMap(seconds), b.date.flatMap(seconds)) {
        case let (x?, y?): x < y
        case (_?, nil): true
        default: false
        }
    }

    /// Seconds since 1970 of an ISO 8601 time (`2023-05-01T10:00:00+02:00`, `…Z`).
    static func seconds(_ iso: String) -> Int? {
        let characters = Array(iso)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= characters.count else { return nil }
            return Int(String(characters[range]))
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), let second = number(17..<19) else { return nil }
        var offset = 0
        if let sign = characters.dropFirst(19).firstIndex(where: { $0 == "+" || $0 == "-" }),
           let hours = number((sign + 1)..<(sign + 3)), let minutes = number((sign + 4)..<(sign + 6)) {
            offset = (characters[sign] == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
        }
        // Days from 1970-01-01 of the civil date (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + hour * 3600 + minute * 60 + second - offset
    }
}
