using System.Text.RegularExpressions;
using LabReport.Charts;

namespace LabReport.Tests;

/// <summary>report.html: the same report as report.md, every chart inline, contents, linked glance rows, verdict badges, the rules folded at the end, and a font that is missing said out loud.</summary>
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
    }

    [Fact]
    public void The_page_opens_with_contents_links_its_glance_rows_badges_every_verdict_and_folds_the_rules_at_the_end()
    {
        using var run = ChartedRun.Of("full+sweep+flame");
        RunFixture.Run("report", run.Run.Path).Code.Should().Be(0);
        string md = File.ReadAllText(run.Run.File("report.md"));
        string html = File.ReadAllText(run.Run.File(LabReport.HtmlReport.FileName));
        var sections = Regex.Matches(html, "<h2 id=\"([^\"]+)\">").Select(m => m.Groups[1].Value).ToList();
        int toc = html.IndexOf("<nav class=\"toc\"", StringComparison.Ordinal);
        toc.Should().BePositive().And.BeLessThan(html.IndexOf("<h2 ", StringComparison.Ordinal), "the contents come before the first section");
        string contents = html[toc..html.IndexOf("</nav>", toc, StringComparison.Ordinal)];
        sections.Should().OnlyContain(id => contents.Contains($"<a href=\"#{id}\">"), "the contents link every section");

        string glance = html[html.IndexOf("id=\"verdicts-at-a-glance\"", StringComparison.Ordinal)..];
        glance = glance[..glance.IndexOf("</table>", StringComparison.Ordinal)];
        glance.Should().Contain("<a href=\"#post-5-hardware-counters\">Post 5 — Hardware Counters</a>", "a glance row links to its section");

        int verdicts = Regex.Matches(File.ReadAllText(run.Run.File("verdicts.json")), "\"verdict\"").Count;
        Regex.Matches(html, "<td data-label=\"verdict\"><span class=\"verdict (reproduced|partial|borderline|not-reproduced|other)\">").Count
            .Should().Be(verdicts, "every claim's verdict is a badge");
        html.Should().Contain("<span class=\"verdict not-reproduced\"><span aria-hidden=\"true\">✗</span> not reproduced</span>");
        Regex.IsMatch(html, "<td[^>]*><strong>(reproduced|borderline|not reproduced)</strong>").Should().BeFalse("no verdict is left as bold text alone");

        int rules = html.IndexOf("<h2 id=\"how-a-verdict-is-decided\">", StringComparison.Ordinal);
        sections[^1].Should().Be("how-a-verdict-is-decided", "the rules come after every result");
        html[rules..].Should().Contain("<details>").And.Contain("<summary>");
        foreach (string chart in ChartLink().Matches(md).Select(m => m.Groups[1].Value))
        {
            html.Should().Contain($"<a class=\"full\" href=\"{chart}\">open full size</a>");
        }
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
