using OxyPlot;
using SkiaSharp;

namespace LabReport.Charts;

/// <summary>
/// What the lab's two chart outputs (SVG and PNG) share: OxyPlot's layout measured with <see cref="ChartFont"/> (so margins,
/// legend boxes and tick spacing come from the real glyph widths), and a record of every string drawn
/// (<see cref="TextBox"/>: where a reader sees it, and whether it was cut), so a test can check what a reader sees.
/// </summary>
internal abstract class ChartContext(ChartFont font) : IRenderContext
{
    private readonly Stack<OxyRect> _clips = new();
    private readonly List<TextBox> _texts = [];

    /// <summary>Every string drawn so far, in drawing order.</summary>
    public IReadOnlyList<TextBox> Texts => _texts;

    public bool RendersToScreen => false;

    public int ClipCount => _clips.Count;

    public OxySize MeasureText(string text, string? fontFamily, double fontSize, double fontWeight)
    {
        if (string.IsNullOrEmpty(text))
        {
            return OxySize.Empty;
        }

        using var paint = font.Paint(fontSize, fontWeight);
        return TextLayout.Measure(paint, text);
    }

    public void DrawText(ScreenPoint p, string text, OxyColor fill, string? fontFamily, double fontSize, double fontWeight, double rotation,
        HorizontalAlignment horizontalAlignment, VerticalAlignment verticalAlignment, OxySize? maxSize)
    {
        if (string.IsNullOrEmpty(text) || fill.IsInvisible())
        {
            return;
        }

        using var paint = font.Paint(fontSize, fontWeight);
        var layout = TextLayout.Of(paint, text, horizontalAlignment, verticalAlignment, maxSize);
        if (!layout.Ink.IsEmpty)
        {
            _texts.Add(new TextBox(text, TextLayout.ToScreen(layout.Ink, p, rotation), _clips.Count > 0 ? _clips.Peek() : null, layout.Truncated));
        }

        DrawLayout(layout, paint, p, rotation, fill, maxSize is { } room ? layout.Room(room) : null);
    }

    public void PushClip(OxyRect clippingRectangle)
    {
        _clips.Push(_clips.Count > 0 ? _clips.Peek().Intersect(clippingRectangle) : clippingRectangle);
        OnPushClip(clippingRectangle);
    }

    public void PopClip()
    {
        _clips.Pop();
        OnPopClip();
    }

    /// <summary>Draws a laid-out string at <paramref name="p"/>, rotated, cut to <paramref name="room"/> (in the text's frame) when given.</summary>
    protected abstract void DrawLayout(TextLayout layout, SKPaint paint, ScreenPoint p, double rotation, OxyColor fill, SKRect? room);

    protected abstract void OnPushClip(OxyRect clip);

    protected abstract void OnPopClip();

    public abstract void DrawEllipse(OxyRect extents, OxyColor fill, OxyColor stroke, double thickness, EdgeRenderingMode edgeRenderingMode);

    public abstract void DrawLine(IList<ScreenPoint> points, OxyColor stroke, double thickness, EdgeRenderingMode edgeRenderingMode, double[]? dashArray, LineJoin lineJoin);

    public abstract void DrawLineSegments(IList<ScreenPoint> points, OxyColor stroke, double thickness, EdgeRenderingMode edgeRenderingMode, double[]? dashArray,
        LineJoin lineJoin);

    public abstract void DrawPolygon(IList<ScreenPoint> points, OxyColor fill, OxyColor stroke, double thickness, EdgeRenderingMode edgeRenderingMode,
        double[]? dashArray, LineJoin lineJoin);

    public abstract void DrawRectangle(OxyRect rectangle, OxyColor fill, OxyColor stroke, double thickness, EdgeRenderingMode edgeRenderingMode);

    public void DrawEllipses(IList<OxyRect> extents, OxyColor fill, OxyColor stroke, double thickness, EdgeRenderingMode edgeRenderingMode)
    {
        ArgumentNullException.ThrowIfNull(extents);
        foreach (var e in extents)
        {
            DrawEllipse(e, fill, stroke, thickness, edgeRenderingMode);
        }
    }

    public void DrawPolygons(IList<IList<ScreenPoint>> polygons, OxyColor fill, OxyColor stroke, double thickness, EdgeRenderingMode edgeRenderingMode,
        double[]? dashArray, LineJoin lineJoin)
    {
        ArgumentNullException.ThrowIfNull(polygons);
        foreach (var polygon in polygons)
        {
            DrawPolygon(polygon, fill, stroke, thickness, edgeRenderingMode, dashArray, lineJoin);
        }
    }

    public void DrawRectangles(IList<OxyRect> rectangles, OxyColor fill, OxyColor stroke, double thickness, EdgeRenderingMode edgeRenderingMode)
    {
        ArgumentNullException.ThrowIfNull(rectangles);
        foreach (var r in rectangles)
        {
            DrawRectangle(r, fill, stroke, thickness, edgeRenderingMode);
        }
    }

    // The lab's charts hold no images; a model that brings one is a programming error, not a run's problem.
    public void DrawImage(OxyImage source, double srcX, double srcY, double srcWidth, double srcHeight, double destX, double destY, double destWidth,
        double destHeight, double opacity, bool interpolate) => throw new NotSupportedException("the lab's charts draw no images");

    /// <summary>OxyPlot names what is drawn next (null: nothing); an output that can show it on hover does.</summary>
    public virtual void SetToolTip(string? text)
    {
    }

    public void CleanUp()
    {
    }
}
