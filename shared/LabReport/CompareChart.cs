using LabReport.Charts;
using OxyPlot;
using OxyPlot.Axes;

namespace LabReport;

/// <summary><c>compare</c>'s chart: each benchmark's ratio and its interval, one colour per run, 1 marked.</summary>
public static class CompareChart
{
    /// <summary>Writes compare.svg into <paramref name="directory"/>, tall enough for one row per benchmark; returns its file name.</summary>
    public static string Save(CompareReport report, string directory)
    {
        ArgumentNullException.ThrowIfNull(report);
        int rows = report.Runs.SelectMany(c => c.Changes.Select(x => x.Key)).Distinct().Count();
        return new ChartWriter(directory).Save(Model(report.Runs, report.Baseline), "compare.svg", Math.Max(ChartStyle.Height, 160 + 14 * rows));
    }

    private static PlotModel Model(IReadOnlyList<RunComparison> all, RunFolder baseline)
    {
        var keys = all.SelectMany(a => a.Changes.Select(c => c.Key)).Distinct().Order(StringComparer.Ordinal).ToList();
        var model = ChartStyle.Model($"Compare against {baseline.Name}", "run / baseline time per operation, log scale; bars: 99.9% interval");
        model.Axes.Add(ChartStyle.Log(AxisPosition.Bottom, "ratio (below 1 = faster)"));
        var axis = ChartStyle.Categories(AxisPosition.Left, keys.Select(Short).ToList());
        axis.FontSize = 8;
        model.Axes.Add(axis);
        for (int r = 0; r < all.Count; r++)
        {
            var color = ChartStyle.Color(r);
            var points = all[r].Changes.Where(c => double.IsFinite(c.Ratio.Value) && c.Ratio.Value > 0)
                .Select(c => (Y: keys.IndexOf(c.Key) + 0.15 * r, c.Ratio)).ToList();
            var series = ChartStyle.Points(all[r].Run.Name, color, MarkerType.Circle, points.Select(p => (p.Ratio.Value, p.Y)));
            model.Series.Add(series);
            var bars = new OxyPlot.Series.LineSeries { Color = color, RenderInLegend = false };
            foreach (var p in points.Where(p => p.Ratio.HasInterval))
            {
                bars.Points.Add(new DataPoint(Math.Max(p.Ratio.Lower, 1e-6), p.Y));
                bars.Points.Add(new DataPoint(Math.Min(p.Ratio.Upper, 1e6), p.Y));
                bars.Points.Add(DataPoint.Undefined);
            }

            model.Series.Add(bars);
        }

        model.Annotations.Add(new OxyPlot.Annotations.LineAnnotation { Type = OxyPlot.Annotations.LineAnnotationType.Vertical, X = 1, Color = OxyColors.Gray });
        return model;
    }

    // The end of a key (method and parameters) tells benchmarks apart; its start (post, class) repeats.
    private static string Short(string key) => key.Length <= 60 ? key : "..." + key[^57..];
}
