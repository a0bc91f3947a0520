using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;

namespace EnemiesOfMeasurement.Tests;

/// <summary>
/// E1's and E6's code-size claims read the listing the process ends with. Their processes must compile methods with
/// loops optimized at once (the post's runtime), whatever job the command line builds; the other enemies keep the
/// runtime's default tiering, which some of them are about.
/// </summary>
public class LoopJitTests
{
    // The job a round builds from `--warmupCount 3 --iterationCount 3 --iterationTime 100`.
    private static readonly IConfig CommandLineJob = ManualConfig.CreateEmpty()
        .AddJob(Job.Default.WithWarmupCount(3).WithIterationCount(3));

    [Theory]
    [InlineData(typeof(E1_JitWarmup))]
    [InlineData(typeof(E6_DeadCode))]
    public void Code_size_enemies_turn_quick_jit_for_loops_off_in_the_command_lines_job(Type type)
    {
        var cases = BenchmarkConverter.TypeToBenchmarks(type, CommandLineJob).BenchmarksCases;

        cases.Should().HaveCount(2);
        foreach (var benchmark in cases)
        {
            benchmark.Job.Run.WarmupCount.Should().Be(3, "the mutator keeps the command line's settings");
            benchmark.Job.Environment.EnvironmentVariables.Should().ContainSingle(v =>
                v.Key == OptimizeLoopsAtOnceAttribute.Variable && v.Value == "0");
        }
    }

    [Theory]
    [InlineData(typeof(E2_GcPauses))]
    [InlineData(typeof(E3_OsNoise))]
    [InlineData(typeof(E4_CacheState))]
    [InlineData(typeof(E5_BranchPredictor))]
    public void Other_enemies_keep_the_runtimes_tiering(Type type)
    {
        var cases = BenchmarkConverter.TypeToBenchmarks(type, CommandLineJob).BenchmarksCases;

        cases.Should().NotBeEmpty();
        cases.Should().OnlyContain(c => c.Job.Environment.EnvironmentVariables == null
            || c.Job.Environment.EnvironmentVariables.All(v => v.Key != OptimizeLoopsAtOnceAttribute.Variable));
    }
}
