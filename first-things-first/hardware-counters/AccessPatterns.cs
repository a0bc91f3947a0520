using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using LinuxPerf.Diagnosers;

namespace HardwareCounters;

/// <summary>
/// The post's experiment: the same sum over the same long[], once in order and once through a shuffled int[]
/// of indices. BenchmarkDotNet gives the ratio (how much); the counters columns give the why (IPC, misses) on a
/// machine with a PMU, and the software counters everywhere. Run: <c>dotnet run -c Release -- --filter '*AccessPatterns*'</c>.
/// </summary>
[SimpleJob(warmupCount: 3, iterationCount: 15)]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
[LinuxHardwareCounters]
[Config(typeof(AccessPatternsConfig))]
public class AccessPatterns
{
    /// <summary>8 MB of long[] (12 MB with the indices): fits the post's 30 MB L3 and this machine's 32 MiB L3.</summary>
    public const int SmallN = 1_000_000;

    /// <summary>64 MB of long[]: past any L3 of the post's era.</summary>
    public const int MediumN = 8_000_000;

    /// <summary>512 MB of long[]: DRAM only.</summary>
    public const int LargeN = 64_000_000;

    private long[] _data = [];
    private int[] _indices = [];

    /// <summary>The sizes the post runs.</summary>
    public static IReadOnlyList<int> Sizes { get; } = [SmallN, MediumN, LargeN];

    [ParamsSource(nameof(Sizes))]
    public int N { get; set; }

    /// <summary>Builds the values (seed 42) and the permutation.</summary>
    [GlobalSetup]
    public void Setup() => (_data, _indices) = AccessData.Create(N);

    /// <summary>Walks the array in order: the prefetcher streams it.</summary>
    /// <remarks>NoInlining keeps the method its own frame when the standalone runner calls it, so flame graphs show
    /// the post's names; BenchmarkDotNet calls it once per invocation either way.</remarks>
    [Benchmark(Baseline = true)]
    [MethodImpl(MethodImplOptions.NoInlining)]
    public long SumSequential()
    {
        long sum = 0;
        long[] data = _data;
        for (int i = 0; i < data.Length; i++)
        {
            sum += data[i];
        }

        return sum;
    }

    /// <summary>Visits the same elements in shuffled order: every load is a surprise to the prefetcher.</summary>
    [Benchmark]
    [MethodImpl(MethodImplOptions.NoInlining)]
    public long SumRandom()
    {
        long sum = 0;
        long[] data = _data;
        int[] indices = _indices;
        for (int i = 0; i < indices.Length; i++)
        {
            sum += data[indices[i]];
        }

        return sum;
    }

    /// <summary>Lets the standalone runner supply data it built itself (the sequential runner skips the shuffle).</summary>
    internal void UseData(long[] data, int[] indices)
    {
        _data = data;
        _indices = indices;
        N = data.Length;
    }
}
