internal import ArgumentParser
internal import Dispatch
internal import FolioCLI
internal import FolioCore
internal import FolioMCP
internal import FolioTools

/// `folio mcp` (this program, which `folio` runs for it): Folio's search as tools for an
/// assistant over the Model Context Protocol, on standard input and output.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folio mcp",
        abstract: "Serve Folio's search to an assistant over the Model Context Protocol (stdio).",
        discussion: """
            An MCP client (a desktop assistant, an editor's agent) starts this program and talks to it on standard \
            input and output. Tools: search, read, list_sources, status. The index is read, never written; the \
            program ends when the client closes its standard input.
            """)

    @OptionGroup var common: CommonOptions

    func run() throws {
        let configuration: FolioConfiguration
        do {
            configuration = try common.configuration()
        } catch {
            throw ExitStatus.fail("folio mcp", error)
        }
        let toolbox = FolioToolbox(databasePath: common.databasePath, configuration: configuration, paths: common.paths,
                                   environment: Environment.variables, embedderProgram: common.embedderProgram)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: (any Error)?
        Task {
            do { try await FolioMCPServer.run(toolbox) } catch { failure = error }
            done.signal()
        }
        done.wait()
        if let failure { throw ExitStatus.fail("folio mcp", failure) }
    }
}
