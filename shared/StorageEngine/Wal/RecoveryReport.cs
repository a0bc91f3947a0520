namespace StorageEngine.Wal;

/// <summary>What recovery found when a table opened its log.</summary>
/// <param name="CreatedNew">The log did not exist (or was empty) and was created.</param>
/// <param name="RecordsReplayed">Valid records replayed into the table, in file order.</param>
/// <param name="ValidBytes">Length of the valid prefix (header included); the log continues from here.</param>
/// <param name="DiscardedBytes">Bytes after the valid prefix that were cut off (a torn or corrupted tail).</param>
/// <param name="DiscardReason">Why the scan stopped early, with the offset; <c>null</c> when nothing was discarded.</param>
/// <param name="DiscardedTailCopy">Where the discarded bytes were preserved for inspection, or <c>null</c>.</param>
public sealed record RecoveryReport(
    bool CreatedNew,
    long RecordsReplayed,
    long ValidBytes,
    long DiscardedBytes,
    string? DiscardReason,
    string? DiscardedTailCopy)
{
    /// <summary>Checkpoint generation of the current log (0 until the first checkpoint).</summary>
    public uint Generation { get; init; }

    /// <summary>The snapshot recovery started from, or <c>null</c> (the empty table before the first checkpoint).</summary>
    public string? Snapshot { get; init; }

    /// <summary>Entries loaded from <see cref="Snapshot"/>.</summary>
    public long SnapshotEntries { get; init; }

    /// <summary>Records replayed from archived logs (between the snapshot and the current log; 0 unless a snapshot was skipped).</summary>
    public long ArchivedRecordsReplayed { get; init; }

    /// <summary>Damaged snapshots recovery skipped for an older one, each with what is wrong with it.</summary>
    public IReadOnlyList<string> SkippedSnapshots { get; init; } = [];

    /// <inheritdoc />
    public override string ToString() => CreatedNew && Snapshot is null
        ? "new log"
        : (Snapshot is null ? "" : $"snapshot of {SnapshotEntries:N0} entries, ")
          + (DiscardedBytes == 0
            ? $"replayed {RecordsReplayed:N0} records ({ValidBytes:N0} bytes), nothing discarded"
            : $"replayed {RecordsReplayed:N0} records ({ValidBytes:N0} bytes), discarded {DiscardedBytes:N0} bytes: {DiscardReason}")
          + (SkippedSnapshots.Count == 0 ? "" : $"; skipped damaged snapshots: {string.Join("; ", SkippedSnapshots)}");
}
