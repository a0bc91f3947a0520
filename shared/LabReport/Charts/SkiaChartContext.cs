using OxyPlot;
using OxyPlot.SkiaSharp;
using SkiaSharp;

namespace LabReport.Charts;

/// <summary>A chart drawn onto a Skia canvas (the PNG the tests look at): shapes by OxyPlot.SkiaSharp's renderer, text in the lab's font.</summary>
internal sealed class SkiaChartContext(SKCanvas canvas, ChartFont font) : ChartContext(font), IDisposable
{
    private readonly SkiaRenderContext _shapes = new() { SkCanvas = canvas, RenderTarget = RenderTarget.PixelGraphic, UseTextShaping = false };

    protected override void DrawLayout(TextLayout layout, SKPaint paint, ScreenPoint p, double rotation, OxyColor fill, SKRect? room)
    {
        paint.Color = fill.ToSKColor();
        using var restore = new SKAutoCanvasRestore(canvas);
        canvas.Translate((float)p.X, (float)p.Y);
        canvas.RotateDegrees((float)rotation);
        if (room is { } r)
        {
            canvas.ClipRect(r);
        }

        foreach (var (text, x, baseline) in layout.Lines)
        {
            canvas.DrawText(text, x, baseline, paint);
        }
    }

    protected override void OnPushClip(OxyRect clip) => _shapes.PushClip(clip);

    protected override void OnPopClip() => _shapes.PopClip();

    public override void DrawEllipse(OxyRect extents, OxyColor fill, OxyColor stroke, double thickness, EdgeRenderingMode edgeRenderingMode) =>
        _shapes.DrawEllipse(extents, fill, stroke, thickness, edgeRenderingMode);

    public override void DrawLine(IList<ScreenPoint> points, OxyColor stroke, double thickness, EdgeRenderingMode edgeRenderingMode, double[]? dashArray,
        LineJoin lineJoin) => _shapes.DrawLine(points, stroke, thickness, edgeRenderingMode, dashArray, lineJoin);

    public override void DrawLineSegments(IList<ScreenPoint> points, OxyColor stroke, double thickness, EdgeRenderingMode edgeRenderingMode, double[]? dashArray,
        LineJoin lineJoin) => _shapes.DrawLineSegments(points, stroke, thickness, edgeRenderingMode, dashArray, lineJoin);

    public override void DrawPolygon(IList<ScreenPoint> points, OxyColor fill, OxyColor stroke, double thickness, EdgeRenderingMode edgeRenderingMode,
        double[]? dashArray, LineJoin lineJoin) => _shapes.DrawPolygon(points, fill, stroke, thickness, edgeRenderingMode, dashArray, lineJoin);

    public override void DrawRectangle(OxyRect rectangle, OxyColor fill, OxyColor stroke, double thickness, EdgeRenderingMode edgeRenderingMode) =>
        _shapes.DrawRectangle(rectangle, fill, stroke, thickness, edgeRenderingMode);

    public void Dispose() => _shapes.Dispose();
}
