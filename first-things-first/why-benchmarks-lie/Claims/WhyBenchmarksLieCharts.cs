using LabReport;
using LabReport.Charts;
using LabReport.Claims;
using LabReport.RunFiles;
using LabReport.Sections;
using OxyPlot;
using OxyPlot.Axes;

namespace WhyBenchmarksLie.Claims;

/// <summary>
/// Post 1's chart: does striping pay? Striped / Lock throughput by thread count, one line per scenario, with the
/// ratio's interval (the claims' own estimate) and the post's three ratios.
/// </summary>
internal static class WhyBenchmarksLieCharts
{
    // Scenario, benchmark class and method, and the claim that gives the post's ratio at that scenario's thread count.
    private static readonly (string Scenario, string Class, string Method, string Claim, int Threads)[] Scenarios =
    [
        ("Lazy", WhyBenchmarksLieSection.Sequential, "InsertSequential", "lazy", 1),
        ("Narrow", WhyBenchmarksLieSection.Threaded, "InsertNarrow", "narrow-32", 32),
        ("Realistic", WhyBenchmarksLieSection.Threaded, "InsertRealistic", "realistic-32", 32),
    ];

    public static IEnumerable<ChartRef> Draw(SectionContext context)
    {
        var set = context.Benchmarks();
        var all = Scenarios.Select(s => Ratios(set, s.Class, s.Method)).ToList();
        var model = ChartStyle.Model("Post 1: does striping pay? Striped / Lock throughput",
            $"by scenario and thread count; {(all.SelectMany(r => r).Any(r => r.Ratio.HasInterval) ? $"bars: {ChartStyle.IntervalLabel(all.SelectMany(r => r).Select(r => r.Ratio))}" : "no interval bars (no ratio has an interval here)")}\ndiamonds: the post's ratio, in its scenario's colour; above 1: Striped is faster");
        model.Axes.Add(new LogarithmicAxis { Position = AxisPosition.Bottom, Title = "threads (log)", Base = 2, MajorStep = 1, MinorStep = 1, MinimumPadding = 0.06, MaximumPadding = 0.06 });
        model.Axes.Add(ChartStyle.Log(AxisPosition.Left, "Striped / Lock throughput (×, log)"));
        ChartStyle.AddReference(model, vertical: false, 1, "1× = no difference");
        var published = new List<(string Scenario, OxyColor Color, double X, double Y)>();
        int drawn = 0;
        for (int i = 0; i < Scenarios.Length; i++)
        {
            var (scenario, _, _, claim, claimThreads) = Scenarios[i];
            var ratios = all[i];
            // The scenarios side by side: a small horizontal offset keeps their bars apart on the log axis.
            double offset = Math.Pow(2, (i - 1) * 0.05);
            var color = ChartStyle.Color(i);
            published.Add((scenario, color, claimThreads * offset, context.Published.Claim(claim).Value));
            if (ratios.Count == 0)
            {
                continue;
            }

            model.Series.Add(ChartStyle.Line(scenario, color, MarkerType.Circle, ratios.Select(r => (r.Threads * offset, r.Ratio.Value))));
            model.Series.Add(ChartStyle.ErrorBars($"{scenario} CI", color,
                ratios.Where(r => r.Ratio.HasInterval).Select(r => (r.Threads * offset, r.Ratio.Lower, r.Ratio.Upper))));
            drawn++;
        }

        if (drawn == 0)
        {
            context.Problem("why-benchmarks-lie: no Lazy/Narrow/Realistic results with both Lock and Striped, so no ratio chart");
            yield break;
        }

        // Each published ratio belongs to a scenario: at 32 threads Narrow's ~17× and Realistic's ~1.05× sit on one x.
        foreach (var (scenario, color, x, y) in published)
        {
            var marker = ChartStyle.Points($"the post: {scenario}", color, MarkerType.Diamond, [(x, y)]);
            marker.MarkerStroke = OxyColors.Black;
            marker.MarkerStrokeThickness = 1;
            marker.MarkerSize = 6;
            model.Series.Add(marker);
        }

        yield return new ChartRef(context.Charts.Save(model, "post1-striped-vs-lock.svg"),
            "Striped / Lock throughput (log) by thread count for the Lazy, Narrow and Realistic scenarios, with each ratio's confidence interval and the post's ratios");
    }

    // Lock time / Striped time (= Striped / Lock throughput) at every thread count both backends ran.
    private static List<(double Threads, RatioEstimate Ratio)> Ratios(BenchmarkSet set, string @class, string method) =>
        [.. set.Results
            .Where(r => r.Class == @class && r.Method == method && r.Parameter("Backend") == "Lock" && r.MeanNs > 0)
            .Select(@lock => (Threads: Quantity.Number(@lock.Parameter("ThreadCount")) ?? double.NaN, Lock: @lock,
                Striped: set.Find(@class, method, ("Backend", "Striped"), ("ThreadCount", @lock.Parameter("ThreadCount") ?? ""))))
            .Where(p => p.Threads > 0 && p.Striped is { MeanNs: > 0 })
            .Select(p => (p.Threads, RatioEstimate.Of(p.Lock, p.Striped!)))
            .Where(p => double.IsFinite(p.Item2.Value))
            .OrderBy(p => p.Threads)];
}
