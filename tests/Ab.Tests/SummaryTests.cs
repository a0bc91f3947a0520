using System.Text.Json;

namespace Ab.Tests;

public class SummaryTests
{
    private static AbReport Report(bool aa = false, params AbResult[] results) => new(
        new AbOptions { A = "main", B = aa ? "main" : "HEAD", IsAa = aa, Project = "src/Perf/Perf.csproj", Filters = ["*Parser*"] },
        new BuiltSide("main", new string('a', 40), "/x/a.dll"), new BuiltSide(aa ? "main" : "HEAD", new string(aa ? 'a' : 'b', 40), "/x/b.dll"),
        "src/Perf/Perf.csproj", new RoundsOutcome(results, 5, StopReason.AllDecided, TimeSpan.FromSeconds(75), null));

    private static readonly AbResult Slower = new("Perf.Parser.Parse", 1_500, 1_650, 1.10, 1.08, 1.12, 5, AbVerdict.Slower);
    private static readonly AbResult Same = new("Perf.Parser.Tokenize", 2_000_000, 2_000_000, 1.00, 0.99, 1.01, 5, AbVerdict.Same);

    [Fact]
    public void The_markdown_has_one_row_per_benchmark_and_says_why_the_rounds_stopped()
    {
        string md = Summary.Markdown(Report(false, Slower, Same), aa: null);

        md.Should().Contain("## ab: HEAD (bbbbbbbbbb) vs main (aaaaaaaaaa)").And.Contain("5 interleaved rounds in 75 s (budget 10 min)")
            .And.Contain("Stopped: every benchmark decided.");
        md.Should().Contain("| Perf.Parser.Parse | 1.50 μs | 1.65 μs | 1.100 | [1.080; 1.120] | 5 | **slower** |");
        md.Should().Contain("| Perf.Parser.Tokenize | 2.00 ms | 2.00 ms | 1.000 | [0.990; 1.010] | 5 | **same** |");
        md.Should().NotContain("A/A (aa.md)");
    }

    [Fact]
    public void An_aa_md_in_the_output_folder_is_printed_beside_the_verdicts() =>
        Summary.Markdown(Report(false, Same), aa: "A/A of main: **0 of 2** flagged\n").Should()
            .Contain("### This machine's A/A (aa.md)\n\nA/A of main: **0 of 2** flagged".ReplaceLineEndings());

    [Fact]
    public void A_layout_md_in_the_output_folder_is_printed_beside_the_verdicts() =>
        Summary.Markdown(Report(false, Slower), aa: null, layout: "Layout calibration: HEAD against HEAD~1\n").Should()
            .Contain("(layout.md)\n\nLayout calibration: HEAD against HEAD~1".ReplaceLineEndings()).And.NotContain("(aa.md)");

    [Fact]
    public void The_json_gives_each_verdict_the_stop_reason_and_both_commits()
    {
        using var json = JsonDocument.Parse(Summary.Json(Report(false, Slower, Same)));
        var root = json.RootElement;

        root.GetProperty("stop").GetString().Should().Be("all-decided");
        root.GetProperty("rounds").GetInt32().Should().Be(5);
        root.GetProperty("b").GetProperty("commit").GetString().Should().Be(new string('b', 40));
        root.GetProperty("benchmarks").EnumerateArray().Select(b => (b.GetProperty("name").GetString(), b.GetProperty("verdict").GetString()))
            .Should().Equal(("Perf.Parser.Parse", "slower"), ("Perf.Parser.Tokenize", "same"));
    }

    [Fact]
    public void An_aa_run_counts_its_false_positives_and_names_its_widest_interval()
    {
        var flagged = Slower with { Name = "Perf.Parser.Parse" };
        var wide = new AbResult("Perf.Parser.Wide", 1, 1, 1.0, 0.90, 1.15, 5, AbVerdict.Undecided);

        string aa = Summary.AaMarkdown(Report(true, flagged, Same, wide));

        aa.Should().Contain("**1 of 3** benchmarks flagged slower or faster at ±2% (1 same, 1 undecided)")
            .And.Contain("Widest interval: [0.900; 1.150] (Perf.Parser.Wide)");
    }
}
