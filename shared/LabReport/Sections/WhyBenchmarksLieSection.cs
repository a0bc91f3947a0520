using System.Globalization;
using LabReport.Charts;
using LabReport.Claims;
using LabReport.RunFiles;

namespace LabReport.Sections;

/// <summary>Post 1: one optimization, three benchmarks, three verdicts; contention judged where threads really ran at once.</summary>
public sealed class WhyBenchmarksLieSection : PostSection
{
    internal const string Threaded = "WhyBenchmarksLieBenchmark";
    internal const string Sequential = "WhyBenchmarksLieSequentialBenchmark";
    private const string Narrow = "InsertNarrow";
    private const string Realistic = "InsertRealistic";
    private const string NoFlush = "InsertRealisticNoFlush";

    /// <inheritdoc />
    public override string Post => "why-benchmarks-lie";

    /// <inheritdoc />
    protected override IEnumerable<ClaimRow> Claims(SectionContext context)
    {
        var set = context.Benchmarks();
        BenchmarkResult? At(string @class, string method, string backend, int threads) =>
            set.Find(@class, method, ("Backend", backend), ("ThreadCount", threads.ToString(CultureInfo.InvariantCulture)));
        BenchmarkResult? Run(string method, string backend, int threads) => At(Threaded, method, backend, threads);

        yield return RatioClaim(context, "lazy", At(Sequential, "InsertSequential", "Striped", 1), At(Sequential, "InsertSequential", "Lock", 1),
            "InsertSequential Striped and Lock at 1 thread", throughput: true);
        yield return RatioClaim(context, "lazy-flat-lock", At(Sequential, "InsertSequential", "Lock", 32), At(Sequential, "InsertSequential", "Lock", 1),
            "InsertSequential Lock at 32 and 1 threads", throughput: true);
        yield return RatioClaim(context, "lazy-flat-striped", At(Sequential, "InsertSequential", "Striped", 32), At(Sequential, "InsertSequential", "Striped", 1),
            "InsertSequential Striped at 32 and 1 threads", throughput: true);
        yield return RatioClaim(context, "narrow-32", Run(Narrow, "Striped", 32), Run(Narrow, "Lock", 32),
            "InsertNarrow Striped and Lock at 32 threads", throughput: true);
        yield return Crossover(context, set);
        yield return RatioClaim(context, "realistic-32", Run(Realistic, "Striped", 32), Run(Realistic, "Lock", 32),
            "InsertRealistic Striped and Lock at 32 threads", throughput: true);
        yield return RatioClaim(context, "realistic-1t", Run(Realistic, "Striped", 1), Run(Realistic, "Lock", 1),
            "InsertRealistic Striped and Lock at 1 thread", throughput: true);
        yield return ContendedConvergence(context, set);
        yield return RatioClaim(context, "noflush-32", Run(NoFlush, "Lock", 32), Run(NoFlush, "Striped", 32),
            "InsertRealisticNoFlush Lock and Striped at 32 threads");
        yield return RatioClaim(context, "fsync-dominates", Run(Realistic, "Lock", 32), Run(NoFlush, "Lock", 32),
            "InsertRealistic and InsertRealisticNoFlush, Lock at 32 threads");
        yield return FlushCost(context, set);
        yield return RatioClaim(context, "narrow-vs-realistic", Run(Narrow, "Striped", 32), Run(Realistic, "Striped", 32),
            "InsertNarrow and InsertRealistic, Striped at 32 threads", throughput: true);
    }

    // Scenario B's shape: Striped / Lock throughput below 1 at one thread, above 1 once two threads really run at once.
    private static ClaimRow Crossover(SectionContext context, BenchmarkSet set)
    {
        var claim = context.Published.Claim("narrow-crossover");
        var lock1 = set.Find(Threaded, Narrow, ("Backend", "Lock"), ("ThreadCount", "1"));
        var striped1 = set.Find(Threaded, Narrow, ("Backend", "Striped"), ("ThreadCount", "1"));
        if (lock1 is null || striped1 is null)
        {
            return Judge.Missing(claim, "InsertNarrow Striped and Lock at 1 thread: not in the run's tables");
        }

        if (Contended(context, set, Narrow) is not int threads)
        {
            return NoContention(context, "narrow-crossover");
        }

        var lockN = set.Find(Threaded, Narrow, ("Backend", "Lock"), ("ThreadCount", threads.ToString(CultureInfo.InvariantCulture)))!;
        var stripedN = set.Find(Threaded, Narrow, ("Backend", "Striped"), ("ThreadCount", threads.ToString(CultureInfo.InvariantCulture)))!;
        var alone = RatioEstimate.Of(lock1, striped1);
        var contended = RatioEstimate.Of(lockN, stripedN);
        string shown = $"{Interval.Ratio(alone)} at 1 thread, {Interval.Ratio(contended)} at {threads} ({Format.Rate(1e9 / stripedN.MeanNs)} vs {Format.Rate(1e9 / lockN.MeanNs)} ops/s)";
        if (!alone.HasInterval || !contended.HasInterval)
        {
            return Judge.Row(claim, shown, Verdict.NotMeasurableHere, "fewer than two iterations: no interval");
        }

        return Judge.Shape(claim, [new ShapePart("1 thread", alone, Above: false), new ShapePart($"{threads} threads", contended, Above: true)], shown);
    }

    // The smallest thread count above 1 whose Lock and Striped rows of a method really ran two threads at once (in the
    // median round: Premise.PeakConcurrency).
    private static int? Contended(SectionContext context, BenchmarkSet set, string method)
    {
        var counts = set.Results.Where(r => r.Class == Threaded && r.Method == method)
            .Select(r => Quantity.Number(r.Parameter("ThreadCount")))
            .Where(t => t > 1)
            .Select(t => (int)t!.Value)
            .Distinct()
            .Order();
        foreach (int threads in counts)
        {
            string n = threads.ToString(CultureInfo.InvariantCulture);
            var rows = new[] { "Lock", "Striped" }.Select(b => set.Find(Threaded, method, ("Backend", b), ("ThreadCount", n))).ToList();
            if (rows.All(r => r is not null) && Premise.RanAtOnce(context.Run.Environment, rows!) is null or >= 2)
            {
                return threads;
            }
        }

        return null;
    }

    // Scenario C at the thread count that really contends here: the backends still converge.
    private static ClaimRow ContendedConvergence(SectionContext context, BenchmarkSet set)
    {
        if (Contended(context, set, Realistic) is not int threads)
        {
            return NoContention(context, "realistic-contended");
        }

        string n = threads.ToString(CultureInfo.InvariantCulture);
        var row = RatioClaim(context, "realistic-contended", set.Find(Threaded, Realistic, ("Backend", "Striped"), ("ThreadCount", n)),
            set.Find(Threaded, Realistic, ("Backend", "Lock"), ("ThreadCount", n)), $"InsertRealistic Striped and Lock at {threads} threads", throughput: true);
        return row with { Measured = $"{row.Measured} at {threads} threads" };
    }

    private static ClaimRow NoContention(SectionContext context, string id)
    {
        var claim = context.Published.Claim(id);
        return Premise.LogicalCpus(context.Run.Environment) is < 2
            ? Judge.Row(claim, "—", Verdict.NotMeasurableHere, "premise not met: one logical CPU, so no two threads ever run at once")
            : Judge.Row(claim, "—", Verdict.NotMeasurableHere, "premise not met: no thread count above 1 ran two threads at once in both backends' rows (PeakConc < 2)");
    }

    // What the flush adds per insert (Realistic − NoFlush) for Lock over Striped, at 32 threads.
    private static ClaimRow FlushCost(SectionContext context, BenchmarkSet set)
    {
        var claim = context.Published.Claim("fsync-same");
        BenchmarkResult? Row(string method, string backend) => set.Find(Threaded, method, ("Backend", backend), ("ThreadCount", "32"));
        var (lockR, lockN, stripedR, stripedN) = (Row(Realistic, "Lock"), Row(NoFlush, "Lock"), Row(Realistic, "Striped"), Row(NoFlush, "Striped"));
        if (lockR is null || lockN is null || stripedR is null || stripedN is null)
        {
            return Judge.Missing(claim, "InsertRealistic and InsertRealisticNoFlush, both backends at 32 threads: not in the run's tables");
        }

        string shown = $"Realistic − NoFlush: {Format.Time(lockR.MeanNs - lockN.MeanNs)} (Lock) vs {Format.Time(stripedR.MeanNs - stripedN.MeanNs)} (Striped)";
        var lockFlush = RatioEstimate.Of(lockR, lockN);
        var stripedFlush = RatioEstimate.Of(stripedR, stripedN);
        if (!lockFlush.HasInterval || !stripedFlush.HasInterval)
        {
            return Judge.Row(claim, shown, Verdict.NotMeasurableHere, "fewer than two iterations: no interval");
        }

        // The premise: the flush must add a resolvable time on both backends, or the ratio of two nothings says nothing.
        if (!Interval.Above(lockFlush, 1) || !Interval.Above(stripedFlush, 1))
        {
            return Judge.Row(claim, shown, Verdict.NotMeasurableHere,
                $"premise not met: the flush adds no resolvable time here (Realistic / NoFlush {Interval.Range(lockFlush)} Lock, {Interval.Range(stripedFlush)} Striped)");
        }

        var ratio = DifferenceRatio.Of(lockR, lockN, stripedR, stripedN);
        return Judge.Estimate(claim, ratio, $"{Interval.Ratio(ratio)} — {shown}");
    }

    /// <inheritdoc />
    protected override IEnumerable<ChartRef> Charts(SectionContext context) => WhyBenchmarksLieCharts.Draw(context);
}
