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
    /// <summary>Width of a flame graph (the report stacks them, one above the other).</summary>
    public const int Width = 640;

    // Height of one stack level, and what the title, subtitle and margins take.
    private const int RowHeight = 17;
    private const int Chrome = 100;

    // A subtitle line past the two the chrome leaves room for.
    private const int SubtitleLine = 15;

    // Frames narrower than this are not drawn (their samples stay in their callers' boxes and in the speedscope file):
    // without a floor, a single sample's deep stack (runtime start-up) would set the height of the whole graph.
    private const double MinFramePixels = 2;

    /// <summary>
    /// A frame with fewer than this share of the samples is folded into its caller (not drawn; its samples stay in the
    /// caller's box and in the speedscope file): the graph's height follows the stacks that hold the time.
    /// </summary>
    public const double MinShare = 0.01;

    // The plot's width: the chart's less its padding.
    private const double PlotWidth = Width - 24;

    /// <summary>The chart of <paramref name="stacks"/> and the height it needs (one row per stack level drawn).</summary>
    public static (PlotModel Model, int Height) Model(FoldedStacks stacks, string title)
    {
        ArgumentNullException.ThrowIfNull(stacks);
        stacks = stacks.ForReading();
        long minSamples = MinSamples(stacks.Root.Samples);
        int depth = FlameSeries.VisibleDepth(stacks.Root, minSamples);
        string? towers = Towers(stacks.Root, minSamples);
        var model = ChartStyle.Model(title,
            $"{stacks.Root.Samples:N0} samples; width = share of samples; callers below callees\n" +
            "hover a frame for its full name (green: .NET); repeated unnamed frames merged\n" +
            $"stacks under {MinShare:0%} of the samples (fewer than {minSamples:N0}) folded into their callers" +
            (towers is null ? "" : "\n" + towers));
        model.Legends.Clear();
        model.PlotAreaBorderThickness = new OxyThickness(0);
        model.Axes.Add(new LinearAxis { Position = AxisPosition.Bottom, Minimum = 0, Maximum = stacks.Root.Samples, IsAxisVisible = false });
        model.Axes.Add(new LinearAxis { Position = AxisPosition.Left, Minimum = 0, Maximum = depth, IsAxisVisible = false });
        model.Series.Add(new FlameSeries(stacks.Root, minSamples) { Title = null });
        return (model, Chrome + (towers is null ? SubtitleLine : 2 * SubtitleLine) + (RowHeight * depth));
    }

    /// <summary>The fewest samples a drawn frame has: <see cref="MinShare"/> of the total, and at least 2 px wide.</summary>
    public static long MinSamples(long total) =>
        Math.Max(1, Math.Max((long)Math.Ceiling(total * MinShare), (long)Math.Ceiling(total * MinFramePixels / PlotWidth)));

    /// <summary>
    /// A note on the drawn function that spends the most samples in itself when it is drawn in more than one tower
    /// (reached through different callers, or another JIT tier of a caller), e.g. "SumRandom() is split into 2 towers (100 + 35 samples): its callers differ";
    /// null when no such function is split.
    /// </summary>
    public static string? Towers(FlameFrame root, long minSamples)
    {
        ArgumentNullException.ThrowIfNull(root);
        var drawn = new List<FlameFrame>();
        void Walk(FlameFrame frame)
        {
            drawn.Add(frame);
            foreach (var child in frame.Children.Where(c => c.Samples >= minSamples))
            {
                Walk(child);
            }
        }

        Walk(root);
        var split = drawn.Where(f => f.Self > 0).GroupBy(f => Function(f.Name), StringComparer.Ordinal)
            .Where(g => g.Count() > 1)
            .OrderByDescending(g => g.Sum(f => f.Self))
            .FirstOrDefault();
        return split is null
            ? null
            : $"{Method(split.Key)} is split into {split.Count()} towers ({string.Join(" + ", split.Select(f => f.Samples.ToString("N0", System.Globalization.CultureInfo.InvariantCulture)))} samples): its callers differ";
    }

    // A function's name without its JIT tier ("[OptimizedTier1]"): the tiers of one method are one function to a reader.
    private static string Function(string frame)
    {
        string name = FlameSeries.ShortName(frame);
        int tier = name.LastIndexOf(")[", StringComparison.Ordinal);
        return tier > 0 && name.EndsWith(']') ? name[..(tier + 1)] : name;
    }

    // "Ns.Type::Method(args)" as "Method(args)": the subtitle has a line, not a page.
    private static string Method(string function) =>
        function.IndexOf("::", StringComparison.Ordinal) is var colons and >= 0 ? function[(colons + 2)..] : function;
}
