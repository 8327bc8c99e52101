extension FolioConfiguration {
    /// The one place the defaults are written; `config.example.toml` shows the same values.
    public static let `default` = FolioConfiguration(
        folders: ["~/Documents"],
        includeHidden: false,
        maxFileSize: 256 * 1024 * 1024,
        chunking: ChunkingOptions(maxTokensPerChunk: 500, overlapTokens: 100),
        pdf: PDFOptions(backend: .mupdf),
        ocr: OCROptions(enabled: true, languages: ["eng"], dpi: 300, maxPagesPerDocument: 100, timeBudgetSeconds: 300)
    )
}
