using StorageEngine.IO;
using StorageEngine.Wal;

namespace StorageEngine.Tests;

/// <summary>
/// A private run directory per test on a real filesystem (0700, under /var/tmp like the engine's own runs, so fsync
/// and permissions are real), removed afterwards; the paths and options of the logs a test keeps in it.
/// </summary>
public sealed class WalDirectory : IDisposable
{
    private readonly RunDirectory _run = RunDirectory.Create("test");

    public string Path => _run.Path;

    public WalOptions Wal(string fileName = WalOptions.DefaultFileName) => WalOptions.InDirectory(Path, fileName);

    public string WalPath(string fileName = WalOptions.DefaultFileName) => System.IO.Path.Combine(Path, fileName);

    public void Dispose() => _run.Dispose();
}
