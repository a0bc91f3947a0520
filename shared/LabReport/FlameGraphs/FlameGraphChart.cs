using LabReport.Charts;
using OxyPlot;
using OxyPlot.Axes;

namespace LabReport.FlameGraphs;

/// <summary>
/// A flame graph as a chart of the report. No maintained flame-graph renderer is packaged for .NET or Debian here, and
/// the FlameGraph scripts are not in Debian: this is the lab's own, on OxyPlot's drawing primitives.
/// </summary>
public static class FlameGraphChart
{
    /// <summary>Width of a flame graph: two fit side by side in the report's page.</summary>
    public const int Width = 640;

    // Height of one stack level, and what the title, subtitle and margins take.
    private const int RowHeight = 17;
    private const int Chrome = 100;

    // Frames narrower than this are not drawn (their samples stay in their callers' boxes and in the speedscope file):
    // without a floor, a single sample's deep stack (runtime start-up) would set the height of the whole graph.
    private const double MinFramePixels = 2;

    // The plot's width: the chart's less its padding.
    private const double PlotWidth = Width - 24;

    /// <summary>The chart of <paramref name="stacks"/> and the height it needs (one row per stack level drawn).</summary>
    public static (PlotModel Model, int Height) Model(FoldedStacks stacks, string title)
    {
        ArgumentNullException.ThrowIfNull(stacks);
        long minSamples = (long)Math.Ceiling(stacks.Root.Samples * MinFramePixels / PlotWidth);
        int depth = FlameSeries.VisibleDepth(stacks.Root, minSamples);
        var model = ChartStyle.Model(title,
            $"{stacks.Root.Samples:N0} samples; width = share of samples; callers below callees\n" +
            $"hover a frame for its full name (green: .NET){(minSamples > 1 ? $"; frames of fewer than {minSamples:N0} samples not drawn" : "")}");
        model.Legends.Clear();
        model.PlotAreaBorderThickness = new OxyThickness(0);
        model.Axes.Add(new LinearAxis { Position = AxisPosition.Bottom, Minimum = 0, Maximum = stacks.Root.Samples, IsAxisVisible = false });
        model.Axes.Add(new LinearAxis { Position = AxisPosition.Left, Minimum = 0, Maximum = depth, IsAxisVisible = false });
        model.Series.Add(new FlameSeries(stacks.Root, minSamples) { Title = null });
        return (model, Chrome + (RowHeight * depth));
    }
}
