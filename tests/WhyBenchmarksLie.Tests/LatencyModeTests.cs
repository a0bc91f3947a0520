using MeasurementLab;
using StorageEngine;
using WhyBenchmarksLie.Latency;

namespace WhyBenchmarksLie.Tests;

public class LatencyModeTests
{
    [Fact]
    public void Defaults_are_the_post_parameters()
    {
        var settings = LatencyCommand.Parse([]);
        settings.Backends.Should().Equal(Backend.Lock, Backend.Striped);
        settings.ThreadCounts.Should().Equal(1, 4, 16, 32);
        settings.FlushEvery.Should().Be(0);
        settings.OutputDirectory.Should().BeNull();
    }

    [Theory]
    [InlineData(new[] { "--backend", "btree" }, "*--backend must be lock, striped or both*btree*")]
    [InlineData(new[] { "--threads", "3" }, "*3 does not divide N = 500,000*")]
    [InlineData(new[] { "--threads", "4,x" }, "*--threads entry needs a whole number*'x'*")]
    [InlineData(new[] { "--batches", "0" }, "*--batches must be at least 1*")]
    [InlineData(new[] { "--flush-every", "-1" }, "*--flush-every must be at least 0*")]
    [InlineData(new[] { "--threds", "4" }, "*Unknown option*--threds*")]
    public void Bad_arguments_say_which_and_what_is_allowed(string[] args, string message)
    {
        var act = () => LatencyCommand.Parse(args);
        act.Should().Throw<UsageException>().WithMessage(message);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(100)]
    public void Every_insert_gets_an_insert_and_a_commit_latency(int flushEvery)
    {
        var keys = Enumerable.Range(0, 4_000).Select(i => (i * 7919) % 10_000).ToArray();
        var rows = Scenario.RowsFor(keys);
        var settings = new LatencySettings([Backend.Striped], [4], WarmupBatches: 1, Batches: 3, flushEvery, null);

        var result = LatencyRun.Measure(Backend.Striped, 4, keys, rows, settings);

        result.Inserts.Should().Be(3 * 4_000);
        result.Insert.Count.Should().Be(3 * 4_000);
        result.Commit.Count.Should().Be(3 * 4_000);
        result.Commit.ValueAtTicks(50).Should().BeGreaterThanOrEqualTo(result.Insert.ValueAtTicks(50),
            "an insert is durable only after it returned and a flush finished");
        result.InFlightUntilDurable.Should().BeApproximately(result.Throughput * result.Commit.Mean.TotalSeconds, 1e-6);
        result.FileSystem.Should().NotBeNullOrEmpty();

        string report = LatencyReport.Format([result], settings);
        report.Should().MatchRegex(@"\| Striped +\| +4 \|").And.Contain("Little's law");
    }

    [Fact]
    public void Durations_pick_a_readable_unit()
    {
        var recorder = new LatencyRecorder(TimeSpan.FromSeconds(60), ticksPerSecond: 1_000_000_000);
        recorder.Record(250);
        recorder.Record(1_500_000);
        LatencyReport.Duration(recorder, 50).Should().Be("250 ns");
        LatencyReport.Duration(recorder, 100).Should().Be("1.5 ms");
    }

    [Fact]
    public void A_run_prints_the_table_on_standard_output_and_its_progress_on_standard_error()
    {
        string directory = Directory.CreateTempSubdirectory("latency-output-").FullName;
        try
        {
            using var output = new StringWriter();
            using var progress = new StringWriter();

            var keys = Enumerable.Range(0, 4_000).ToArray();
            var settings = LatencyCommand.Parse(["--backend", "striped", "--threads", "4", "--batches", "1", "--warmup", "0", "--output", directory]);

            int exit = LatencyCommand.Execute(settings, keys, Scenario.RowsFor(keys), output, progress);

            exit.Should().Be(0);
            output.ToString().Should().StartWith("Realistic workload latency").And.Contain("| Striped ").And.NotContain("[latency]");
            progress.ToString().Should().Contain("[latency] Striped, 4 threads").And.Contain("[latency] done in");
            Directory.GetFiles(directory).Select(Path.GetFileName).Should().BeEquivalentTo("summary.md", "Striped-4t-insert.hgrm", "Striped-4t-commit.hgrm");
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }
}
