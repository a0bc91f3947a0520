namespace LabReport.Tests;

/// <summary>The charts' structure (title, axes, legend entries) as the SVG files carry it; ChartTextTests looks at their layout.</summary>
public class ChartTests : IClassFixture<ChartTests.FullReport>
{
    private readonly FullReport _report;

    public ChartTests(FullReport report) => _report = report;

    public static TheoryData<string, string[]> Charts => new()
    {
        { "engine-durable-batch.svg", ["Engine: durable batch inserts/s against the disk's ceiling", "inserts/s (log)", "mean inserts/s", "LockTable", "StripedTable", "Sqlite", "\"Disk ceiling\" row"] },
        { "post1-striped-vs-lock.svg", ["Post 1: does striping pay? Striped / Lock throughput", "threads (log)", "Striped / Lock throughput (×, log)", "Lazy", "Narrow", "Realistic", "the post: Narrow", "1× = no difference"] },
        { "post2-enemy-ratios.svg", ["Post 2: each enemy's ratio, with its defences down and up", "ratio (×, log)", "defences down", "defences up", "the post's ratio", "E1 JIT tier", "E4 caches", "E6 dead code"] },
        { "post3-percentiles.svg", ["Post 3", "latency (ms, log)", "percentile", "closed loop", "corrected", "open loop", "concurrent", "90%", "99%", "99.9%", "99.99%"] },
        { "post4-samples.svg", ["Post 4: FilterBranch vs FilterTernary", "time per operation (ms)", "quartiles", "iterations", "mean", "Branch, 5-it. run", "Ternary, main run", "iterations kept: 5-it. run Branch 5 it."] },
        { "post4-micro-macro-amdahl.svg", ["micro vs macro vs Amdahl", "speedup", "this run", "the post", "Amdahl's prediction"] },
        { "post5-ratio-by-n.svg", ["Post 5", "N (elements, log)", "ratio (×, log)", "this run", "the post", "the predicted cliff", "12N = L2 1 MiB", "environment.md's cache row"] },
    };

    [Theory]
    [MemberData(nameof(Charts))]
    public void Chart_is_an_svg_with_its_title_axes_and_series(string file, string[] texts)
    {
        var svg = System.Xml.Linq.XDocument.Load(Path.Combine(_report.Run.Path, file));
        svg.Root!.Name.LocalName.Should().Be("svg");
        svg.Root.Attribute("width")!.Value.Should().Be("900");
        svg.Root.Attribute("viewBox")!.Value.Should().Be("0 0 900 520", "a browser scales the chart to its column by the viewBox");
        var shown = SvgText.Shown(Path.Combine(_report.Run.Path, file));
        foreach (string text in texts)
        {
            shown.Should().Contain(t => t.Contains(text, StringComparison.Ordinal), $"{file} shows \"{text}\"");
        }
    }

    [Fact]
    public void Post1_chart_draws_one_ratio_line_per_scenario_with_the_posts_three_ratios()
    {
        var written = _report.Charts.Written.Single(w => w.FileName == "post1-striped-vs-lock.svg");
        var legend = written.Model.Series.Where(s => s.RenderInLegend && s.Title is not null).Select(s => s.Title).ToList();
        legend.Should().Equal("1× = no difference", "Lazy", "Narrow", "Realistic", "the post: Lazy", "the post: Narrow", "the post: Realistic");
        var lines = written.Model.Series.OfType<OxyPlot.Series.LineSeries>().ToList();
        var markers = lines.Where(s => s.MarkerType == OxyPlot.MarkerType.Diamond).ToList();
        markers.SelectMany(m => m.Points).Select(p => p.Y).Should().Equal(0.45, 17.6, 1.05);
        foreach (var marker in markers)
        {
            // Every published-ratio marker belongs to a named scenario, drawn in that scenario's line colour.
            string scenario = marker.Title!["the post: ".Length..];
            lines.Single(l => l.Title == scenario).Color.Should().Be(marker.MarkerFill, $"{scenario}'s published ratio is in its colour");
        }
    }

    [Fact]
    public void Engine_chart_draws_the_ceiling_the_claim_uses_not_a_disk_bandwidth()
    {
        // The claim durable-2t-of-ceiling divides by DurableBatch's "Disk ceiling" row; the chart's red line is that row's rate.
        using var run = ChartedRun.Of("engine-full");
        var written = run.Charts.Written.Single(w => w.FileName == "engine-durable-batch.svg");
        var ceiling = LabReport.RunFiles.BenchmarkSet.Load(run.Run.File("engine")).Find("DurableBatch", "InsertBatchThenSync", ("Target", "Disk ceiling"))!;
        double rate = 1e9 / ceiling.MeanNs;
        written.Model.Annotations.OfType<OxyPlot.Annotations.LineAnnotation>().Select(a => a.X).Should().BeEquivalentTo([rate, rate / 2]);
        var claim = run.Posts.Single(p => p.Post == "engine").Rows.Single(r => r.Claim.StartsWith("Steady durable batch, StripedTable, 2 threads / the disk ceiling", StringComparison.Ordinal));
        claim.Measured.Should().Contain($"vs {Format.Rate(rate)} inserts/s", "the claim and the chart divide by the same ceiling");
        SvgText.Shown(run.Run.File("engine-durable-batch.svg")).Should().Contain($"disk ceiling: {Format.Rate(rate)}/s");
    }

    [Fact]
    public void Post5_chart_marks_the_caches_the_post_used_and_names_their_source()
    {
        using var run = ChartedRun.Of("full+sweep");
        var shown = SvgText.Shown(run.Run.File("post5-ratio-by-n.svg"));
        // Fixtures/sweep/caches.json: measured L2 881,728 B (861.1 KiB), L3 9,975,808 B (9.5 MiB), used: measured.
        shown.Should().Contain("12N = L2 861.1 KiB").And.Contain("12N = L3 9.5 MiB: the predicted cliff")
            .And.Contain(t => t.Contains("cache sizes: measured, hardware-counters/caches.json", StringComparison.Ordinal));
    }

    [Fact]
    public void Post5_chart_promises_only_the_cache_lines_it_draws()
    {
        using var run = RunFixture.Copy("full");
        // A sweep that found L2 but no L3 step, as a short sweep on a large-L3 machine does.
        File.WriteAllText(run.File(Path.Combine("hardware-counters", "caches.json")), """
            {"sources": {"sysfs": null, "cpuid": null, "measured": {"L1d": 46336, "L2": 881728, "L3": null, "latencyNs": {"L1d": 1.67, "L2": 4.47, "L3": null, "dram": 225.71}}}, "used": "measured"}
            """);
        var charts = new LabReport.Charts.ChartWriter(run.Path);
        var posts = ReportCommand.Build(RunFolder.Open(run.Path), charts);
        var model = charts.Written.Single(w => w.FileName == "post5-ratio-by-n.svg").Model;
        var lines = model.Annotations.OfType<OxyPlot.Annotations.LineAnnotation>().Select(a => a.Text ?? "").ToList();
        var legend = model.Series.Select(s => s.Title ?? "").ToList();
        legend.Should().Contain(t => t.StartsWith("12N = L2", StringComparison.Ordinal)).And.NotContain(t => t.StartsWith("12N = L3", StringComparison.Ordinal));
        model.Subtitle.Should().Contain("fill L2 (L3 not found)").And.NotContain("L2 and L3");
        posts.SelectMany(p => p.Charts).Single(c => c.FileName == "post5-ratio-by-n.svg").Caption
            .Should().Contain("fills L2 (L3 not found)");
        lines.Should().NotContain(t => t.Contains("L3", StringComparison.Ordinal));
    }

    [Theory]
    [MemberData(nameof(EveryFixture))]
    public void Every_chart_draws_what_its_subtitle_promises(string fixture)
    {
        using var run = ChartedRun.Of(fixture);
        foreach (var chart in run.Charts.Written)
        {
            string subtitle = chart.Model.Subtitle ?? "";
            var lines = chart.Model.Series.OfType<OxyPlot.Series.LineSeries>().ToList();
            if (subtitle.Contains("bars:", StringComparison.Ordinal))
            {
                // Error bars are a series of segments: two defined points and a break per bar.
                lines.Should().Contain(l => !l.RenderInLegend && l.Points.Count(p => p.IsDefined()) >= 2, $"{chart.FileName} promises bars");
            }

            if (subtitle.Contains("diamonds", StringComparison.Ordinal))
            {
                lines.Should().Contain(l => l.MarkerType == OxyPlot.MarkerType.Diamond && l.Points.Count > 0, $"{chart.FileName} promises diamonds");
            }

            foreach (System.Text.RegularExpressions.Match level in System.Text.RegularExpressions.Regex.Matches(subtitle, @"fill (L\d)(?: and (L\d))?"))
            {
                foreach (var name in level.Groups.Cast<System.Text.RegularExpressions.Group>().Skip(1).Where(g => g.Success).Select(g => g.Value))
                {
                    chart.Model.Series.Select(s => s.Title ?? "").Should().Contain(t => t.StartsWith($"12N = {name}", StringComparison.Ordinal),
                        $"{chart.FileName} promises the {name} line");
                }
            }
        }
    }

    public static TheoryData<string> EveryFixture() => [.. ChartedRun.Fixtures];

    /// <summary>One report of the full fixture shared by the chart tests, its charts' writer kept.</summary>
    public sealed class FullReport : IDisposable
    {
        private readonly ChartedRun _charted = ChartedRun.Of("full");

        public RunFixture Run => _charted.Run;

        public LabReport.Charts.ChartWriter Charts => _charted.Charts;

        public void Dispose() => _charted.Dispose();
    }
}
