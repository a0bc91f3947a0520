namespace HardwareCounters.Tests;

/// <summary>Every wrong input of post 5's program is one line naming it, exit code 2, and nothing runs.</summary>
public class HardwareCountersCommandLineTests
{
    [Theory]
    [InlineData(new[] { "bogus-subcommand" }, "'bogus-subcommand'", "perf-sequential", "perf-random", "predict")]
    [InlineData(new[] { "--bogus-option" }, "'--bogus-option'")]
    [InlineData(new[] { "--counters" }, "--counters needs a value")]
    [InlineData(new[] { "--unrollFactor", "two" }, "unrollFactor")]
    [InlineData(new[] { "--invocationCount", "-16" }, "--invocationCount", "at least 1")]
    [InlineData(new[] { "--minIterationCount", "0" }, "--minIterationCount", "at least 1")]
    [InlineData(new[] { "--launchCount", "99999999999" }, "launchCount")]
    [InlineData(new[] { "--artifacts", "/proc/nonexistent/out" }, "--artifacts", "'/proc/nonexistent/out'")]
    [InlineData(new[] { "perf-random", "1000", "bogus" }, "bogus")]
    [InlineData(new[] { "perf-random", "lots" }, "N", "'lots'")]
    [InlineData(new[] { "perf-random", "-1000" }, "N", "at least 1")]
    [InlineData(new[] { "perf-sequential", "0" }, "N", "at least 1")]
    [InlineData(new[] { "perf-sequential", "99999999999" }, "N", "at most 268435456")]
    [InlineData(new[] { "perf-sequential", "1000", "--passes" }, "--passes needs a value")]
    [InlineData(new[] { "predict", "bogus" }, "bogus")]
    [InlineData(new[] { "predict", "--sysfs", "/nonexistent/dir" }, "--sysfs", "'/nonexistent/dir'")]
    public void A_wrong_input_is_one_line_naming_it(string[] args, params string[] named) =>
        ProgramRun.Of(Program.Definition, args).ShouldBeUsageError(named);
}
