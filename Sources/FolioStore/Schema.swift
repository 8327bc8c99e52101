internal import FolioSchema
internal import GRDB

/// Applies `Migrations/` through GRDB's migrator, which records what it applied in the
/// database itself.
///
/// Related GRDB documentation: <https://swiftpackageindex.com/groue/grdb.swift/documentation/grdb/migrations>
enum Schema {
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        for migration in FolioSchema.migrations {
            migrator.registerMigration(migration.identifier) { db in
                try db.execute(sql: migration.sql)
            }
        }
        return migrator
    }()

    /// Identifiers in the database that this binary does not know: set when a newer Folio
    /// wrote it.
    static func unknownMigrations(_ db: Database) throws -> [String] {
        let known = Set(FolioSchema.migrations.map(\.identifier))
        return try migrator.appliedIdentifiers(db).subtracting(known).sorted()
    }
}
