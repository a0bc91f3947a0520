using LabStatistics.Tests;

namespace StatisticsThatMatter.Tests;

/// <summary>Every wrong input of post 4's program is one line naming it, exit code 2, and nothing runs.</summary>
public class StatisticsThatMatterCommandLineTests
{
    [Theory]
    [InlineData(new[] { "bogus-subcommand" }, "'bogus-subcommand'", "check")]
    [InlineData(new[] { "--bogus-option" }, "'--bogus-option'")]
    [InlineData(new[] { "--join", "bogus" }, "'bogus'", "--join")]
    [InlineData(new[] { "--iterationCount", "five" }, "iterationCount")]
    [InlineData(new[] { "--iterationCount", "-5" }, "--iterationCount", "at least 1")]
    [InlineData(new[] { "--warmupCount", "99999999999" }, "warmupCount")]
    [InlineData(new[] { "--iterationTime", "0" }, "--iterationTime", "at least 1")]
    [InlineData(new[] { "--filter" }, "--filter needs a value")]
    [InlineData(new[] { "--artifacts", "/proc/nonexistent/out" }, "--artifacts", "'/proc/nonexistent/out'")]
    [InlineData(new[] { "check", "no-such-report.json" }, "'no-such-report.json'")]
    [InlineData(new[] { "check", "--alpha", "often" }, "--alpha", "'often'")]
    [InlineData(new[] { "check", "--min-iterations", "-1" }, "--min-iterations", "at least 2")]
    [InlineData(new[] { "check", "--alpha", "0" }, "--alpha", "greater than 0")]
    [InlineData(new[] { "check", "--min-iterations", "99999999999" }, "--min-iterations", "at most 1000000")]
    [InlineData(new[] { "check", "--sesoi" }, "--sesoi needs a value")]
    public void A_wrong_input_is_one_line_naming_it(string[] args, params string[] named) =>
        ProgramRun.Of(Program.Definition, args).ShouldBeUsageError(named);

    [Fact]
    public void Check_prints_durations_in_the_labs_one_spelling()
    {
        using var output = new StringWriter();
        using var error = new StringWriter();

        StatisticsThatMatter.Checklist.CheckCommand.Run([Fixtures.Quick("EffectSizeDemo")], output, error).Should().Be(0, error.ToString());

        output.ToString().Should().Contain(" µs").And.NotContain(" us ");
    }
}
