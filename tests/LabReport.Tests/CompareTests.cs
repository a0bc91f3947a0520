namespace LabReport.Tests;

public class CompareTests
{
    private static string Fixture(string name) => Path.Combine(RunFixture.FixturesRoot, name);

    [Fact]
    public void Known_slower_faster_and_same_are_found()
    {
        var (code, output, error) = RunFixture.Run("compare", Fixture("compare-a"), Fixture("compare-b"));
        code.Should().Be(0, error);
        Row(output, "Sample.Slower").Should().Contain("**slower**");
        Row(output, "Sample.Faster").Should().Contain("**faster**");
        Row(output, "Sample.Same").Should().Contain("**same**", "a 1% change is inside the 5% threshold");
        Row(output, "TableOnly.Lookup").Should().Contain("**slower**").And.Contain("no raw iterations");
        output.Should().Contain("1 faster, 2 slower, 1 same");
    }

    [Fact]
    public void A_larger_threshold_turns_the_20_percent_changes_into_same()
    {
        var (code, output, _) = RunFixture.Run("compare", Fixture("compare-a"), Fixture("compare-b"), "--threshold", "25%");
        code.Should().Be(0);
        Row(output, "Sample.Slower").Should().Contain("**same**");
        Row(output, "Sample.Faster").Should().Contain("**same**");
    }

    [Fact]
    public void Different_machines_and_differing_environment_rows_are_said()
    {
        var (_, output, _) = RunFixture.Run("compare", Fixture("compare-a"), Fixture("compare-b"));
        output.Should().Contain("**Different machines**");
        output.Split('\n').Should().Contain(l => l.StartsWith("| kernel ", StringComparison.Ordinal) && l.Contains("| 6.1.0 ", StringComparison.Ordinal) && l.Contains("| 6.2.0 ", StringComparison.Ordinal));
        RunFixture.Run("compare", Fixture("compare-a"), Fixture("compare-a")).Output.Should().Contain("Same machine fingerprint");
    }

    [Fact]
    public void Out_writes_the_table_and_one_chart()
    {
        string dir = Path.Combine(Path.GetTempPath(), $"labreport-compare-{Guid.NewGuid():N}");
        try
        {
            var (code, _, _) = RunFixture.Run("compare", Fixture("compare-a"), Fixture("compare-b"), "--out", dir);
            code.Should().Be(0);
            File.ReadAllText(Path.Combine(dir, "compare.md")).Should().Contain("](compare.svg)");
            SvgText.Shown(Path.Combine(dir, "compare.svg")).Should().Contain(t => t.Contains("Sample.Slower", StringComparison.Ordinal));
        }
        finally
        {
            if (Directory.Exists(dir))
            {
                Directory.Delete(dir, recursive: true);
            }
        }
    }

    [Fact]
    public void Under_the_table_compare_says_runs_made_apart_are_no_before_after_test_and_points_to_ab()
    {
        var (_, output, _) = RunFixture.Run("compare", Fixture("compare-a"), Fixture("compare-b"));

        output.Should().Contain("Note: runs made apart are not a before/after test on a noisy machine").And.Contain("dotnet-ab --help");
        output.Should().NotContain("A/A result", "no folder beside the baseline holds an A/A run");
    }

    [Fact]
    public void The_note_points_to_the_newest_aa_result_of_the_baselines_machine()
    {
        using var baseline = RunFixture.Copy("compare-a");
        string machine = Path.GetDirectoryName(baseline.Path)!;
        foreach (string run in new[] { "2026-11-20-ab-calibration-aa", "2026-11-26-ab-calibration-aa", "2026-11-27-quick" })
        {
            Directory.CreateDirectory(Path.Combine(machine, run));
        }

        File.WriteAllText(Path.Combine(machine, "2026-11-20-ab-calibration-aa", "aa.md"), "older");
        File.WriteAllText(Path.Combine(machine, "2026-11-26-ab-calibration-aa", "aa.md"), "newer");

        var (_, output, _) = RunFixture.Run("compare", baseline.Path, Fixture("compare-b"));

        output.Should().Contain("This machine's A/A result").And.Contain("`fixtures/2026-11-26-ab-calibration-aa/aa.md`");
    }

    [Fact]
    public void Runs_with_no_benchmark_in_common_exit_1_naming_both()
    {
        var (code, _, error) = RunFixture.Run("compare", Fixture("compare-a"), Fixture("no-common"));
        code.Should().Be(1);
        error.Should().Contain("no benchmark in common").And.Contain(Fixture("compare-a")).And.Contain(Fixture("no-common"));
    }

    [Theory]
    [InlineData(new[] { "compare" }, "at least two run folders")]
    [InlineData(new[] { "compare", "@a" }, "at least two run folders")]
    [InlineData(new[] { "compare", "@a", "@b", "--threshold", "fast" }, "--threshold 'fast' is not a number")]
    [InlineData(new[] { "compare", "@a", "@b", "--threshold", "0" }, "must be above 0%")]
    [InlineData(new[] { "compare", "@a", "@b", "--threshold=-5%" }, "must be above 0%")]
    [InlineData(new[] { "compare", "@a", "@b", "--threshold" }, "Option --threshold needs a value")]
    [InlineData(new[] { "compare", "@a", "/nonexistent/run" }, "/nonexistent/run: no such directory")]
    [InlineData(new[] { "compare", "@a", "@b", "--bogus" }, "Unknown option: --bogus")]
    public void Bad_compare_lines_exit_2(string[] args, string message)
    {
        var resolved = args.Select(a => a == "@a" ? Fixture("compare-a") : a == "@b" ? Fixture("compare-b") : a).ToArray();
        var (code, _, error) = RunFixture.Run(resolved);
        code.Should().Be(2);
        error.Should().StartWith("error: ").And.Contain(message);
    }

    [Theory]
    [InlineData("5%", 0.05)]
    [InlineData("2.5%", 0.025)]
    [InlineData("0.1", 0.1)]
    [InlineData("10", 0.10)]
    public void Threshold_forms(string text, double expected) =>
        CompareCommand.ParseThreshold(text).Should().BeApproximately(expected, 1e-12);

    private static string Row(string output, string key) =>
        output.Split('\n').Single(l => l.StartsWith("| engine: ", StringComparison.Ordinal) && l.Contains(key, StringComparison.Ordinal));
}
