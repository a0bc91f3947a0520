using LabReport.Claims;
using LabReport.RunFiles;

namespace LabReport.Sections;

/// <summary>
/// The part every post section shares: a run without the post's folder gets every claim "missing"; a chart that
/// cannot be drawn becomes a problem line instead of ending the report.
/// </summary>
public abstract class PostSection : IPostSection
{
    /// <inheritdoc />
    public abstract string Post { get; }

    /// <inheritdoc />
    public PostReport Build(SectionContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        var published = context.Published;
        if (!context.Run.HasPost(Post))
        {
            var missing = published.Claims.Select(c => Judge.Missing(c, $"the run has no {Post}/ folder")).ToList();
            return new PostReport(Post, published.Title, false, missing, [], [], [$"{Post}/: not in this run"]);
        }

        var rows = Claims(context).ToList();
        var charts = new List<ChartRef>();
        try
        {
            if (context.DrawCharts)
            {
                charts.AddRange(Charts(context));
            }
        }
        catch (Exception e) when (e is IOException or InvalidDataException or UnauthorizedAccessException or ArgumentException)
        {
            context.Problem($"a chart of {Post} could not be drawn: {e.Message}");
        }

        return new PostReport(Post, published.Title, true, rows, charts, context.Files, context.Problems);
    }

    /// <summary>The verdict rows, one per published claim.</summary>
    protected abstract IEnumerable<ClaimRow> Claims(SectionContext context);

    /// <summary>The charts, written into <see cref="SectionContext.ChartDirectory"/>.</summary>
    protected abstract IEnumerable<ChartRef> Charts(SectionContext context);

    /// <summary>
    /// A claim on the ratio of two benchmark results, judged by the claim's kind: <paramref name="numerator"/> /
    /// <paramref name="denominator"/> of their times, or of their throughputs when <paramref name="throughput"/> (which
    /// inverts it, and the rates are shown in <paramref name="rateUnit"/>). A claim with a thread premise is first checked
    /// against how many threads really ran at once.
    /// </summary>
    protected static ClaimRow RatioClaim(SectionContext context, string id, BenchmarkResult? numerator, BenchmarkResult? denominator,
        string names, bool throughput = false, string rateUnit = "ops/s")
    {
        ArgumentNullException.ThrowIfNull(context);
        var claim = context.Published.Claim(id);
        if (numerator is null || denominator is null)
        {
            return Judge.Missing(claim, $"{names}: not in the run's tables");
        }

        var ratio = throughput ? RatioEstimate.Of(denominator, numerator) : RatioEstimate.Of(numerator, denominator);
        string detail = throughput
            ? $"{Format.Rate(1e9 / numerator.MeanNs)} vs {Format.Rate(1e9 / denominator.MeanNs)} {rateUnit}"
            : $"{Format.MeanWithError(numerator)} vs {Format.MeanWithError(denominator)}";
        return RatioRow(context, claim, ratio, detail, [numerator, denominator]);
    }

    /// <summary>
    /// A claim on the ratio of its first two cases (claims.json's "cases": numerator, then denominator), judged by its
    /// kind, as <see cref="RatioClaim(SectionContext, string, BenchmarkResult?, BenchmarkResult?, string, bool, string)"/>.
    /// </summary>
    protected static ClaimRow RatioClaim(SectionContext context, string id, bool throughput = false, string rateUnit = "ops/s")
    {
        ArgumentNullException.ThrowIfNull(context);
        var claim = context.Published.Claim(id);
        return RatioClaim(context, id, context.Case(claim, 0), context.Case(claim, 1), $"{claim.Cases[0]} and {claim.Cases[1]}", throughput, rateUnit);
    }

    /// <summary>
    /// A claim on a ratio already computed from <paramref name="sides"/> (checked against the claim's thread premise):
    /// a ratio without an interval from benchmark means is a single iteration (a smoke run), which decides nothing.
    /// </summary>
    protected static ClaimRow RatioRow(SectionContext context, PublishedClaim claim, RatioEstimate ratio, string detail, IReadOnlyList<BenchmarkResult> sides)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(claim);
        string shown = $"{Interval.Ratio(ratio)} — {detail}";
        if (Premise.Threads(claim, context.Run.Environment, sides) is { } unmet)
        {
            return Judge.Row(claim, shown, Verdict.NotMeasurableHere, unmet);
        }

        if (!ratio.HasInterval && !double.IsNaN(ratio.Value))
        {
            return Judge.Row(claim, shown, Verdict.NotMeasurableHere, "fewer than two iterations: no interval");
        }

        return Judge.Estimate(claim, ratio, shown);
    }

    /// <summary>A deterministic column of BenchmarkDotNet's table ("124 B", "27.53 MB", "3.10") of <paramref name="result"/>, in the claim's unit, judged exactly.</summary>
    protected static ClaimRow ExactColumn(SectionContext context, string id, BenchmarkResult? result, string column)
    {
        ArgumentNullException.ThrowIfNull(context);
        var claim = context.Published.Claim(id);
        string? cell = result?.Column(column);
        if (result is null || string.IsNullOrWhiteSpace(cell))
        {
            return Judge.Missing(claim, $"{result?.Class ?? "the benchmark"}: no {column} column in the run's table");
        }

        if (ByteSize.In(cell, claim.Unit) is not double value)
        {
            return Judge.Row(claim, cell, Verdict.NotMeasurableHere, $"'{cell}' is not a number in {claim.Unit ?? "the post's unit"}");
        }

        string shown = $"{cell} ({result.Method}, BenchmarkDotNet's {column} column)";
        // In rounds, each process has its own number: a code size is that of the JIT tier its process ended in.
        var rounds = result.RoundResults?.Select(r => ByteSize.In(r.Column(column) ?? "", claim.Unit)).ToList();
        if (rounds is not { Count: > 1 } || rounds.Any(v => v is null))
        {
            return Judge.Exact(claim, value, shown);
        }

        double[] values = [.. rounds.Select(v => v!.Value)];
        return Judge.Exact(claim, values, values.Distinct().Count() == 1
            ? $"{shown}, the same in all {values.Length} rounds"
            : $"{shown}, round 1 of {values.Length}");
    }

    /// <summary>An estimate scaled by a constant (a time ratio per element: divided by the growth of the data).</summary>
    protected static RatioEstimate Scaled(RatioEstimate estimate, double factor) => estimate.Scaled(factor);

    /// <summary>The ops/s interval of a result: [1e9 / upper, 1e9 / lower], the high end ∞ when the time interval reaches zero.</summary>
    protected internal static (double Low, double High) RateInterval(BenchmarkResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        if (!result.HasInterval)
        {
            return (double.NaN, double.NaN);
        }

        return (1e9 / result.UpperNs, result.LowerNs <= 0 ? double.PositiveInfinity : 1e9 / result.LowerNs);
    }
}
