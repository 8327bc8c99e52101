/// One schema migration: an identifier recorded in the database once applied, and its SQL.
public struct SchemaMigration: Sendable {
    /// Stable identifier, recorded by the migrator; never renamed once shipped.
    public let identifier: String
    /// The statements, run in one transaction.
    public let sql: String
}

/// The SQL files of `Migrations/`, embedded in the binary, in the order they apply.
public enum FolioSchema {
    public static let migrations: [SchemaMigration] = [
        SchemaMigration(identifier: "v0001_core", sql: String(decoding: PackageResources.v0001_core_sql, as: UTF8.self)),
        SchemaMigration(identifier: "v0002_pages_ocr", sql: String(decoding: PackageResources.v0002_pages_ocr_sql, as: UTF8.self)),
        SchemaMigration(identifier: "v0003_vectors", sql: String(decoding: PackageResources.v0003_vectors_sql, as: UTF8.self)),
        SchemaMigration(identifier: "v0004_leaders", sql: String(decoding: PackageResources.v0004_leaders_sql, as: UTF8.self)),
        SchemaMigration(identifier: "v0005_row_lengths", sql: String(decoding: PackageResources.v0005_row_lengths_sql, as: UTF8.self)),
        SchemaMigration(identifier: "v0006_navigation", sql: String(decoding: PackageResources.v0006_navigation_sql, as: UTF8.self)),
        SchemaMigration(identifier: "v0007_fields", sql: String(decoding: PackageResources.v0007_fields_sql, as: UTF8.self)),
        SchemaMigration(identifier: "v0008_term_counts", sql: String(decoding: PackageResources.v0008_term_counts_sql, as: UTF8.self)),
        SchemaMigration(identifier: "v0009_segment_merge", sql: String(decoding: PackageResources.v0009_segment_merge_sql, as: UTF8.self)),
        SchemaMigration(identifier: "v0010_volumes", sql: String(decoding: PackageResources.v0010_volumes_sql, as: UTF8.self)),
        SchemaMigration(identifier: "v0011_mail_threads", sql: String(decoding: PackageResources.v0011_mail_threads_sql, as: UTF8.self)),
        SchemaMigration(identifier: "v0012_file_names", sql: String(decoding: PackageResources.v0012_file_names_sql, as: UTF8.self)),
        SchemaMigration(identifier: "v0013_code", sql: String(decoding: PackageResources.v0013_code_sql, as: UTF8.self)),
        SchemaMigration(identifier: "v0014_written", sql: String(decoding: PackageResources.v0014_written_sql, as: UTF8.self)),
        SchemaMigration(identifier: "v0015_code_outline", sql: String(decoding: PackageResources.v0015_code_outline_sql, as: UTF8.self)),
        SchemaMigration(identifier: "v0016_filter_blocks", sql: String(decoding: PackageResources.v0016_filter_blocks_sql, as: UTF8.self)),
        SchemaMigration(identifier: "v0017_size_blocks", sql: String(decoding: PackageResources.v0017_size_blocks_sql, as: UTF8.self)),
        SchemaMigration(identifier: "v0018_extension_blocks", sql: String(decoding: PackageResources.v0018_extension_blocks_sql, as: UTF8.self)),
        SchemaMigration(identifier: "v0019_term_hits", sql: String(decoding: PackageResources.v0019_term_hits_sql, as: UTF8.self)),
    ]
}
