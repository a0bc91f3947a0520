using BenchmarkDotNet.Attributes;
using MeasurementLab;
using StorageEngine;

namespace EnemiesOfMeasurement;

/// <summary>
/// Enemy 5, branch predictor: count the row sizes above a threshold in the same values, once sorted and once
/// shuffled. Both arrays are read sequentially, so the memory system sees the same thing; only the branch
/// <c>value &gt; threshold</c> goes from perfectly predictable to a coin flip (106 of the 225 sizes pass).
/// </summary>
public class E5_BranchPredictor
{
    /// <summary>Values above this are counted.</summary>
    public const int Threshold = 150;

    /// <summary>The post's array length.</summary>
    public const int DefaultN = 8_000_000;

    private int[] _sorted = [];
    private int[] _random = [];

    [Params(DefaultN)]
    public int N { get; set; }

    /// <summary>Sorted values (exposed for the tests).</summary>
    internal IReadOnlyList<int> SortedValues => _sorted;

    /// <summary>Shuffled values (exposed for the tests).</summary>
    internal IReadOnlyList<int> RandomValues => _random;

    [GlobalSetup]
    public void Setup()
    {
        _sorted = SortedSizes(N);
        _random = Shuffled(_sorted, LabSeed.Value);
    }

    [Benchmark]
    public int ScanSorted() => CountAbove(_sorted, Threshold);

    [Benchmark(Baseline = true)]
    public int ScanRandom() => CountAbove(_random, Threshold);

    /// <summary>The row sizes <see cref="Row.Generate"/> makes for keys 0..n-1 (32 + i % 225), in ascending order.</summary>
    public static int[] SortedSizes(int n)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(n);
        var values = new int[n];
        for (int i = 0; i < n; i++)
        {
            values[i] = Row.GeneratedSize(i);
        }

        Array.Sort(values);
        return values;
    }

    /// <summary>A copy of <paramref name="values"/> in a seeded random order.</summary>
    public static int[] Shuffled(int[] values, int seed)
    {
        ArgumentNullException.ThrowIfNull(values);
        var copy = values.ToArray();
#pragma warning disable CA5394 // Not security: a seeded, reproducible benchmark input.
        new Random(seed).Shuffle(copy);
#pragma warning restore CA5394
        return copy;
    }

    /// <summary>The scan both benchmarks run: one data-dependent branch per element.</summary>
    public static int CountAbove(int[] data, int threshold)
    {
        ArgumentNullException.ThrowIfNull(data);
        int count = 0;
        for (int i = 0; i < data.Length; i++)
        {
            if (data[i] > threshold)
            {
                count++;
            }
        }

        return count;
    }

    /// <summary>How many of 32 + i % 225 (i &lt; n) exceed <paramref name="threshold"/>, without scanning.</summary>
    public static long ExpectedCount(long n, int threshold)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(n);
        long fullCycles = n / Row.GeneratedSizeSpread;
        long rest = n % Row.GeneratedSizeSpread;
        return fullCycles * PassingInCycle(Row.GeneratedSizeSpread, threshold) + PassingInCycle(rest, threshold);
    }

    // Among offsets j < length, those with 32 + j > threshold.
    private static long PassingInCycle(long length, int threshold)
    {
        long firstPassing = Math.Max(0, threshold - Row.MinGeneratedSize + 1);
        return Math.Max(0, length - firstPassing);
    }
}
