using LabReport.Charts;
using LabReport.RunFiles;
using OxyPlot;
using OxyPlot.Axes;

namespace LabReport.Sections;

/// <summary>Post 1: one optimization, three benchmarks, three verdicts.</summary>
public sealed class WhyBenchmarksLieSection : PostSection
{
    private const string Threaded = "WhyBenchmarksLieBenchmark";
    private const string Sequential = "WhyBenchmarksLieSequentialBenchmark";

    /// <inheritdoc />
    public override string Post => "why-benchmarks-lie";

    /// <inheritdoc />
    protected override IEnumerable<ClaimRow> Claims(SectionContext context)
    {
        var set = context.Benchmarks();
        BenchmarkResult? At(string @class, string method, string backend, int threads) =>
            set.Find(@class, method, ("Backend", backend), ("ThreadCount", threads.ToString(System.Globalization.CultureInfo.InvariantCulture)));

        yield return RatioClaim(context, "lazy", At(Sequential, "InsertSequential", "Striped", 1), At(Sequential, "InsertSequential", "Lock", 1),
            "InsertSequential Striped and Lock at 1 thread", throughput: true);
        yield return RatioClaim(context, "narrow-32", At(Threaded, "InsertNarrow", "Striped", 32), At(Threaded, "InsertNarrow", "Lock", 32),
            "InsertNarrow Striped and Lock at 32 threads", throughput: true);
        yield return RatioClaim(context, "realistic-32", At(Threaded, "InsertRealistic", "Striped", 32), At(Threaded, "InsertRealistic", "Lock", 32),
            "InsertRealistic Striped and Lock at 32 threads", throughput: true);
        yield return RatioClaim(context, "noflush-32", At(Threaded, "InsertRealisticNoFlush", "Lock", 32), At(Threaded, "InsertRealisticNoFlush", "Striped", 32),
            "InsertRealisticNoFlush Lock and Striped at 32 threads");
        yield return RatioClaim(context, "narrow-vs-realistic", At(Threaded, "InsertNarrow", "Striped", 32), At(Threaded, "InsertRealistic", "Striped", 32),
            "InsertNarrow and InsertRealistic, Striped at 32 threads", throughput: true);
    }

    // CI bars that reach ∞ stop at 3× the fastest mean, so the axis stays on the data.
    private static double ClipAbove(BenchmarkSet set) =>
        3e9 / set.Results.Where(r => r.MeanNs > 0).Select(r => r.MeanNs).DefaultIfEmpty(1).Min();

    /// <inheritdoc />
    protected override IEnumerable<ChartRef> Charts(SectionContext context)
    {
        var set = context.Benchmarks();
        (string Scenario, string Class, string Method)[] scenarios =
        [
            ("Lazy", Sequential, "InsertSequential"),
            ("Narrow", Threaded, "InsertNarrow"),
            ("Realistic", Threaded, "InsertRealistic"),
        ];
        var model = ChartFile.Model("Post 1: throughput by scenario and thread count", "Lock (solid) vs Striped (dashed), 99.9% CI bars (clipped where they reach ∞)",
            OxyPlot.Legends.LegendPosition.RightMiddle);
        model.Axes.Add(new LogarithmicAxis { Position = AxisPosition.Bottom, Title = "threads", Base = 2, MajorStep = 1, MinorStep = 1 });
        model.Axes.Add(ChartFile.Log(AxisPosition.Left, "ops/s (log)"));
        int colour = 0;
        int drawn = 0;
        foreach (var (scenario, @class, method) in scenarios)
        {
            foreach (string backend in new[] { "Lock", "Striped" })
            {
                var points = set.Results
                    .Where(r => r.Class == @class && r.Method == method && r.Parameter("Backend") == backend && !double.IsNaN(r.MeanNs))
                    .Select(r => (Threads: Quantity.Number(r.Parameter("ThreadCount")) ?? double.NaN, Result: r))
                    .Where(p => p.Threads > 0)
                    .OrderBy(p => p.Threads)
                    .ToList();
                if (points.Count == 0)
                {
                    continue;
                }

                // Lock and Striped side by side: a small horizontal offset keeps their bars apart on the log axis.
                double offset = backend == "Lock" ? 0.97 : 1.03;
                var color = ChartFile.Color(colour);
                var line = ChartFile.Line($"{scenario} {backend}", color, backend == "Lock" ? MarkerType.Circle : MarkerType.Triangle,
                    points.Select(p => (p.Threads * offset, 1e9 / p.Result.MeanNs)), backend == "Lock" ? LineStyle.Solid : LineStyle.Dash);
                model.Series.Add(line);
                model.Series.Add(ChartFile.ErrorBars($"{scenario} {backend} CI", color,
                    points.Select(p => { var (lo, hi) = RateInterval(p.Result); return (p.Threads * offset, lo, hi); }), clip: ClipAbove(set)));
                drawn++;
            }

            colour++;
        }

        if (drawn == 0)
        {
            context.Problem("why-benchmarks-lie: no Lazy/Narrow/Realistic results, so no throughput chart");
            yield break;
        }

        yield return new ChartRef(ChartFile.Save(model, context.ChartDirectory, "post1-throughput.svg"),
            "Throughput (ops/s, log) by scenario and thread count, Lock vs Striped, with 99.9% CI bars");
    }
}
