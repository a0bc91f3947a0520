using LabReport.Charts;
using SkiaSharp;

namespace LabReport.Tests;

/// <summary>
/// What a reader sees of every chart of every fixture run: each is drawn again as a PNG and its text checked — every
/// string inside the canvas, none cut (by its clip or by room the layout gave it), none overlapping another, and ink in
/// the PNG where each string's box says it is.
/// </summary>
public class ChartTextTests
{
    // Ink closer than this to another string's counts as touching, not overlapping (antialiasing).
    private const double Tolerance = 0.5;

    public static TheoryData<string> Fixtures => [.. ChartedRun.Fixtures];

    [Theory]
    [MemberData(nameof(Fixtures))]
    public void Every_chart_keeps_its_text_inside_the_canvas_whole_and_apart(string fixture)
    {
        using var run = ChartedRun.Of(fixture);
        run.Charts.Written.Should().NotBeEmpty($"{fixture} has charts to look at");
        var problems = new List<string>();
        foreach (var written in run.Charts.Written)
        {
            var (chart, bitmap) = ChartRenderer.Bitmap(written.Model, written.Width, written.Height);
            using (bitmap)
            {
                problems.AddRange(Problems(chart, bitmap).Select(p => $"{written.FileName}: {p}"));
            }
        }

        string.Join("\n", problems).Should().BeEmpty($"every string of {fixture}'s charts is whole, on the canvas and apart from the others");
    }

    [Fact]
    public void The_check_finds_a_cut_an_overlap_and_a_string_off_the_canvas()
    {
        // Three defects the old exporter had, made on purpose: a legend entry longer than its room, two labels on one
        // spot, and a title wider than the chart.
        var model = ChartStyle.Model(new string('W', 120));
        model.Axes.Add(ChartStyle.Linear(OxyPlot.Axes.AxisPosition.Left, "y"));
        model.Axes.Add(ChartStyle.Linear(OxyPlot.Axes.AxisPosition.Bottom, "x"));
        model.Series.Add(ChartStyle.Line("a", ChartStyle.Color(0), OxyPlot.MarkerType.Circle, [(0, 0), (1, 1)]));
        foreach (string label in new[] { "one label", "another label" })
        {
            model.Annotations.Add(new OxyPlot.Annotations.TextAnnotation { Text = label, TextPosition = new OxyPlot.DataPoint(0.5, 0.5) });
        }

        var (chart, bitmap) = ChartRenderer.Bitmap(model, ChartStyle.Width, ChartStyle.Height);
        using (bitmap)
        {
            var problems = Problems(chart, bitmap).ToList();
            problems.Should().Contain(p => p.Contains("outside the canvas", StringComparison.Ordinal) && p.Contains("WWW", StringComparison.Ordinal));
            problems.Should().Contain(p => p.Contains("overlaps", StringComparison.Ordinal) && p.Contains("one label", StringComparison.Ordinal));
        }

        var cut = new TextBox("Narrow Striped", new OxyPlot.OxyRect(10, 10, 80, 12), new OxyPlot.OxyRect(0, 0, 60, 100), Truncated: false);
        cut.IsCut.Should().BeTrue("its ink runs past its clip");
    }

    /// <summary>Everything wrong with a drawn chart's text, one line each.</summary>
    internal static IEnumerable<string> Problems(RenderedChart chart, SKBitmap bitmap)
    {
        var canvas = new OxyPlot.OxyRect(0, 0, chart.Width, chart.Height);
        var texts = chart.Texts;
        for (int i = 0; i < texts.Count; i++)
        {
            var t = texts[i];
            if (!TextBox.Contains(canvas, t.Ink))
            {
                yield return $"{t} is (partly) outside the canvas {chart.Width}×{chart.Height}";
            }

            if (t.IsCut)
            {
                yield return $"{t} is cut ({(t.Truncated ? "longer than the room the layout gave it" : $"its clip ends at [{t.Clip!.Value.Left:0}, {t.Clip.Value.Top:0}; {t.Clip.Value.Right:0}, {t.Clip.Value.Bottom:0}]")})";
            }

            if (!HasInk(bitmap, t.Ink, chart.Width))
            {
                yield return $"{t}: no ink in the PNG where its box is";
            }

            for (int j = i + 1; j < texts.Count; j++)
            {
                if (t.Overlaps(texts[j], Tolerance))
                {
                    yield return $"{t} overlaps {texts[j]}";
                }
            }
        }
    }

    // True when some pixel inside the box (on the bitmap, which may be scaled) is clearly darker than the white ground.
    private static bool HasInk(SKBitmap bitmap, OxyPlot.OxyRect box, int width)
    {
        double scale = (double)bitmap.Width / width;
        int x0 = Math.Clamp((int)Math.Floor(box.Left * scale), 0, bitmap.Width - 1);
        int x1 = Math.Clamp((int)Math.Ceiling(box.Right * scale), 0, bitmap.Width - 1);
        int y0 = Math.Clamp((int)Math.Floor(box.Top * scale), 0, bitmap.Height - 1);
        int y1 = Math.Clamp((int)Math.Ceiling(box.Bottom * scale), 0, bitmap.Height - 1);
        for (int y = y0; y <= y1; y++)
        {
            for (int x = x0; x <= x1; x++)
            {
                var c = bitmap.GetPixel(x, y);
                if (c.Red + c.Green + c.Blue < 3 * 200)
                {
                    return true;
                }
            }
        }

        return false;
    }
}
