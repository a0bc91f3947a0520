using System.Globalization;
using LabReport.Charts;
using LabReport.RunFiles;
using OxyPlot;
using OxyPlot.Annotations;
using OxyPlot.Axes;

namespace LabReport.Sections;

/// <summary>The storage engine's speed targets (shared/StorageEngine.Benchmarks) and the disk under them.</summary>
public sealed class EngineSection : PostSection
{
    /// <summary>environment.md row: sequential write throughput of the WAL directory's disk.</summary>
    public const string DiskSequentialRow = "disk sequential write";

    /// <summary>environment.md row: mean latency of a 4 KiB write + fdatasync in the WAL directory.</summary>
    public const string DiskSyncRow = "disk 4 KiB write + fdatasync";

    // DurableBatch's Target names (shared/StorageEngine.Benchmarks/DurableBatch.cs) the claims are measured on.
    private const string Striped2Threads = "StripedTable, 2 threads";
    private const string SqliteTarget = "Sqlite";
    private const string CeilingTarget = "Disk ceiling";

    // Bytes the WAL writes per durable-batch insert: 8-byte record header + type + 4-byte key + row (fields and a
    // 32–256-byte payload, 144 B on average): about 160 B. Only the ceiling line of the chart uses it.
    private const double WalBytesPerInsert = 160;

    /// <inheritdoc />
    public override string Post => "engine";

    /// <inheritdoc />
    protected override IEnumerable<ClaimRow> Claims(SectionContext context)
    {
        var set = context.Benchmarks();
        BenchmarkResult? Batch(string target) => set.Find("DurableBatch", "InsertBatchThenSync", ("Target", target));
        var sqlite = Batch(SqliteTarget);
        yield return RatioClaim(context, "durable-vs-sqlite", Batch("LockTable"), sqlite, "DurableBatch LockTable and Sqlite", throughput: true);
        yield return RatioClaim(context, "wrapper-lock", set.Find("WrapperOverhead", "LockTable"), set.Find("WrapperOverhead", "BareDictionaryWithLock"),
            "WrapperOverhead LockTable and BareDictionaryWithLock");
        yield return RatioClaim(context, "wrapper-striped", set.Find("WrapperOverhead", "StripedTable"), set.Find("WrapperOverhead", "BareConcurrentDictionary"),
            "WrapperOverhead StripedTable and BareConcurrentDictionary");
        yield return Judge.Info(context.Published.Claim("sqlite-rate"), sqlite is null ? "—" : $"{Format.Rate(1e9 / sqlite.MeanNs)} inserts/s (DurableBatch \"Sqlite\")",
            "the spec's machine: shown beside this run's SQLite, not judged");
        yield return DiskInfo(context, "disk-seq", DiskSequentialRow);
        yield return DiskInfo(context, "disk-fdatasync", DiskSyncRow);
        // Throughput ratios: the other row's time over the engine's.
        var striped2 = Batch(Striped2Threads);
        yield return RatioClaim(context, "durable-2t-vs-sqlite", striped2, sqlite, $"DurableBatch \"{Striped2Threads}\" and \"{SqliteTarget}\"", throughput: true);
        yield return RatioClaim(context, "durable-2t-of-ceiling", striped2, Batch(CeilingTarget), $"DurableBatch \"{Striped2Threads}\" and \"{CeilingTarget}\"", throughput: true);
    }

    /// <inheritdoc />
    protected override IEnumerable<ChartRef> Charts(SectionContext context)
    {
        var set = context.Benchmarks();
        string[] targets = ["LockTable", "StripedTable", SqliteTarget];
        var found = targets.Select((t, i) => (Index: i, Name: t, Result: set.Find("DurableBatch", "InsertBatchThenSync", ("Target", t))))
            .Where(x => x.Result is not null && !double.IsNaN(x.Result.MeanNs))
            .ToList();
        if (found.Count == 0)
        {
            context.Problem("engine: no DurableBatch results, so no durable-batch chart");
            yield break;
        }

        var model = ChartFile.Model("Engine: durable batch inserts/s (500K inserts, one fdatasync)", "99.9% CI bars");
        model.Axes.Add(ChartFile.Categories(AxisPosition.Bottom, targets, "table"));
        model.Axes.Add(ChartFile.Log(AxisPosition.Left, "inserts/s (log)"));
        model.Series.Add(ChartFile.Points("mean inserts/s", ChartFile.Color(0), MarkerType.Square,
            found.Select(f => ((double)f.Index, 1e9 / f.Result!.MeanNs))));
        model.Series.Add(ChartFile.ErrorBars("99.9% CI", ChartFile.Color(0),
            found.Select(f => { var (lo, hi) = RateInterval(f.Result!); return ((double)f.Index, lo, hi); })));
        if (MeasuredNumber(context.Run.Environment.Row(DiskSequentialRow)) is double mbPerSecond)
        {
            model.Subtitle += "; dashed: the disk's sequential-write ceiling (environment.md)";
            model.Annotations.Add(new LineAnnotation
            {
                Type = LineAnnotationType.Horizontal,
                Y = mbPerSecond * 1e6 / WalBytesPerInsert,
                LineStyle = LineStyle.Dash,
                Color = OxyColors.Gray,
                Text = $"disk ceiling: {Format.Number(mbPerSecond)} MB/s ÷ ~{WalBytesPerInsert} B per WAL record",
            });
        }
        else
        {
            context.Problem("engine chart: environment.md has no measured disk line, so no disk ceiling is drawn");
        }

        yield return new ChartRef(ChartFile.Save(model, context.ChartDirectory, "engine-durable-batch.svg"),
            "Durable batch inserts/s of LockTable, StripedTable and SQLite, with the disk's ceiling");
    }

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

    // The first number of an environment row such as "1,234.5 MB/s (dd ...)" or "812.3 µs mean over 200".
    internal static double? MeasuredNumber(string? text)
    {
        if (text is null)
        {
            return null;
        }

        var token = text.Split(' ', StringSplitOptions.RemoveEmptyEntries).FirstOrDefault(t => Quantity.Number(t) is not null);
        return Quantity.Number(token);
    }
}
