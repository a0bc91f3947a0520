using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Jobs;

namespace StatisticsThatMatter;

/// <summary>
/// The post's job, on all three classes: 5 warmups and 20 measured iterations, enough for 99.9% intervals that resolve
/// the ~2% of <see cref="NoisyComparison"/>. <c>--iterationCount 5 --warmupCount 3</c> on the command line cuts it to the
/// post's first, unresolved run.
/// </summary>
[AttributeUsage(AttributeTargets.Class)]
public sealed class PostJobAttribute() : JobConfigBaseAttribute(Job.Default.WithWarmupCount(WarmupCount).WithIterationCount(IterationCount))
{
    /// <summary>Warmup iterations of the post's job.</summary>
    public const int WarmupCount = 5;

    /// <summary>Measured iterations of the post's job.</summary>
    public const int IterationCount = 20;
}
