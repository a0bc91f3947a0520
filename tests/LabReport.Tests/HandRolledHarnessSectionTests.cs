using LabReport.RunFiles;

namespace LabReport.Tests;

/// <summary>The prologue's section on the <c>prologue</c> fixture (a quick run of its lab-run.sh) and broken copies of it.</summary>
public class HandRolledHarnessSectionTests
{
    private const string Folder = "hand-rolled-harness";

    // A quick run (3 repeats per sweep point): wide intervals, so most ratios straddle an edge of their band.
    [Theory]
    // That run ran each step once (no rounds): one number per step has no interval and decides nothing (issue 47), however
    // far from its bound (Mark0: 9,017× against ≥ 10×; Mark1: 0.5 ns against ≤ 0.833 ns).
    [InlineData("Timing one call (Mark0)", "not measurable here")]
    [InlineData("Mark1 at 100,000,000 calls, result unused", "not measurable here")]
    [InlineData("multiply (20 floating-point multiplications), Mark", "information only")]
    [InlineData("multiply per call, the final harness (Mark8) / Mark2", "not measurable here")] // 10.0 vs 5.30 ns in that busy run, once
    [InlineData("Binary search, pre-generated pseudorandom items / the same item, at 6,553,600", "borderline")]
    [InlineData("Generating a pseudorandom item (random_index)", "borderline")]
    [InlineData("Fetching a pre-generated item", "borderline")]
    [InlineData("Selection sort / quicksort", "borderline")]
    [InlineData("Heapsort / quicksort", "borderline")]
    [InlineData("Quicksort at 12,800 / at 100 elements", "borderline")]
    public void Quick_run_verdicts(string claim, string verdict)
    {
        using var run = RunFixture.Copy("prologue");
        RunFixture.Run("report", run.Path).Code.Should().Be(0);
        ReportTests.VerdictOf(File.ReadAllText(run.File("report.md")), claim).Should().Be(verdict);
    }

    [Fact]
    public void The_section_reads_the_runs_files_and_draws_three_charts()
    {
        using var run = RunFixture.Copy("prologue");
        RunFixture.Run("report", run.Path);
        string report = File.ReadAllText(run.File("report.md"));
        report.Should().Contain("## Prologue — The hand-rolled harness (Sestoft)");
        report.Should().Contain("9.69× [4.67×; 20.09×]", "pseudorandom 487 ns vs same item 50.3 ns at 6,553,600, three repeats each");
        foreach (string file in new[] { "mark-steps.csv", "mark8.csv", "command.txt", "comparison.md" })
        {
            report.Should().Contain($"[{Folder}/{file}]({Folder}/{file})");
        }

        var charts = new Dictionary<string, string[]>
        {
            ["prologue-mark-steps.svg"] = ["Prologue: multiply, Mark0 to Mark8", "ns per call (log)", "step", "Mark0", "Mark1 1M", "Mark1 100M", "Mark8", "mean"],
            ["prologue-sorts.svg"] = ["Prologue: sort time per element", "array size (log)", "ns per element (log)", "selection_sort", "quicksort", "heapsort"],
            ["prologue-binary-search.svg"] = ["Prologue: binary search", "ns per search (log)", "binary_search_same", "binary_search_pseudorandom",
                "binary_search_generated", "get_pseudorandom_items", "random_index"],
        };
        foreach (var (file, texts) in charts)
        {
            report.Should().Contain($"]({file})");
            var shown = SvgText.Shown(run.File(file));
            foreach (string text in texts)
            {
                shown.Should().Contain(t => t.Contains(text, StringComparison.Ordinal), $"{file} shows \"{text}\"");
            }
        }
    }

    [Fact]
    public void A_sweep_that_stops_early_leaves_the_sized_claims_missing_and_says_where_it_stopped()
    {
        using var run = RunFixture.Copy("prologue");
        string sweep = run.File($"{Folder}/mark8.csv");
        File.WriteAllLines(sweep, File.ReadAllLines(sweep).Where(l => l.Split(',')[2] is "" or "size" || int.Parse(l.Split(',')[2]) <= 800));
        RunFixture.Run("report", run.Path).Code.Should().Be(0);
        string report = File.ReadAllText(run.File("report.md"));
        ReportTests.VerdictOf(report, "Binary search, pre-generated pseudorandom items").Should().Be("missing");
        ReportTests.VerdictOf(report, "Selection sort / quicksort").Should().Be("missing");
        report.Should().Contain("its sweep stops at 800");
        ReportTests.VerdictOf(report, "Generating a pseudorandom item (random_index)").Should().Be("missing", "the note measured it at 1,638,400");
        ReportTests.VerdictOf(report, "Fetching a pre-generated item").Should().NotBe("missing", "judged across the sizes there are: 800 over 100");
    }

    [Fact]
    public void A_malformed_sweep_is_a_problem_line_naming_the_file_and_the_steps_are_still_judged()
    {
        using var run = RunFixture.Copy("prologue");
        File.AppendAllText(run.File($"{Folder}/mark8.csv"), "sort,quicksort,100,12.5\n");
        var (code, _, error) = RunFixture.Run("report", run.Path);
        code.Should().Be(0, error);
        string report = File.ReadAllText(run.File("report.md"));
        report.Should().Contain("mark8.csv:136: 4 cells where the header has 6");
        ReportTests.VerdictOf(report, "Heapsort / quicksort").Should().Be("missing");
        ReportTests.VerdictOf(report, "Mark1 at 100,000,000 calls, result unused").Should().NotBe("missing", "the steps' file is read despite the sweep's bad line");
        File.Exists(run.File("prologue-mark-steps.svg")).Should().BeTrue();
    }

    [Fact]
    public void Without_the_sweeps_repeat_count_its_ratios_have_no_interval_and_decide_nothing()
    {
        using var run = RunFixture.Copy("prologue");
        string commands = run.File($"{Folder}/command.txt");
        File.WriteAllLines(commands, File.ReadAllLines(commands).Select(l => l.Replace("--repeats 3 ", "", StringComparison.Ordinal)));
        RunFixture.Run("report", run.Path);
        string report = File.ReadAllText(run.File("report.md"));
        report.Should().Contain("command.txt does not give the sweep's --repeats");
        ReportTests.VerdictOf(report, "Heapsort / quicksort").Should().Be("not measurable here");
    }

    [Fact]
    public void Mark_steps_run_in_rounds_are_paired_by_round_and_judged_on_the_rounds_interval()
    {
        // The hook's rounds format: the claims' steps once per round, the other steps once (round 0). Hand-made numbers:
        // Mark0 / Mark8 per round 9,000, 10,000 and 11,000 (median 10,000); Mark1 at 100M 0.44, 0.46 and 0.45 ns.
        using var run = RunFixture.Copy("prologue");
        File.WriteAllText(run.File($"{Folder}/mark-steps.csv"), """
            round,step,calls,mean_ns,sdev_ns
            1,0,1,45000.0,
            1,1,100000000,0.44,
            1,2,100000000,5.0,
            1,8,16777216,5.0,0.02
            2,8,16777216,5.0,0.02
            2,2,100000000,5.2,
            2,0,1,50000.0,
            2,1,100000000,0.46,
            3,1,100000000,0.45,
            3,0,1,55000.0,
            3,8,16777216,5.0,0.02
            3,2,100000000,5.1,
            0,1,1000000,2.6,
            0,3,100000000,5.0,
            """);
        string report = ClaimsOnFixturesTests.Report(run);
        var mark0 = ClaimsOnFixturesTests.Row(report, "Timing one call (Mark0)");
        mark0.Measured.Should().StartWith("10,000× [").And.Contain("(95% CI, 3 rounds)");
        mark0.Verdict.Should().Be("reproduced", "the whole interval is far above 10×");
        var dead = ClaimsOnFixturesTests.Row(report, "Mark1 at 100,000,000 calls");
        dead.Measured.Should().StartWith("0.45 ns [").And.Contain("(95% CI, 3 rounds)");
        dead.Verdict.Should().Be("reproduced", dead.Note);
        ClaimsOnFixturesTests.Row(report, "multiply per call, the final harness (Mark8) / Mark2").Measured.Should().Contain("(95% CI, 3 rounds)");
    }

    [Fact]
    public void A_run_without_the_prologue_marks_its_claims_missing()
    {
        using var run = RunFixture.Copy("full");
        RunFixture.Run("report", run.Path).Code.Should().Be(0);
        ReportTests.VerdictOf(File.ReadAllText(run.File("report.md")), "Heapsort / quicksort").Should().Be("missing");
    }

    [Fact]
    public void A_sweep_row_becomes_a_result_with_students_interval_over_the_repeats()
    {
        string dir = Path.Combine(Path.GetTempPath(), $"labreport-{Guid.NewGuid():N}");
        Directory.CreateDirectory(dir);
        try
        {
            string csv = Path.Combine(dir, "mark8.csv");
            File.WriteAllText(csv, "group,function,size,mean_ns,sdev_ns,count\nmath,multiply,,30.300,0.200,8388608\nsort,quicksort,100,4486.700,60.390,65536\n");
            File.WriteAllText(Path.Combine(dir, "command.txt"), "cd x && dotnet run -c Release -- mark 8 --function all --repeats 10 --csv /tmp/run/mark8.csv\n");
            int? repeats = MarkRuns.SweepRepeats(Path.Combine(dir, "command.txt"));
            repeats.Should().Be(10);
            var rows = MarkRuns.Sweep(csv, repeats);
            rows.Should().HaveCount(2);
            rows[0].Parameters.Should().BeEmpty();
            rows[1].Parameter("size").Should().Be("100");
            // t(0.9995, 9) = 4.781 (tables): half-width 4.781 · 0.2 / √10.
            rows[0].ErrorNs.Should().BeApproximately(4.781 * 0.2 / Math.Sqrt(10), 1e-3);
            rows[0].Iterations.Should().Be(10);
        }
        finally
        {
            Directory.Delete(dir, recursive: true);
        }
    }
}
