using System.Globalization;
using LabReport;
using LabReport.Charts;
using LabReport.Claims;
using LabReport.FlameGraphs;
using LabReport.RunFiles;
using LabReport.Sections;
using MeasurementLab;
using OxyPlot;
using OxyPlot.Axes;

namespace HardwareCounters.Claims;

/// <summary>
/// Post 5's charts: where does random access fall off the cache cliff (SumRandom / SumSequential by N, against the cache
/// sizes the post itself used)? And where do the two loops spend their samples (the flame graphs, side by side)?
/// </summary>
internal static class HardwareCountersCharts
{
    // The flame graphs' folded stacks, as Scripts/flame-graph.sh leaves them, and the loops they sampled.
    private const string FlameFolder = "flame-graph";
    private static readonly string[] FlameModes = ["sequential", "random"];

    public static IEnumerable<ChartRef> Draw(SectionContext context)
    {
        if (RatioChart(context) is { } ratio)
        {
            yield return ratio;
        }

        bool first = true;
        foreach (string mode in FlameModes)
        {
            if (FlameChart(context, mode, besidePrevious: !first) is { } flame)
            {
                yield return flame;
                first = false;
            }
        }
    }

    private static ChartRef? RatioChart(SectionContext context)
    {
        var set = context.Benchmarks();
        var points = set.Results.Where(r => r.Class == "AccessPatterns" && r.Method == "SumRandom")
            .Select(r => (N: Quantity.Number(r.Parameter("N")) ?? double.NaN, Random: r,
                Sequential: set.Find("AccessPatterns", "SumSequential", ("N", r.Parameter("N") ?? ""))))
            .Where(p => p.N > 0 && p.Sequential is not null)
            .Select(p => (p.N, Ratio: RatioEstimate.Of(p.Random, p.Sequential!)))
            .Where(p => double.IsFinite(p.Ratio.Value))
            .OrderBy(p => p.N)
            .ToList();
        if (points.Count == 0)
        {
            context.Problem("hardware-counters: no AccessPatterns results, so no ratio chart");
            return null;
        }

        var caches = Caches(context);
        // The subtitle and caption name the levels drawn, and the ones no source gave: never a promised line that is not there.
        string drawnLevels = Levels(caches.Levels.Select(l => l.Level));
        string[] absent = [.. CacheLevels.Except(caches.Levels.Select(l => l.Level))];
        string lines = caches.Levels.Count == 0
            ? "no cache line: no source gave L2 or L3"
            : $"vertical lines: where SumRandom's {HardwareCountersSection.RandomBytesPerElement:0}N bytes fill {drawnLevels}" + (absent.Length > 0 ? $" ({Levels(absent)} not found)" : "");
        var model = ChartStyle.Model("Post 5: SumRandom / SumSequential by N",
            $"{(points.Any(p => p.Ratio.HasInterval) ? $"bars: {ChartStyle.IntervalLabel(points.Select(p => p.Ratio))}" : "no interval bars (no ratio has an interval here)")}; {lines}\n" +
            $"cache sizes: {caches.Source}");
        var x = ChartStyle.Log(AxisPosition.Bottom, "N (elements, log)");
        double smallest = caches.Levels.Select(l => l.Bytes / HardwareCountersSection.RandomBytesPerElement).Append(points[0].N).Min();
        x.Minimum = smallest / 2;
        x.Maximum = points[^1].N * 2;
        model.Axes.Add(x);
        model.Axes.Add(ChartStyle.Log(AxisPosition.Left, "ratio (×, log)"));
        model.Series.Add(ChartStyle.Line("this run", ChartStyle.Color(0), MarkerType.Circle, points.Select(p => (p.N, p.Ratio.Value))));
        model.Series.Add(ChartStyle.ErrorBars("this run CI", ChartStyle.Color(0),
            points.Where(p => p.Ratio.HasInterval).Select(p => (p.N, p.Ratio.Lower, p.Ratio.Upper))));
        model.Series.Add(ChartStyle.Line("the post", OxyColors.Black, MarkerType.Diamond,
            HardwareCountersSection.Sizes.Select(s => (double.Parse(s.N, CultureInfo.InvariantCulture), context.Published.Claim(s.Id).Value)), LineStyle.Dash));
        for (int i = 0; i < caches.Levels.Count; i++)
        {
            var (level, bytes) = caches.Levels[i];
            string size = CacheTopology.FormatBytes(bytes);
            ChartStyle.AddReference(model, vertical: true, bytes / HardwareCountersSection.RandomBytesPerElement,
                level == "L3" ? $"12N = L3 {size}: the predicted cliff" : $"12N = {level} {size}", style: i + 1);
        }

        return new ChartRef(context.Charts.Save(model, "post5-ratio-by-n.svg"),
            caches.Levels.Count == 0
                ? "Random/sequential ratio vs N (log), with its confidence interval (no cache size known, so no cache line)"
                : $"Random/sequential ratio vs N (log), with its confidence interval and where SumRandom's working set fills {drawnLevels}" +
                  (absent.Length > 0 ? $" ({Levels(absent)} not found)" : ""));
    }

    private static readonly string[] CacheLevels = ["L2", "L3"];

    private static string Levels(IEnumerable<string> levels) => string.Join(" and ", levels);

    // The run's one cache hierarchy (the report's single answer: sysfs where recorded), else environment.md's cache row;
    // and which one, for the subtitle.
    private static (IReadOnlyList<(string Level, long Bytes)> Levels, string Source) Caches(SectionContext context)
    {
        if (context.Run.Caches.Hierarchy is { } hierarchy)
        {
            context.Read(hierarchy.From.File);
            return ([.. CacheLevels.Where(l => hierarchy.Bytes(l) is not null).Select(l => (l, hierarchy.Bytes(l)!.Value))], $"{hierarchy.Origin}, the report's one hierarchy");
        }

        var fromEnvironment = CacheLevels.Where(l => context.Run.Environment.CacheBytes(l) is not null).Select(l => (l, context.Run.Environment.CacheBytes(l)!.Value)).ToList();
        if (fromEnvironment.Count == 0)
        {
            context.Problem($"hardware-counters chart: neither {RunCaches.FileName} nor environment.md gives the caches, so L2 and L3 are not marked");
            return ([], "unknown (no caches.json, no cache row in environment.md)");
        }

        return (fromEnvironment, "environment.md's cache row (this run has no caches.json)");
    }

    private static ChartRef? FlameChart(SectionContext context, string mode, bool besidePrevious)
    {
        string path = Path.Combine(context.PostFolder, FlameFolder, $"{mode}.folded");
        if (!File.Exists(path))
        {
            context.Problem($"{context.Run.Relative(path)}: not found, so no flame graph of perf-{mode} (flame-graph.sh runs in the quick and full profiles, with perf)");
            return null;
        }

        FoldedStacks stacks;
        try
        {
            stacks = FoldedStacks.Load(path);
        }
        catch (InvalidDataException e)
        {
            context.Problem(e.Message);
            return null;
        }

        context.Read(path);
        var (model, height) = FlameGraphChart.Model(stacks, $"Post 5: where perf-{mode} spends its samples");
        return new ChartRef(context.Charts.Save(model, $"post5-flame-{mode}.svg", height, FlameGraphChart.Width),
            $"Flame graph of perf-{mode} ({stacks.Root.Samples:N0} samples): hover a frame for its full name", besidePrevious);
    }
}
