using LabReport.Charts;
using LabReport.RunFiles;
using OxyPlot;
using OxyPlot.Axes;

namespace LabReport.Sections;

/// <summary>Post 2: six enemies, each a ratio; defences down (the plain run) vs up (<c>defended/</c>, EnemyDefenseConfig).</summary>
public sealed class EnemiesSection : PostSection
{
    private static readonly (string Id, string Class, string Numerator, string Denominator, (string, string)[] NumeratorParameters, (string, string)[] DenominatorParameters)[] Enemies =
    [
        ("E1", "E1_JitWarmup", "SumPayloadCold", "SumPayloadWarm", [], []),
        ("E2", "E2_GcPauses", "InsertAllocHeavy", "InsertPreAllocated", [], []),
        ("E3", "E3_OsNoise", "InsertSame", "InsertBaseline", [], []),
        ("E4", "E4_CacheState", "LookupRandom", "LookupRandom", [("TableSize", "2000000")], [("TableSize", "10000")]),
        ("E5", "E5_BranchPredictor", "ScanSorted", "ScanRandom", [], []),
        ("E6", "E6_DeadCode", "ChecksumEliminated", "ChecksumPreserved", [], []),
    ];

    /// <inheritdoc />
    public override string Post => "enemies-of-measurement";

    /// <inheritdoc />
    protected override IEnumerable<ClaimRow> Claims(SectionContext context)
    {
        var set = context.Benchmarks();
        foreach (var e in Enemies)
        {
            yield return RatioClaim(context, e.Id, set.Find(e.Class, e.Numerator, e.NumeratorParameters), set.Find(e.Class, e.Denominator, e.DenominatorParameters),
                $"{e.Class} {e.Numerator} and {e.Denominator}");
        }

        yield return NoiseClaim(context);
    }

    /// <inheritdoc />
    protected override IEnumerable<ChartRef> Charts(SectionContext context)
    {
        var down = context.Benchmarks();
        var up = context.Benchmarks("defended");
        var model = ChartFile.Model("Post 2: each enemy's ratio, defences down vs EnemyDefenseConfig", "99.9% CI bars; diamonds: the post's ratio");
        model.Axes.Add(ChartFile.Categories(AxisPosition.Bottom, Enemies.Select(e => e.Id).ToList(), "enemy"));
        model.Axes.Add(ChartFile.Log(AxisPosition.Left, "ratio (log)"));
        AddRuns(model, down, "defences down", 0, -0.12);
        if (up.Results.Count > 0)
        {
            AddRuns(model, up, "EnemyDefenseConfig", 1, 0.12);
        }
        else
        {
            context.Problem("enemies-of-measurement/defended/: no tables, so the chart shows defences down only");
        }

        model.Series.Add(ChartFile.Points("post", OxyColors.Black, MarkerType.Diamond,
            Enemies.Select((e, i) => ((double)i, context.Published.Claim(e.Id).Value))));
        yield return new ChartRef(ChartFile.Save(model, context.ChartDirectory, "post2-enemy-ratios.svg"),
            "Each enemy's ratio (log), defences down vs EnemyDefenseConfig, with the post's ratio marked");
    }

    private static void AddRuns(PlotModel model, BenchmarkSet set, string title, int colour, double offset)
    {
        var ratios = Enemies.Select((e, i) =>
        {
            var n = set.Find(e.Class, e.Numerator, e.NumeratorParameters);
            var d = set.Find(e.Class, e.Denominator, e.DenominatorParameters);
            return (X: i + offset, Ratio: n is null || d is null ? (RatioEstimate?)null : RatioEstimate.Of(n, d));
        }).Where(r => r.Ratio is { } q && double.IsFinite(q.Value) && q.Value > 0).ToList();
        var color = ChartFile.Color(colour);
        model.Series.Add(ChartFile.Points(title, color, MarkerType.Circle, ratios.Select(r => (r.X, r.Ratio!.Value.Value))));
        model.Series.Add(ChartFile.ErrorBars($"{title} CI", color, ratios.Select(r => (r.X, r.Ratio!.Value.Lower, r.Ratio!.Value.Upper)), clip: 1e4));
    }

    // E3's point: the spread of identical code under load. StdDev noisy / isolated from the two runs of noisy-vs-isolated.sh.
    private static ClaimRow NoiseClaim(SectionContext context)
    {
        var claim = context.Published.Claim("E3-noise");
        var noisy = context.Benchmarks(Path.Combine("noisy-vs-isolated", "noisy")).Find("E3_OsNoise", "InsertBaseline");
        var isolated = context.Benchmarks(Path.Combine("noisy-vs-isolated", "isolated")).Find("E3_OsNoise", "InsertBaseline");
        if (noisy is null || isolated is null)
        {
            return Judge.Missing(claim, "noisy-vs-isolated/{noisy,isolated}: InsertBaseline not found (the E3 script did not run)");
        }

        if (!(isolated.StdDevNs > 0) || double.IsNaN(noisy.StdDevNs))
        {
            return Judge.Row(claim, "no StdDev", Verdict.NotMeasurableHere, "a StdDev needs at least two iterations in both runs");
        }

        return Judge.Ratio(claim, RatioEstimate.Point(noisy.StdDevNs / isolated.StdDevNs),
            $"StdDev {Format.Time(noisy.StdDevNs)} noisy vs {Format.Time(isolated.StdDevNs)} isolated");
    }
}
