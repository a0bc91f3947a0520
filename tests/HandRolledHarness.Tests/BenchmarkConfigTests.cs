using BenchmarkDotNet.Running;

namespace HandRolledHarness.Tests;

/// <summary>
/// The BenchmarkDotNet side's jobs: only the sorts, whose [IterationSetup] leaves the tiered JIT no time to optimize
/// them (JIT trace in investigations/prologue-tiering/jit-trace), run with it off.
/// </summary>
public class BenchmarkConfigTests
{
    [Theory]
    [InlineData(typeof(SortBenchmarks), true)]
    [InlineData(typeof(BinarySearchBenchmarks), false)]
    [InlineData(typeof(MathBenchmarks), false)]
    public void Only_the_benchmarks_that_need_IterationSetup_turn_the_tiered_JIT_off(Type benchmarks, bool fullyOptimized)
    {
        var cases = BenchmarkConverter.TypeToBenchmarks(benchmarks).BenchmarksCases;

        cases.Should().NotBeEmpty();
        foreach (var benchmark in cases)
        {
            var variables = benchmark.Job.Environment.EnvironmentVariables ?? [];
            variables.Any(v => v.Key == FullyOptimizedHarnessConfig.TieredCompilationVariable && v.Value == "0")
                .Should().Be(fullyOptimized, benchmark.DisplayInfo);
            benchmark.Job.Run.IterationCount.Should().Be(HarnessConfig.IterationCount, "both configs share the harness job's counts");
        }
    }
}
