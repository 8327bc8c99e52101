extension FolioConfiguration {
    /// The one place the defaults are written; `config.example.toml` shows the same values.
    public static let `default` = FolioConfiguration(
        folders: ["~/Documents"],
        includeHidden: false,
        exclude: [".git", "node_modules", ".cache", "__pycache__", "build", "target", "venv", "site-packages", "~/.ssh", "~/.gnupg", "~/.password-store",
                  "~/.local/share/keyrings", "*.kdbx", "*.kdb", "*.gpg", "*.asc", "id_rsa*", "id_ed25519*"],
        maxFileSize: 256 * 1024 * 1024,
        chunking: ChunkingOptions(maxTokensPerChunk: 500, overlapTokens: 100),
        pdf: PDFOptions(backend: .mupdf),
        ocr: OCROptions(enabled: true, languages: ["eng"], dpi: 300, maxPagesPerDocument: 100, timeBudgetSeconds: 300),
        daemon: DaemonOptions(debounceMilliseconds: 300, maximumDelayMilliseconds: 10_000, workers: 0, fileTimeoutSeconds: 600,
                              rescanIntervalSeconds: 900, offlineDays: 30),
        open: OpenOptions(command: [], pdfCommand: []),
        embeddings: EmbeddingOptions(provider: .local, model: "all-MiniLM-L6-v2", url: "", runtime: "", apiKeyFile: "", idleMinutes: 10),
        ask: AskOptions(provider: .ollama, model: "", url: "", apiKeyFile: "", contextTokens: 0, answerTokens: 1024, passages: 8,
                        timeoutSeconds: 120)
    )
}
