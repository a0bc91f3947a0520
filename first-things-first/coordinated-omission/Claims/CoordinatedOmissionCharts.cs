using LabReport;
using LabReport.Charts;
using LabReport.Claims;
using LabReport.RunFiles;
using LabReport.Sections;
using OxyPlot;
using OxyPlot.Axes;

namespace CoordinatedOmission.Claims;

/// <summary>
/// Post 3's chart: where does each client's latency distribution hide the pauses? HdrHistogram's percentile plot of the
/// closed, corrected, open and concurrent clients.
/// </summary>
internal static class CoordinatedOmissionCharts
{
    public static IEnumerable<ChartRef> Draw(SectionContext context)
    {
        var model = ChartStyle.Model("Post 3: latency by percentile, closed vs corrected vs open vs concurrent",
            "HdrHistogram's plot: x = 1/(1 − percentile), log scale; the open loop wide, the concurrent dashed over it");
        model.Axes.Add(new LogarithmicAxis
        {
            Position = AxisPosition.Bottom,
            Title = "percentile",
            Minimum = 1,
            Maximum = 1e5,
            LabelFormatter = PercentileLabel,
            MajorGridlineStyle = LineStyle.Dot,
        });
        model.Axes.Add(ChartStyle.Log(AxisPosition.Left, "latency (ms, log)"));
        int drawn = 0;
        foreach (var (file, name) in CoordinatedOmissionSection.Clients)
        {
            var hgrm = CoordinatedOmissionSection.Load(context, file);
            if (hgrm is null)
            {
                continue;
            }

            var points = hgrm.Points.Where(p => p.Percentile < 1 && p.Value > 0).Select(p => (1 / (1 - p.Percentile), p.Value));
            var line = ChartStyle.Line(name, ChartStyle.Color(drawn), MarkerType.None, points);
            // Open loop and concurrent trace nearly one curve: the open loop wide beneath, the concurrent dashed over it,
            // so each stays visible where they meet.
            if (name == "open loop")
            {
                line.StrokeThickness = 5;
                line.Color = OxyColor.FromAColor(150, line.Color);
            }
            else if (name == "concurrent")
            {
                line.LineStyle = LineStyle.Dash;
            }

            model.Series.Add(line);
            drawn++;
        }

        if (drawn == 0)
        {
            yield break;
        }

        yield return new ChartRef(context.Charts.Save(model, "post3-percentiles.svg"),
            "Latency percentile distribution of the closed, corrected, open and concurrent clients (x labelled 90%, 99%, 99.9%, 99.99%)");
    }

    // 10 -> "90%", 100 -> "99%", 1000 -> "99.9%": the axis speaks percentiles, not 1/(1-p).
    internal static string PercentileLabel(double x)
    {
        if (x < 1 || !ChartStyle.IsPowerOfTen(x))
        {
            return "";
        }

        double p = (1 - 1 / x) * 100;
        return x < 1.5 ? "0%" : $"{p.ToString("0.####", System.Globalization.CultureInfo.InvariantCulture)}%";
    }
}
