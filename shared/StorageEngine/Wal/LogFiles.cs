using System.Globalization;
using StorageEngine.IO;

namespace StorageEngine.Wal;

/// <summary>
/// The files of one log in its directory. <c>table.wal</c> is the current log; a checkpoint to generation g keeps the
/// log it replaced as <c>table.wal.{g-1}.log</c> and writes the table's state at the start of generation g as
/// <c>table.wal.{g}.snapshot</c>. Recovery needs the newest valid snapshot, every archived log from its generation on,
/// and the current log; one older snapshot and its log are kept so a damaged snapshot has a fallback.
/// </summary>
internal sealed class LogFiles(string directory, string fileName)
{
    private const string LogSuffix = ".log";
    private const string SnapshotSuffix = ".snapshot";
    private const string TemporarySuffix = ".creating";

    public string Directory { get; } = directory;

    /// <summary>The current log.</summary>
    public string Current { get; } = Path.Combine(directory, fileName);

    public string ArchivedLog(uint generation) => Named(generation, LogSuffix);

    public string Snapshot(uint generation) => Named(generation, SnapshotSuffix);

    /// <summary>Where a file is written before it is synced and renamed into place.</summary>
    public static string Temporary(string path) => path + TemporarySuffix;

    /// <summary>Generations of the archived logs and snapshots present, each sorted ascending, and leftover temporary files.</summary>
    public (List<uint> Logs, List<uint> Snapshots, List<string> Temporaries) Scan(IFileSystem fs)
    {
        var logs = new List<uint>();
        var snapshots = new List<uint>();
        var temporaries = new List<string>();
        string prefix = Path.GetFileName(Current) + ".";
        foreach (string name in fs.ListFiles(Directory, prefix))
        {
            string rest = name[prefix.Length..];
            if (rest.EndsWith(TemporarySuffix, StringComparison.Ordinal))
            {
                temporaries.Add(Path.Combine(Directory, name));
            }
            else if (TryGeneration(rest, LogSuffix, out uint g))
            {
                logs.Add(g);
            }
            else if (TryGeneration(rest, SnapshotSuffix, out g))
            {
                snapshots.Add(g);
            }
        }

        logs.Sort();
        snapshots.Sort();
        return (logs, snapshots, temporaries);
    }

    private string Named(uint generation, string suffix) =>
        string.Create(CultureInfo.InvariantCulture, $"{Current}.{generation}{suffix}");

    private static bool TryGeneration(string rest, string suffix, out uint generation)
    {
        generation = 0;
        return rest.EndsWith(suffix, StringComparison.Ordinal)
            && uint.TryParse(rest.AsSpan(0, rest.Length - suffix.Length), NumberStyles.None, CultureInfo.InvariantCulture, out generation);
    }
}
