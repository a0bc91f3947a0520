
namespace WhyBenchmarksLie.Tests;

/// <summary>Every wrong input of post 1's program is one line naming it, exit code 2, and nothing runs.</summary>
public class WhyBenchmarksLieCommandLineTests
{
    [Theory]
    [InlineData(new[] { "bogus-subcommand" }, "'bogus-subcommand'", "latency")]
    [InlineData(new[] { "--bogus-option" }, "'--bogus-option'")]
    [InlineData(new[] { "--list", "flat", "bogus" }, "'bogus'")]
    [InlineData(new[] { "--iterationCount", "abc" }, "iterationCount")]
    [InlineData(new[] { "--iterationCount", "-1" }, "--iterationCount", "at least 1")]
    [InlineData(new[] { "--iterationCount", "0" }, "--iterationCount", "at least 1")]
    [InlineData(new[] { "--iterationCount", "99999999999" }, "iterationCount")]
    [InlineData(new[] { "--iterationCount" }, "--iterationCount needs a value")]
    [InlineData(new[] { "--artifacts", "/proc/nonexistent/out" }, "--artifacts", "'/proc/nonexistent/out'")]
    [InlineData(new[] { "latency", "bogus" }, "bogus")]
    [InlineData(new[] { "latency", "--batches", "x" }, "--batches", "'x'")]
    [InlineData(new[] { "latency", "--batches", "-1" }, "--batches", "at least 1")]
    [InlineData(new[] { "latency", "--batches", "0" }, "--batches", "at least 1")]
    [InlineData(new[] { "latency", "--batches", "99999999999" }, "--batches", "at most 1000")]
    [InlineData(new[] { "latency", "--threads", "0" }, "--threads", "at least 1")]
    [InlineData(new[] { "latency", "--batches" }, "--batches needs a value")]
    [InlineData(new[] { "latency", "--output", "/proc/nonexistent/out" }, "--output", "'/proc/nonexistent/out'")]
    public void A_wrong_input_is_one_line_naming_it(string[] args, params string[] named) =>
        ProgramRun.Of(Program.Definition, args).ShouldBeUsageError(named);

    [Fact]
    public void The_latency_modes_help_lists_its_options()
    {
        var run = ProgramRun.Of(Program.Definition, "latency", "--help");

        run.ExitCode.Should().Be(0);
        run.Output.Should().Contain("--threads").And.Contain("--output").And.Contain("1,4,16,32");
    }
}
