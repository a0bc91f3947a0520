using LabReport;
using LabReport.Charts;
using LabReport.Claims;
using LabReport.RunFiles;
using LabReport.Sections;

namespace StorageEngine.Benchmarks.Claims;

/// <summary>The storage engine's claims (shared/StorageEngine.Benchmarks) and the disk under them.</summary>
public sealed class EngineSection : PostSection
{
    /// <summary>environment.md row: sequential write throughput of the WAL directory's disk.</summary>
    public const string DiskSequentialRow = "disk sequential write";

    /// <summary>environment.md row: mean latency of a 4 KiB write + fdatasync in the WAL directory.</summary>
    public const string DiskSyncRow = "disk 4 KiB write + fdatasync";

    // DurableBatch's Target names (shared/StorageEngine.Benchmarks/DurableBatch.cs) the claims and the chart are measured on.
    internal const string Striped2Threads = "StripedTable, 2 threads";
    internal const string SqliteTarget = "Sqlite";

    /// <summary>
    /// The engine's one disk ceiling, for its claim and its chart: DurableBatch's row that writes the batch's WAL bytes
    /// sequentially (1 MiB writes) and then one fdatasync, to a new file in the same directory, reported as ns (and
    /// inserts/s) per insert of the batch. environment.md's dd line measures the disk in MB/s, not this.
    /// </summary>
    internal const string CeilingTarget = "Disk ceiling";
    internal const string Fresh2Threads = "StripedTable, fresh, 2 threads";

    private const string Inserts = "inserts/s";

    /// <inheritdoc />
    public override string Post => "engine";

    /// <inheritdoc />
    protected override IEnumerable<ClaimRow> Claims(SectionContext context)
    {
        yield return RatioClaim(context, "durable-vs-sqlite", throughput: true, Inserts);
        yield return RatioClaim(context, "wrapper-lock");
        yield return RatioClaim(context, "wrapper-striped");
        var sqliteRate = context.Published.Claim("sqlite-rate");
        var sqlite = context.Case(sqliteRate, 0);
        yield return Judge.Info(sqliteRate, sqlite is null ? "—" : $"{Format.Rate(1e9 / sqlite.MeanNs)} inserts/s ({sqliteRate.Cases[0]})",
            "the spec's machine: shown beside this run's SQLite, not judged");
        yield return DiskInfo(context, "disk-seq", DiskSequentialRow);
        yield return DiskInfo(context, "disk-fdatasync", DiskSyncRow);
        // Throughput ratios: the other row's time over the engine's.
        yield return RatioClaim(context, "durable-2t-vs-sqlite", throughput: true, Inserts);
        yield return RatioClaim(context, "durable-2t-of-ceiling", throughput: true, Inserts);
    }

    /// <inheritdoc />
    protected override IEnumerable<ChartRef> Charts(SectionContext context) => EngineCharts.Draw(context);

    // The spec's fio figures describe its machine; this run's own disk line stands beside them.
    private static ClaimRow DiskInfo(SectionContext context, string id, string row)
    {
        var claim = context.Published.Claim(id);
        string? text = context.Run.Environment.Row(row);
        if (text is not null)
        {
            context.Read(Path.Combine(context.Run.Path, "environment.md"));
        }

        return Judge.Info(claim, text is null ? "— (environment.md has no such row)" : $"{text} (environment.md)",
            "the spec's machine: shown beside this run's disk, not judged");
    }
}
