using LabReport;
using LabReport.Charts;
using LabReport.Claims;
using LabReport.RunFiles;
using LabReport.Sections;
using LabStatistics;
using OxyPlot;
using OxyPlot.Axes;
using OxyPlot.Series;

namespace StatisticsThatMatter.Claims;

/// <summary>
/// Post 4's charts: does the 5-iteration run resolve FilterBranch vs FilterTernary, and does the main run (every iteration, quartiles, the
/// mean's interval)? And does a large micro speedup survive end to end (micro, macro, Amdahl's prediction)?
/// </summary>
internal static class StatisticsCharts
{
    public static IEnumerable<ChartRef> Draw(SectionContext context)
    {
        var full = context.Benchmarks();
        var five = context.Benchmarks(StatisticsSection.FiveIterations);
        // Each tick names its run, as the title does; the iterations each kept (BenchmarkDotNet drops outliers, so the
        // 5-iteration run can keep 4) are in the subtitle, not on ticks that would then disagree with the title.
        var samples = new (string Label, string Run, BenchmarkResult? Result)[]
        {
            ("Branch, 5-it. run", "5-it.", five.Find("NoisyComparison", "FilterBranch")),
            ("Ternary, 5-it. run", "5-it.", five.Find("NoisyComparison", "FilterTernary")),
            ("Branch, main run", "main", full.Find("NoisyComparison", "FilterBranch")),
            ("Ternary, main run", "main", full.Find("NoisyComparison", "FilterTernary")),
        };
        if (samples.Any(s => s.Result?.Values is { Count: > 0 }))
        {
            yield return SamplesChart(context, samples);
        }
        else
        {
            context.Problem("statistics-that-matter: no raw iterations (full JSON) for NoisyComparison, so no dot/box plot");
        }

        if (AmdahlChart(context, full) is { } chart)
        {
            yield return chart;
        }
    }

    // "5 it." for one run; "8 it. × 5 rounds" for a run in rounds (its first round's iterations); null when not known.
    private static string? Iterations(BenchmarkResult? result) => result switch
    {
        { RoundResults: { Count: > 0 } rounds } => $"{rounds[0].Iterations} it. × {rounds.Count} rounds",
        { Iterations: int n } => $"{n} it.",
        _ => null,
    };

    // "iterations kept: 5-it. run Branch 4 it. × 8 rounds, Ternary 5 it. × 8 rounds; main run ...".
    private static string Kept((string Label, string Run, BenchmarkResult? Result)[] samples) =>
        "iterations kept: " + string.Join("; ", samples.GroupBy(s => s.Run).Select(g =>
            $"{g.Key} run " + string.Join(", ", g.Select(s => $"{s.Label.Split(',')[0]} {Iterations(s.Result) ?? "none"}"))));

    private static ChartRef SamplesChart(SectionContext context, (string Label, string Run, BenchmarkResult? Result)[] samples)
    {
        string level = ChartStyle.IntervalLabel(samples.Select(s => s.Result).OfType<BenchmarkResult>());
        var model = ChartStyle.Model("Post 4: FilterBranch vs FilterTernary, the 5-iteration run and the main run",
            $"dots: every iteration; boxes: quartiles; {(samples.Any(s => s.Result?.HasInterval == true) ? $"bars: the mean's {level}" : "no interval bars (no mean has an interval here)")}\n{Kept(samples)}");
        model.Axes.Add(ChartStyle.Categories(AxisPosition.Bottom, samples.Select(s => s.Label).ToList()));
        var y = ChartStyle.Linear(AxisPosition.Left, "time per operation (ms)");
        model.Axes.Add(y);
        var boxes = new BoxPlotSeries { Title = "quartiles", Fill = OxyColor.FromAColor(60, ChartStyle.Color(0)), BoxWidth = 0.35 };
        var dots = new List<(double, double)>();
        var bars = new List<(double, double, double)>();
        var means = new List<(double, double)>();
        for (int i = 0; i < samples.Length; i++)
        {
            var result = samples[i].Result;
            if (result?.Values is not { Count: > 0 } values)
            {
                continue;
            }

            var ms = values.Select(v => v / 1e6).Order().ToArray();
            boxes.Items.Add(new BoxPlotItem(i, ms[0], Quantile(ms, 0.25), Quantile(ms, 0.5), Quantile(ms, 0.75), ms[^1]));
            dots.AddRange(ms.Select((v, k) => (i - 0.38 + 0.04 * (k % 4), v)));
            means.Add((i + 0.32, result.MeanNs / 1e6));
            if (result.HasInterval)
            {
                bars.Add((i + 0.32, result.LowerNs / 1e6, result.UpperNs / 1e6));
            }
        }

        // The axis holds every dot and every interval whole: an interval cut at the plot's edge reads as a shorter one.
        var extent = dots.Select(d => d.Item2).Concat(bars.SelectMany(b => new[] { b.Item2, b.Item3 })).Concat(means.Select(m => m.Item2)).ToList();
        if (extent.Count > 0)
        {
            double pad = (extent.Max() - extent.Min()) * 0.04;
            y.Minimum = Math.Max(0, extent.Min() - pad);
            y.Maximum = extent.Max() + pad;
        }

        model.Series.Add(boxes);
        model.Series.Add(ChartStyle.Points("iterations", ChartStyle.Color(1), MarkerType.Circle, dots));
        model.Series.Add(ChartStyle.Points("mean", OxyColors.Black, MarkerType.Diamond, means));
        model.Series.Add(ChartStyle.ErrorBars(level, OxyColors.Black, bars));
        return new ChartRef(context.Charts.Save(model, "post4-samples.svg"),
            $"The 5-iteration run's and the main run's samples of FilterBranch vs FilterTernary: every iteration, quartiles and the mean's {level}");
    }

    private static ChartRef? AmdahlChart(SectionContext context, BenchmarkSet full)
    {
        var linear = full.Find("MicroVsMacro", "LookupLinear");
        var dictionary = full.Find("MicroVsMacro", "LookupDictionary");
        var pipelineLinear = full.Find("MicroVsMacro", "PipelineLinear");
        var pipelineDictionary = full.Find("MicroVsMacro", "PipelineDictionary");
        if (linear is null || dictionary is null || pipelineLinear is null || pipelineDictionary is null)
        {
            context.Problem("statistics-that-matter: MicroVsMacro incomplete, so no micro/macro/Amdahl chart");
            return null;
        }

        string[] labels = ["micro speedup S", "macro speedup (measured)", "Amdahl's prediction"];
        double f = linear.MeanNs / pipelineLinear.MeanNs;
        double s = linear.MeanNs / dictionary.MeanNs;
        double[] here = [s, pipelineLinear.MeanNs / pipelineDictionary.MeanNs, AmdahlLaw.OverallSpeedup(Math.Clamp(f, 0, 1), s)];
        var post = context.Published;
        double[] published = [1 / post.Claim("L3-micro").Value, 1 / post.Claim("L3-macro").Value, post.Claim("amdahl").Value];
        var model = ChartStyle.Model("Post 4: does a micro speedup survive end to end?", "micro vs macro vs Amdahl: speedups (baseline time / candidate time), log scale");
        model.Axes.Add(ChartStyle.Categories(AxisPosition.Bottom, labels));
        model.Axes.Add(ChartStyle.Log(AxisPosition.Left, "speedup (×, log)"));
        ChartStyle.AddReference(model, vertical: false, 1, "1× = no speedup");
        model.Series.Add(ChartStyle.Points("this run", ChartStyle.Color(0), MarkerType.Circle, here.Select((v, i) => ((double)i - 0.05, v))));
        model.Series.Add(ChartStyle.Points("the post", OxyColors.Black, MarkerType.Diamond, published.Select((v, i) => ((double)i + 0.05, v))));
        return new ChartRef(context.Charts.Save(model, "post4-micro-macro-amdahl.svg"),
            "Micro speedup vs measured macro speedup vs Amdahl's prediction, this run and the post");
    }

    // Linear interpolation between order statistics (type 7, R's default).
    private static double Quantile(double[] sorted, double q)
    {
        double h = (sorted.Length - 1) * q;
        int lo = (int)Math.Floor(h);
        int hi = Math.Min(lo + 1, sorted.Length - 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }
}
