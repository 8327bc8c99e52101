internal import FolioCore
internal import FolioLaunch

/// KDE's D-Bus runner interface, `org.kde.krunner1` (with `Config` and `Teardown`, the
/// "DBus2" API of Plasma 5.24 and later): KRunner sends the whole query line and shows
/// the matches it gets back with their actions.
///
/// Specification: <https://develop.kde.org/docs/plasma/krunner/>
final class KRunnerProvider: DBusObject {
    let objectPath = "/org/folio/Search/KRunner"
    let introspection = """
        <node>
          <interface name="org.kde.krunner1">
            <method name="Actions">
              <arg name="matches" type="a(sss)" direction="out"/>
            </method>
            <method name="Run">
              <arg name="matchId" type="s" direction="in"/>
              <arg name="actionId" type="s" direction="in"/>
            </method>
            <method name="Match">
              <arg name="query" type="s" direction="in"/>
              <arg name="matches" type="a(sssida{sv})" direction="out"/>
            </method>
            <method name="Config">
              <arg name="config" type="a{sv}" direction="out"/>
            </method>
            <method name="Teardown"/>
          </interface>
        </node>
        """
    /// Queries shorter than this are not searched: one or two letters match too much.
    static let minimumLetters: Int32 = 3
    static let resultLimit = 10

    /// The actions every match offers: (id, text, icon name).
    static let actions = [
        ("open-folder", "Open containing folder", "document-open-folder"),
        ("copy-path", "Copy path", "edit-copy"),
    ]

    /// KRunner's category relevance (`QueryMatch::CategoryRelevance`): documents with
    /// every word above those with only some.
    private static let allWordsRelevance: Int32 = 70
    private static let someWordsRelevance: Int32 = 30
    /// `QueryMatch::InformationalMatch`: a match that says something and opens nothing.
    private static let informationalRelevance: Int32 = 50

    private let launcher: Launcher

    init(launcher: Launcher) {
        self.launcher = launcher
    }

    func handle(_ method: String, _ call: MethodCall) throws(CallFailure) {
        switch method {
        case "Match":
            call.reply(try matches(call.string(0)))
        case "Run":
            try run(matchID: call.string(0), action: call.string(1))
            call.reply()
        case "Actions":
            call.reply(Variant.array(of: "(sss)", Self.actions.map { Variant.tuple([Variant.string($0.0), Variant.string($0.1), Variant.string($0.2)]) }))
        case "Config":
            call.reply(Variant.dictionary([("MinLetterCount", Variant.int32(Self.minimumLetters))]))
        case "Teardown":
            call.reply()
        default:
            throw .unknownMethod(method)
        }
    }

    private func matches(_ query: String) throws(CallFailure) -> OpaquePointer {
        let text = query.trimmingWhitespace()
        guard text.count >= Self.minimumLetters else { return Variant.array(of: "(sssida{sv})", []) }
        let rows: [LauncherSearch.Row]
        do {
            rows = try launcher.search(text, limit: Self.resultLimit)
        } catch .badQuery(let message) {
            let problem = QueryProblem(message: message)
            return Variant.array(of: "(sssida{sv})", [Variant.tuple([
                Variant.string(problem.id), Variant.string(QueryProblem.title), Variant.string(QueryProblem.iconName),
                Variant.int32(Self.informationalRelevance), Variant.double(1),
                Variant.dictionary([("subtext", Variant.string(message)), ("category", Variant.string("Documents"))]),
            ])])
        }
        return Variant.array(of: "(sssida{sv})", rows.enumerated().map { index, row in
            Variant.tuple([
                Variant.string(row.id.text),
                Variant.string(row.name),
                Variant.string(row.iconName),
                Variant.int32(row.matchesAllTerms ? Self.allWordsRelevance : Self.someWordsRelevance),
                // KRunner orders by this within a category: keep Folio's ranking.
                Variant.double(1 - Double(index) / Double(rows.count) / 2),
                Variant.dictionary([
                    ("subtext", Variant.string(row.description)),
                    ("urls", Variant.strings([FileURI.encode(row.id.path)])),
                    ("category", Variant.string("Documents")),
                ]),
            ])
        })
    }

    private func run(matchID: String, action: String) throws(CallFailure) {
        guard QueryProblem(id: matchID) == nil else { return }
        switch action {
        case "": try launcher.activate(matchID)
        case "open-folder": try launcher.showInFolder(matchID)
        case "copy-path": try launcher.copyPath(matchID)
        default: throw .invalidArguments("unknown action \"\(action)\"; the actions are \(Self.actions.map(\.0).joined(separator: ", "))")
        }
    }
}
