using HardwareCounters.Prediction;
using HardwareCounters.Standalone;
using MeasurementLab.Caches;
using MeasurementLab;

namespace HardwareCounters.Tests;

public class PredictCommandTests
{
    [Fact]
    public void Sizes_parse_with_underscores_and_spaces()
    {
        using var sysfs = SysfsFixture.ThisVm();

        using var output = new StringWriter();

        PredictCommand.Run(["--sizes", "1_000_000, 8000000", "--sysfs", sysfs.CpuRoot, "--sweep", "none"], output).Should().Be(0);

        output.ToString().Should().Contain("| 1,000,000 |").And.Contain("| 8,000,000 |").And.NotContain("64,000,000");
    }

    [Fact]
    public void Without_sysfs_the_recorded_measurement_makes_the_prediction_and_says_so()
    {
        using var dir = new TempDirectory();
        string file = Path.Combine(dir.Path, "caches.json");
        File.WriteAllText(file, CacheSourcesJson.Write(new CacheSources(null, new CacheSizes(48 << 10, 1 << 20, 532_676_608),
            new MeasuredHierarchy(new CacheSizes(46_336, 1 << 20, 3_526_976), new Dictionary<string, double> { ["L1d"] = 1.6, ["L2"] = 4.3, ["L3"] = 17 }, 300, []))));
        using var output = new StringWriter();

        PredictCommand.Run(["--caches", file], output).Should().Be(0);

        output.ToString().Should().Contain("Caches (measured, per instance): L1d 45.3 KiB, L2 1 MiB, L3 3.4 MiB")
            .And.Contain("Expected: no cliff within these sizes", "12 MB at N=1M already exceeds a 3.4 MiB L3");
    }

    [Theory]
    [InlineData("--sweep", "bogus", "--sweep", "quick, full, none")]
    [InlineData("--max-mib", "0", "--max-mib", "at least 1")]
    [InlineData("--caches", "/nonexistent/caches.json", "--caches", "not a readable caches.json")]
    public void Bad_cache_source_options_are_rejected(string option, string value, params string[] named) =>
        ProgramRun.Of(Program.Definition, "predict", option, value).ShouldBeUsageError(named);

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

        string text = PredictCommand.Banner(BenchmarkArguments.Parse([], Program.Definition.Modes), () => new CacheSources(CacheTopology.Read(sysfs.CpuRoot), null, null))!;

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
        (PredictCommand.Banner(BenchmarkArguments.Parse(args, Program.Definition.Modes), () => new CacheSources(null, null, null)) is not null).Should().Be(expected);
}
