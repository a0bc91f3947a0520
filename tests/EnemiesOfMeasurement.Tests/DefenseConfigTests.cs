using System.Diagnostics;
using System.Reflection;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Jobs;

namespace EnemiesOfMeasurement.Tests;

public class DefenseConfigTests
{
    [Fact]
    public void Job_carries_the_posts_settings()
    {
        var config = new EnemyDefenseConfig(new IntPtr(0b11));

        var job = config.GetJobs().Should().ContainSingle().Subject;
        job.Run.WarmupCount.Should().Be(3);
        job.Run.MinIterationCount.Should().Be(15);
        job.Run.MaxIterationCount.Should().Be(100);
        job.Environment.Gc.Server.Should().BeTrue();
        job.Environment.Gc.Force.Should().BeTrue();
        job.Environment.Affinity.Should().Be(new IntPtr(0b11));
    }

    [Fact]
    public void Diagnosers_and_columns_are_the_posts()
    {
        var config = new EnemyDefenseConfig(new IntPtr(1));

        var diagnosers = config.GetDiagnosers().ToList();
        diagnosers.OfType<MemoryDiagnoser>().Should().ContainSingle();
        diagnosers.OfType<DisassemblyDiagnoser>().Should().ContainSingle().Which.Config.MaxDepth.Should().Be(3);
        config.GetColumnProviders().Should().Contain(p => ReferenceEquals(p, StatisticColumn.StdDev)
            || p.GetColumns(null!).Contains(StatisticColumn.StdDev));
    }

    [Fact]
    public void Default_affinity_uses_at_most_two_cpus_this_process_may_run_on()
    {
        long mask = new EnemyDefenseConfig().Affinity.ToInt64();

        mask.Should().NotBe(0);
        long.PopCount(mask).Should().BeInRange(1, 2);
        if (OperatingSystem.IsLinux())
        {
            using var self = Process.GetCurrentProcess();
            (mask & ~self.ProcessorAffinity.ToInt64()).Should().Be(0, "every CPU in the mask must be one we may use");
        }
    }

    [Theory]
    [InlineData(0b1111, 2, 0b11)]
    [InlineData(0b1, 2, 0b1)]
    [InlineData(0b1010_0100, 2, 0b0010_0100)]
    [InlineData(0b1010_0100, 1, 0b0000_0100)]
    [InlineData(-1L, 2, 0b11)]
    [InlineData(long.MinValue | 0b1000, 2, long.MinValue | 0b1000)]
    public void Lowest_cpus_takes_the_lowest_allowed_bits(long allowed, int count, long expected)
    {
        DefenseAffinity.LowestCpus(allowed, count).Should().Be(expected);
    }

    [Fact]
    public void An_empty_mask_is_rejected()
    {
        var act = () => DefenseAffinity.LowestCpus(0, 2);

        act.Should().Throw<ArgumentException>().WithMessage("*no CPU*");
    }

    [Fact]
    public void Describe_lists_cpus()
    {
        DefenseAffinity.Describe(0b1011).Should().Be("0,1,3");
    }

    [Fact]
    public void Enemy_classes_keep_their_defences_down()
    {
        var enemies = typeof(E1_JitWarmup).Assembly.GetTypes().Where(t => t.Name.StartsWith('E') && t.Name.Contains('_', StringComparison.Ordinal)).ToList();

        enemies.Select(t => t.Name).Should().BeEquivalentTo(
            ["E1_JitWarmup", "E2_GcPauses", "E3_OsNoise", "E4_CacheState", "E5_BranchPredictor", "E6_DeadCode"]);
        foreach (var type in enemies)
        {
            type.GetCustomAttributes<ConfigAttribute>().Should().BeEmpty($"{type.Name} must not opt into a config");
            type.GetCustomAttributes<JobConfigBaseAttribute>().Should().BeEmpty($"{type.Name} runs BenchmarkDotNet's default job");
        }
    }
}
