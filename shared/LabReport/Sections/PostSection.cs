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
            charts.AddRange(Charts(context));
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
    /// A ratio claim on two benchmark results: <paramref name="numerator"/> / <paramref name="denominator"/> of their
    /// times, or of their throughputs when <paramref name="throughput"/> (which inverts it).
    /// </summary>
    protected static ClaimRow RatioClaim(SectionContext context, string id, BenchmarkResult? numerator, BenchmarkResult? denominator,
        string names, bool throughput = false)
    {
        ArgumentNullException.ThrowIfNull(context);
        var claim = context.Published.Claim(id);
        if (numerator is null || denominator is null)
        {
            return Judge.Missing(claim, $"{names}: not in the run's tables");
        }

        var ratio = throughput ? RatioEstimate.Of(denominator, numerator) : RatioEstimate.Of(numerator, denominator);
        string detail = throughput
            ? $"{Format.Rate(1e9 / numerator.MeanNs)} vs {Format.Rate(1e9 / denominator.MeanNs)} ops/s"
            : $"{Format.MeanWithError(numerator)} vs {Format.MeanWithError(denominator)}";
        if (!ratio.HasInterval && !double.IsNaN(ratio.Value))
        {
            // A benchmark mean without an interval is a single iteration (a smoke run): its ratio decides nothing.
            return Judge.Row(claim, $"{ratio} — {detail}", Verdict.NotMeasurableHere, "fewer than two iterations: no interval");
        }

        return Judge.Ratio(claim, ratio, detail);
    }

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
