using System.Globalization;
using LabReport.Charts;
using LabReport.RunFiles;
using OxyPlot;
using OxyPlot.Annotations;
using OxyPlot.Axes;

namespace LabReport.Sections;

/// <summary>Post 5: random vs sequential access by size, and the cache cliff predicted before the run.</summary>
public sealed class HardwareCountersSection : PostSection
{
    private static readonly (string Id, string N)[] Sizes = [("ratio-1M", "1000000"), ("ratio-8M", "8000000"), ("ratio-64M", "64000000")];

    // SumRandom touches a long[] and an int[] of N elements: 12 bytes per element.
    private const double RandomBytesPerElement = 12;

    /// <inheritdoc />
    public override string Post => "hardware-counters";

    /// <inheritdoc />
    protected override IEnumerable<ClaimRow> Claims(SectionContext context)
    {
        var set = context.Benchmarks();
        foreach (var (id, n) in Sizes)
        {
            yield return RatioClaim(context, id, set.Find("AccessPatterns", "SumRandom", ("N", n)), set.Find("AccessPatterns", "SumSequential", ("N", n)),
                $"AccessPatterns SumRandom and SumSequential at N = {n}");
        }

        bool measured = set.Results.Any(r => r.Class == "AccessPatterns") && set.Results.Where(r => r.Class == "AccessPatterns").All(r => r.HasInterval);
        yield return measured
            ? Cliff(context)
            : Judge.Row(context.Published.Claim("cliff"), "—", Verdict.NotMeasurableHere, "AccessPatterns has no intervals (or no results): a jump cannot be told from noise");
    }

    /// <inheritdoc />
    protected override IEnumerable<ChartRef> Charts(SectionContext context)
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
            yield break;
        }

        var model = ChartFile.Model("Post 5: SumRandom / SumSequential by N", "99.9% CI bars; vertical lines: where SumRandom's 12N bytes fill L2 and L3");
        var x = ChartFile.Log(AxisPosition.Bottom, "N (elements, log)");
        double? l2 = context.Run.Environment.CacheBytes("L2") / RandomBytesPerElement;
        x.Minimum = Math.Min(points[0].N, l2 ?? double.MaxValue) / 2;
        x.Maximum = points[^1].N * 2;
        model.Axes.Add(x);
        model.Axes.Add(ChartFile.Log(AxisPosition.Left, "ratio (log)"));
        model.Series.Add(ChartFile.Line("this run", ChartFile.Color(0), MarkerType.Circle, points.Select(p => (p.N, p.Ratio.Value))));
        model.Series.Add(ChartFile.ErrorBars("this run CI", ChartFile.Color(0), points.Select(p => (p.N, p.Ratio.Lower, p.Ratio.Upper))));
        model.Series.Add(ChartFile.Line("post", OxyColors.Black, MarkerType.Diamond,
            Sizes.Select(s => (double.Parse(s.N, CultureInfo.InvariantCulture), context.Published.Claim(s.Id).Value)), LineStyle.Dash));
        foreach (string level in new[] { "L2", "L3" })
        {
            if (context.Run.Environment.CacheBytes(level) is long bytes)
            {
                model.Annotations.Add(new LineAnnotation
                {
                    Type = LineAnnotationType.Vertical,
                    X = bytes / RandomBytesPerElement,
                    Color = OxyColors.Gray,
                    LineStyle = LineStyle.Dash,
                    Text = level == "L3" ? $"L3 {bytes >> 20} MiB: predicted cliff" : $"L2 {bytes >> 10} KiB",
                });
            }
            else
            {
                context.Problem($"hardware-counters chart: environment.md gives no {level} size, so it is not marked");
            }
        }

        yield return new ChartRef(ChartFile.Save(model, context.ChartDirectory, "post5-ratio-by-n.svg"),
            "Random/sequential ratio vs N (log), with 99.9% CI bars, the L2 and L3 sizes and the predicted cliff");
    }

    // The program checks its own prediction after the run (…-prediction.md): "Agrees: …", "Disagrees: …" or "No prediction: …".
    private static ClaimRow Cliff(SectionContext context)
    {
        var claim = context.Published.Claim("cliff");
        string? path = Directory.Exists(context.PostFolder)
            ? Directory.GetFiles(context.PostFolder, "*-prediction.md").Order(StringComparer.Ordinal).FirstOrDefault()
            : null;
        if (path is null)
        {
            return Judge.Missing(claim, "no *-prediction.md (the prediction check) in the run");
        }

        context.Read(path);
        string? line = File.ReadLines(path).FirstOrDefault(l => l.StartsWith("Agrees", StringComparison.Ordinal)
            || l.StartsWith("Disagrees", StringComparison.Ordinal) || l.StartsWith("No prediction", StringComparison.Ordinal));
        return line switch
        {
            null => Judge.Missing(claim, "the prediction file has no Agrees/Disagrees/No prediction line"),
            _ when line.StartsWith("Agrees", StringComparison.Ordinal) => Judge.Row(claim, line, Verdict.Reproduced, "the program's own check after the run"),
            _ when line.StartsWith("Disagrees", StringComparison.Ordinal) => Judge.Row(claim, line, Verdict.NotReproduced, "the program's own check after the run"),
            _ => Judge.Row(claim, line, Verdict.NotMeasurableHere, "no cache sizes, no prediction"),
        };
    }
}
