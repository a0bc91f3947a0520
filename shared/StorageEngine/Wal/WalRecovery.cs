using System.Globalization;
using StorageEngine.IO;

namespace StorageEngine.Wal;

/// <summary>
/// Recovery on open: the newest valid snapshot (falling back to the previous one when it is damaged), every archived
/// log from its generation on, then the current log, whose tail from the first record that is not the one expected
/// there (torn, corrupted, lost or repeated) is cut off after being preserved next to it. What a damaged tail
/// contains never makes recovery throw; a tail that cannot be preserved or cut does, and so does a chain with no
/// valid snapshot or a damaged archived log (a <see cref="WalException"/> naming the file; nothing is changed).
/// </summary>
internal sealed class WalRecovery<TKey, TValue>(IFileSystem fs, LogFiles files, IFile current, RecordCodec<TKey, TValue> codec)
    where TKey : notnull
{
    private const int FileExists = 17; // EEXIST

    /// <summary>The current log's salt (from its header), valid once <see cref="Recover"/> has returned.</summary>
    public uint Salt { get; private set; }

    /// <summary>The current log's generation (from its header), valid once <see cref="Recover"/> has returned.</summary>
    public uint Generation { get; private set; }

    /// <summary>The generation a new log takes: one past every archived log, and no older than any snapshot.</summary>
    public static uint NextGeneration(IFileSystem fs, LogFiles files)
    {
        if (!fs.DirectoryExists(files.Directory))
        {
            return 0;
        }

        var (logs, snapshots, _) = files.Scan(fs);
        return Math.Max(logs.Count == 0 ? 0 : logs[^1] + 1, snapshots.Count == 0 ? 0 : snapshots[^1]);
    }

    public RecoveryReport Recover(bool createdNew, Action<TKey, TValue> replay)
    {
        byte[] header = RecordReader.ReadHeader(current);
        if (WalFormat.ValidateHeader(header, codec.Keys.Name, codec.Values.Name) is { } problem)
        {
            throw new WalFormatException($"The file '{files.Current}' cannot be opened as a WAL: {problem}.", files.Current);
        }

        Salt = WalFormat.ReadSalt(header);
        Generation = WalFormat.ReadGeneration(header);
        var (logs, snapshots, temporaries) = files.Scan(fs);
        var (snapshot, entries, skipped) = ChooseSnapshot(logs, snapshots);
        foreach (var (key, value) in entries)
        {
            replay(key, value);
        }

        long archivedRecords = 0;
        for (uint g = snapshot ?? 0; g < Generation; g++)
        {
            archivedRecords += ReplayArchived(g, replay);
        }

        var reader = new RecordReader(current, Salt);
        long records = Replay(reader, replay);
        long valid = reader.Offset;
        long discarded = reader.Length - valid;
        string? copy = null;
        if (discarded > 0)
        {
            copy = PreserveTail(reader, valid, discarded, reader.Problem!);
            try
            {
                current.SetLength(valid);
                current.Sync(dataOnly: false);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                WalIo.TryDelete(fs, copy);
                throw new WalException(
                    $"Cannot cut the damaged tail of the WAL '{files.Current}' ({discarded:N0} bytes from offset {valid}: {reader.Problem}): " +
                    $"{e.Message} {WalIo.Advice(e, files.Directory)}", files.Current, e);
            }
        }

        foreach (string temporary in temporaries)
        {
            WalIo.TryDelete(fs, temporary); // a creation that did not finish: its file never took its name
        }

        return new RecoveryReport(createdNew, records, valid, discarded, discarded > 0 ? reader.Problem : null, copy)
        {
            Generation = Generation,
            Snapshot = snapshot is { } g0 ? files.Snapshot(g0) : null,
            SnapshotEntries = entries.Count,
            ArchivedRecordsReplayed = archivedRecords,
            SkippedSnapshots = skipped,
        };
    }

    // Replays the valid records of a log; stops at the first that is not (the reader says why).
    private long Replay(RecordReader reader, Action<TKey, TValue> replay)
    {
        long records = 0;
        while (reader.TryNext(out var body))
        {
            if (codec.TryReadPut(body, out var key, out var value) is { } bad)
            {
                reader.Reject(bad);
                break;
            }

            replay(key, value);
            records++;
        }

        return records;
    }

    // The newest snapshot that is valid and whose archived logs are all present; null for the empty table of
    // generation 0. A damaged snapshot is skipped (and reported) when an older one can take its place.
    private (uint? Generation, List<KeyValuePair<TKey, TValue>> Entries, IReadOnlyList<string> Skipped) ChooseSnapshot(
        List<uint> logs, List<uint> snapshots)
    {
        var skipped = new List<string>();
        bool LogsFrom(uint g) => Enumerable.Range(0, (int)(Generation - g)).All(i => logs.Contains(g + (uint)i));
        foreach (uint g in snapshots.Where(g => g <= Generation).Reverse())
        {
            if (!LogsFrom(g))
            {
                break; // older snapshots lack their logs too
            }

            string path = files.Snapshot(g);
            if (SnapshotFile.TryRead(fs, path, g, codec, out var entries) is not { } problem)
            {
                return (g, entries, skipped);
            }

            skipped.Add($"{path}: {problem}");
        }

        if (LogsFrom(0))
        {
            return (null, [], skipped);
        }

        string what = skipped.Count > 0
            ? $"its snapshots are damaged ({string.Join("; ", skipped)})"
            : $"the snapshot '{files.Snapshot(Generation)}' or the archived logs before it are missing";
        throw new WalException(
            $"The WAL '{files.Current}' continues checkpoint generation {Generation}, but {what}, and no older snapshot with " +
            "all its logs is left. Nothing was changed: restore the files from a backup, or move them away to start an empty table.",
            skipped.Count > 0 ? files.Snapshot(snapshots.Where(g => g <= Generation).Max()) : files.Current);
    }

    // Archived logs were synced before they were archived: any damage is corruption, and replaying the logs after
    // it would give a state that never existed.
    private long ReplayArchived(uint generation, Action<TKey, TValue> replay)
    {
        string path = files.ArchivedLog(generation);
        string? problem;
        long records = 0;
        try
        {
            using var file = fs.Open(path, FileOpenMode.OpenRead);
            byte[] header = RecordReader.ReadHeader(file);
            problem = WalFormat.ValidateHeader(header, codec.Keys.Name, codec.Values.Name);
            if (problem is null && WalFormat.ReadGeneration(header) != generation)
            {
                problem = $"it holds generation {WalFormat.ReadGeneration(header)}, its name says {generation}";
            }

            if (problem is null)
            {
                var reader = new RecordReader(file, WalFormat.ReadSalt(header));
                records = Replay(reader, replay);
                problem = reader.Problem;
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            problem = $"it cannot be read: {e.Message}";
        }

        return problem is null ? records : throw new WalException(
            $"The archived log '{path}', which recovery of '{files.Current}' needs, is damaged: {problem}. Nothing was changed; " +
            "restore it from a backup, or move the snapshot before it away so recovery can use an older one.", path);
    }

    // The copy is made durable before the log is cut: a record lost from the middle of a log leaves valid records
    // behind it, and those must survive a crash during recovery. A copy that cannot be made is removed, and the log
    // is left as it is.
    private string PreserveTail(RecordReader reader, long offset, long count, string reason)
    {
        string copy = string.Create(CultureInfo.InvariantCulture, $"{files.Current}.discarded-{DateTime.UtcNow:yyyyMMddTHHmmssfff}");
        try
        {
            using (var output = CreateUnique(ref copy))
            {
                var chunk = new byte[Math.Min(count, 1 << 20)];
                for (long done = 0; done < count;)
                {
                    int n = reader.Read(offset + done, chunk.AsSpan(0, (int)Math.Min(chunk.Length, count - done)));
                    output.Write(chunk.AsSpan(0, n), done);
                    done += n;
                }

                output.Sync(dataOnly: false);
            }

            fs.SyncDirectory(files.Directory);
            return copy;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            WalIo.TryDelete(fs, copy);
            throw new WalException(
                $"Recovery of the WAL '{files.Current}' must cut off a damaged tail ({count:N0} bytes from offset {offset}: {reason}) " +
                $"but cannot preserve it in '{copy}': {e.Message} {WalIo.Advice(e, files.Directory)} The log is left untouched; " +
                "open the table again once the directory can take the copy.",
                files.Current, e);
        }
    }

    // A copy left by an earlier recovery in the same millisecond keeps its name; this one gets a numbered suffix.
    private IFile CreateUnique(ref string copy)
    {
        string name = copy;
        for (int attempt = 2; ; attempt++)
        {
            try
            {
                return fs.Open(copy, FileOpenMode.CreateNew);
            }
            catch (IOException e) when (e.HResult == FileExists && attempt < 100)
            {
                copy = string.Create(CultureInfo.InvariantCulture, $"{name}-{attempt}");
            }
        }
    }
}
