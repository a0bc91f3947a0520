using System.Text.RegularExpressions;
using LabReport.Charts;
using LabReport.RunFiles;
using OxyPlot;
using OxyPlot.Axes;

namespace LabReport.Sections;

/// <summary>Post 3: closed vs open loop latency, from the run's HdrHistogram distributions (.hgrm, milliseconds).</summary>
public sealed partial class CoordinatedOmissionSection : PostSection
{
    private static readonly (string File, string Name)[] Clients =
    [
        ("closed-loop.hgrm", "closed loop"),
        ("closed-loop-corrected.hgrm", "corrected"),
        ("open-loop.hgrm", "open loop"),
        ("concurrent-open-loop.hgrm", "concurrent"),
    ];

    /// <inheritdoc />
    public override string Post => "coordinated-omission";

    /// <inheritdoc />
    protected override IEnumerable<ClaimRow> Claims(SectionContext context)
    {
        var closed = Load(context, "closed-loop.hgrm");
        var corrected = Load(context, "closed-loop-corrected.hgrm");
        var open = Load(context, "open-loop.hgrm");
        yield return Percentile(context, "closed-p99", closed, 0.99);
        yield return Percentile(context, "open-p90", open, 0.90);
        yield return Percentile(context, "open-p99", open, 0.99);
        yield return PercentileRatio(context, "p99-jump", open, closed, 0.99, "open / closed p99");
        yield return PercentileRatio(context, "p50-same", open, closed, 0.50, "open / closed p50");
        yield return Pauses(context);
        yield return PercentileRatio(context, "corrected-p99", corrected, closed, 0.99, "corrected / closed p99");
    }

    /// <inheritdoc />
    protected override IEnumerable<ChartRef> Charts(SectionContext context)
    {
        var model = ChartFile.Model("Post 3: latency by percentile, closed vs corrected vs open vs concurrent",
            "HdrHistogram's plot: x = 1/(1 − percentile), log scale", OxyPlot.Legends.LegendPosition.RightBottom);
        model.Axes.Add(new LogarithmicAxis
        {
            Position = AxisPosition.Bottom,
            Title = "percentile",
            Minimum = 1,
            Maximum = 1e5,
            LabelFormatter = PercentileLabel,
            MajorGridlineStyle = LineStyle.Dot,
        });
        model.Axes.Add(ChartFile.Log(AxisPosition.Left, "latency (ms, log)"));
        int drawn = 0;
        foreach (var (file, name) in Clients)
        {
            var hgrm = Load(context, file);
            if (hgrm is null)
            {
                continue;
            }

            var points = hgrm.Points.Where(p => p.Percentile < 1 && p.Value > 0).Select(p => (1 / (1 - p.Percentile), p.Value));
            model.Series.Add(ChartFile.Line(name, ChartFile.Color(drawn), MarkerType.None, points));
            drawn++;
        }

        if (drawn == 0)
        {
            yield break;
        }

        yield return new ChartRef(ChartFile.Save(model, context.ChartDirectory, "post3-percentiles.svg"),
            "Latency percentile distribution of the closed, corrected, open and concurrent clients (x labelled 90%, 99%, 99.9%, 99.99%)");
    }

    // 10 -> "90%", 100 -> "99%", 1000 -> "99.9%": the axis speaks percentiles, not 1/(1-p).
    internal static string PercentileLabel(double x)
    {
        if (x < 1 || !ChartFile.IsPowerOfTen(x))
        {
            return "";
        }

        double p = (1 - 1 / x) * 100;
        return x < 1.5 ? "0%" : $"{p.ToString("0.####", System.Globalization.CultureInfo.InvariantCulture)}%";
    }

    private static Hgrm? Load(SectionContext context, string file)
    {
        string? path = context.File(file);
        if (path is null)
        {
            return null;
        }

        try
        {
            return Hgrm.Load(path);
        }
        catch (Exception e) when (e is InvalidDataException or IOException or UnauthorizedAccessException)
        {
            context.Problem(e is InvalidDataException ? e.Message : $"{path}: cannot be read ({e.Message})");
            return null;
        }
    }

    private static ClaimRow Percentile(SectionContext context, string id, Hgrm? hgrm, double percentile)
    {
        var claim = context.Published.Claim(id);
        if (hgrm is null)
        {
            return Judge.Missing(claim, "the .hgrm distribution is not in the run");
        }

        double value = hgrm.At(percentile);
        return Judge.Value(claim, value, $"{value.ToString("0.##", System.Globalization.CultureInfo.InvariantCulture)} ms (p{percentile * 100:0.#} of {hgrm.TotalCount:N0}; one histogram, no interval)");
    }

    private static ClaimRow PercentileRatio(SectionContext context, string id, Hgrm? numerator, Hgrm? denominator, double percentile, string what)
    {
        var claim = context.Published.Claim(id);
        if (numerator is null || denominator is null)
        {
            return Judge.Missing(claim, $"{what}: a .hgrm distribution is not in the run");
        }

        double n = numerator.At(percentile);
        double d = denominator.At(percentile);
        return Judge.Ratio(claim, RatioEstimate.Point(n / d), $"{Format.Number(n)} / {Format.Number(d)} ms");
    }

    private static ClaimRow Pauses(SectionContext context)
    {
        var claim = context.Published.Claim("pauses");
        string? report = context.File("report.md");
        if (report is null)
        {
            return Judge.Missing(claim, "report.md is not in the run");
        }

        var match = PausePattern().Match(File.ReadAllText(report));
        return match.Success && Quantity.Number(match.Groups[1].Value) is double pauses
            ? Judge.Value(claim, pauses, $"{pauses:N0} (closed loop, report.md)")
            : Judge.Missing(claim, "report.md has no \"N of them hit a pause\" line");
    }

    [GeneratedRegex(@"([\d,]+) of them hit a pause")]
    private static partial Regex PausePattern();
}
