using System.Globalization;
using LabReport.Charts;
using LabReport.RunFiles;

namespace LabReport.Sections;

/// <summary>The storage engine's speed targets (shared/StorageEngine.Benchmarks) and the disk under them.</summary>
public sealed class EngineSection : PostSection
{
    /// <summary>environment.md row: sequential write throughput of the WAL directory's disk.</summary>
    public const string DiskSequentialRow = "disk sequential write";

    /// <summary>environment.md row: mean latency of a 4 KiB write + fdatasync in the WAL directory.</summary>
    public const string DiskSyncRow = "disk 4 KiB write + fdatasync";

    // DurableBatch's Target names (shared/StorageEngine.Benchmarks/DurableBatch.cs) the targets are measured on.
    internal const string Striped2Threads = "StripedTable, 2 threads";
    internal const string SqliteTarget = "Sqlite";

    /// <summary>
    /// The engine's one disk ceiling, for its claim and its chart: DurableBatch's row that writes the batch's WAL bytes
    /// sequentially (1 MiB writes) and then one fdatasync, to a new file in the same directory, reported as ns (and
    /// inserts/s) per insert of the batch. environment.md's dd line measures the disk in MB/s, not this.
    /// </summary>
    internal const string CeilingTarget = "Disk ceiling";
    private const string Fresh = "StripedTable, fresh";
    internal const string Fresh2Threads = "StripedTable, fresh, 2 threads";
    private const string NoWal = ", no WAL";

    // The quick profile runs WrapperOverhead and DurableBatch's steady rows only (shared/StorageEngine.Benchmarks/lab-run.sh):
    // a target on the other rows is missing from a quick run by design, not by a failure.
    private const string FullProfileOnly = "not in the run's tables (full profile only)";
    private const string NotInTables = "not in the run's tables";

    /// <inheritdoc />
    public override string Post => "engine";

    /// <inheritdoc />
    protected override IEnumerable<ClaimRow> Claims(SectionContext context)
    {
        var set = context.Benchmarks();
        var lockTable = set.Find("DurableBatch", "InsertBatchThenSync", ("Target", "LockTable"));
        var sqlite = set.Find("DurableBatch", "InsertBatchThenSync", ("Target", SqliteTarget));
        yield return RatioClaim(context, "durable-vs-sqlite", lockTable, sqlite, "DurableBatch LockTable and Sqlite", throughput: true);
        yield return RatioClaim(context, "wrapper-lock", set.Find("WrapperOverhead", "LockTable"), set.Find("WrapperOverhead", "BareDictionaryWithLock"),
            "WrapperOverhead LockTable and BareDictionaryWithLock");
        yield return RatioClaim(context, "wrapper-striped", set.Find("WrapperOverhead", "StripedTable"), set.Find("WrapperOverhead", "BareConcurrentDictionary"),
            "WrapperOverhead StripedTable and BareConcurrentDictionary");
        yield return DiskClaim(context, "disk-seq", DiskSequentialRow, "MB/s", 1);
        yield return DiskClaim(context, "disk-fdatasync", DiskSyncRow, "µs", 1);
        foreach (var row in Targets(context, set))
        {
            yield return row;
        }
    }

    // The engine's speed targets (issue 12): judged met or not by the mean, the interval shown beside it.
    private static IEnumerable<ClaimRow> Targets(SectionContext context, BenchmarkSet set)
    {
        NeededRow Wal(int threads, bool wal) => new($"WalAppendScaling (ThreadCount={threads}, Wal={wal})",
            set.Find("WalAppendScaling", "InsertNoFlush", ("ThreadCount", threads.ToString(CultureInfo.InvariantCulture)), ("Wal", wal.ToString())));
        NeededRow Batch(string target) => new($"DurableBatch \"{target}\"", set.Find("DurableBatch", "InsertBatchThenSync", ("Target", target)));

        yield return TargetRatio(context, "wal-cost-1t", [Wal(1, true)], [Wal(1, false)], FullProfileOnly);
        yield return TargetRatio(context, "wal-cost-2t", [Wal(2, true)], [Wal(2, false)], FullProfileOnly);
        // Speedup with the WAL / speedup without = (t1 WAL / t2 WAL) / (t1 / t2): one ratio of four independent means.
        yield return TargetRatio(context, "wal-scaling", [Wal(1, true), Wal(2, false)], [Wal(2, true), Wal(1, false)], FullProfileOnly, detail: (over, under) =>
            $"2-thread speedup {RatioEstimate.Format(over[0].MeanNs / under[0].MeanNs)}× with the WAL, {RatioEstimate.Format(under[1].MeanNs / over[1].MeanNs)}× without");

        var striped2 = Batch(Striped2Threads);
        yield return TargetRate(context, "durable-2t-rate", striped2, NotInTables);
        // Throughput ratios: the other row's time over the engine's.
        yield return TargetRatio(context, "durable-2t-vs-sqlite", [Batch(SqliteTarget)], [striped2], NotInTables, detail: Throughputs);
        yield return TargetRatio(context, "durable-2t-of-ceiling", [Batch(CeilingTarget)], [striped2], NotInTables, detail: Throughputs);

        yield return TargetRate(context, "fresh-2t-rate", Batch(Fresh2Threads), FullProfileOnly);
        yield return TargetRatio(context, "fresh-2t-logging", [Batch(Fresh2Threads)], [Batch(Fresh2Threads + NoWal)], FullProfileOnly);
        yield return TargetRatio(context, "fresh-1t-logging", [Batch(Fresh)], [Batch(Fresh + NoWal)], FullProfileOnly);
    }

    // "engine vs other inserts/s" of a throughput ratio given as other's time / engine's.
    private static string Throughputs(BenchmarkResult[] over, BenchmarkResult[] under) =>
        $"{Format.Rate(1e9 / under[0].MeanNs)} vs {Format.Rate(1e9 / over[0].MeanNs)} inserts/s";

    // A benchmark row a target needs, under the name the missing note gives it.
    private readonly record struct NeededRow(string Name, BenchmarkResult? Result);

    // A target on numerators / denominators of mean times; the measured column shows both times unless detail says otherwise.
    private static ClaimRow TargetRatio(SectionContext context, string id, NeededRow[] numerators, NeededRow[] denominators, string missing,
        Func<BenchmarkResult[], BenchmarkResult[], string>? detail = null)
    {
        var claim = context.Published.Claim(id);
        var absent = numerators.Concat(denominators).Where(r => r.Result is null).Select(r => r.Name).ToList();
        if (absent.Count > 0)
        {
            return Judge.Missing(claim, $"{string.Join("; ", absent)}: {missing}");
        }

        BenchmarkResult[] over = [.. numerators.Select(r => r.Result!)];
        BenchmarkResult[] under = [.. denominators.Select(r => r.Result!)];
        var ratio = RatioEstimate.Of(over, under);
        string shown = $"{ratio} — {(detail is null ? $"{Format.MeanWithError(over[0])} vs {Format.MeanWithError(under[0])}" : detail(over, under))}";
        if (!ratio.HasInterval && !double.IsNaN(ratio.Value))
        {
            // As RatioClaim: a mean without an interval is a single iteration (a smoke run), which decides nothing.
            return Judge.Row(claim, shown, Verdict.NotMeasurableHere, "fewer than two iterations: no interval");
        }

        return Judge.Target(claim, ratio.Value, ratio.Lower, ratio.Upper, shown);
    }

    // A target on a rate: 1e9 / mean ns per insert, its interval from the time's.
    private static ClaimRow TargetRate(SectionContext context, string id, NeededRow row, string missing)
    {
        var claim = context.Published.Claim(id);
        if (row.Result is not { } result)
        {
            return Judge.Missing(claim, $"{row.Name}: {missing}");
        }

        double rate = 1e9 / result.MeanNs;
        var (low, high) = RateInterval(result);
        string interval = result.HasInterval ? $" [{Format.Rate(low)}; {Format.Rate(high)}]" : "";
        string shown = $"{Format.Rate(rate)} {claim.Unit}{interval} — per insert {Format.MeanWithError(result)}";
        if (!result.HasInterval && !double.IsNaN(result.MeanNs))
        {
            return Judge.Row(claim, shown, Verdict.NotMeasurableHere, "fewer than two iterations: no interval");
        }

        return Judge.Target(claim, rate, low, high, shown);
    }

    /// <inheritdoc />
    protected override IEnumerable<ChartRef> Charts(SectionContext context) => EngineCharts.Draw(context);

    private static ClaimRow DiskClaim(SectionContext context, string id, string row, string unit, double scale)
    {
        var claim = context.Published.Claim(id);
        string? text = context.Run.Environment.Row(row);
        if (text is null)
        {
            return Judge.Missing(claim, $"environment.md has no \"{row}\" row (captured before the capture measured the disk)");
        }

        context.Read(Path.Combine(context.Run.Path, "environment.md"));
        return MeasuredNumber(text) is double value
            ? Judge.Value(claim, value * scale, $"{text} ({unit}, environment.md)")
            : Judge.Row(claim, text, Verdict.NotMeasurableHere, "the capture could not measure it");
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
