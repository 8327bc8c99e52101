public import FolioCore
public import FolioLoaders
public import FolioStore
public import FolioText
public import FolioChat
public import FolioAsk

// The types a library user names, from the modules the engine is made of: `import Folio`
// is all an app writes.

/// One result of a search: the source, the page, the section and a snippet.
public typealias SearchHit = FolioStore.SearchHit
/// What a search found, the mode it ran in, and the query's words no source holds
/// (`FolioEngine.searchResults(_:)`).
public typealias SearchResults = FolioStore.SearchResults
/// What found a hit: its words, its meaning, or both.
public typealias FoundBy = FolioStore.FoundBy
/// A search with everything that shapes it (`FolioEngine.search(_:)`).
public typealias SearchRequest = FolioStore.SearchRequest
/// Free text parsed into words, phrases, prefixes and exclusions.
public typealias SearchQuery = FolioText.SearchQuery
/// By words, by meaning, or both fused.
public typealias SearchMode = FolioStore.SearchMode
/// An extract of a hit with its matched words marked.
public typealias Snippet = FolioStore.Snippet
/// Which sources a search covers.
public typealias PathScope = FolioCore.PathScope
/// What narrows a search: scope, kinds, pages, name, time, size, extensions, people.
public typealias SearchFilters = FolioCore.SearchFilters
/// A filter not understood (`after:2023-13`).
public typealias FilterError = FolioCore.FilterError
/// How a source ended the last time it was read.
public typealias DocumentStatus = FolioStore.DocumentStatus
/// The index database's errors.
public typealias StoreError = FolioStore.StoreError
/// The families of documents Folio reads.
public typealias DocumentKind = FolioCore.DocumentKind
/// Everything `config.toml` can set.
public typealias FolioConfiguration = FolioCore.FolioConfiguration
/// The chunk size and overlap of `WordChunker`.
public typealias ChunkingOptions = FolioCore.ChunkingOptions
/// A loader's output: the document's pages of text.
public typealias LoadedDocument = FolioCore.LoadedDocument
/// One page of a loaded document.
public typealias Page = FolioCore.Page
/// A line of a page, with the heading it falls under.
public typealias TextLine = FolioCore.TextLine
/// A chunk of a document: what a search ranks.
public typealias Chunk = FolioCore.Chunk
/// Turns a file into pages of text: implement it to read a format of your own.
public typealias DocumentLoader = FolioLoaders.DocumentLoader
/// The file handed to a loader.
public typealias SourceFile = FolioLoaders.SourceFile
/// Why a loader could not read a file.
public typealias LoaderError = FolioLoaders.LoaderError
/// Folio's loaders, by name.
public typealias PlainTextLoader = FolioLoaders.PlainTextLoader
public typealias MarkdownLoader = FolioLoaders.MarkdownLoader
public typealias HTMLLoader = FolioLoaders.HTMLLoader
public typealias PDFLoader = FolioLoaders.PDFLoader
public typealias ImageLoader = FolioLoaders.ImageLoader
/// Cuts pages into chunks: implement it to chunk your own way.
public typealias Chunker = FolioText.Chunker
/// A chunker fed one page at a time.
public typealias ChunkStream = FolioText.ChunkStream
/// Folio's chunker: overlapping chunks of at most so many words, within a section.
public typealias WordChunker = FolioText.WordChunker

// A conversation's (`FolioConversation`).

/// Which language model answers, and how a conversation uses it.
public typealias AskOptions = FolioCore.AskOptions
/// A question of a conversation and its answer, as kept.
public typealias ChatTurn = FolioChat.ChatTurn
/// A passage an answer cites, and its words the answer rests on.
public typealias ChatSource = FolioChat.ChatSource
/// Why a model gave no answer.
public typealias AskError = FolioAsk.AskError
