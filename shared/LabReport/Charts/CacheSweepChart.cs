using OxyPlot;
using OxyPlot.Annotations;
using OxyPlot.Axes;

namespace LabReport.Charts;

/// <summary>One point of a recorded latency sweep (cache-sweep.csv).</summary>
public sealed record SweepSample(double Bytes, double Nanoseconds, double Low, double High);

/// <summary>
/// The classic picture of a memory hierarchy: latency per dependent load against the working set (both log), the
/// spread of each point, the levels the sweep detected (dashed vertical lines at their sizes), and the sizes each
/// source claims (markers on the curve where that source says a level ends).
/// </summary>
public static class CacheSweepChart
{
    private static readonly MarkerType[] SourceMarkers = [MarkerType.Square, MarkerType.Triangle, MarkerType.Diamond];

    /// <summary>The chart's model.</summary>
    /// <param name="curve">The sweep, ascending working sets.</param>
    /// <param name="detected">Measured level sizes by name ("L1d", "L2", "L3").</param>
    /// <param name="claims">Per source ("sysfs", "cpuid"): level name to claimed bytes.</param>
    public static PlotModel Model(IReadOnlyList<SweepSample> curve, IReadOnlyDictionary<string, long> detected,
        IReadOnlyList<(string Source, IReadOnlyDictionary<string, long> Sizes)> claims)
    {
        ArgumentNullException.ThrowIfNull(curve);
        ArgumentNullException.ThrowIfNull(detected);
        ArgumentNullException.ThrowIfNull(claims);
        var model = ChartFile.Model("Latency per load vs working set (pointer chase, random single cycle)",
            "bars: the spread of each point; dashed lines: levels the sweep detected; markers: sizes each source claims",
            OxyPlot.Legends.LegendPosition.BottomRight);
        model.Axes.Add(ChartFile.Log(AxisPosition.Bottom, "working set (bytes, log)"));
        model.Axes.Add(ChartFile.Log(AxisPosition.Left, "ns per load (log)"));
        model.Series.Add(ChartFile.Line("measured", ChartFile.Color(0), MarkerType.Circle, curve.Select(p => (p.Bytes, p.Nanoseconds))));
        model.Series.Add(ChartFile.ErrorBars("spread", ChartFile.Color(0), curve.Select(p => (p.Bytes, p.Low, p.High))));
        foreach (var (level, bytes) in detected)
        {
            model.Annotations.Add(new LineAnnotation
            {
                Type = LineAnnotationType.Vertical,
                X = bytes,
                Color = OxyColors.Gray,
                LineStyle = LineStyle.Dash,
                Text = $"measured {level} {Size(bytes)}",
                TextOrientation = AnnotationTextOrientation.Horizontal,
                TextLinePosition = 0.95, // near the top: left of each step the curve is still low
                TextHorizontalAlignment = HorizontalAlignment.Right,
            });
        }

        for (int i = 0; i < claims.Count; i++)
        {
            var (source, sizes) = claims[i];
            var marks = sizes.Where(s => s.Value >= curve[0].Bytes && s.Value <= curve[^1].Bytes)
                .Select(s => ((double)s.Value, LatencyAt(curve, s.Value))).ToList();
            if (marks.Count > 0)
            {
                // The legend stays short (its box is sized from approximate font metrics); the sizes go in the subtitle.
                model.Subtitle += $"; {source}: {string.Join(" / ", sizes.Values.Select(Size))}";
                model.Series.Add(ChartFile.Points($"{source} claims",
                    ChartFile.Color(i + 1), SourceMarkers[i % SourceMarkers.Length], marks));
            }
        }

        return model;
    }

    // Log-log interpolation of the curve at a working set inside its range.
    private static double LatencyAt(IReadOnlyList<SweepSample> curve, double bytes)
    {
        for (int i = 1; i < curve.Count; i++)
        {
            if (bytes <= curve[i].Bytes)
            {
                var (a, b) = (curve[i - 1], curve[i]);
                double t = Math.Log(bytes / a.Bytes) / Math.Log(b.Bytes / a.Bytes);
                return Math.Exp(Math.Log(a.Nanoseconds) + (t * Math.Log(b.Nanoseconds / a.Nanoseconds)));
            }
        }

        return curve[^1].Nanoseconds;
    }

    // Short enough for the legend: "48K", "1M", "508M".
    private static string Size(long bytes) => bytes >= 1 << 20
        ? (bytes / 1048576.0).ToString("0.#", System.Globalization.CultureInfo.InvariantCulture) + "M"
        : (bytes / 1024.0).ToString("0.#", System.Globalization.CultureInfo.InvariantCulture) + "K";
}
