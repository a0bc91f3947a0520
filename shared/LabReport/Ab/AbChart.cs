using LabReport.Charts;
using OxyPlot;
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
        var model = ChartStyle.Model("B / A per round", subtitle);
        var rounds = ChartStyle.Linear(AxisPosition.Bottom, "round");
        rounds.MinimumMajorStep = 1; // rounds are whole numbers
        rounds.MinimumMinorStep = 1;
        model.Axes.Add(rounds);
        model.Axes.Add(ChartStyle.Linear(AxisPosition.Left, "B / A time (above 1: B slower)"));
        int index = 0;
        foreach (var (key, perRound) in ratios)
        {
            model.Series.Add(ChartStyle.Line(key, ChartStyle.Color(index++), MarkerType.Circle, perRound.Select(r => ((double)r.Round, r.Ratio))));
        }

        ChartStyle.AddReference(model, vertical: false, 1, "no change");
        ChartStyle.AddReference(model, vertical: false, 1 + threshold, $"1 + {Format.Percent(threshold)}: slower beyond", style: 1);
        ChartStyle.AddReference(model, vertical: false, 1 / (1 + threshold), $"1 / (1 + {Format.Percent(threshold)}): faster beyond", style: 2);
        return model;
    }
}
