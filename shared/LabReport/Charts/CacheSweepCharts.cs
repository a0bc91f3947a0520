using System.Globalization;
using LabReport.RunFiles;
using LabReport.Sections;
using MeasurementLab;
using OxyPlot;
using OxyPlot.Axes;

namespace LabReport.Charts;

/// <summary>One point of a recorded latency sweep (cache-sweep.csv).</summary>
public sealed record SweepSample(double Bytes, double Nanoseconds, double Low, double High);

/// <summary>
/// The cache sweep's chart: where are this machine's cache levels, and do sysfs and CPUID agree with the measurement?
/// Latency per dependent load against the working set (both log), the spread of each point, the levels the sweep
/// detected (dashed lines, labelled along them) and the sizes each other source claims (markers on the curve).
/// </summary>
public static class CacheSweepCharts
{
    /// <summary>The file the programs' <c>caches --write</c> records the sweep in.</summary>
    public const string SweepFile = "cache-sweep.csv";

    private static readonly OxyPlot.MarkerType[] SourceMarkers = [MarkerType.Square, MarkerType.Triangle, MarkerType.Diamond];

    /// <summary>The chart of the sweep in <paramref name="folder"/> (a post folder), when it can be drawn.</summary>
    internal static IEnumerable<ChartRef> Draw(SectionContext context, string folder)
    {
        string csv = Path.Combine(folder, SweepFile);
        context.Read(csv);
        List<SweepSample> curve;
        try
        {
            curve = ReadCurve(csv);
        }
        catch (Exception e) when (e is IOException or FormatException or IndexOutOfRangeException)
        {
            context.Problem($"the cache sweep could not be charted: {e.Message}");
            yield break;
        }

        var caches = context.Run.Caches.Of(Path.GetFileName(folder));
        if (caches is null)
        {
            context.Problem($"{context.Run.Relative(Path.Combine(folder, RunCaches.FileName))}: not found or not usable, so no levels or claims are marked");
        }
        else
        {
            context.Read(caches.File);
        }

        if (curve.Count < 2)
        {
            context.Problem($"{context.Run.Relative(csv)}: fewer than two points");
            yield break;
        }

        yield return new ChartRef(context.Charts.Save(Model(curve, caches?.Sources), "cache-sweep.svg"),
            "Latency per load vs working set (log), the detected levels and each source's claimed sizes");
    }

    /// <summary>The chart's model.</summary>
    /// <param name="curve">The sweep, ascending working sets.</param>
    /// <param name="sources">What sysfs, CPUID and the sweep itself say (null: nothing recorded).</param>
    public static PlotModel Model(IReadOnlyList<SweepSample> curve, CacheSources? sources)
    {
        ArgumentNullException.ThrowIfNull(curve);
        // The widest spread, min to max over its repeats, relative to the point: most are narrower than a marker, so the
        // subtitle says how wide the bars get rather than promising bars a reader would look for in vain.
        double widest = curve.Max(p => p.Nanoseconds > 0 ? Math.Max(p.High / p.Nanoseconds - 1, 1 - p.Low / p.Nanoseconds) : 0);
        var model = ChartStyle.Model("Latency per load vs working set (pointer chase, random single cycle)",
            $"bars: each point's min–max over its repeats (at most ±{widest:0%}; a bar shorter than its marker is hidden by it)\n" +
            "vertical lines: the steps this sweep detected; markers: the sizes sysfs and CPUID claim (the report uses sysfs's where recorded)");
        model.Axes.Add(ChartStyle.Log(AxisPosition.Bottom, "working set (bytes, log)"));
        model.Axes.Add(ChartStyle.Log(AxisPosition.Left, "ns per load (log)"));
        model.Series.Add(ChartStyle.Line("measured", ChartStyle.Color(0), MarkerType.Circle, curve.Select(p => (p.Bytes, p.Nanoseconds))));
        model.Series.Add(ChartStyle.ErrorBars("spread", ChartStyle.Color(0), curve.Select(p => (p.Bytes, p.Low, p.High))));
        if (sources?.Measured is { } measured)
        {
            int style = 0;
            foreach (string level in CacheSizes.LevelNames)
            {
                if (measured.Sizes.Of(level) is { } bytes)
                {
                    ChartStyle.AddReference(model, vertical: true, bytes, $"sweep step {level}: {CacheTopology.FormatBytes(bytes)}", style++);
                }
            }
        }

        // Sources that agree share one marker: two markers drawn on one spot would hide one of them.
        var claims = sources?.Sysfs?.Sizes is { } sysfs && sources.Cpuid is { } cpuid && sysfs.KnownSizes().SequenceEqual(cpuid.KnownSizes())
            ? new (string Name, CacheSizes? Sizes)[] { ("sysfs = CPUID", sysfs) }
            : [("sysfs", sources?.Sysfs?.Sizes), ("CPUID", sources?.Cpuid)];
        for (int i = 0; i < claims.Length; i++)
        {
            if (claims[i].Sizes is not { } sizes)
            {
                continue;
            }

            var marks = sizes.KnownSizes().Where(s => s >= curve[0].Bytes && s <= curve[^1].Bytes).Select(s => ((double)s, LatencyAt(curve, s))).ToList();
            if (marks.Count > 0)
            {
                // The legend is outside the plot and measured, so it can carry the sizes themselves.
                model.Series.Add(ChartStyle.Points($"{claims[i].Name}: {string.Join(" / ", sizes.KnownSizes().Select(CacheTopology.FormatBytes))}",
                    ChartStyle.Color(i + 1), SourceMarkers[i % SourceMarkers.Length], marks));
            }
        }

        return model;
    }

    private static List<SweepSample> ReadCurve(string path) =>
        [.. File.ReadLines(path).Skip(1).Where(l => l.Length > 0).Select(l => l.Split(',')).Select(f => new SweepSample(
            Number(f[0]), Number(f[1]), Number(f[2]), Number(f[3])))];

    private static double Number(string text) => double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);

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
}
