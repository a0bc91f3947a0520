using System.Globalization;
using System.Security;
using System.Text;
using OxyPlot;
using SkiaSharp;

namespace LabReport.Charts;

/// <summary>
/// A chart written as SVG. Text is drawn with the outlines of the lab's font, each glyph defined once and placed with
/// <c>&lt;use&gt;</c>: every viewer shows the layout that was measured, with or without the font, and the file stays
/// small. (Skia's own SVG canvas writes text as per-glyph x lists that Chromium and librsvg place differently, or, as
/// paths, a whole outline per string: ten times the size.) Ids start with <paramref name="idPrefix"/>, so several charts
/// can sit inline in one HTML page.
/// </summary>
internal sealed class SvgChartContext(ChartFont font, string idPrefix) : ChartContext(font)
{
    // Glyph outlines are defined at this size and scaled to each string's.
    private const float UnitSize = 100;

    private readonly StringBuilder _defs = new();
    private readonly StringBuilder _body = new();
    private readonly Dictionary<(SKTypeface Face, ushort Glyph), string?> _glyphs = [];
    private readonly List<SKTypeface> _faces = [];
    private int _clipCount;
    private bool _tooltipOpen;

    /// <summary>The whole document.</summary>
    public string Document(int width, int height, string title, OxyColor background)
    {
        SetToolTip(null);
        return $"""<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{Escape(title)}">""" + "\n"
        + $"<defs>\n{_defs}</defs>\n"
        + $"""<rect width="{width}" height="{height}" fill="{Color(background.IsVisible() ? background : OxyColors.White)}"/>""" + "\n"
        + _body
        + "</svg>\n";
    }

    protected override void DrawLayout(TextLayout layout, SKPaint paint, ScreenPoint p, double rotation, OxyColor fill, SKRect? room)
    {
        _body.Append(CultureInfo.InvariantCulture, $"""<g aria-label="{Escape(string.Join(" ", layout.Lines.Select(l => l.Text)))}" fill="{Color(fill)}"{Opacity("fill-opacity", fill)} transform="translate({N(p.X)} {N(p.Y)}){(rotation == 0 ? "" : $" rotate({N(rotation)})")}">""");
        if (room is { } r)
        {
            string id = Clip(r.Left, r.Top, r.Width, r.Height);
            _body.Append(CultureInfo.InvariantCulture, $"""<g clip-path="url(#{id})">""");
        }

        float scale = paint.TextSize / UnitSize;
        foreach (var (text, x, baseline) in layout.Lines)
        {
            ushort[] glyphs = paint.GetGlyphs(text);
            float[] advances = paint.GetGlyphWidths(text);
            _body.Append(CultureInfo.InvariantCulture, $"""<g transform="translate({N(x)} {N(baseline)}) scale({N(scale, "0.####")})">""");
            float pen = 0;
            for (int i = 0; i < glyphs.Length; i++)
            {
                if (Glyph(paint.Typeface, glyphs[i]) is { } id)
                {
                    _body.Append(CultureInfo.InvariantCulture, $"""<use xlink:href="#{id}"{(pen == 0 ? "" : $" x=\"{N(pen / scale, "0.#")}\"")}/>""");
                }

                pen += i < advances.Length ? advances[i] : 0;
            }

            _body.Append("</g>");
        }

        _body.Append(room is null ? "</g>\n" : "</g></g>\n");
    }

    /// <summary>What follows is wrapped in a group whose &lt;title&gt; a browser shows on hover, until the next call.</summary>
    public override void SetToolTip(string? text)
    {
        if (_tooltipOpen)
        {
            _body.Append("</g>\n");
            _tooltipOpen = false;
        }

        if (!string.IsNullOrEmpty(text))
        {
            _body.Append(CultureInfo.InvariantCulture, $"<g><title>{Escape(text)}</title>\n");
            _tooltipOpen = true;
        }
    }

    protected override void OnPushClip(OxyRect clip) =>
        _body.Append(CultureInfo.InvariantCulture, $"""<g clip-path="url(#{Clip((float)clip.Left, (float)clip.Top, (float)clip.Width, (float)clip.Height)})">""").Append('\n');

    protected override void OnPopClip() => _body.Append("</g>\n");

    public override void DrawEllipse(OxyRect extents, OxyColor fill, OxyColor stroke, double thickness, EdgeRenderingMode edgeRenderingMode) =>
        _body.Append(CultureInfo.InvariantCulture,
            $"""<ellipse cx="{N(extents.Center.X)}" cy="{N(extents.Center.Y)}" rx="{N(extents.Width / 2)}" ry="{N(extents.Height / 2)}"{Paint(fill, stroke, thickness, null, LineJoin.Miter, edgeRenderingMode)}/>""")
            .Append('\n');

    public override void DrawLine(IList<ScreenPoint> points, OxyColor stroke, double thickness, EdgeRenderingMode edgeRenderingMode, double[]? dashArray,
        LineJoin lineJoin)
    {
        ArgumentNullException.ThrowIfNull(points);
        if (points.Count >= 2)
        {
            _body.Append(CultureInfo.InvariantCulture,
                $"""<polyline points="{Points(points)}"{Paint(OxyColors.Undefined, stroke, thickness, dashArray, lineJoin, edgeRenderingMode)}/>""").Append('\n');
        }
    }

    public override void DrawLineSegments(IList<ScreenPoint> points, OxyColor stroke, double thickness, EdgeRenderingMode edgeRenderingMode, double[]? dashArray,
        LineJoin lineJoin)
    {
        ArgumentNullException.ThrowIfNull(points);
        var d = new StringBuilder();
        for (int i = 0; i + 1 < points.Count; i += 2)
        {
            d.Append(CultureInfo.InvariantCulture, $"M{N(points[i].X)} {N(points[i].Y)}L{N(points[i + 1].X)} {N(points[i + 1].Y)}");
        }

        if (d.Length > 0)
        {
            _body.Append(CultureInfo.InvariantCulture, $"""<path d="{d}"{Paint(OxyColors.Undefined, stroke, thickness, dashArray, lineJoin, edgeRenderingMode)}/>""").Append('\n');
        }
    }

    public override void DrawPolygon(IList<ScreenPoint> points, OxyColor fill, OxyColor stroke, double thickness, EdgeRenderingMode edgeRenderingMode,
        double[]? dashArray, LineJoin lineJoin)
    {
        ArgumentNullException.ThrowIfNull(points);
        if (points.Count >= 2)
        {
            _body.Append(CultureInfo.InvariantCulture, $"""<polygon points="{Points(points)}"{Paint(fill, stroke, thickness, dashArray, lineJoin, edgeRenderingMode)}/>""").Append('\n');
        }
    }

    public override void DrawRectangle(OxyRect rectangle, OxyColor fill, OxyColor stroke, double thickness, EdgeRenderingMode edgeRenderingMode) =>
        _body.Append(CultureInfo.InvariantCulture,
            $"""<rect x="{N(rectangle.Left)}" y="{N(rectangle.Top)}" width="{N(rectangle.Width)}" height="{N(rectangle.Height)}"{Paint(fill, stroke, thickness, null, LineJoin.Miter, edgeRenderingMode)}/>""")
            .Append('\n');

    // The id of a glyph's outline, defined on first use; null for a glyph without ink (a space).
    private string? Glyph(SKTypeface face, ushort glyph)
    {
        if (_glyphs.TryGetValue((face, glyph), out string? id))
        {
            return id;
        }

        int faceIndex = _faces.IndexOf(face);
        if (faceIndex < 0)
        {
            _faces.Add(face);
            faceIndex = _faces.Count - 1;
        }

        using var unit = new SKFont(face, UnitSize) { Subpixel = true, Hinting = SKFontHinting.None, LinearMetrics = true };
        using var outline = unit.GetGlyphPath(glyph);
        string data = outline is null ? "" : PathData(outline);
        id = data.Length == 0 ? null : $"{idPrefix}-f{faceIndex}g{glyph}";
        if (id is not null)
        {
            _defs.Append(CultureInfo.InvariantCulture, $"""<path id="{id}" d="{data}"/>""").Append('\n');
        }

        _glyphs[(face, glyph)] = id;
        return id;
    }

    private string Clip(float x, float y, float width, float height)
    {
        string id = $"{idPrefix}-c{++_clipCount}";
        _defs.Append(CultureInfo.InvariantCulture, $"""<clipPath id="{id}"><rect x="{N(x)}" y="{N(y)}" width="{N(width)}" height="{N(height)}"/></clipPath>""").Append('\n');
        return id;
    }

    // A glyph outline (TrueType: lines and quadratic curves) as path data, to a tenth of a unit.
    private static string PathData(SKPath path)
    {
        var d = new StringBuilder();
        using var iterator = path.CreateRawIterator();
        var pts = new SKPoint[4];
        SKPathVerb verb;
        while ((verb = iterator.Next(pts)) != SKPathVerb.Done)
        {
            switch (verb)
            {
                case SKPathVerb.Move:
                    d.Append(CultureInfo.InvariantCulture, $"M{N(pts[0].X, "0.#")} {N(pts[0].Y, "0.#")}");
                    break;
                case SKPathVerb.Line:
                    d.Append(CultureInfo.InvariantCulture, $"L{N(pts[1].X, "0.#")} {N(pts[1].Y, "0.#")}");
                    break;
                case SKPathVerb.Quad:
                case SKPathVerb.Conic:
                    d.Append(CultureInfo.InvariantCulture, $"Q{N(pts[1].X, "0.#")} {N(pts[1].Y, "0.#")} {N(pts[2].X, "0.#")} {N(pts[2].Y, "0.#")}");
                    break;
                case SKPathVerb.Cubic:
                    d.Append(CultureInfo.InvariantCulture,
                        $"C{N(pts[1].X, "0.#")} {N(pts[1].Y, "0.#")} {N(pts[2].X, "0.#")} {N(pts[2].Y, "0.#")} {N(pts[3].X, "0.#")} {N(pts[3].Y, "0.#")}");
                    break;
                case SKPathVerb.Close:
                    d.Append('Z');
                    break;
            }
        }

        return d.ToString();
    }

    private static string Paint(OxyColor fill, OxyColor stroke, double thickness, double[]? dashArray, LineJoin join, EdgeRenderingMode edges)
    {
        var a = new StringBuilder();
        a.Append(CultureInfo.InvariantCulture, $" fill=\"{(fill.IsVisible() ? Color(fill) : "none")}\"{Opacity("fill-opacity", fill)}");
        if (stroke.IsVisible() && thickness > 0)
        {
            a.Append(CultureInfo.InvariantCulture, $" stroke=\"{Color(stroke)}\"{Opacity("stroke-opacity", stroke)} stroke-width=\"{N(thickness)}\"");
            if (dashArray is { Length: > 0 })
            {
                // OxyPlot's dash patterns are in units of the stroke's thickness.
                a.Append(CultureInfo.InvariantCulture, $" stroke-dasharray=\"{string.Join(" ", dashArray.Select(v => N(v * thickness)))}\"");
            }

            if (join != LineJoin.Miter)
            {
                a.Append(CultureInfo.InvariantCulture, $" stroke-linejoin=\"{(join == LineJoin.Round ? "round" : "bevel")}\"");
            }
        }

        if (edges is EdgeRenderingMode.PreferSharpness or EdgeRenderingMode.PreferSpeed)
        {
            a.Append(" shape-rendering=\"crispEdges\"");
        }

        return a.ToString();
    }

    private static string Points(IList<ScreenPoint> points) => string.Join(" ", points.Select(p => $"{N(p.X)},{N(p.Y)}"));

    private static string Color(OxyColor c) => $"#{c.R:x2}{c.G:x2}{c.B:x2}";

    private static string Opacity(string attribute, OxyColor c) =>
        c.IsVisible() && c.A < 255 ? $" {attribute}=\"{N(c.A / 255.0, "0.###")}\"" : "";

    private static string N(double v, string format = "0.##") => v.ToString(format, CultureInfo.InvariantCulture);

    private static string Escape(string text) => SecurityElement.Escape(text);
}
