internal import FolioSchema
internal import FolioSQLite

/// Applies `Migrations/` in order, each in its own transaction with its identifier
/// recorded in the database.
///
/// The record is the table GRDB's migrator kept (`grdb_migrations`), which Folio used
/// before this code: databases written then are read and upgraded as they are.
enum Schema {
    static let table = "grdb_migrations"

    /// The identifiers applied to the database (none for a new one).
    static func appliedIdentifiers(_ db: SQLiteConnection) throws -> Set<String> {
        guard try db.value(as: Bool.self, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [table]) == true else { return [] }
        return Set(try db.values(as: String.self, "SELECT identifier FROM \(table)"))
    }

    /// Identifiers in the database that this binary does not know: set when a newer Folio
    /// wrote it.
    static func unknownMigrations(_ db: SQLiteConnection) throws -> [String] {
        try appliedIdentifiers(db).subtracting(FolioSchema.migrations.map(\.identifier)).sorted()
    }

    /// Whether every migration this binary knows is applied.
    static func isComplete(_ db: SQLiteConnection) throws -> Bool {
        try Set(FolioSchema.migrations.map(\.identifier)).isSubset(of: appliedIdentifiers(db))
    }

    /// Applies the migrations not applied yet. Each one checks again inside its own
    /// transaction, so two processes opening a new database at once apply it once.
    static func migrate(_ database: SQLiteDatabase) throws {
        try database.write { db in try db.execute("CREATE TABLE IF NOT EXISTS \(table) (identifier TEXT NOT NULL PRIMARY KEY)") }
        for migration in FolioSchema.migrations {
            try database.write { db in
                guard try !appliedIdentifiers(db).contains(migration.identifier) else { return }
                try db.executeScript(migration.sql)
                try db.execute("INSERT INTO \(table) (identifier) VALUES (?)", [migration.identifier])
            }
        }
    }
}
