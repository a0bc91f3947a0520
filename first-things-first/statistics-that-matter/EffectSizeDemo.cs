using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using MeasurementLab;

namespace StatisticsThatMatter;

/// <summary>
/// Layer 2 — effect size. Two pairs that Cohen's d both calls "large": array vs span indexing (about 0.5% apart,
/// the JIT removes the bounds checks in both) and linear vs binary search (about three orders of magnitude).
/// Each category has its own baseline, so Ratio and the statistical test compare within the category.
/// </summary>
[PostJob]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
[ChecklistReport]
public class EffectSizeDemo
{
    /// <summary>Category of the small practical effect.</summary>
    public const string SmallEffect = "SmallEffect";

    /// <summary>Category of the large practical effect.</summary>
    public const string LargeEffect = "LargeEffect";

    /// <summary>How many keys each search benchmark looks up (all present in the data).</summary>
    public const int SearchKeyCount = 1_000;

    /// <summary>Gaps between consecutive sorted values are 1..MaxGap, so values are distinct.</summary>
    public const int MaxGap = 3;

    [Params(1_000_000)]
    public int N { get; set; }

    private int[] _values = [];
    private int[] _sorted = [];
    private int[] _keys = [];

    /// <summary>Builds the data once per process.</summary>
    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(LabSeed.Value);
        _values = new int[N];
        for (int i = 0; i < _values.Length; i++)
        {
            _values[i] = random.Next(-1_000, 1_000);
        }

        (_sorted, _keys) = CreateSearchData(N, SearchKeyCount, LabSeed.Value);
    }

    /// <summary>Sum through array indexing.</summary>
    [BenchmarkCategory(SmallEffect)]
    [Benchmark(Baseline = true)]
    public long SumArray()
    {
        long sum = 0;
        int[] data = _values;
        for (int i = 0; i < data.Length; i++)
        {
            sum += data[i];
        }

        return sum;
    }

    /// <summary>Sum through span indexing.</summary>
    [BenchmarkCategory(SmallEffect)]
    [Benchmark]
    public long SumSpan()
    {
        long sum = 0;
        ReadOnlySpan<int> data = _values;
        for (int i = 0; i < data.Length; i++)
        {
            sum += data[i];
        }

        return sum;
    }

    /// <summary>O(n) per key: scan until found.</summary>
    [BenchmarkCategory(LargeEffect)]
    [Benchmark(Baseline = true)]
    public long SearchLinear()
    {
        long found = 0;
        foreach (int key in _keys)
        {
            found += LinearIndexOf(_sorted, key);
        }

        return found;
    }

    /// <summary>O(log n) per key: halve the sorted range.</summary>
    [BenchmarkCategory(LargeEffect)]
    [Benchmark]
    public long SearchBinary()
    {
        long found = 0;
        foreach (int key in _keys)
        {
            found += BinaryIndexOf(_sorted, key);
        }

        return found;
    }

    /// <summary>A plain scalar scan (Array.IndexOf would vectorize and blur the algorithmic point).</summary>
    internal static int LinearIndexOf(int[] sorted, int key)
    {
        for (int i = 0; i < sorted.Length; i++)
        {
            if (sorted[i] == key)
            {
                return i;
            }
        }

        return -1;
    }

    /// <summary>Textbook binary search over ascending distinct values.</summary>
    internal static int BinaryIndexOf(int[] sorted, int key)
    {
        int lo = 0;
        int hi = sorted.Length - 1;
        while (lo <= hi)
        {
            int mid = lo + ((hi - lo) >> 1);
            int value = sorted[mid];
            if (value == key)
            {
                return mid;
            }

            if (value < key)
            {
                lo = mid + 1;
            }
            else
            {
                hi = mid - 1;
            }
        }

        return -1;
    }

    /// <summary>Ascending distinct ints and keys drawn from them at random positions (seeded).</summary>
    internal static (int[] Sorted, int[] Keys) CreateSearchData(int count, int keyCount, int seed)
    {
        var random = new Random(seed + 1);
        var sorted = new int[count];
        int value = 0;
        for (int i = 0; i < sorted.Length; i++)
        {
            value += random.Next(1, MaxGap + 1);
            sorted[i] = value;
        }

        var keys = new int[keyCount];
        for (int i = 0; i < keys.Length; i++)
        {
            keys[i] = sorted[random.Next(count)];
        }

        return (sorted, keys);
    }
}
