using HardwareCounters.Prediction;
using HardwareCounters.Standalone;
using MeasurementLab;

namespace HardwareCounters.Tests;

public class PredictCommandTests
{
    [Fact]
    public void Sizes_parse_with_underscores_and_spaces()
    {
        using var sysfs = SysfsFixture.ThisVm();

        using var output = new StringWriter();

        PredictCommand.Run(["--sizes", "1_000_000, 8000000", "--sysfs", sysfs.CpuRoot], output).Should().Be(0);

        output.ToString().Should().Contain("| 1,000,000 |").And.Contain("| 8,000,000 |").And.NotContain("64,000,000");
    }

    [Theory]
    [InlineData("", "comma-separated")]
    [InlineData("1000,,2000", "comma-separated")]
    [InlineData("1000,x", "got 'x'")]
    [InlineData("0", "at least 1")]
    [InlineData("-5", "at least 1")]
    [InlineData("99999999999", "at most 1073741823")]
    public void Bad_sizes_are_rejected(string text, string message) =>
        ProgramRun.Of(Program.Definition, "predict", "--sizes", text).ShouldBeUsageError("--sizes", message);

    [Fact]
    public void A_missing_sysfs_directory_is_a_usage_error() =>
        FluentActions.Invoking(() => PredictCommand.Run(["--sysfs", "/nonexistent/cpu"], TextWriter.Null))
            .Should().Throw<UsageException>().WithMessage("*'/nonexistent/cpu' does not exist*");

    [Fact]
    public void The_banner_is_the_prediction_for_the_given_caches()
    {
        using var sysfs = SysfsFixture.ThisVm();

        string text = PredictCommand.Text(CacheTopology.Read(sysfs.CpuRoot), AccessPatterns.Sizes);

        text.Should().StartWith("# AccessPatterns: prediction made before the run").And.Contain("between N=1,000,000 and N=8,000,000");
    }

    [Theory]
    [InlineData(new string[0], true)]
    [InlineData(new[] { "--filter", "*AccessPatterns*" }, true)]
    [InlineData(new[] { "--filter", "*Nothing*" }, false)]
    [InlineData(new[] { "--list", "flat" }, false)]
    [InlineData(new[] { "--help" }, false)]
    [InlineData(new[] { "--info" }, false)]
    public void The_banner_is_printed_only_before_a_benchmark_run(string[] args, bool expected) =>
        (PredictCommand.Banner(BenchmarkArguments.Parse(args, Program.Definition.Modes)) is not null).Should().Be(expected);
}
