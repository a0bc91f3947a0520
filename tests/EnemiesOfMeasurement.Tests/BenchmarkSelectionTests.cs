using EnemiesOfMeasurement.CommandLine;

namespace EnemiesOfMeasurement.Tests;

public class BenchmarkSelectionTests
{
    private const string E4 = "EnemiesOfMeasurement.E4_CacheState.LookupRandom";

    [Theory]
    [InlineData(new string[0], true)]
    [InlineData(new[] { "--filter", "*" }, true)]
    [InlineData(new[] { "--filter", "*E4*" }, true)]
    [InlineData(new[] { "--filter", "*e4_cachestate*" }, true)]
    [InlineData(new[] { "--filter=*E4*" }, true)]
    [InlineData(new[] { "-f", "*E5*", "*E4*" }, true)]
    [InlineData(new[] { "--filter", "*E5*" }, false)]
    [InlineData(new[] { "--filter", "*E4*", "--list", "flat" }, false)]
    [InlineData(new[] { "--help" }, false)]
    [InlineData(new[] { "--strategy", "ColdStart", "--iterationCount", "1" }, true)]
    [InlineData(new[] { "--filter", "EnemiesOfMeasurement.E4_CacheState.Lookup?andom" }, true)]
    public void Knows_whether_E4_will_run(string[] args, bool expected)
    {
        BenchmarkSelection.WillRun(args, E4).Should().Be(expected);
    }

    [Fact]
    public void Filter_values_stop_at_the_next_option()
    {
        BenchmarkSelection.FilterPatterns(["--filter", "*E1*", "*E2*", "--job", "short"]).Should().Equal("*E1*", "*E2*");
    }
}
