/// Ids given to one statement as a JSON array, for `json_each`: one statement for any
/// number of them, and the same text whatever they are. A statement that reads them first
/// (`CROSS JOIN` fixes that order) looks each one up, in the array's order.
enum IdArray {
    static func json(_ ids: some Sequence<Int64>) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }
}
