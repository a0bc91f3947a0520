using LabReport.Ab;

namespace LabReport.Tests.Ab;

/// <summary>The calibration driver at small scale, on the stand-in lab whose times follow FTF_CALIBRATION_SCALE exactly.</summary>
public class CalibrateCommandTests
{
    [Fact]
    public void Two_trials_of_every_cell_make_the_table_of_every_method()
    {
        using var lab = new FakeLab();
        string folder = lab.Out("calibration");
        var output = new StringWriter();
        var error = new StringWriter();

        int code = AbCommand.Run(["calibrate", "--a", lab.BuildFolder("build"), "--project", "proj", "--filter", "*Walk*", "--trials", "2", "--rounds", "3",
            "--seed", "5", "--out", folder], output, error, lab.Host("0-1"));

        code.Should().Be(0, error.ToString());
        string md = File.ReadAllText(Path.Combine(folder, "calibration.md"));
        md.Should().Be(output.ToString());
        // The stand-in runs both benchmarks whatever the filter: 2 benchmarks x 2 trials per cell. Exact times: no false positive; +5% and +10% found every time by the rounds' intervals. +2% is exactly on the
        // ±2% threshold, which the interval must clear, so it is never called slower.
        foreach (string method in new[] { "interleaved", "duet" })
        {
            md.Split('\n').Single(l => l.StartsWith($"| {method} ", StringComparison.Ordinal))
                .Should().MatchRegex(@"\| +0/4 \(0%\) \| +0/4 \(0%\) \| +4/4 \(100%\) \| +4/4 \(100%\) \|");
        }

        md.Should().Contain("| sequential ").And.Contain("# interleaved-5pct").And.Contain("--b-env FTF_CALIBRATION_SCALE=1.05");
        var commands = md.Split('\n').Where(l => l.StartsWith(AbCommandLine.Invocation, StringComparison.Ordinal)).ToList();
        commands.Should().HaveCount(12).And.Contain(c => c.Contains(" ab --aa ", StringComparison.Ordinal) && c.Contains("--duet", StringComparison.Ordinal));
        commands.Should().AllSatisfy(c => FluentActions.Invoking(() => AbOptions.Parse(c[(AbCommandLine.Invocation.Length + 1)..].Split(' ')))
            .Should().NotThrow("each cell's command is one ab can run again"));
        File.ReadAllLines(Path.Combine(folder, "trials.tsv")).Should().HaveCount(1 + 3 * 4 * 2 * 2);
        File.ReadAllText(Path.Combine(folder, "command.txt")).Should().Contain("calibrate").And.Contain("--trials 2");
        Directory.EnumerateFileSystemEntries(lab.RunDirectory).Should().BeEmpty();
    }

    [Theory]
    [InlineData(new[] { "--methods", "fastest" }, "--methods: 'fastest' is not a method")]
    [InlineData(new[] { "--trials", "1" }, "Option --trials must be at least 2")]
    [InlineData(new[] { "--rounds", "3", "--budget", "1m" }, "give --rounds or --budget, not both")]
    [InlineData(new[] { "--changes", "0" }, "Option --changes entry must be at least 1")]
    public void Wrong_calibration_options_are_usage_errors(string[] args, string message)
    {
        using var lab = new FakeLab();

        lab.Ab(lab.Host(), ["calibrate", .. args]).ShouldBeUsageError(message);
    }

    [Fact]
    public void A_duet_calibration_needs_two_cpus()
    {
        using var lab = new FakeLab();

        lab.Ab(lab.Host("0"), ["calibrate", "--project", "proj"]).ShouldBeUsageError("--duet needs 2 CPUs");
    }
}
