/// `[mail]` in `config.toml`.
public struct MailOptions: Sendable, Equatable {
    /// Folders (as written, `~` expanded when used) whose files without an extension are
    /// mbox mailboxes: Thunderbird keeps its folders so. They are watched and indexed
    /// besides `FolioConfiguration.folders`.
    public var mailboxFolders: [String]

    public init(mailboxFolders: [String]) {
        self.mailboxFolders = mailboxFolders
    }
}

extension FolioConfiguration {
    /// This configuration with the mailbox folders among the folders, as the daemon
    /// watches them (`folioctl index PATH` reads only the paths it is given).
    public var watchingMailboxFolders: FolioConfiguration {
        var watching = self
        watching.folders += mail.mailboxFolders.filter { !folders.contains($0) }
        return watching
    }
}
