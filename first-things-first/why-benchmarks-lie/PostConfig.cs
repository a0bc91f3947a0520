using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using MeasurementLab;

namespace WhyBenchmarksLie;

/// <summary>
/// The post's job (ShortRun) and what every benchmark of this post shows beside BenchmarkDotNet's own columns:
/// throughput (so the post's M ops/s and K ops/s read directly), how many threads really did work, and where the WAL lived.
/// </summary>
public sealed class PostConfig : ManualConfig
{
    /// <summary>Threads that ran their share of the inserts in every invocation (a gang thread that never got the CPU would show here).</summary>
    public const string ThreadsMetric = "threads";

    /// <summary>
    /// Most worker threads inside the timed body at the same moment, in the median invocation: on 2 cores, 32 "threads"
    /// are time-sliced, and this says how many really overlapped in a typical invocation. Not the worst one: that was
    /// often 1 where the median was 2 (a jitting invocation, a descheduled vCPU), and it moved the thread count the
    /// contention claims are judged at from run to run.
    /// </summary>
    public const string PeakConcurrencyMetric = "peak-concurrency";

    /// <summary>Filesystem of the WAL directory, so a table shows the log lived on real storage and not on tmpfs.</summary>
    public const string WalFileSystemMetric = "wal-fs";

    public PostConfig()
    {
        AddJob(Job.ShortRun); // the post's job: 1 launch, 3 warmups, 3 iterations
        AddColumn(ThroughputColumn.Mean, ThroughputColumn.ConfidenceInterval);
        AddColumn(
            new LabMetricColumn(ThreadsMetric, "Threads", "Threads that ran their share of the inserts in every invocation (minimum over invocations)", LabMetricAggregate.Min),
            new LabMetricColumn(PeakConcurrencyMetric, "PeakConc", "Most worker threads inside the timed body at once, median invocation (on 2 cores, >2 means time-sliced, not parallel)", LabMetricAggregate.Min),
            new LabMetricColumn(WalFileSystemMetric, "WAL fs", "Filesystem of the WAL directory (real storage, not tmpfs)"));
    }
}
