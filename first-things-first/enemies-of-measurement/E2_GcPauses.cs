using BenchmarkDotNet.Attributes;
using StorageEngine;

namespace EnemiesOfMeasurement;

/// <summary>
/// Enemy 2, GC pauses: 100,000 inserts into a fresh table, with the rows either allocated during the insert loop
/// or made once in GlobalSetup. Same keys, same final table; only the allocation inside the timed region differs.
/// </summary>
[MemoryDiagnoser]
// No overhead evaluation: an invocation is 100,000 inserts (tens of ms), against which the empty call weighs a few
// microseconds, while each of its ~25 overhead iterations paid a new table and a forced GC: two thirds of a process.
[EvaluateOverhead(false)]
public class E2_GcPauses
{
    private int[] _keys = [];
    private Row[] _preAllocated = [];
    private StripedTable<int, Row> _table = new();

    /// <summary>The table the last invocation filled (exposed for the tests).</summary>
    internal StripedTable<int, Row> Table => _table;

    [GlobalSetup]
    public void Setup()
    {
        _keys = EnemyData.RandomKeys(EnemyData.RowCount, EnemyData.KeySpace);
        _preAllocated = EnemyData.GenerateRows(_keys);
    }

    // A fresh table per iteration: both methods pay the dictionary's growth, as the post describes.
    // [IterationSetup] makes BenchmarkDotNet run one invocation per iteration (InvocationCount = UnrollFactor = 1).
    [IterationSetup]
    public void IterationSetup()
    {
        _table.Dispose();
        _table = new StripedTable<int, Row>();
    }

    [Benchmark]
    public void InsertAllocHeavy() => EnemyData.InsertGenerated(_table, _keys);

    [Benchmark(Baseline = true)]
    public void InsertPreAllocated() => EnemyData.InsertRows(_table, _keys, _preAllocated);
}
