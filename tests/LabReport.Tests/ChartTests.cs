using System.Xml.Linq;

namespace LabReport.Tests;

/// <summary>The charts' structure (title, axis titles, one legend entry per series), not their pixels.</summary>
public class ChartTests : IClassFixture<ChartTests.FullReport>
{
    private readonly FullReport _report;

    public ChartTests(FullReport report) => _report = report;

    public static TheoryData<string, string[]> Charts => new()
    {
        { "engine-durable-batch.svg", ["Engine: durable batch inserts/s", "inserts/s (log)", "mean inserts/s", "LockTable", "StripedTable", "Sqlite"] },
        { "post1-throughput.svg", ["Post 1: throughput", "threads", "ops/s (log)", "Lazy Lock", "Lazy Striped", "Narrow Lock", "Narrow Striped", "Realistic Lock", "Realistic Striped"] },
        { "post2-enemy-ratios.svg", ["Post 2", "ratio (log)", "defences down", "EnemyDefenseConfig", "post", "E1", "E6"] },
        { "post3-percentiles.svg", ["Post 3", "latency (ms, log)", "percentile", "closed loop", "corrected", "open loop", "concurrent", "90%", "99%", "99.9%", "99.99%"] },
        { "post4-samples.svg", ["Post 4: FilterBranch vs FilterTernary", "time per operation (ms)", "quartiles", "iterations", "mean", "Branch, 5 it.", "Ternary, 20 it."] },
        { "post4-micro-macro-amdahl.svg", ["micro vs macro vs Amdahl", "speedup", "this run", "post", "Amdahl's prediction"] },
        { "post5-ratio-by-n.svg", ["Post 5", "N (elements, log)", "ratio (log)", "this run", "post", "predicted cliff", "L2 1024 KiB"] },
    };

    [Theory]
    [MemberData(nameof(Charts))]
    public void Chart_is_an_svg_with_its_title_axes_and_series(string file, string[] texts)
    {
        var svg = XDocument.Load(Path.Combine(_report.Run.Path, file));
        svg.Root!.Name.LocalName.Should().Be("svg");
        svg.Root.Attribute("width")!.Value.Should().Be("900");
        var shown = svg.Descendants().Where(e => e.Name.LocalName == "text").Select(e => e.Value).ToList();
        foreach (string text in texts)
        {
            shown.Should().Contain(t => t.Contains(text, StringComparison.Ordinal), $"{file} shows \"{text}\"");
        }
    }

    [Fact]
    public void Post1_chart_draws_one_line_and_one_bar_series_per_scenario_and_backend()
    {
        // 6 lines with markers + 6 error-bar series; OxyPlot writes each series as polylines, the legend as text.
        var svg = XDocument.Load(Path.Combine(_report.Run.Path, "post1-throughput.svg"));
        var legend = svg.Descendants().Where(e => e.Name.LocalName == "text").Select(e => e.Value)
            .Where(t => t.StartsWith("Lazy", StringComparison.Ordinal) || t.StartsWith("Narrow", StringComparison.Ordinal) || t.StartsWith("Realistic", StringComparison.Ordinal));
        legend.Should().HaveCount(6);
    }

    /// <summary>One report of the full fixture shared by the chart tests.</summary>
    public sealed class FullReport : IDisposable
    {
        public FullReport()
        {
            Run = RunFixture.Copy("full");
            RunFixture.Run("report", Run.Path).Code.Should().Be(0);
        }

        public RunFixture Run { get; }

        public void Dispose() => Run.Dispose();
    }
}
