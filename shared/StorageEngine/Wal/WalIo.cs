using StorageEngine.IO;

namespace StorageEngine.Wal;

/// <summary>
/// The log's file operations with the WAL's error messages: durable creation, exclusive opening, and the advice
/// that goes with each failure (a read-only filesystem, a full disk, permissions, another opener).
/// </summary>
internal static class WalIo
{
    // Linux errno values; .NET's IOExceptions on Unix carry the errno in HResult.
    private const int WouldBlock = 11;  // EAGAIN/EWOULDBLOCK: the exclusive lock is held elsewhere
    private const int NoSpace = 28;     // ENOSPC
    private const int ReadOnlyFileSystem = 30; // EROFS

    /// <summary>
    /// Checks the directory and creates the log if it is missing or empty; true when it was created. The creation is
    /// durable: header to a temporary file, sync, rename, directory sync.
    /// </summary>
    public static bool EnsureExists(IFileSystem fs, string directory, string path, byte[] header)
    {
        if (!fs.DirectoryExists(directory))
        {
            throw new WalException(
                $"WAL directory '{directory}' does not exist. Create it, or leave WalOptions.Directory null to get a private run directory.",
                directory);
        }

        if (fs.DirectoryExists(path))
        {
            throw new WalException($"WAL path '{path}' is a directory, not a log file.", path);
        }

        if (fs.FileExists(path) && !IsEmpty(fs, path))
        {
            return false;
        }

        try
        {
            CreateDurably(fs, directory, path, file => file.Write(header, 0));
            return true;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new WalException($"Cannot create the WAL '{path}': {e.Message} {Advice(e, directory)}", path, e);
        }
    }

    /// <summary>
    /// Writes a file durably: <paramref name="write"/> fills a temporary file, which is synced, renamed to
    /// <paramref name="path"/>, and the directory synced. A crash leaves the old file or the complete new one, never
    /// part of it. On failure the temporary file is removed and the exception propagates.
    /// </summary>
    public static void CreateDurably(IFileSystem fs, string directory, string path, Action<IFile> write, WalTestHooks? hooks = null)
    {
        string temp = LogFiles.Temporary(path);
        try
        {
            using (var file = fs.Open(temp, FileOpenMode.CreateOrTruncate))
            {
                write(file);
                hooks?.DurableStep(path, DurableStep.Written);
                file.Sync(dataOnly: false);
            }

            hooks?.DurableStep(path, DurableStep.Synced);
            fs.Rename(temp, path);
            hooks?.DurableStep(path, DurableStep.Renamed);
            fs.SyncDirectory(directory);
            hooks?.DurableStep(path, DurableStep.DirectorySynced);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            TryDelete(fs, temp);
            throw;
        }
    }

    /// <summary>Opens the log for reading and writing, refusing a second opener.</summary>
    public static IFile OpenExclusive(IFileSystem fs, string path)
    {
        try
        {
            return fs.Open(path, FileOpenMode.OpenExclusive);
        }
        catch (IOException e) when (e.HResult == WouldBlock)
        {
            throw new WalException($"Cannot open the WAL '{path}': {e.Message} Is another table or process using it?", path, e);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            string directory = Path.GetDirectoryName(path) ?? path;
            throw new WalException($"Cannot open the WAL '{path}': {e.Message} {Advice(e, directory)}", path, e);
        }
    }

    /// <summary>What the user can do about a failed file operation in <paramref name="directory"/>.</summary>
    public static string Advice(Exception e, string directory) => e.HResult switch
    {
        ReadOnlyFileSystem =>
            $"The filesystem holding '{directory}' is mounted read-only, and a WAL must be writable (opening one may cut a " +
            "damaged tail; inserts append to it): remount it read-write, or copy the log to a writable directory.",
        NoSpace => $"The disk holding '{directory}' is full: free some space and try again.",
        _ when e is UnauthorizedAccessException => $"Is the directory '{directory}' writable by this user?",
        _ => $"Is the directory '{directory}' writable?",
    };

    /// <summary>Removes a file, ignoring failures (used to clean up after another failure).</summary>
    public static void TryDelete(IFileSystem fs, string path)
    {
        try
        {
            fs.Delete(path);
        }
        catch (IOException)
        {
        }
        catch (UnauthorizedAccessException)
        {
        }
    }

    private static bool IsEmpty(IFileSystem fs, string path)
    {
        try
        {
            using var file = fs.Open(path, FileOpenMode.OpenRead);
            return file.Length == 0;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false; // let the exclusive open report what is wrong
        }
    }
}
