using OxyPlot;
using SkiaSharp;

namespace LabReport.Charts;

/// <summary>
/// Where the lines of one string go, in the string's own frame (the anchor point at the origin, before rotation): each
/// line's start and baseline, the layout box OxyPlot aligned, the ink of the glyphs, and whether the text needs more
/// room than OxyPlot gave it.
/// </summary>
internal sealed record TextLayout(IReadOnlyList<(string Text, float X, float Baseline)> Lines, SKRect Box, SKRect Ink, bool Truncated)
{
    /// <summary>The size of a (possibly multi-line) string: its widest line by the lines' stacked height.</summary>
    public static OxySize Measure(SKPaint paint, string text)
    {
        ArgumentNullException.ThrowIfNull(paint);
        ArgumentNullException.ThrowIfNull(text);
        var lines = text.Split('\n');
        return new OxySize(lines.Max(l => paint.MeasureText(l)), lines.Length * LineHeight(paint));
    }

    /// <summary>Lays out <paramref name="text"/> as OxyPlot asks: aligned on the anchor, and cut to <paramref name="room"/> when given.</summary>
    public static TextLayout Of(SKPaint paint, string text, HorizontalAlignment horizontal, VerticalAlignment vertical, OxySize? room)
    {
        var size = Measure(paint, text);
        float width = (float)size.Width;
        float height = (float)size.Height;
        float left = horizontal switch { HorizontalAlignment.Center => -width / 2, HorizontalAlignment.Right => -width, _ => 0 };
        float top = vertical switch { VerticalAlignment.Middle => -height / 2, VerticalAlignment.Bottom => -height, _ => 0 };
        var lines = new List<(string, float, float)>();
        var ink = SKRect.Empty;
        string[] texts = text.Split('\n');
        for (int i = 0; i < texts.Length; i++)
        {
            var bounds = SKRect.Empty;
            float advance = paint.MeasureText(texts[i], ref bounds);
            float x = left + horizontal switch
            {
                HorizontalAlignment.Center => (width - advance) / 2,
                HorizontalAlignment.Right => width - advance,
                _ => 0,
            };
            float baseline = top + (i * LineHeight(paint)) - paint.FontMetrics.Ascent;
            lines.Add((texts[i], x, baseline));
            if (!bounds.IsEmpty)
            {
                bounds.Offset(x, baseline);
                ink = ink.IsEmpty ? bounds : SKRect.Union(ink, bounds);
            }
        }

        bool truncated = room is { } r && (size.Width > r.Width + 0.5 || size.Height > r.Height + 0.5);
        return new TextLayout(lines, new SKRect(left, top, left + width, top + height), ink, truncated);
    }

    /// <summary>The room OxyPlot gave the text, in the text's frame: what a cut keeps.</summary>
    public SKRect Room(OxySize room) => new(Box.Left, Box.Top, Box.Left + Finite(room.Width), Box.Top + Finite(room.Height));

    // OxyPlot leaves a side unbounded with double.MaxValue; a clip needs a finite number.
    private static float Finite(double length) => (float)Math.Min(length, Unbounded);

    private const double Unbounded = 1e6;

    /// <summary>The axis-aligned screen box of <paramref name="r"/> (in this frame) once translated to <paramref name="p"/> and rotated.</summary>
    public static OxyRect ToScreen(SKRect r, ScreenPoint p, double rotation)
    {
        double a = rotation * Math.PI / 180;
        double cos = Math.Cos(a);
        double sin = Math.Sin(a);
        var corners = new[] { (r.Left, r.Top), (r.Right, r.Top), (r.Left, r.Bottom), (r.Right, r.Bottom) }
            .Select(c => (X: p.X + (c.Item1 * cos) - (c.Item2 * sin), Y: p.Y + (c.Item1 * sin) + (c.Item2 * cos)))
            .ToList();
        double x0 = corners.Min(c => c.X);
        double y0 = corners.Min(c => c.Y);
        return new OxyRect(x0, y0, corners.Max(c => c.X) - x0, corners.Max(c => c.Y) - y0);
    }

    // Ascent to descent plus the font's leading: the height OxyPlot stacks lines and legend rows by.
    private static float LineHeight(SKPaint paint) => paint.FontMetrics.Descent - paint.FontMetrics.Ascent + paint.FontMetrics.Leading;
}
