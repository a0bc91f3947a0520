using OxyPlot;
using SkiaSharp;

namespace LabReport.Charts;

/// <summary>A chart drawn once: its size and every string it drew, where a reader sees it.</summary>
public sealed record RenderedChart(int Width, int Height, IReadOnlyList<TextBox> Texts);

/// <summary>
/// Draws an OxyPlot model in the lab's font: as SVG (the report's charts) or into a bitmap (the PNG the chart tests look
/// at). Both lay the chart out with the same measurements, so both show the same picture.
/// </summary>
public static class ChartRenderer
{
    /// <summary>The chart as an SVG document; its ids start with <paramref name="idPrefix"/>.</summary>
    public static (RenderedChart Chart, string Svg) Svg(PlotModel model, int width, int height, string idPrefix, ChartFont? font = null)
    {
        ArgumentNullException.ThrowIfNull(model);
        var context = new SvgChartContext(font ?? ChartFont.Shared, idPrefix);
        var chart = Draw(model, width, height, context);
        return (chart, context.Document(width, height, model.Title ?? idPrefix, model.Background));
    }

    /// <summary>Draws the chart into a bitmap of <paramref name="scale"/> × its size (the text boxes stay in chart pixels).</summary>
    public static (RenderedChart Chart, SKBitmap Bitmap) Bitmap(PlotModel model, int width, int height, float scale = 1, ChartFont? font = null)
    {
        ArgumentNullException.ThrowIfNull(model);
        var bitmap = new SKBitmap((int)Math.Ceiling(width * scale), (int)Math.Ceiling(height * scale));
        using var canvas = new SKCanvas(bitmap);
        canvas.Clear(model.Background.IsVisible() ? new SKColor(model.Background.R, model.Background.G, model.Background.B) : SKColors.White);
        canvas.Scale(scale);
        using var context = new SkiaChartContext(canvas, font ?? ChartFont.Shared);
        return (Draw(model, width, height, context), bitmap);
    }

    /// <summary>The chart as PNG bytes (see <see cref="Bitmap"/>).</summary>
    public static (RenderedChart Chart, byte[] Png) Png(PlotModel model, int width, int height, float scale = 1, ChartFont? font = null)
    {
        var (chart, bitmap) = Bitmap(model, width, height, scale, font);
        using (bitmap)
        using (var image = SKImage.FromBitmap(bitmap))
        using (var data = image.Encode(SKEncodedImageFormat.Png, 100))
        {
            return (chart, data.ToArray());
        }
    }

    private static RenderedChart Draw(PlotModel model, int width, int height, ChartContext context)
    {
        var plot = (IPlotModel)model;
        plot.Update(true);
        plot.Render(context, new OxyRect(0, 0, width, height));
        return new RenderedChart(width, height, context.Texts);
    }
}
