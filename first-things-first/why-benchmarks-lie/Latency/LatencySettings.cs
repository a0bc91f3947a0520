namespace WhyBenchmarksLie.Latency;

/// <summary>What a latency run was asked to do.</summary>
/// <param name="Backends">Backends to run.</param>
/// <param name="ThreadCounts">Thread counts to run (each divides <see cref="Scenario.N"/>).</param>
/// <param name="WarmupBatches">Batches run before recording (JIT, table growth, page cache).</param>
/// <param name="Batches">Recorded batches of N inserts each.</param>
/// <param name="FlushEvery">0: one FlushWAL per batch after all threads finish (the post's Realistic). K &gt; 0: each thread flushes after every K of its inserts (group commit across threads).</param>
/// <param name="OutputDirectory">Where to write .hgrm distributions and the summary, or null.</param>
public sealed record LatencySettings(
    IReadOnlyList<Backend> Backends,
    IReadOnlyList<int> ThreadCounts,
    int WarmupBatches,
    int Batches,
    int FlushEvery,
    string? OutputDirectory)
{
    /// <summary>Every backend × thread count, in the order they run.</summary>
    public IReadOnlyList<(Backend Backend, int Threads)> Combinations =>
        [.. Backends.SelectMany(b => ThreadCounts.Select(t => (b, t)))];

    /// <summary>Batches of the whole run, warmups included.</summary>
    public int TotalBatches => Combinations.Count * (WarmupBatches + Batches);
}
