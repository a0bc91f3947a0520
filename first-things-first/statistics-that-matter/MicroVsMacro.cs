using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using MeasurementLab;

namespace StatisticsThatMatter;

/// <summary>
/// Layer 3 — micro vs macro. Micro: 200 lookups in 10,000 ints, Array.IndexOf vs Dictionary (hundreds of times
/// faster). Macro: the same lookup as one step of a pipeline over 3M elements (validate ~40%, polynomial transform
/// ~40%, lookup ~6%, weighted aggregate with stride 4 ~15% on the post's machine), where the gain shrinks to what
/// Amdahl's law allows. The micro benchmarks call the very step the pipelines call, so T(LookupLinear) / T(PipelineLinear)
/// is the measured fraction f the check command feeds into Amdahl's law.
/// </summary>
[PostJob]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
[ChecklistReport]
public class MicroVsMacro
{
    /// <summary>Category of the isolated lookup.</summary>
    public const string Micro = "Micro";

    /// <summary>Category of the pipeline.</summary>
    public const string Macro = "Macro";

    /// <summary>Ints searched by the lookup.</summary>
    public const int LookupDataSize = 10_000;

    /// <summary>Keys looked up per call; every second key is present, the others are not.</summary>
    public const int SearchKeyCount = 200;

    /// <summary>Elements of the pipeline's workload.</summary>
    public const int WorkloadSize = 3_000_000;

    /// <summary>Valid workload values are 0..ValidLimit-1; about 1% are out of range so validation has work to do.</summary>
    public const int ValidLimit = 1_000_000;

    /// <summary>The aggregate reads every AggregateStride-th element.</summary>
    public const int AggregateStride = 4;

    private int[] _data = [];
    private int[] _searchKeys = [];
    private Dictionary<int, int> _dict = [];
    private int[] _workload = [];

    /// <summary>Builds the data once per process.</summary>
    [GlobalSetup]
    public void Setup()
    {
        (_data, _searchKeys) = CreateLookupData(LabSeed.Value);
        _dict = new Dictionary<int, int>(_data.Length);
        for (int i = 0; i < _data.Length; i++)
        {
            _dict[_data[i]] = i;
        }

        _workload = CreateWorkload(WorkloadSize, LabSeed.Value);
    }

    /// <summary>200 × Array.IndexOf over 10,000 ints.</summary>
    [BenchmarkCategory(Micro)]
    [Benchmark(Baseline = true)]
    public int LookupLinear() => LookupAllLinear(_data, _searchKeys);

    /// <summary>200 × Dictionary.ContainsKey.</summary>
    [BenchmarkCategory(Micro)]
    [Benchmark]
    public int LookupDictionary() => LookupAllDictionary(_dict, _searchKeys);

    /// <summary>The pipeline with the linear lookup.</summary>
    [BenchmarkCategory(Macro)]
    [Benchmark(Baseline = true)]
    public long PipelineLinear()
    {
        long v = ValidateArray(_workload);
        long t = PolynomialTransform(_workload);
        int l = LookupAllLinear(_data, _searchKeys);
        long a = Aggregate(_workload);
        return v ^ t ^ l ^ a;
    }

    /// <summary>The same pipeline; only the lookup step changes.</summary>
    [BenchmarkCategory(Macro)]
    [Benchmark]
    public long PipelineDictionary()
    {
        long v = ValidateArray(_workload);
        long t = PolynomialTransform(_workload);
        int l = LookupAllDictionary(_dict, _searchKeys);
        long a = Aggregate(_workload);
        return v ^ t ^ l ^ a;
    }

    /// <summary>Number of keys found by linear search.</summary>
    internal static int LookupAllLinear(int[] data, int[] keys)
    {
        int found = 0;
        for (int i = 0; i < keys.Length; i++)
        {
            if (Array.IndexOf(data, keys[i]) >= 0)
            {
                found++;
            }
        }

        return found;
    }

    /// <summary>Number of keys found by hashing.</summary>
    internal static int LookupAllDictionary(Dictionary<int, int> dict, int[] keys)
    {
        int found = 0;
        for (int i = 0; i < keys.Length; i++)
        {
            if (dict.ContainsKey(keys[i]))
            {
                found++;
            }
        }

        return found;
    }

    /// <summary>Sequential scan: sums valid values, counts the invalid ones (negative weight).</summary>
    internal static long ValidateArray(int[] workload)
    {
        long checksum = 0;
        for (int i = 0; i < workload.Length; i++)
        {
            int x = workload[i];
            if (x >= 0 && x < ValidLimit)
            {
                checksum += x;
            }
            else
            {
                checksum -= 1;
            }
        }

        return checksum;
    }

    /// <summary>Per element: a polynomial, a multiply, an xor.</summary>
    internal static long PolynomialTransform(int[] workload)
    {
        long acc = 0;
        for (int i = 0; i < workload.Length; i++)
        {
            long x = workload[i];
            acc += (x * x * 3 + x * 7 + 11) ^ (x >> 3);
        }

        return acc;
    }

    /// <summary>Weighted sum of every fourth element (weights 1..8 by position).</summary>
    internal static long Aggregate(int[] workload)
    {
        long sum = 0;
        for (int i = 0; i < workload.Length; i += AggregateStride)
        {
            sum += (long)workload[i] * ((i & 7) + 1);
        }

        return sum;
    }

    /// <summary>10,000 distinct ints and 200 keys: even positions hit, odd positions miss (value absent).</summary>
    internal static (int[] Data, int[] Keys) CreateLookupData(int seed)
    {
        var random = new Random(seed);
        var distinct = new HashSet<int>();
        var data = new int[LookupDataSize];
        for (int i = 0; i < data.Length; i++)
        {
            int value;
            do
            {
                value = random.Next(0, int.MaxValue);
            }
            while (!distinct.Add(value));
            data[i] = value;
        }

        var keys = new int[SearchKeyCount];
        for (int i = 0; i < keys.Length; i++)
        {
            if (i % 2 == 0)
            {
                keys[i] = data[random.Next(data.Length)];
            }
            else
            {
                int missing;
                do
                {
                    missing = random.Next(0, int.MaxValue);
                }
                while (distinct.Contains(missing));
                keys[i] = missing;
            }
        }

        return (data, keys);
    }

    /// <summary>Workload values in 0..ValidLimit-1, with about 1% negative ones.</summary>
    internal static int[] CreateWorkload(int count, int seed)
    {
        var random = new Random(seed + 1);
        var workload = new int[count];
        for (int i = 0; i < workload.Length; i++)
        {
            int value = random.Next(0, ValidLimit);
            workload[i] = random.Next(100) == 0 ? -value - 1 : value;
        }

        return workload;
    }
}
