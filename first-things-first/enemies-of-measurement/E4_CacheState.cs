using BenchmarkDotNet.Attributes;
using MeasurementLab.Caches;
using MeasurementLab;
using StorageEngine;

namespace EnemiesOfMeasurement;

/// <summary>
/// Enemy 4, cache state: the same random Get() on a table that fits in cache and on one that does not.
/// OperationsPerInvoke turns the invocation time into time per lookup. The "Lookup path" and "Lands in" columns
/// say, for each TableSize, how big the touched structure is and which cache level of this machine should hold it.
/// </summary>
/// <remarks>
/// No full collection between iterations (BenchmarkDotNet forces one by default, and post 2's defended run asks for it
/// against E2): the lookups allocate nothing, so there is no garbage to keep out of the next iteration, while each
/// collection walks the 2,000,000-row table, about 0.75 s per iteration on the 2-core guests (46 of the 111 s of
/// 2026-12-02-quick-4's enemies went to E4) and a pass over ~100 MB that leaves the caches as the walk left them, an
/// enemy of its own for a benchmark about cache state.
/// </remarks>
[WorkingSetColumns]
[GcForce(false)]
public class E4_CacheState
{
    /// <summary>Random lookups per invocation.</summary>
    public const int LookupCount = 100_000;

    /// <summary>The post's sizes: one well inside the caches, one far beyond the last level.</summary>
    public const int SmallTable = 10_000;

    /// <summary>See <see cref="SmallTable"/>.</summary>
    public const int LargeTable = 2_000_000;

    private StripedTable<int, Row> _table = new();
    private int[] _lookupKeys = [];

    [Params(SmallTable, LargeTable)]
    public int TableSize { get; set; }

    /// <summary>The keys the benchmark looks up (exposed for the tests).</summary>
    internal IReadOnlyList<int> LookupKeys => _lookupKeys;

    [GlobalSetup]
    public void Setup()
    {
        _table = new StripedTable<int, Row>();
        for (int i = 0; i < TableSize; i++)
        {
            _table.Insert(i, Row.Generate(i));
        }

        _lookupKeys = EnemyData.RandomKeys(LookupCount, TableSize);
        var caches = CacheSources.WithoutSweep().Best; // the host measured; this process must not sweep beside the benchmark
        Console.WriteLine($"// E4: {caches} (from {caches.Source}); {new WorkingSetEstimate(TableSize).Describe(caches)}");
    }

    [GlobalCleanup]
    public void Cleanup() => _table.Dispose();

    [Benchmark(OperationsPerInvoke = LookupCount)]
    public Row? LookupRandom() => LookupAll(_table, _lookupKeys);

    /// <summary>Looks every key up and returns the last row found (returned so the JIT cannot drop the lookups).</summary>
    public static Row? LookupAll(ITable<int, Row> table, int[] keys)
    {
        ArgumentNullException.ThrowIfNull(table);
        ArgumentNullException.ThrowIfNull(keys);
        Row? last = null;
        for (int i = 0; i < keys.Length; i++)
        {
            last = table.Get(keys[i]);
        }

        return last;
    }
}
