using System.Text.RegularExpressions;

namespace LabReport.Tests;

public partial class ReportTests
{
    private static string GoldenPath(string name) => Path.Combine(AppContext.BaseDirectory, "Golden", name);

    [Fact]
    public void Full_run_report_matches_the_golden_file()
    {
        // Regenerate after an intended change: LABREPORT_UPDATE_GOLDEN=/path/to/tests/LabReport.Tests/Golden dotnet test tests/LabReport.Tests
        using var run = RunFixture.Copy("full");
        var (code, output, error) = RunFixture.Run("report", run.Path);
        code.Should().Be(0, error);
        output.Split('\n', StringSplitOptions.RemoveEmptyEntries).Should().Equal(run.File("report.md"), run.File("report.html"));
        string report = File.ReadAllText(run.File("report.md"));
        if (Environment.GetEnvironmentVariable("LABREPORT_UPDATE_GOLDEN") is { Length: > 0 } dir)
        {
            File.WriteAllText(Path.Combine(dir, "full.report.md"), report);
        }

        report.Should().Be(File.ReadAllText(GoldenPath("full.report.md")));
    }

    [Theory]
    [InlineData("SumRandom / SumSequential time, N = 8,000,000", "reproduced")]
    [InlineData("SumRandom / SumSequential time, N = 1,000,000", "direction only")]
    [InlineData("Narrow, 32 threads: Striped / Lock throughput", "not measurable here")] // 32 threads on 2 CPUs
    [InlineData("20 iterations: FilterTernary / FilterBranch", "not reproduced")]
    [InlineData("Closed-loop requests at 200 ms or more", "reproduced")]
    [InlineData("The disk's sequential write", "information only")]
    [InlineData("LockTable / Dictionary + lock (time)", "borderline")] // [0.78×; 1.31×] straddles ±5%
    [InlineData("Steady durable batch, StripedTable, 2 threads / SQLite", "missing")] // the run predates DurableBatch's 2-thread row
    public void Full_run_verdicts(string claim, string verdict)
    {
        using var run = RunFixture.Copy("full");
        RunFixture.Run("report", run.Path).Code.Should().Be(0);
        VerdictOf(File.ReadAllText(run.File("report.md")), claim).Should().Be(verdict);
    }

    [Fact]
    public void Every_post_has_a_section_a_table_and_its_charts()
    {
        using var run = RunFixture.Copy("full");
        RunFixture.Run("report", run.Path);
        string report = File.ReadAllText(run.File("report.md"));
        foreach (string title in new[] { "The storage engine", "Post 1", "Post 2", "Post 3", "Post 4", "Post 5" })
        {
            report.Should().Contain($"## {title}");
        }

        foreach (string chart in new[] { "engine-durable-batch.svg", "post1-striped-vs-lock.svg", "post2-enemy-ratios.svg", "post3-percentiles.svg",
                     "post4-samples.svg", "post4-micro-macro-amdahl.svg", "post5-ratio-by-n.svg" })
        {
            report.Should().Contain($"]({chart})");
            File.Exists(run.File(chart)).Should().BeTrue(chart);
        }

        report.Should().Contain("[hardware-counters/HardwareCounters.AccessPatterns-report-github.md](hardware-counters/HardwareCounters.AccessPatterns-report-github.md)",
            "each raw file read is linked");
    }

    [Fact]
    public void Max_same_is_judged_on_the_worst_latency_per_pause_paired_between_the_clients()
    {
        using var run = RunFixture.Copy("full");
        // Three pauses; the second caught a 14 ms stall in the open loop: the max moves 7%, the typical pause does not.
        File.WriteAllText(Path.Combine(run.File("coordinated-omission"), "pauses.csv"),
            "client,pause,request,worst_ms\nClosed-loop,1,499,200.1\nClosed-loop,2,999,200.3\nClosed-loop,3,1499,200.2\n" +
            "Open-loop,1,499,200.4\nOpen-loop,2,999,214.8\nOpen-loop,3,1499,200.2\nConcurrent,1,499,201\n");
        var expected = LabRounds.RoundsEstimate.FromRatios([200.4 / 200.1, 214.8 / 200.3, 200.2 / 200.2]);

        RunFixture.Run("report", run.Path).Code.Should().Be(0);

        string row = File.ReadAllLines(run.File("report.md")).Single(l => l.StartsWith("| max open / closed", StringComparison.Ordinal));
        row.Should().Contain($"{LabReport.Claims.Interval.Ratio(new LabReport.RatioEstimate(expected.Median, expected.Lower, expected.Upper, true) { Level = 0.95 })} over 3 pauses paired (pauses.csv)");
        row.Should().Contain("the max itself 203 / 201 ms", "the run's max is still shown");
        VerdictOf(File.ReadAllText(run.File("report.md")), "max open / closed").Should().Be("borderline", "three pauses give an interval wider than ±5%");
    }

    [Fact]
    public void A_malformed_pauses_csv_is_a_problem_under_the_table_and_the_max_is_judged_by_its_point()
    {
        using var run = RunFixture.Copy("full");
        File.WriteAllText(Path.Combine(run.File("coordinated-omission"), "pauses.csv"), "client,pause\nOpen-loop,1\n");

        RunFixture.Run("report", run.Path).Code.Should().Be(0);

        string report = File.ReadAllText(run.File("report.md"));
        report.Should().Contain("pauses.csv: no column worst_ms");
        report.Split('\n').Single(l => l.StartsWith("| max open / closed", StringComparison.Ordinal)).Should().Contain("1.01× (no interval) — 203 / 201 ms");
    }

    [Fact]
    public void Smoke_run_gives_not_measurable_verdicts_instead_of_crashing()
    {
        using var run = RunFixture.Copy("smoke");
        var (code, _, error) = RunFixture.Run("report", run.Path);
        code.Should().Be(0, error);
        string report = File.ReadAllText(run.File("report.md"));
        var verdicts = VerdictPattern().Matches(report).Select(m => m.Groups[1].Value).ToList();
        verdicts.Should().NotBeEmpty();
        verdicts.Should().Contain("not measurable here");
        VerdictOf(report, "SumRandom / SumSequential time, N = 8,000,000").Should().Be("not measurable here");
        VerdictOf(report, "Closed-loop requests at 200 ms or more").Should().Be("reproduced", "the smoke run's 2 s at 450 req/s: ⌊900 / 500⌋ = 1 pause");
        report.Should().Contain("carried to this run's 2 s: 1 (⌊rate × duration / pause-every⌋)");
        VerdictOf(report, "E1 SumPayloadCold / SumPayloadWarm time").Should().Be("missing", "E1's build timed out in that run: its table has no SumPayloadWarm row");
    }

    [Fact]
    public void A_missing_post_is_reported_missing_and_the_rest_still_judged()
    {
        using var run = RunFixture.Copy("full");
        Directory.Delete(run.File("coordinated-omission"), recursive: true);
        var (code, _, error) = RunFixture.Run("report", run.Path);
        code.Should().Be(0);
        error.Should().Contain("coordinated-omission").And.Contain(run.Path);
        string report = File.ReadAllText(run.File("report.md"));
        VerdictOf(report, "Open-loop p90").Should().Be("missing");
        report.Should().Contain("coordinated-omission/: not in this run");
        VerdictOf(report, "SumRandom / SumSequential time, N = 64,000,000").Should().Be("reproduced");
    }

    [Fact]
    public void A_corrupt_json_report_is_named_and_the_markdown_table_is_used_instead()
    {
        using var run = RunFixture.Copy("corrupt-json");
        var (code, _, error) = RunFixture.Run("report", run.Path);
        code.Should().Be(0, error);
        string report = File.ReadAllText(run.File("report.md"));
        report.Should().Contain("StatisticsThatMatter.NoisyComparison-report-full-annotated.json: is not valid JSON");
        VerdictOf(report, "20 iterations: FilterTernary / FilterBranch").Should().Be("not reproduced");
        VerdictOf(report, "SumRandom / SumSequential time, N = 8,000,000").Should().Be("missing");
    }

    [Fact]
    public void A_run_with_another_load_than_the_posts_is_not_measurable_for_post_3()
    {
        using var run = RunFixture.Copy("full");
        string config = run.File("coordinated-omission/configuration.json");
        File.WriteAllText(config, File.ReadAllText(config).Replace("\"ratePerSecond\": 450", "\"ratePerSecond\": 100", StringComparison.Ordinal));
        RunFixture.Run("report", run.Path).Code.Should().Be(0);
        string report = File.ReadAllText(run.File("report.md"));
        VerdictOf(report, "Open-loop p99").Should().Be("not measurable here");
        report.Should().Contain("ratePerSecond 100 instead of 450");
    }

    [Fact]
    public void A_malformed_histogram_is_a_problem_line_not_a_crash()
    {
        using var run = RunFixture.Copy("full");
        File.WriteAllText(run.File("coordinated-omission/open-loop.hgrm"), "this is not a histogram\n");
        RunFixture.Run("report", run.Path).Code.Should().Be(0);
        string report = File.ReadAllText(run.File("report.md"));
        report.Should().Contain("open-loop.hgrm: no percentile lines");
        report.Should().Contain("(report.md; one run, no interval", "the percentiles come from report.md's table first");
        VerdictOf(report, "Open-loop p90").Should().Be("not measurable here", "without windows.csv a percentile is one number");
    }

    [Fact]
    public void Without_the_programs_report_the_percentiles_come_from_the_histograms()
    {
        using var run = RunFixture.Copy("full");
        File.Delete(run.File("coordinated-omission/report.md"));
        RunFixture.Run("report", run.Path).Code.Should().Be(0);
        string report = File.ReadAllText(run.File("report.md"));
        report.Should().Contain("195.56 ms (open-loop.hgrm", "the first .hgrm tick at or above p99");
        VerdictOf(report, "Closed-loop requests at 200 ms or more").Should().Be("missing", "the buckets are only in report.md");
    }

    [Fact]
    public void A_folder_that_is_not_a_run_is_one_line_naming_it_exit_2()
    {
        string dir = Path.Combine(Path.GetTempPath(), $"labreport-notarun-{Guid.NewGuid():N}");
        Directory.CreateDirectory(dir);
        try
        {
            var (code, output, error) = RunFixture.Run("report", dir);
            code.Should().Be(2);
            output.Should().BeEmpty();
            error.Trim().Split('\n').Should().ContainSingle().Which.Should().Contain(dir).And.Contain("environment.md");
        }
        finally
        {
            Directory.Delete(dir);
        }
    }

    [Fact]
    public void A_run_without_any_post_folder_exits_1_naming_it()
    {
        using var run = RunFixture.Copy("corrupt-json");
        Directory.Delete(run.File("statistics-that-matter"), recursive: true);
        var (code, _, error) = RunFixture.Run("report", run.Path);
        code.Should().Be(1);
        error.Should().Contain(run.Path).And.Contain("no post folder");
        File.Exists(run.File("report.md")).Should().BeFalse();
    }

    [Theory]
    [InlineData(new[] { "report" }, "needs a run folder")]
    [InlineData(new[] { "report", "/nonexistent/run" }, "/nonexistent/run: no such directory")]
    [InlineData(new[] { "report", "a", "b" }, "Unexpected argument: b")]
    [InlineData(new[] { "report", "--bogus" }, "Unknown option: --bogus")]
    [InlineData(new[] { "frobnicate" }, "unknown command 'frobnicate'")]
    [InlineData(new string[0], "a command is needed")]
    public void Bad_command_lines_exit_2_with_one_error_line(string[] args, string message)
    {
        var (code, _, error) = RunFixture.Run(args);
        code.Should().Be(2);
        error.Should().StartWith("error: ").And.Contain(message);
    }

    [Theory]
    [InlineData("frobnicate")]
    [InlineData("")]
    public void The_command_errors_name_every_command_the_usage_lists(string word)
    {
        // The usage's command lines ("  report <run-folder> ...", "  archive ..."): written by hand, the list to agree with.
        var listed = LabReportProgram.Usage.Split('\n')
            .Select(l => Regex.Match(l, @"^  ([a-z]+)\b"))
            .Where(m => m.Success).Select(m => m.Groups[1].Value).ToList();
        listed.Should().Contain("archive").And.BeEquivalentTo(LabReportProgram.CommandNames);

        var (code, _, error) = RunFixture.Run(word.Length == 0 ? [] : [word]);

        code.Should().Be(2);
        string line = error.Split('\n')[0];
        foreach (string name in listed)
        {
            line.Should().MatchRegex($@"[:,] {name}\b|\bor {name}\b", $"the error lists every command ({name})");
        }
    }

    [Fact]
    public void An_unwritable_output_directory_is_refused_before_any_work()
    {
        using var run = RunFixture.Copy("full");
        var (code, _, error) = RunFixture.Run("report", run.Path, "--out", "/proc/nonexistent/out");
        code.Should().Be(2);
        error.Should().Contain("/proc/nonexistent/out");
        File.Exists(run.File("report.md")).Should().BeFalse();
    }

    [Fact]
    public void Help_lists_the_commands()
    {
        var (code, output, _) = RunFixture.Run("--help");
        code.Should().Be(0);
        output.Should().Contain("report <run-folder>").And.Contain("compare").And.Contain("readme");
        RunFixture.Run("compare", "--help").Output.Should().Contain("--threshold");
    }

    // The verdict cell of the first table row whose claim starts with the given text.
    internal static string VerdictOf(string report, string claim)
    {
        var line = report.Split('\n').FirstOrDefault(l => l.StartsWith($"| {claim}", StringComparison.Ordinal));
        line.Should().NotBeNull($"the report has a row for \"{claim}\"");
        return VerdictPattern().Match(line!).Groups[1].Value;
    }

    [GeneratedRegex(@"\| \*\*([a-z ]+)\*\*[^|]*\|")]
    private static partial Regex VerdictPattern();
}
