using System.Text.RegularExpressions;
using LabReport.Charts;

namespace LabReport.Tests;

/// <summary>report.html: the same report as report.md, every chart inline, the flame graphs side by side, and a font that is missing said out loud.</summary>
public partial class HtmlReportTests
{
    [Fact]
    public void The_page_has_the_reports_content_with_every_chart_inline()
    {
        using var run = ChartedRun.Of("full+sweep+flame");
        RunFixture.Run("report", run.Run.Path).Code.Should().Be(0);
        string md = File.ReadAllText(run.Run.File("report.md"));
        string html = File.ReadAllText(run.Run.File(LabReport.HtmlReport.FileName));
        var charts = ChartLink().Matches(md).Select(m => m.Groups[1].Value).ToList();
        charts.Should().HaveCountGreaterThanOrEqualTo(10);
        foreach (string chart in charts)
        {
            string root = File.ReadLines(run.Run.File(chart)).First();
            html.Should().Contain(root, $"{chart} is inline");
            html.Should().Contain($"id=\"{Path.GetFileNameWithoutExtension(chart)}-", $"{chart}'s ids keep its prefix");
        }

        html.Should().NotContain("<img", "no chart is left as an external image");
        Regex.Matches(html, "<tr>").Count.Should().Be(Regex.Matches(md, @"^\|", RegexOptions.Multiline).Count - Regex.Matches(md, @"^\|[-|: ]+\|$", RegexOptions.Multiline).Count,
            "every table row of report.md is a row of the page");
        html.Should().Contain("<h2 id=\"post-5-hardware-counters\">Post 5 — Hardware Counters</h2>");
        md.Should().Contain("](post5-flame-sequential.svg) ![", "the two flame graphs share a line");
        Regex.IsMatch(html, @"<p><span class=""chart""><svg[^>]*aria-label=""Post 5: where perf-sequential[^<]*"">.*?</span></span> <span class=""chart""><svg[^>]*aria-label=""Post 5: where perf-random",
            RegexOptions.Singleline).Should().BeTrue("both flame graphs sit in one paragraph, which the page shows side by side");
    }

    [Fact]
    public void A_missing_font_falls_back_loudly()
    {
        var font = ChartFont.Load("/nonexistent/DejaVuSans.ttf", "/nonexistent/DejaVuSans-Bold.ttf");
        font.Warning.Should().Contain("/nonexistent/DejaVuSans.ttf not found").And.Contain("apt-get install fonts-dejavu-core");
        var (chart, bitmap) = ChartRenderer.Bitmap(ChartStyle.Model("title"), 300, 200, font: font);
        bitmap.Dispose();
        chart.Texts.Should().NotBeEmpty("the fallback still measures and draws");
        ChartFont.Shared.Warning.Should().BeNull("this machine has the lab's font (fonts-dejavu-core)");
    }

    [GeneratedRegex(@"!\[[^\]]*\]\(([^)]+\.svg)\)")]
    private static partial Regex ChartLink();
}
