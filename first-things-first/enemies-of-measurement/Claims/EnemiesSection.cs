using LabReport;
using LabReport.Charts;
using LabReport.Claims;
using LabReport.RunFiles;
using LabReport.Sections;

namespace EnemiesOfMeasurement.Claims;

/// <summary>Post 2: six enemies, each a ratio; defences down (the plain run) vs up (<c>defended/</c>, EnemyDefenseConfig).</summary>
public sealed class EnemiesSection : PostSection
{
    /// <summary>The six enemies' ratio claims, in the post's order (each claims.json entry names its two cases).</summary>
    internal static readonly string[] Enemies = ["E1", "E2", "E3", "E4", "E5", "E6"];

    /// <inheritdoc />
    public override string Post => "enemies-of-measurement";

    // Deterministic columns of BenchmarkDotNet's tables: (claim, column), of the claim's one case.
    private static readonly (string Id, string Column)[] Exact =
    [
        ("E1-code-cold", "Code Size"),
        ("E1-code-warm", "Code Size"),
        ("E2-alloc-heavy", "Allocated"),
        ("E2-alloc-pre", "Allocated"),
        ("E2-alloc-ratio", "Alloc Ratio"),
        ("E6-code-eliminated", "Code Size"),
        ("E6-code-preserved", "Code Size"),
    ];

    /// <inheritdoc />
    protected override IEnumerable<ClaimRow> Claims(SectionContext context)
    {
        var rows = Enemies.Select(id => RatioClaim(context, id)).ToList();
        rows.AddRange(Exact.Select(x => ExactColumn(context, x.Id, context.Case(context.Published.Claim(x.Id), 0), x.Column)));
        var e3Noise = context.Published.Claim("E3-noise");
        var (noisy, isolated) = (context.Case(e3Noise, 0), context.Case(e3Noise, 1));
        const string NoScript = "noisy-vs-isolated/{noisy,isolated}: InsertBaseline not found (the E3 script did not run)";
        rows.Add(StdDevRatio(context, "E3-noise", noisy, isolated, "noisy", "isolated", NoScript));
        rows.Add(noisy is null || isolated is null
            ? Judge.Missing(context.Published.Claim("E3-mean"), NoScript)
            : RatioClaim(context, "E3-mean"));
        var e4 = context.Published.Claim("E4-stddev");
        rows.Add(StdDevRatio(context, "E4-stddev", context.Case(e4, 0), context.Case(e4, 1), "TableSize 2,000,000", "10,000", $"{e4.Cases[0]}: not in the run's tables"));
        var e2 = context.Published.Claim("e2-stddev");
        rows.Add(StdDevRatio(context, "e2-stddev", context.Case(e2, 0), context.Case(e2, 1), "InsertAllocHeavy", "InsertPreAllocated", $"{e2.Cases[0]}: not in the run's tables"));
        rows.Add(GcPerOperation(context, "e2-gen0"));
        var same = context.Published.Claim("e3-same-noise");
        rows.Add(StdDevRatio(context, "e3-same-noise", context.Case(same, 0), context.Case(same, 1), "noisy", "isolated",
            "noisy-vs-isolated/{noisy,isolated}: InsertSame not found (the E3 script did not run)"));
        rows.Add(RatioClaim(context, "e3-same-mean"));
        rows.Add(RatioClaim(context, "e3-isolated-same"));
        rows.Add(LookupPath(context, "e4-working-set-small"));
        rows.Add(LookupPath(context, "e4-working-set-large"));
        // In the post's order: each enemy's claims together.
        var order = context.Published.Claims.Select(c => c.Id).ToList();
        return rows.OrderBy(r => order.IndexOf(r.Id));
    }

    /// <inheritdoc />
    protected override IEnumerable<ChartRef> Charts(SectionContext context) => EnemiesCharts.Draw(context);

    // A StdDev ratio, the post's question asked of each run: per round when both sides ran in rounds of at least 3
    // iterations (each round's ratio of its own StdDevs; their median, with Student's t interval on the logs between
    // rounds). A StdDev of 3 iterations varies by 5× from one round to the next, and the interval says so: pooling
    // the rounds' iterations instead mixes the machine's state changes into the StdDev and gives a point that moved
    // from 8.6× to 1.8× between two full runs (2026-11-26-full and -full-2), and Fisher's F interval on StdDevs pooled
    // within rounds assumes normal iterations that these are not (two runs gave [8×; 30×] and [52×; 194×]). Without
    // rounds (one process per side, BenchmarkDotNet's 15 or more iterations) the StdDevs get Fisher's F interval at
    // the process level; with no iteration counts, the ratio is a point.
    private static ClaimRow StdDevRatio(SectionContext context, string id, BenchmarkResult? numerator, BenchmarkResult? denominator,
        string numeratorName, string denominatorName, string missing)
    {
        var claim = context.Published.Claim(id);
        if (numerator is null || denominator is null)
        {
            return Judge.Missing(claim, missing);
        }

        if (numerator.HasRounds && denominator.HasRounds)
        {
            if (new[] { numerator, denominator }.Any(r => r.RoundResults!.Any(x => x.Iterations < MinIterationsForStdDev)))
            {
                return Judge.Row(claim, "no StdDev", Verdict.NotMeasurableHere, $"a round's StdDev needs at least {MinIterationsForStdDev} iterations on both sides");
            }

            var (over, under) = (StdDevs(numerator), StdDevs(denominator));
            if (over.Count == 0 || under.Count == 0)
            {
                return Judge.Row(claim, "no StdDev", Verdict.NotMeasurableHere, "no round has a StdDev on both sides");
            }

            var perRound = RatioEstimate.FromRounds(LabRounds.RoundsEstimate.Paired(over, under));
            return Judge.Estimate(claim, perRound, $"{Interval.Ratio(perRound)} — StdDev {Format.Time(Median(over.Values))} {numeratorName} vs " +
                $"{Format.Time(Median(under.Values))} {denominatorName} (the rounds' medians)");
        }

        if (!(denominator.StdDevNs > 0) || double.IsNaN(numerator.StdDevNs))
        {
            return Judge.Row(claim, "no StdDev", Verdict.NotMeasurableHere, "a StdDev needs at least two iterations on both sides");
        }

        if (numerator.Iterations >= 2 && denominator.Iterations >= 2)
        {
            var ratio = StdDevRatioInterval((numerator.StdDevNs, numerator.Iterations.Value - 1), (denominator.StdDevNs, denominator.Iterations.Value - 1), RatioEstimate.ProcessLevel);
            return Judge.Estimate(claim, ratio, $"{Interval.Ratio(ratio)} — StdDev {Format.Time(numerator.StdDevNs)} {numeratorName} vs " +
                $"{Format.Time(denominator.StdDevNs)} {denominatorName} ({numerator.Iterations} and {denominator.Iterations} iterations; Fisher's F interval)");
        }

        var point = RatioEstimate.Once(numerator.StdDevNs / denominator.StdDevNs);
        return Judge.Estimate(claim, point,
            $"{Interval.Ratio(point)} — StdDev {Format.Time(numerator.StdDevNs)} {numeratorName} vs {Format.Time(denominator.StdDevNs)} {denominatorName}");
    }

    // Iterations a round needs for its own StdDev (2 degrees of freedom): the quick and full rounds of E4 have 3.
    private const int MinIterationsForStdDev = 3;

    // Each round's own StdDev (a table's, or its iterations'), by round.
    private static Dictionary<int, double> StdDevs(BenchmarkResult result) =>
        result.RoundResults!.Where(r => r.StdDevNs > 0).ToDictionary(r => r.Round, r => r.StdDevNs);

    /// <summary>s₁ / s₂ with the interval [r / √F((1+L)/2; df₁, df₂); r / √F((1−L)/2; df₁, df₂)] at level L.</summary>
    internal static RatioEstimate StdDevRatioInterval((double StdDev, int Df) top, (double StdDev, int Df) bottom, double level)
    {
        double r = top.StdDev / bottom.StdDev;
        double high = LabStatistics.FisherF.Quantile((1 + level) / 2, top.Df, bottom.Df);
        double low = LabStatistics.FisherF.Quantile((1 - level) / 2, top.Df, bottom.Df);
        return new RatioEstimate(r, r / Math.Sqrt(high), r / Math.Sqrt(low), true) { Level = level };
    }

    private static double Median(IEnumerable<double> values) => LabRounds.RoundsEstimate.MedianOf([.. values]);

    // Gen-0 collections per operation of the claim's case: BenchmarkDotNet's Gen0 column counts them per 1,000
    // operations ("-" for none). In rounds, the fewest of any round: "each measured operation" must hold in all.
    private static ClaimRow GcPerOperation(SectionContext context, string id)
    {
        var claim = context.Published.Claim(id);
        var result = context.Case(claim, 0);
        string? cell = result?.Column(Gen0Column);
        if (result is null || cell is null)
        {
            return Judge.Missing(claim, $"{claim.Cases[0]}: no {Gen0Column} column in the run's table (MemoryDiagnoser)");
        }

        var cells = result.RoundResults is { Count: > 0 } rounds ? rounds.Select(r => r.Column(Gen0Column) ?? "").ToList() : [cell];
        var perOperation = cells.Select(c => c.Trim() == "-" ? 0 : Quantity.Number(c.Trim()) / 1000).ToList();
        if (perOperation.Any(v => v is null))
        {
            return Judge.Row(claim, cell, Verdict.NotMeasurableHere, $"'{cell}' is not a count of collections per 1,000 operations");
        }

        double fewest = perOperation.Min(v => v!.Value);
        string shown = $"{Format.Number(fewest)} gen-0 collections per operation ({result.Method}, BenchmarkDotNet's {Gen0Column} column per 1,000 operations" +
            (cells.Count > 1 ? $": {string.Join(", ", cells.Select(c => c.Trim()))} in its {cells.Count} rounds, the fewest)" : ")");
        return Judge.Estimate(claim, RatioEstimate.Point(fewest), shown, x => Format.Number(x));
    }

    private const string Gen0Column = "Gen0";

    // The run's own estimate of the bytes a lookup touches (E4's "Lookup path" column, "468.8 KiB - 546.9 KiB"), the
    // middle of its range in the claim's unit (KB, MB: binary, as BenchmarkDotNet's), against the post's rounded sum.
    private static ClaimRow LookupPath(SectionContext context, string id)
    {
        var claim = context.Published.Claim(id);
        var result = context.Case(claim, 0);
        string? cell = result?.Column(LookupPathColumn);
        if (result is null || string.IsNullOrWhiteSpace(cell))
        {
            return Judge.Missing(claim, $"{claim.Cases[0]}: no {LookupPathColumn} column in the run's table");
        }

        var ends = cell.Split(" - ").Select(end => ByteSize.In(end.Replace("iB", "B", StringComparison.Ordinal), claim.Unit)).ToList();
        if (ends.Count is < 1 or > 2 || ends.Any(e => e is null))
        {
            return Judge.Row(claim, cell, Verdict.NotMeasurableHere, $"'{cell}' is not a size or a range of sizes");
        }

        double middle = ends.Average(e => e!.Value);
        return Judge.Estimate(claim, RatioEstimate.Point(middle),
            $"{Format.Number(middle)} {claim.Unit} ({cell}, the run's {LookupPathColumn} column: an estimate from object layouts)",
            x => $"{Format.Number(x)} {claim.Unit}");
    }

    private const string LookupPathColumn = "Lookup path";
}
