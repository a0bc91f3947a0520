using LabReport;
using LabReport.Charts;
using LabReport.Claims;
using LabReport.RunFiles;
using LabReport.Sections;
using OxyPlot;
using OxyPlot.Axes;

namespace EnemiesOfMeasurement.Claims;

/// <summary>
/// Post 2's chart: does each enemy move the measurement as the post says, and does EnemyDefenseConfig take it away? Each
/// enemy's ratio with its interval, defences down and up, next to the post's ratio.
/// </summary>
internal static class EnemiesCharts
{
    // Each enemy's tick: its number and what it is, short enough for a sixth of the axis.
    private static readonly string[] Ticks = ["E1 JIT tier", "E2 GC", "E3 noise", "E4 caches", "E5 branches", "E6 dead code"];

    public static IEnumerable<ChartRef> Draw(SectionContext context)
    {
        var down = context.Benchmarks();
        var up = context.Benchmarks("defended");
        var ratios = new[] { down, up }.SelectMany(s => Ratios(context, s)).ToList();
        var model = ChartStyle.Model("Post 2: each enemy's ratio, with its defences down and up",
            $"{(ratios.Any(r => r.Ratio.HasInterval) ? $"bars: {ChartStyle.IntervalLabel(ratios.Select(r => r.Ratio))}" : "no interval bars (no ratio has an interval here)")}; diamonds: the post's ratio; defences up: the post's EnemyDefenseConfig\n{E4Caches(context)}");
        model.Axes.Add(ChartStyle.Categories(AxisPosition.Bottom, Ticks, "enemy"));
        model.Axes.Add(ChartStyle.Log(AxisPosition.Left, "ratio (×, log)"));
        ChartStyle.AddReference(model, vertical: false, 1, "1× = no effect");
        AddRuns(context, model, down, "defences down", 0, -0.12);
        if (up.Results.Count > 0)
        {
            AddRuns(context, model, up, "defences up", 1, 0.12);
        }
        else
        {
            context.Problem("enemies-of-measurement/defended/: no tables, so the chart shows defences down only");
        }

        model.Series.Add(ChartStyle.Points("the post's ratio", OxyColors.Black, MarkerType.Diamond,
            EnemiesSection.Enemies.Select((id, i) => ((double)i, context.Published.Claim(id).Value))));
        yield return new ChartRef(context.Charts.Save(model, "post2-enemy-ratios.svg"),
            "Each enemy's ratio (log), defences down and up (EnemyDefenseConfig), with the post's ratio marked");
    }

    // E4 compares a table that fits the caches with one that does not: the run's one cache hierarchy, and from where.
    private static string E4Caches(SectionContext context)
    {
        var hierarchy = context.Run.Caches.Hierarchy;
        string[] levels = [.. new[] { "L2", "L3" }.Select(l => hierarchy?.Bytes(l) is { } b ? $"{l} {CacheTopology.FormatBytes(b)}" : null).OfType<string>()];
        if (hierarchy is null || levels.Length == 0)
        {
            context.Problem($"enemies-of-measurement: no usable {RunCaches.FileName} in the run, so E4's caches are not named on the chart");
            return "E4's caches: not recorded by this run";
        }

        context.Read(hierarchy.From.File);
        return $"E4's caches: {string.Join(", ", levels)} ({hierarchy.Origin}, the report's one hierarchy)";
    }

    private static void AddRuns(SectionContext context, PlotModel model, BenchmarkSet set, string title, int colour, double offset)
    {
        var ratios = Ratios(context, set).ToList();
        var color = ChartStyle.Color(colour);
        model.Series.Add(ChartStyle.Points(title, color, MarkerType.Circle, ratios.Select(r => (r.Index + offset, r.Ratio.Value))));
        model.Series.Add(ChartStyle.ErrorBars($"{title} CI", color,
            ratios.Where(r => r.Ratio.HasInterval).Select(r => (r.Index + offset, r.Ratio.Lower, r.Ratio.Upper)), clip: 1e4));
    }

    // Each enemy's ratio that the run measured, by the enemy's position on the axis.
    private static IEnumerable<(int Index, RatioEstimate Ratio)> Ratios(SectionContext context, BenchmarkSet set) =>
        EnemiesSection.Enemies.Select((id, i) =>
        {
            var claim = context.Published.Claim(id);
            var (n, d) = (set.Find(claim.Cases[0]), set.Find(claim.Cases[1]));
            return (Index: i, Ratio: n is null || d is null ? RatioEstimate.Point(double.NaN) : RatioEstimate.Of(n, d));
        }).Where(r => double.IsFinite(r.Ratio.Value) && r.Ratio.Value > 0);
}
