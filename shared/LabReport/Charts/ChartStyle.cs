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

    /// <summary>A logarithmic axis labelled at powers of ten only, in the lab's number format (1K, 10M...).</summary>
    public static LogarithmicAxis Log(AxisPosition position, string title) => new()
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

    /// <summary>Log-axis labels at 1, 2 and 5 times powers of ten, with K/M/G suffixes ("2", "50", "1K", "20M"); others blank.</summary>
    public static string AxisLabel(double v)
    {
        if (!(v > 0))
        {
            return "";
        }

        double decade = Math.Pow(10, Math.Floor(Math.Log10(v) + 1e-9));
        double mantissa = Math.Round(v / decade, 6);
        if (mantissa is not (1 or 2 or 5))
        {
            return "";
        }

        double exact = mantissa * decade;
        (double scaled, string suffix) = Math.Round(Math.Log10(decade)) switch
        {
            >= 9 => (exact / 1e9, "G"),
            >= 6 => (exact / 1e6, "M"),
            >= 3 => (exact / 1e3, "K"),
            _ => (exact, ""),
        };
        return scaled.ToString("0.###", System.Globalization.CultureInfo.InvariantCulture) + suffix;
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
