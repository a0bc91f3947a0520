using System.Globalization;
using System.Text.RegularExpressions;
using LabReport;
using LabReport.Charts;
using LabReport.Claims;
using LabReport.RunFiles;
using LabReport.Sections;

namespace StorageEngine.Benchmarks.Claims;

/// <summary>The storage engine's claims (shared/StorageEngine.Benchmarks) and the disk under them.</summary>
public sealed partial class EngineSection : PostSection
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
        yield return Scaling(context);
        yield return FilesLeft(context);
    }

    // WalAppendScaling's rows with the log, 2 threads over 1 (throughput). They are in tracked/ since the full profile runs
    // them once, apart from the rounds; runs made before that kept them beside the other tables.
    private static ClaimRow Scaling(SectionContext context)
    {
        var claim = context.Published.Claim("wal-append-scaling");
        BenchmarkResult? Row(int i) => context.Case(claim, i) ?? context.Benchmarks().Find(claim.Cases[i]);
        return RatioClaim(context, claim.Id, Row(0), Row(1), $"{claim.Cases[0]} and {claim.Cases[1]}", throughput: true, Inserts);
    }

    // The run's log (gzipped in a committed run), where every logged case's cleanup prints what its directory holds.
    private static readonly string[] RunLogs = ["run.log.gz", "run.log"];

    // "Each steady or scaling case ends with the same 4 files": the file count of every logged case's directory at its
    // end, as its GlobalCleanup prints it (DiskUse.Describe: "… bytes in N files (the current log: M bytes)").
    private static ClaimRow FilesLeft(SectionContext context)
    {
        var claim = context.Published.Claim("wal-files-bounded");
        string? log = RunLogs.Select(context.OptionalFile).FirstOrDefault(p => p is not null);
        if (log is null)
        {
            return Judge.Missing(claim, $"the run has no {RunLogs[0]} in {context.Published.Post}/");
        }

        var ends = RunArchive.ReadLines(log).Select(l => EndOfRunPattern().Match(l)).Where(m => m.Success)
            .Select(m => (Files: int.Parse(m.Groups["files"].Value, CultureInfo.InvariantCulture), Log: m.Groups["log"].Value)).ToList();
        if (ends.Count == 0)
        {
            return Judge.Missing(claim, $"{Path.GetFileName(log)} has no logged case's \"at the end of the run\" line");
        }

        var counts = ends.Select(e => e.Files).Distinct().Order().ToList();
        string shown = $"{string.Join(" or ", counts)} files in {ends.Count} logged cases (the current log: {string.Join(", ", ends.Select(e => e.Log).Distinct())} bytes) ({Path.GetFileName(log)})";
        return counts.Count == 1
            ? Judge.Exact(claim, counts[0], shown)
            : Judge.Row(claim, shown, Verdict.NotReproduced, "the logged cases end with different numbers of files, not the same in every case");
    }

    [GeneratedRegex(@"at the end of the run: [\d,]+ bytes in (?<files>\d+) files \(the current log: (?<log>[\d,]+) bytes\)")]
    private static partial Regex EndOfRunPattern();

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
