using System.Globalization;
using LabReport;
using LabReport.Charts;
using LabReport.Claims;
using LabReport.RunFiles;
using LabReport.Sections;
using LabRounds;

namespace WhyBenchmarksLie.Claims;

/// <summary>Post 1: one optimization, three benchmarks, three verdicts; contention judged where threads really ran at once.</summary>
public sealed class WhyBenchmarksLieSection : PostSection
{
    internal const string Threaded = "WhyBenchmarksLieBenchmark";
    internal const string Sequential = "WhyBenchmarksLieSequentialBenchmark";

    /// <inheritdoc />
    public override string Post => "why-benchmarks-lie";

    /// <inheritdoc />
    protected override IEnumerable<ClaimRow> Claims(SectionContext context)
    {
        var set = context.Benchmarks();
        yield return RatioClaim(context, "lazy", throughput: true);
        yield return RatioClaim(context, "lazy-flat-lock", throughput: true);
        yield return RatioClaim(context, "lazy-flat-striped", throughput: true);
        yield return RatioClaim(context, "narrow-32", throughput: true);
        yield return Crossover(context, set);
        yield return FlushBound(context, set, RatioClaim(context, "realistic-32", throughput: true));
        yield return FlushBound(context, set, RatioClaim(context, "realistic-1t", throughput: true));
        var contended = context.Published.Claim("realistic-contended").Cases[0];
        yield return FlushBound(context, set, ContendedConvergence(context, set), Contended(context, set, contended));
        yield return FlushBound(context, set, RatioClaim(context, "realistic-flat-lock", throughput: true));
        yield return FlushBound(context, set, RatioClaim(context, "realistic-flat-striped", throughput: true));
        yield return FlushBound(context, set, Overlap(context));
        yield return RatioClaim(context, "noflush-32");
        yield return FlushBound(context, set, RatioClaim(context, "fsync-dominates"));
        yield return FlushBound(context, set, FlushCost(context));
        yield return RatioClaim(context, "narrow-vs-realistic", throughput: true);
    }

    /// <summary>The premise of the post's Realistic rows: the flush is most of an insert's time (the post's: 1 − 422 / 8,335 = 95%).</summary>
    public const string FlushBoundPremise = "flush-bound";

    /// <summary>The least share of an insert's time the flush must take here for the Realistic rows to be judged.</summary>
    public const double FlushShareNeeded = 0.5;

    // The post's own share, from its Lock rows at 32 threads (8,335 ns with the flush, 422 ns without).
    private const double PostFlushShare = 1 - 422.0 / 8335.0;

    /// <summary>
    /// The flush's share of an insert's time: 1 − NoFlush / Realistic for the same backend and thread count. The post's
    /// Realistic load is flush-bound (95%); where a disk syncs so fast that the flush is under half an insert, the rows
    /// compare the in-memory maps again, and the post's "the backends converge" is not measurable here.
    /// </summary>
    public static double FlushShare(double realisticNs, double noFlushNs) => 1 - noFlushNs / realisticNs;

    // A row of a claim that needs a flush-bound load, kept when the load is flush-bound here (or a row is missing, or the
    // claim has no such premise), else "not measurable here" with the share measured against the post's. The Realistic
    // rows are the claim's cases, or both backends' at <paramref name="threads"/> when the claim is judged at the count
    // that contends here.
    private static ClaimRow FlushBound(SectionContext context, BenchmarkSet set, ClaimRow row, int? threads = null)
    {
        var claim = context.Published.Claim(row.Id);
        if (claim.Needs != FlushBoundPremise || row.Verdict == Verdict.Missing)
        {
            return row;
        }

        var method = claim.Cases.First(c => c.Method == "InsertRealistic");
        var realistics = threads is int t
            ? new[] { "Lock", "Striped" }.Select(b => At(set, method, b, t))
            : claim.Cases.Select((c, i) => c.Method == "InsertRealistic" ? context.Case(claim, i) : null);
        var shares = new List<(double Share, string Where)>();
        foreach (var realistic in realistics.OfType<BenchmarkResult>())
        {
            // The same backend and thread count, or (a quick run keeps NoFlush at 32 threads only) the nearest thread
            // count that has both rows: the flush's share is a property of the disk and the load more than of the threads.
            string backend = realistic.Parameter("Backend") ?? "";
            double count = Quantity.Number(realistic.Parameter("ThreadCount")) ?? double.NaN;
            var pair = set.Results
                .Where(r => r.Class == method.Class && r.Method == "InsertRealisticNoFlush" && r.Parameter("Backend") == backend)
                .Select(n => (NoFlush: n, Realistic: set.Find(method.Class, "InsertRealistic", ("Backend", backend), ("ThreadCount", n.Parameter("ThreadCount") ?? ""))))
                .Where(p => p.Realistic is not null)
                .OrderBy(p => Math.Abs((Quantity.Number(p.NoFlush.Parameter("ThreadCount")) ?? double.NaN) - count))
                .FirstOrDefault();
            if (pair.NoFlush is { } noFlush && pair.Realistic is { } withFlush)
            {
                string nearest = withFlush.Parameter("ThreadCount") == realistic.Parameter("ThreadCount") ? "" : $", the nearest count with both rows to {realistic.Parameter("ThreadCount")}";
                shares.Add((FlushShare(withFlush.MeanNs, noFlush.MeanNs),
                    $"{backend} at ThreadCount {withFlush.Parameter("ThreadCount")}{nearest}: {Format.Time(withFlush.MeanNs)} with the flush, {Format.Time(noFlush.MeanNs)} without"));
            }
        }

        if (shares.Count == 0 || shares.Min(s => s.Share) >= FlushShareNeeded)
        {
            return row;
        }

        var least = shares.MinBy(s => s.Share);
        // A negative share is NoFlush measured slower than Realistic: noise around a flush that costs nothing measurable.
        string share = least.Share > 0 ? $"{Format.Percent(least.Share)} of an insert's time" : "nothing measurable (NoFlush no faster)";
        string unmet = $"premise not met: the load is not flush-bound here — the flush is {share} " +
            $"({least.Where}) against the post's {Format.Percent(PostFlushShare)} (8,335 vs 422 ns), under the {Format.Percent(FlushShareNeeded)} the claim needs";
        string also = row.Verdict == Verdict.NotMeasurableHere ? $"; also {row.Note}" : "";
        return Judge.Row(claim, row.Measured, Verdict.NotMeasurableHere, unmet + also) with { Estimate = row.Estimate };
    }

    // Scenario B's shape: Striped / Lock throughput below 1 at one thread, above 1 once two threads really run at once.
    // Its cases: Lock and Striped at 1 thread, then at 2, the count that contends on a 2-CPU machine (another machine
    // may first contend at a larger count of the run: the rows are found by the cases' method).
    private static ClaimRow Crossover(SectionContext context, BenchmarkSet set)
    {
        var claim = context.Published.Claim("narrow-crossover");
        var (lock1, striped1) = (context.Case(claim, 0), context.Case(claim, 1));
        if (lock1 is null || striped1 is null)
        {
            return Judge.Missing(claim, $"{claim.Cases[0]} and {claim.Cases[1]}: not in the run's tables");
        }

        var method = claim.Cases[0];
        if (Contended(context, set, method) is not int threads)
        {
            return NoContention(context, "narrow-crossover");
        }

        var (lockN, stripedN) = (At(set, method, "Lock", threads)!, At(set, method, "Striped", threads)!);
        var alone = RatioEstimate.Of(lock1, striped1);
        var contended = RatioEstimate.Of(lockN, stripedN);
        string shown = $"{Interval.Ratio(alone)} at 1 thread, {Interval.Ratio(contended)} at {threads} ({Format.Rate(1e9 / stripedN.MeanNs)} vs {Format.Rate(1e9 / lockN.MeanNs)} ops/s)";
        if (!alone.HasInterval || !contended.HasInterval)
        {
            return Judge.Row(claim, shown, Verdict.NotMeasurableHere, "fewer than two iterations: no interval");
        }

        return Judge.Shape(claim, CrossoverParts(alone, contended, threads), shown);
    }

    /// <summary>The crossover's parts: Striped / Lock throughput below 1 at one thread, above 1 at <paramref name="threads"/> contending.</summary>
    public static IReadOnlyList<ShapePart> CrossoverParts(RatioEstimate alone, RatioEstimate contended, int threads) =>
        [new ShapePart("1 thread", alone, Above: false), new ShapePart($"{threads} threads", contended, Above: true)];

    // The row of a case's class and method with this backend and thread count.
    private static BenchmarkResult? At(BenchmarkSet set, CaseSpec method, string backend, int threads) =>
        set.Find(method.Class, method.Method, ("Backend", backend), ("ThreadCount", threads.ToString(CultureInfo.InvariantCulture)));

    // The smallest thread count above 1 whose Lock and Striped rows of a method really ran two threads at once (in the
    // median round: Premise.PeakConcurrency).
    private static int? Contended(SectionContext context, BenchmarkSet set, CaseSpec method)
    {
        var counts = set.Results.Where(r => r.Class == method.Class && r.Method == method.Method)
            .Select(r => Quantity.Number(r.Parameter("ThreadCount")))
            .Where(t => t > 1)
            .Select(t => (int)t!.Value)
            .Distinct()
            .Order();
        foreach (int threads in counts)
        {
            var rows = new[] { "Lock", "Striped" }.Select(b => At(set, method, b, threads)).ToList();
            if (rows.All(r => r is not null) && Premise.RanAtOnce(context.Run.Environment, rows!) is null or >= 2)
            {
                return threads;
            }
        }

        return null;
    }

    // Scenario C at the thread count that really contends here: the backends still converge. Its cases: Striped and
    // Lock at 2 threads (the rows are found by the cases' method, at the count that contends).
    private static ClaimRow ContendedConvergence(SectionContext context, BenchmarkSet set)
    {
        var claim = context.Published.Claim("realistic-contended");
        var method = claim.Cases[0];
        if (Contended(context, set, method) is not int threads)
        {
            return NoContention(context, "realistic-contended");
        }

        var row = RatioClaim(context, "realistic-contended", At(set, method, "Striped", threads), At(set, method, "Lock", threads),
            $"{method.Class}.{method.Method} Striped and Lock at {threads} threads", throughput: true);
        return row with { Measured = $"{row.Measured} at {threads} threads" };
    }

    private static ClaimRow NoContention(SectionContext context, string id)
    {
        var claim = context.Published.Claim(id);
        return Premise.LogicalCpus(context.Run.Environment) is < 2
            ? Judge.Row(claim, "—", Verdict.NotMeasurableHere, "premise not met: one logical CPU, so no two threads ever run at once")
            : Judge.Row(claim, "—", Verdict.NotMeasurableHere, "premise not met: no thread count above 1 ran two threads at once in both backends' rows (PeakConc < 2)");
    }

    // The post's "the CIs overlap" at 32 threads under the flush, by its own test on each process's run: one pair of rows
    // per round when both ran in rounds, else the one pair. Its cases: Lock and Striped Realistic at 32 threads.
    private static ClaimRow Overlap(SectionContext context)
    {
        var claim = context.Published.Claim("realistic-32-unresolved");
        var (lockRow, striped) = (context.Case(claim, 0), context.Case(claim, 1));
        if (lockRow is null || striped is null)
        {
            return Judge.Missing(claim, $"{claim.Cases[0]} and {claim.Cases[1]}: not in the run's tables");
        }

        List<(BenchmarkResult, BenchmarkResult)> pairs = lockRow.RoundResults is { } l && striped.RoundResults is { } s
            ? [.. l.Join(s, x => x.Round, y => y.Round, (x, y) => (x, y))]
            : [(lockRow, striped)];
        string shown = string.Join("; ", pairs.Select(p => $"{Format.MeanWithError(p.Item1)} vs {Format.MeanWithError(p.Item2)}{(p.Item1.Round > 0 ? $" (round {p.Item1.Round})" : "")}"));
        return UnresolvedRule.Judge(pairs) is { } outcome
            ? Judge.From(claim, shown, outcome) with { Estimate = RatioEstimate.Of(lockRow, striped) }
            : Judge.Row(claim, shown, Verdict.NotMeasurableHere, "fewer than two iterations: no interval");
    }

    // What the flush adds per insert (Realistic − NoFlush) for Lock over Striped, at 32 threads. Its cases: Realistic
    // and NoFlush of Lock, then of Striped.
    private static ClaimRow FlushCost(SectionContext context)
    {
        var claim = context.Published.Claim("fsync-same");
        var (lockR, lockN, stripedR, stripedN) = (context.Case(claim, 0), context.Case(claim, 1), context.Case(claim, 2), context.Case(claim, 3));
        if (lockR is null || lockN is null || stripedR is null || stripedN is null)
        {
            return Judge.Missing(claim, $"{string.Join(", ", claim.Cases)}: not all in the run's tables");
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
