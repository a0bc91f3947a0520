using MeasurementLab;

namespace WhyBenchmarksLie.Latency;

/// <summary>What one backend × thread count measured.</summary>
/// <param name="Backend">The table implementation.</param>
/// <param name="Threads">Worker threads that shared the inserts.</param>
/// <param name="Inserts">Recorded inserts.</param>
/// <param name="Elapsed">Wall time of the recorded batches, flushes included.</param>
/// <param name="Insert">Time inside Insert, per insert.</param>
/// <param name="Commit">From the start of Insert to the end of the FlushWAL that made it durable.</param>
/// <param name="FileSystem">Filesystem of the WAL (real storage, not tmpfs).</param>
public sealed record LatencyResult(Backend Backend, int Threads, long Inserts, TimeSpan Elapsed,
    LatencyRecorder Insert, LatencyRecorder Commit, string FileSystem)
{
    /// <summary>Throughput λ in inserts per second.</summary>
    public double Throughput => Inserts / Elapsed.TotalSeconds;

    /// <summary>Little's law L = λ × W with W the mean commit latency: inserts accepted but not yet durable, on average.</summary>
    public double InFlightUntilDurable => Throughput * Commit.Mean.TotalSeconds;

    /// <summary>Little's law with W the mean time inside Insert: threads inside Insert, on average.</summary>
    public double InFlightInsideInsert => Throughput * Insert.Mean.TotalSeconds;
}
