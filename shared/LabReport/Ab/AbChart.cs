using LabReport.Charts;
using OxyPlot;
using OxyPlot.Annotations;
using OxyPlot.Axes;

namespace LabReport.Ab;

/// <summary>The ratio B/A of every benchmark, round by round, with the ±threshold band: drift, outlier rounds and a real change at a glance.</summary>
public static class AbChart
{
    /// <summary>The chart's file name in the output folder.</summary>
    public const string FileName = "ratio-per-round.svg";

    /// <summary>The chart of per-round ratios.</summary>
    public static PlotModel Model(IReadOnlyDictionary<string, IReadOnlyList<LabRounds.RoundRatio>> ratios, double threshold, string subtitle)
    {
        ArgumentNullException.ThrowIfNull(ratios);
        var model = ChartFile.Model("B / A per round", subtitle);
        var rounds = ChartFile.Linear(AxisPosition.Bottom, "round");
        rounds.MinimumMajorStep = 1; // rounds are whole numbers
        rounds.MinimumMinorStep = 1;
        model.Axes.Add(rounds);
        model.Axes.Add(ChartFile.Linear(AxisPosition.Left, "B / A time (above 1: B slower)"));
        int index = 0;
        foreach (var (key, perRound) in ratios)
        {
            model.Series.Add(ChartFile.Line(key, ChartFile.Color(index++), MarkerType.Circle, perRound.Select(r => ((double)r.Round, r.Ratio))));
        }

        foreach (double level in new[] { 1 / (1 + threshold), 1, 1 + threshold })
        {
            model.Annotations.Add(new LineAnnotation
            {
                Type = LineAnnotationType.Horizontal,
                Y = level,
                Color = OxyColors.Gray,
                LineStyle = level == 1 ? LineStyle.Solid : LineStyle.Dash,
            });
        }

        return model;
    }
}
