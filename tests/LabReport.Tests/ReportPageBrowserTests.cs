using System.Text.Json;
using System.Text.RegularExpressions;
using SkiaSharp;

namespace LabReport.Tests;

/// <summary>
/// report.html as a reader opens it: loaded in headless Chromium, every chart's box located on the page and checked on a
/// screenshot for drawn pixels, nothing logged as an error (scripts, resources, console), and at a phone's width and a
/// desktop's no sideways scroll of the page and every verdict cell inside the viewport.
/// </summary>
public partial class ReportPageBrowserTests
{
    // Wide enough for two charts side by side; the page's own width decides the rest.
    private const int WindowWidth = 1280;

    // A chart's box must hold at least this share of non-white pixels (axes, text, data); a blank one holds none.
    private const double MinInk = 0.01;

    // Runs in the page before it loads: records errors and console.error calls, and after load writes the charts'
    // boxes (page coordinates) and the page's height into a <pre id="probe"> that --dump-dom prints.
    private const string Probe = """
        <script>
        window.__errors = [];
        window.addEventListener('error', e => window.__errors.push(e.message || ('could not load ' + (e.target && (e.target.src || e.target.href)))), true);
        const consoleError = console.error;
        console.error = (...a) => { window.__errors.push(a.join(' ')); consoleError(...a); };
        window.addEventListener('load', () => {
          const charts = [...document.querySelectorAll('.chart svg')].map(s => { const r = s.getBoundingClientRect();
            return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height, label: s.getAttribute('aria-label') }; });
          const broken = [...document.images].filter(i => !(i.complete && i.naturalWidth > 0)).map(i => 'broken image ' + i.src);
          const pre = document.createElement('pre');
          pre.id = 'probe';
          pre.textContent = JSON.stringify({ charts, errors: window.__errors.concat(broken), height: document.documentElement.scrollHeight });
          document.body.appendChild(pre);
        });
        </script>
        """;

    [ChromiumFact]
    public void Every_chart_of_the_page_draws_and_the_page_logs_no_error()
    {
        using var run = ChartedRun.Of("full+sweep+flame");
        RunFixture.Run("report", run.Run.Path).Code.Should().Be(0);
        int expected = ChartLink().Matches(File.ReadAllText(run.Run.File("report.md"))).Count;
        expected.Should().BeGreaterThanOrEqualTo(10, "the fixture draws the charts of six sections, flame graphs and cache sweep included");

        // The probe page sits next to report.html, so every relative link resolves as it does for a reader.
        string page = run.Run.File("probe.html");
        File.WriteAllText(page, File.ReadAllText(run.Run.File(LabReport.HtmlReport.FileName)).Replace("<head>", "<head>" + Probe, StringComparison.Ordinal));
        var (dom, _) = Chromium.Run($"--window-size={WindowWidth},1000", "--virtual-time-budget=10000", "--dump-dom", new Uri(page).AbsoluteUri);
        var probe = ProbeJson().Match(dom);
        probe.Success.Should().BeTrue("the page loaded and ran its probe: " + dom[..Math.Min(dom.Length, 500)]);
        using var json = JsonDocument.Parse(System.Net.WebUtility.HtmlDecode(probe.Groups[1].Value));
        var errors = json.RootElement.GetProperty("errors").EnumerateArray().Select(e => e.GetString()).ToList();
        errors.Should().BeEmpty("the page logs no error");
        var charts = json.RootElement.GetProperty("charts").EnumerateArray()
            .Select(c => (Label: c.GetProperty("label").GetString(), X: c.GetProperty("x").GetDouble(), Y: c.GetProperty("y").GetDouble(),
                Width: c.GetProperty("width").GetDouble(), Height: c.GetProperty("height").GetDouble())).ToList();
        charts.Should().HaveCount(expected, "every chart of report.md is inline in the page");
        int height = (int)Math.Ceiling(json.RootElement.GetProperty("height").GetDouble());

        string screenshot = run.Run.File("page.png");
        Chromium.Run($"--window-size={WindowWidth},{height}", "--virtual-time-budget=10000", $"--screenshot={screenshot}", new Uri(page).AbsoluteUri);
        using var bitmap = SKBitmap.Decode(screenshot);
        bitmap.Should().NotBeNull("chromium wrote the screenshot");
        foreach (var chart in charts)
        {
            chart.Width.Should().BeGreaterThan(100, $"{chart.Label} has room on the page");
            Ink(bitmap, chart.X, chart.Y, chart.Width, chart.Height).Should().BeGreaterThan(MinInk, $"{chart.Label} drew in its box");
        }
    }

    // A host page that shows the report in a frame of the width asked for (headless Chromium's window is at least 500 px
    // wide, a phone is narrower; a frame's width is the page's viewport, media queries included) and, after it loads,
    // writes the viewport's width, the page's scroll width and the horizontal extent (page coordinates) of every table
    // cell that holds a verdict badge into a <pre id="probe">. Reading the frame needs --allow-file-access-from-files.
    private const string LayoutHost = """
        <!DOCTYPE html><html><body style="margin: 0">
        <iframe id="page" src="@page@" style="width: @width@px; height: 1000px; border: 0"></iframe>
        <script>
        document.getElementById('page').addEventListener('load', () => {
          const d = document.getElementById('page').contentDocument, w = d.defaultView;
          const cells = [...d.querySelectorAll('td .verdict')].map(v => { const r = v.closest('td').getBoundingClientRect();
            return { left: r.left + w.scrollX, right: r.right + w.scrollX, text: v.textContent }; });
          const pre = document.createElement('pre');
          pre.id = 'probe';
          pre.textContent = JSON.stringify({ viewport: d.documentElement.clientWidth, scrollWidth: d.documentElement.scrollWidth, cells });
          document.body.appendChild(pre);
        });
        </script>
        </body></html>
        """;

    /// <summary>What the layout probe saw, and what it found wrong (empty: the page fits the viewport).</summary>
    private sealed record Layout(double Viewport, double ScrollWidth, int Cells, IReadOnlyList<string> Faults);

    [ChromiumTheory]
    [InlineData(390)]
    [InlineData(WindowWidth)]
    public void At_a_phones_width_and_a_desktops_the_page_does_not_scroll_sideways_and_every_verdict_is_in_view(int width)
    {
        using var run = ChartedRun.Of("full+sweep+flame");
        RunFixture.Run("report", run.Run.Path).Code.Should().Be(0);
        int verdicts = Regex.Matches(File.ReadAllText(run.Run.File("verdicts.json")), "\"verdict\"").Count;
        verdicts.Should().BeGreaterThan(20, "the fixture judges every post's claims");

        var layout = Measure(run.Run.File(LabReport.HtmlReport.FileName), width);
        layout.Viewport.Should().Be(width, "chromium laid the page out at the width asked for");
        layout.Cells.Should().Be(verdicts, "every claim's verdict is a badge in a table cell");
        layout.Faults.Should().BeEmpty();
    }

    [ChromiumFact]
    public void The_layout_check_fails_on_a_page_that_scrolls_sideways_and_on_a_verdict_out_of_view()
    {
        string folder = Directory.CreateTempSubdirectory("labreport-layout-").FullName;
        try
        {
            string page = Path.Combine(folder, "wide.html");
            File.WriteAllText(page, """
                <!DOCTYPE html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
                <p>a/very/long/path/that/does/not/break/because/nothing/lets/it/break/anywhere/at/all/in/this/narrow/viewport/of/a/phone.md</p>
                <table><tr><td>claim</td><td style="padding-left: 900px"><span class="verdict">reproduced</span></td></tr></table>
                </body></html>
                """);
            var layout = Measure(page, 390);
            layout.Cells.Should().Be(1);
            layout.Faults.Should().Contain(f => f.StartsWith("the page scrolls sideways", StringComparison.Ordinal))
                .And.Contain(f => f.StartsWith("verdict cell outside the viewport", StringComparison.Ordinal));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    // Loads the page in a frame of the given width, from a host page next to it (so its links resolve as for a reader).
    private static Layout Measure(string html, int width)
    {
        string host = Path.Combine(Path.GetDirectoryName(html)!, "layout-probe.html");
        File.WriteAllText(host, LayoutHost.Replace("@page@", Path.GetFileName(html), StringComparison.Ordinal)
            .Replace("@width@", width.ToString(System.Globalization.CultureInfo.InvariantCulture), StringComparison.Ordinal));
        var (dom, _) = Chromium.Run($"--window-size={width + 100},1000", "--allow-file-access-from-files", "--virtual-time-budget=10000", "--dump-dom", new Uri(host).AbsoluteUri);
        var probe = ProbeJson().Match(dom);
        probe.Success.Should().BeTrue("the page loaded and ran its probe: " + dom[..Math.Min(dom.Length, 500)]);
        using var json = JsonDocument.Parse(System.Net.WebUtility.HtmlDecode(probe.Groups[1].Value));
        double viewport = json.RootElement.GetProperty("viewport").GetDouble();
        double scrollWidth = json.RootElement.GetProperty("scrollWidth").GetDouble();
        var faults = new List<string>();
        if (scrollWidth > viewport)
        {
            faults.Add($"the page scrolls sideways: {scrollWidth} px wide in a {viewport} px viewport");
        }

        var cells = json.RootElement.GetProperty("cells").EnumerateArray().ToList();
        foreach (var cell in cells)
        {
            double left = cell.GetProperty("left").GetDouble(), right = cell.GetProperty("right").GetDouble();
            if (left < 0 || right > viewport)
            {
                faults.Add($"verdict cell outside the viewport: \"{cell.GetProperty("text").GetString()}\" spans {left:0}–{right:0} px of {viewport} px");
            }
        }

        return new Layout(viewport, scrollWidth, cells.Count, faults);
    }

    [Fact]
    public void A_blank_box_has_no_ink_and_a_chart_has_some()
    {
        using var blank = new SKBitmap(200, 100);
        blank.Erase(SKColors.White);
        Ink(blank, 0, 0, 200, 100).Should().Be(0);
        var (_, drawn) = LabReport.Charts.ChartRenderer.Bitmap(LabReport.Charts.ChartStyle.Model("a title"), 200, 100);
        using (drawn)
        {
            Ink(drawn, 0, 0, 200, 100).Should().BeGreaterThan(MinInk);
        }
    }

    // The share of pixels in the box that are not (near) white.
    private static double Ink(SKBitmap bitmap, double x, double y, double width, double height)
    {
        int x0 = Math.Clamp((int)x, 0, bitmap.Width - 1);
        int y0 = Math.Clamp((int)y, 0, bitmap.Height - 1);
        int x1 = Math.Clamp((int)(x + width), 0, bitmap.Width);
        int y1 = Math.Clamp((int)(y + height), 0, bitmap.Height);
        long ink = 0;
        for (int py = y0; py < y1; py++)
        {
            for (int px = x0; px < x1; px++)
            {
                var c = bitmap.GetPixel(px, py);
                if (c.Red + c.Green + c.Blue < 3 * 235)
                {
                    ink++;
                }
            }
        }

        long area = (long)(x1 - x0) * (y1 - y0);
        return area == 0 ? 0 : (double)ink / area;
    }

    [GeneratedRegex(@"!\[[^\]]*\]\([^)]+\.svg\)")]
    private static partial Regex ChartLink();

    [GeneratedRegex("<pre id=\"probe\">(.*?)</pre>", RegexOptions.Singleline)]
    private static partial Regex ProbeJson();
}
