namespace StorageEngine.Wal;

/// <summary>A write-ahead-log problem; the message names the file or directory involved.</summary>
public class WalException : IOException
{
    /// <summary>Creates the exception.</summary>
    public WalException(string message, string path, Exception? innerException = null)
        : base(message, innerException) => WalPath = path;

    /// <summary>The log file or directory the problem is about.</summary>
    public string WalPath { get; }
}

/// <summary>The file at the WAL path is not a log this engine can open (wrong magic, version or codecs).</summary>
public sealed class WalFormatException : WalException
{
    /// <summary>Creates the exception.</summary>
    public WalFormatException(string message, string path)
        : base(message, path)
    {
    }
}

/// <summary>
/// A write or sync of the log failed. The table refuses further inserts and flushes: its memory may hold changes
/// that are not durable and may never be. What earlier flushes made durable is intact; reopen the table to recover it.
/// </summary>
public sealed class WalFailedException : WalException
{
    /// <summary>Creates the exception.</summary>
    public WalFailedException(string message, string path, Exception? innerException)
        : base(message, path, innerException)
    {
    }
}
