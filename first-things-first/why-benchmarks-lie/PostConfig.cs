using BenchmarkDotNet.Configs;
using MeasurementLab;

namespace WhyBenchmarksLie;

/// <summary>
/// What every benchmark of this post shows beside BenchmarkDotNet's own columns: throughput (so the post's
/// M ops/s and K ops/s read directly), how many threads really did work, and where the WAL lived.
/// </summary>
public sealed class PostConfig : ManualConfig
{
    /// <summary>Metric names the benchmarks report through <see cref="LabMetric"/>.</summary>
    public const string ThreadsMetric = "threads";

    /// <summary>Smallest number of worker threads seen inside the timed body at the same time.</summary>
    public const string PeakConcurrencyMetric = "peak-concurrency";

    /// <summary>Filesystem of the WAL directory.</summary>
    public const string WalFileSystemMetric = "wal-fs";

    public PostConfig()
    {
        AddColumn(ThroughputColumn.Mean, ThroughputColumn.ConfidenceInterval);
        AddColumn(
            new LabMetricColumn(ThreadsMetric, "Threads", "Threads that ran their share of the inserts in every invocation (minimum over invocations)", LabMetricAggregate.Min),
            new LabMetricColumn(PeakConcurrencyMetric, "PeakConc", "Most worker threads inside the timed body at once, worst invocation (on 2 cores, >2 means time-sliced, not parallel)", LabMetricAggregate.Min),
            new LabMetricColumn(WalFileSystemMetric, "WAL fs", "Filesystem of the WAL directory (real storage, not tmpfs)"));
    }
}
