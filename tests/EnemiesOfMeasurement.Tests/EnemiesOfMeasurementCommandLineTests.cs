using MeasurementLab.Caches;


namespace EnemiesOfMeasurement.Tests;

/// <summary>Every wrong input of post 2's program is one line naming it, exit code 2, and nothing runs.</summary>
public class EnemiesOfMeasurementCommandLineTests
{
    [Theory]
    [InlineData(new[] { "bogus-subcommand" }, "'bogus-subcommand'", "defended", "cache-info")]
    [InlineData(new[] { "--bogus-option" }, "'--bogus-option'")]
    [InlineData(new[] { "--filter", "*E4*", "--warmupCount", "many" }, "warmupCount")]
    [InlineData(new[] { "--warmupCount", "-1" }, "--warmupCount", "at least 0")]
    [InlineData(new[] { "--launchCount", "0" }, "--launchCount", "at least 1")]
    [InlineData(new[] { "--launchCount", "99999999999" }, "launchCount")]
    [InlineData(new[] { "--job" }, "--job needs a value")]
    [InlineData(new[] { "--artifacts", "/proc/nonexistent/out" }, "--artifacts", "'/proc/nonexistent/out'")]
    [InlineData(new[] { "defended", "bogus" }, "'bogus'")]
    [InlineData(new[] { "defended", "--iterationCount", "0" }, "--iterationCount", "at least 1")]
    [InlineData(new[] { "defended", "--artifacts", "/proc/nonexistent/out" }, "--artifacts", "'/proc/nonexistent/out'")]
    [InlineData(new[] { "cache-info", "bogus" }, "bogus")]
    [InlineData(new[] { "cache-info", "--bogus" }, "--bogus")]
    [InlineData(new[] { "cache-info", "--sysfs" }, "--sysfs needs a value")]
    [InlineData(new[] { "cache-info", "--sysfs", "/nonexistent/dir" }, "--sysfs", "'/nonexistent/dir'", "does not exist")]
    [InlineData(new[] { "cache-info", "--sweep", "slow" }, "--sweep", "quick, full, none")]
    [InlineData(new[] { "caches", "--json=yes" }, "--json", "takes no value")]
    [InlineData(new[] { "caches", "--write", "/nonexistent/dir" }, "--write", "does not exist")]
    [InlineData(new[] { "caches", "--max-mib", "2048" }, "--max-mib", "at most 1024")]
    public void A_wrong_input_is_one_line_naming_it(string[] args, params string[] named) =>
        ProgramRun.Of(Program.Definition, args).ShouldBeUsageError(named);

    [Fact]
    public void The_cache_report_comes_before_a_run_that_includes_E4_and_not_before_one_that_does_not()
    {
        var arguments = MeasurementLab.BenchmarkArguments.Parse(["--filter", "*E4*"], Program.Definition.Modes);
        var sources = () => new CacheSources(null, new CacheSizes(48 << 10, 1 << 20, 532_676_608), null);
        CacheInfoCommand.BannerIfE4Runs(arguments, sources).Should().StartWith("// E4_CacheState on this machine").And.Contain("from cpuid");

        var others = MeasurementLab.BenchmarkArguments.Parse(["--filter", "*E5*"], Program.Definition.Modes);
        CacheInfoCommand.BannerIfE4Runs(others, () => throw new InvalidOperationException("no sources needed when E4 does not run")).Should().BeNull();
    }
}
