using System.Globalization;
using System.Text.RegularExpressions;
using OxyPlot;
using OxyPlot.Series;

namespace LabReport.FlameGraphs;

/// <summary>
/// A flame graph drawn with OxyPlot's primitives: one box per frame, as wide as its samples, callers below callees (the
/// x axis counts samples, the y axis stack depth). A box's label is the frame's short name, cut to the box with the
/// chart font's measurement; its tooltip (an SVG &lt;title&gt;, shown on hover) the full name and the samples.
/// </summary>
internal sealed partial class FlameSeries(FlameFrame root, long minSamples) : XYAxisSeries
{
    // Gaps between boxes and the label's inset, in pixels; a box narrower than MinLabelWidth gets its tooltip only.
    private const double Gap = 0.5;
    private const double Inset = 3;
    private const double MinLabelWidth = 24;
    private const double LabelFontSize = 10;

    public override void Render(IRenderContext rc)
    {
        ArgumentNullException.ThrowIfNull(rc);
        Draw(rc, root, 0, 0, root.Samples);
    }

    private void Draw(IRenderContext rc, FlameFrame frame, long start, int depth, long total)
    {
        var bottomLeft = Transform(new DataPoint(start, depth));
        var topRight = Transform(new DataPoint(start + frame.Samples, depth + 1));
        var box = new OxyRect(bottomLeft, topRight);
        var inner = new OxyRect(box.Left + Gap, box.Top + Gap, Math.Max(0, box.Width - 2 * Gap), Math.Max(0, box.Height - 2 * Gap));
        double share = 100.0 * frame.Samples / total;
        rc.SetToolTip(string.Create(CultureInfo.InvariantCulture, $"{frame.Name} — {frame.Samples:N0} samples ({share:0.#}%), {frame.Self:N0} in the frame itself"));
        rc.DrawRectangle(inner, Color(frame.Name), OxyColors.Undefined, 0, EdgeRenderingMode.PreferSharpness);
        if (inner.Width >= MinLabelWidth && Fit(rc, ShortName(frame.Name), inner.Width - 2 * Inset) is { Length: > 0 } label)
        {
            rc.DrawText(new ScreenPoint(inner.Left + Inset, inner.Center.Y), label, OxyColors.Black, null, LabelFontSize, 400, 0,
                HorizontalAlignment.Left, VerticalAlignment.Middle);
        }

        rc.SetToolTip(null!); // OxyPlot's way to end a tooltip; its signature does not say null
        long offset = start;
        foreach (var child in frame.Children)
        {
            if (child.Samples >= minSamples)
            {
                Draw(rc, child, offset, depth + 1, total);
            }

            offset += child.Samples;
        }
    }

    /// <summary>Levels drawn from <paramref name="frame"/> up when frames under <paramref name="minSamples"/> are left out.</summary>
    internal static int VisibleDepth(FlameFrame frame, long minSamples) =>
        1 + frame.Children.Where(c => c.Samples >= minSamples).Select(c => VisibleDepth(c, minSamples)).DefaultIfEmpty(0).Max();

    /// <summary>
    /// The name a box shows: a .NET frame from the runtime's perf map ("instance int64 [Assembly] Ns.Type::Method()[Tier]")
    /// without its return type and assembly; other frames as they are.
    /// </summary>
    internal static string ShortName(string name)
    {
        var match = ManagedFrame().Match(name);
        return match.Success ? match.Groups["method"].Value : name;
    }

    /// <summary>.NET frames carry "::" between type and method.</summary>
    internal static bool IsManaged(string name) => name.Contains("::", StringComparison.Ordinal);

    // The longest prefix of text (with "..") that fits width, or "" when not even two characters do.
    private static string Fit(IRenderContext rc, string text, double width)
    {
        if (rc.MeasureText(text, null, LabelFontSize, 400).Width <= width)
        {
            return text;
        }

        for (int n = text.Length - 1; n >= 2; n--)
        {
            string cut = text[..n] + "..";
            if (rc.MeasureText(cut, null, LabelFontSize, 400).Width <= width)
            {
                return cut;
            }
        }

        return "";
    }

    // Warm colours, a stable shade per name (FNV-1a: string.GetHashCode changes between processes); .NET frames greener.
    private static OxyColor Color(string name)
    {
        uint hash = 2166136261;
        foreach (char c in name)
        {
            hash = (hash ^ c) * 16777619;
        }

        double t = (hash % 1000) / 1000.0;
        return IsManaged(name)
            ? OxyColor.FromRgb((byte)(80 + 60 * t), (byte)(180 + 50 * t), (byte)(90 + 40 * t))
            : OxyColor.FromRgb((byte)(225 + 30 * t), (byte)(110 + 100 * t), (byte)(40 + 40 * t));
    }

    [GeneratedRegex(@"^(?:instance )?\S+ \[[^\]]+\] (?<method>\S.*)$")]
    private static partial Regex ManagedFrame();
}
