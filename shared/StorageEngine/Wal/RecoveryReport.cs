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
    /// <inheritdoc />
    public override string ToString() => CreatedNew
        ? "new log"
        : DiscardedBytes == 0
            ? $"replayed {RecordsReplayed:N0} records ({ValidBytes:N0} bytes), nothing discarded"
            : $"replayed {RecordsReplayed:N0} records ({ValidBytes:N0} bytes), discarded {DiscardedBytes:N0} bytes: {DiscardReason}";
}
