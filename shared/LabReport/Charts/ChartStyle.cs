using OxyPlot;
using OxyPlot.Annotations;
using OxyPlot.Axes;
using OxyPlot.Series;

namespace LabReport.Charts;

/// <summary>
/// The lab's look, shared by every chart: size, title, a legend outside the plot area (it never sits on the data), axes
/// in the lab's number format, and the few series shapes the charts are made of.
/// </summary>
public static class ChartStyle
{
    /// <summary>Width of every chart, in SVG pixels.</summary>
    public const int Width = 900;

    /// <summary>Height of every chart.</summary>
    public const int Height = 520;

    /// <summary>A model with the lab's title, white background and a legend right of the plot area.</summary>
    public static PlotModel Model(string title, string? subtitle = null)
    {
        var model = new PlotModel
        {
            Title = title,
            Subtitle = subtitle,
            Background = OxyColors.White,
            TitleFontSize = 15,
            SubtitleFontSize = 11,
            TitleHorizontalAlignment = TitleHorizontalAlignment.CenteredWithinView,
            Padding = new OxyThickness(8, 8, 16, 8),
        };
        // Outside the plot area: the plot shrinks to make room (measured with the chart font), so no entry covers a point.
        model.Legends.Add(new OxyPlot.Legends.Legend
        {
            LegendPosition = OxyPlot.Legends.LegendPosition.RightTop,
            LegendPlacement = OxyPlot.Legends.LegendPlacement.Outside,
            LegendOrientation = OxyPlot.Legends.LegendOrientation.Vertical,
            LegendBorder = OxyColors.LightGray,
            LegendFontSize = 11,
        });
        return model;
    }

    /// <summary>A logarithmic axis with round ticks for its span (<see cref="LogTicks"/>), in the lab's number format (1K, 10M...).</summary>
    public static LogarithmicAxis Log(AxisPosition position, string title) => new RoundLogAxis
    {
        Position = position,
        Title = title,
        MajorGridlineStyle = LineStyle.Dot,
        MinorGridlineStyle = LineStyle.None,
        MinimumPadding = 0.05,
        MaximumPadding = 0.05,
        LabelFormatter = AxisLabel,
    };

    /// <summary>True for 1e-3, 1, 10, 1e6... (within rounding).</summary>
    public static bool IsPowerOfTen(double v) => v > 0 && Math.Abs(Math.Log10(v) - Math.Round(Math.Log10(v))) < 1e-6;

    /// <summary>
    /// The labelled (major) and unlabelled (minor) ticks of a log axis from <paramref name="minimum"/> to
    /// <paramref name="maximum"/>, always at round values: the densest of 1–9, 1-2-3-5-7, 1-2-5 × 10^k or powers of ten
    /// (every second, third… decade) whose closest labels are at least <paramref name="labelGapDecades"/> apart. OxyPlot's
    /// own choice on a short span labels points such as 14 and 28, or leaves a single label, so a reader could not read
    /// a 4× point. Null when fewer than two labels would show (a span under about a fifth of a decade).
    /// </summary>
    public static (IReadOnlyList<double> Major, IReadOnlyList<double> Minor)? LogTicks(double minimum, double maximum, double labelGapDecades)
    {
        if (!(minimum > 0) || !(maximum > minimum) || double.IsInfinity(maximum) || !(labelGapDecades > 0))
        {
            return null;
        }

        double decades = Math.Log10(maximum / minimum);
        int first = (int)Math.Floor(Math.Log10(minimum) + 1e-9), last = (int)Math.Floor(Math.Log10(maximum) + 1e-9);
        int[] labelled = MantissaSets.FirstOrDefault(set => SmallestGap(set) >= labelGapDecades) ?? [1];
        int every = labelled.Length > 1 ? 1 : Math.Max(1, (int)Math.Ceiling(labelGapDecades - 1e-9));
        var major = new List<double>();
        var minor = new List<double>();
        for (int k = first; k <= last; k++)
        {
            for (int m = 1; m <= 9; m++)
            {
                // m × 10^k from the exponent, so 3 × 10^-1 is 0.3, not 0.30000000000000004.
                double v = k >= 0 ? m * Math.Pow(10, k) : m / Math.Pow(10, -k);
                if (v < minimum * (1 - 1e-9) || v > maximum * (1 + 1e-9))
                {
                    continue;
                }

                if (labelled.Contains(m) && (labelled.Length > 1 || ((k % every) + every) % every == 0))
                {
                    major.Add(v);
                }
                else if (decades <= 6 || m == 1)
                {
                    minor.Add(v); // past six decades, only the decades left unlabelled: 2–9 would be a smear
                }
            }
        }

        return major.Count >= 2 ? (major, minor) : null;
    }

    // Densest first. Each set's smallest gap between neighbours, in decades, is what decides whether its labels fit.
    private static readonly int[][] MantissaSets = [[1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 5, 7], [1, 2, 5], [1]];

    private static double SmallestGap(int[] set)
    {
        double smallest = double.MaxValue;
        for (int i = 0; i < set.Length; i++)
        {
            int next = i + 1 < set.Length ? set[i + 1] : 10;
            smallest = Math.Min(smallest, Math.Log10((double)next / set[i]));
        }

        return smallest;
    }

    /// <summary>A tick's label: up to three significant digits, with K/M/G suffixes ("2", "0.05", "1.5K", "20M").</summary>
    public static string AxisLabel(double v)
    {
        if (!(v > 0) || double.IsInfinity(v))
        {
            return "";
        }

        double rounded = double.Parse(v.ToString("G3", System.Globalization.CultureInfo.InvariantCulture), System.Globalization.CultureInfo.InvariantCulture);
        (double scaled, string suffix) = rounded switch
        {
            >= 1e9 => (rounded / 1e9, "G"),
            >= 1e6 => (rounded / 1e6, "M"),
            >= 1e3 => (rounded / 1e3, "K"),
            _ => (rounded, ""),
        };
        return scaled.ToString("0.##########", System.Globalization.CultureInfo.InvariantCulture) + suffix;
    }

    // OxyPlot's log axis with its ticks from LogTicks; on a span too short for two round labels, OxyPlot's own. The gap
    // labels need comes from the plot area every chart gets at ChartStyle's size (the legend takes the right): about
    // 600 px wide and 380 px high, a horizontal label such as "800K" about 45 px wide, a vertical one 18 px high.
    private sealed class RoundLogAxis : LogarithmicAxis
    {
        private const double PlotWidth = 600, PlotHeight = 380, LabelWidth = 45, LabelHeight = 18;

        public override void GetTickValues(out IList<double> majorLabelValues, out IList<double> majorTickValues, out IList<double> minorTickValues)
        {
            double decades = Math.Log10(ActualMaximum / ActualMinimum);
            double gap = IsHorizontal() ? LabelWidth / PlotWidth * decades : LabelHeight / PlotHeight * decades;
            if (LogTicks(ActualMinimum, ActualMaximum, gap) is not { } ticks)
            {
                base.GetTickValues(out majorLabelValues, out majorTickValues, out minorTickValues);
                return;
            }

            majorLabelValues = [.. ticks.Major];
            majorTickValues = [.. ticks.Major];
            minorTickValues = [.. ticks.Minor];
        }
    }

    /// <summary>A category axis: one slot per label at 0, 1, 2…, labelled at the whole numbers only.</summary>
    public static LinearAxis Categories(AxisPosition position, IReadOnlyList<string> labels, string? title = null)
    {
        ArgumentNullException.ThrowIfNull(labels);
        return new LinearAxis
        {
            Position = position,
            Title = title,
            Minimum = -0.5,
            Maximum = labels.Count - 0.5,
            MajorStep = 1,
            MinorStep = 1,
            LabelFormatter = v => v >= 0 && v < labels.Count && Math.Abs(v - Math.Round(v)) < 1e-9 ? labels[(int)Math.Round(v)] : "",
        };
    }

    /// <summary>A linear axis.</summary>
    public static LinearAxis Linear(AxisPosition position, string title) => new()
    {
        Position = position,
        Title = title,
        MajorGridlineStyle = LineStyle.Dot,
    };

    /// <summary>
    /// Error bars as one line series: one segment per point (vertical, or horizontal at <c>X</c> = the row's position when
    /// <paramref name="horizontal"/>), separated by NaN breaks so a whole group of bars is one series. Infinite ends are
    /// clipped to <paramref name="clip"/>.
    /// </summary>
    public static LineSeries ErrorBars(string title, OxyColor color, IEnumerable<(double X, double Low, double High)> bars, double clip = 1e15,
        bool horizontal = false)
    {
        ArgumentNullException.ThrowIfNull(bars);
        var series = new LineSeries { Title = title, Color = color, StrokeThickness = 1.5, RenderInLegend = false };
        foreach (var (x, low, high) in bars)
        {
            if (double.IsNaN(low) || double.IsNaN(high))
            {
                continue;
            }

            double from = Math.Max(low, 1e-300);
            double to = Math.Min(high, clip);
            series.Points.Add(horizontal ? new DataPoint(from, x) : new DataPoint(x, from));
            series.Points.Add(horizontal ? new DataPoint(to, x) : new DataPoint(x, to));
            series.Points.Add(DataPoint.Undefined);
        }

        return series;
    }

    /// <summary>Points with markers and no line.</summary>
    public static LineSeries Points(string title, OxyColor color, MarkerType marker, IEnumerable<(double X, double Y)> points) =>
        Line(title, color, marker, points, lineStyle: LineStyle.None);

    /// <summary>A line through points, with markers.</summary>
    public static LineSeries Line(string title, OxyColor color, MarkerType marker, IEnumerable<(double X, double Y)> points,
        LineStyle lineStyle = LineStyle.Solid)
    {
        var series = new LineSeries
        {
            Title = title,
            Color = color,
            MarkerType = marker,
            MarkerSize = 4,
            MarkerFill = color,
            LineStyle = lineStyle,
        };
        foreach (var (x, y) in points)
        {
            series.Points.Add(new DataPoint(x, y));
        }

        return series;
    }

    /// <summary>
    /// A reference line across the plot (a level, a target, "no difference"), named in the legend rather than on the
    /// plot, where a label would sit on whatever data crosses the line. <paramref name="style"/> picks one of a few
    /// colour and dash pairs, so several lines on one chart stay apart.
    /// </summary>
    public static void AddReference(PlotModel model, bool vertical, double value, string legend, int style = 0)
    {
        ArgumentNullException.ThrowIfNull(model);
        var (color, dash) = ReferenceStyles[style % ReferenceStyles.Length];
        model.Annotations.Add(new LineAnnotation
        {
            Type = vertical ? LineAnnotationType.Vertical : LineAnnotationType.Horizontal,
            X = vertical ? value : 0,
            Y = vertical ? 0 : value,
            Color = color,
            LineStyle = dash,
            StrokeThickness = 1.5,
        });
        // A series without points: drawn nowhere, listed in the legend with the line's colour and dashes.
        model.Series.Add(new LineSeries { Title = legend, Color = color, LineStyle = dash, StrokeThickness = 1.5 });
    }

    private static readonly (OxyColor Color, LineStyle Dash)[] ReferenceStyles =
    [
        (OxyColors.Gray, LineStyle.Dash), (OxyColors.Firebrick, LineStyle.Dash), (OxyColors.SlateGray, LineStyle.DashDot), (OxyColors.Black, LineStyle.Dot),
    ];

    /// <summary>"the ratio's 99.9% CI" (or 95% for rounds): the level the estimates share, or a plain "CI" when they differ.</summary>
    public static string IntervalLabel(IEnumerable<RatioEstimate> estimates)
    {
        var levels = estimates.Where(e => e.HasInterval).Select(e => e.Level).Distinct().ToList();
        return levels.Count == 1 ? $"the ratio's {levels[0] * 100:0.#}% CI" : "the ratio's CI";
    }

    /// <summary>"99.9% CI" for BenchmarkDotNet's intervals of a mean, "95% CI between rounds" for a run measured in rounds; "CI" when they differ.</summary>
    public static string IntervalLabel(IEnumerable<RunFiles.BenchmarkResult> results)
    {
        var levels = results.Where(r => r.HasInterval)
            .Select(r => r.RoundsMean is { } rounds ? $"{rounds.Level * 100:0.#}% CI between rounds" : $"{LabStatistics.ConfidenceInterval.BenchmarkDotNetLevel * 100:0.#}% CI")
            .Distinct().ToList();
        return levels.Count == 1 ? levels[0] : "CI";
    }

    /// <summary>A set of distinct colours, one per series index.</summary>
    public static OxyColor Color(int index) => Palette[index % Palette.Length];

    private static readonly OxyColor[] Palette =
    [
        OxyColor.FromRgb(31, 119, 180), OxyColor.FromRgb(255, 127, 14), OxyColor.FromRgb(44, 160, 44),
        OxyColor.FromRgb(214, 39, 40), OxyColor.FromRgb(148, 103, 189), OxyColor.FromRgb(140, 86, 75),
    ];
}
