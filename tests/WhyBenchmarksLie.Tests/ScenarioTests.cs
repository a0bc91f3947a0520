using StorageEngine;
using StorageEngine.Wal;

namespace WhyBenchmarksLie.Tests;

public class ScenarioTests
{
    [Fact]
    public void Uniform_keys_are_deterministic_from_the_seed_and_in_the_key_space()
    {
        var first = Scenario.UniformKeys();
        var second = Scenario.UniformKeys();
        first.Should().Equal(second);
        first.Should().HaveCount(Scenario.N);
        first.Should().OnlyContain(k => k >= 0 && k < Scenario.KeySpace);
    }

    [Fact]
    public void About_393K_distinct_keys_as_the_post_says()
    {
        int distinct = Scenario.UniformKeys().Distinct().Count();
        double expected = Scenario.ExpectedDistinct(Scenario.N, Scenario.KeySpace);
        expected.Should().BeApproximately(393_469, 1);
        distinct.Should().BeCloseTo((int)expected, 1_500);
    }

    [Theory]
    [InlineData(3)]
    [InlineData(7)]
    [InlineData(64)]
    public void A_thread_count_that_does_not_divide_N_is_a_clear_setup_error(int threads)
    {
        var act = () => Scenario.OpsPerThread(threads);
        act.Should().Throw<ArgumentException>().WithMessage($"thread count {threads} does not divide N = 500,000*");

        var benchmark = new WhyBenchmarksLieBenchmark { Backend = Backend.Striped, ThreadCount = threads };
        var setup = () => benchmark.SetupNarrow();
        setup.Should().Throw<ArgumentException>("the benchmarks and the latency mode share the one check");
    }

    [Theory]
    [InlineData(1)]
    [InlineData(4)]
    [InlineData(16)]
    [InlineData(32)]
    public void The_post_thread_counts_divide_N(int threads)
    {
        Scenario.OpsPerThread(threads).Should().Be(Scenario.N / threads);
    }

    [Theory]
    [InlineData(Backend.Lock)]
    [InlineData(Backend.Striped)]
    public void Narrow_inserts_every_key_of_every_partition_on_every_thread(Backend backend)
    {
        var benchmark = new WhyBenchmarksLieBenchmark { Backend = backend, ThreadCount = 16 };
        benchmark.SetupNarrow();
        try
        {
            benchmark.InsertNarrow();
            benchmark.Table.Count.Should().Be(Scenario.N);
            benchmark.Table.Get(0).Should().BeSameAs(Row.Default);
            benchmark.Table.Get(Scenario.N - 1).Should().BeSameAs(Row.Default);
            benchmark.InsertNarrow(); // steady state: overwrites only
            benchmark.Table.Count.Should().Be(Scenario.N);
        }
        finally
        {
            benchmark.Cleanup();
        }
    }

    [Theory]
    [InlineData(Backend.Lock)]
    [InlineData(Backend.Striped)]
    public void After_a_Realistic_invocation_the_WAL_reopens_into_the_same_table(Backend backend)
    {
        var benchmark = new WhyBenchmarksLieBenchmark { Backend = backend, ThreadCount = 4 };
        benchmark.SetupRealistic();
        try
        {
            benchmark.InsertRealistic();
            var keys = Scenario.UniformKeys().Distinct().ToArray();
            var inMemory = keys.ToDictionary(k => k, k => benchmark.Table.Get(k));
            benchmark.Table.Count.Should().Be(keys.Length);
            benchmark.Table.Wal!.Syncs.Should().BeGreaterThan(0);
            benchmark.Table.Dispose(); // close the log; the run directory stays until Cleanup

            using var reopened = new StripedTable<int, Row>(WalOptions.InDirectory(benchmark.WalDirectory!));
            reopened.Wal!.Recovery.DiscardedBytes.Should().Be(0);
            reopened.Count.Should().Be(keys.Length);
            foreach (int key in keys)
            {
                reopened.Get(key).Should().Be(inMemory[key]);
                reopened.Get(key).IsGeneratedFor(key).Should().BeTrue();
            }
        }
        finally
        {
            string? dir = benchmark.WalDirectory;
            benchmark.Cleanup();
            Directory.Exists(dir).Should().BeFalse("the private WAL directory is removed at the end");
        }
    }

    [Theory]
    [InlineData(typeof(WhyBenchmarksLieSequentialBenchmark), 10)]
    [InlineData(typeof(WhyBenchmarksLieBenchmark), 30)]
    [InlineData(typeof(ZipfianExtension), 20)]
    public void Every_class_runs_the_posts_job_over_Backend_x_the_benchmarks_thread_counts(Type type, int cases)
    {
        var benchmarks = BenchmarkDotNet.Running.BenchmarkConverter.TypeToBenchmarks(type).BenchmarksCases;

        benchmarks.Should().HaveCount(cases);
        benchmarks.Should().OnlyContain(c => c.Job.Run.LaunchCount == 1 && c.Job.Run.WarmupCount == 3 && c.Job.Run.IterationCount == 3, "ShortRun, from PostConfig");
        benchmarks.Select(c => (int)c.Parameters["ThreadCount"]).Distinct().Should().Equal(Scenario.ThreadCounts);
        benchmarks.Select(c => (Backend)c.Parameters["Backend"]).Distinct().Should().BeEquivalentTo([Backend.Lock, Backend.Striped]);
    }
}
