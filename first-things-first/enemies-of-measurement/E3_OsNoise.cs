using BenchmarkDotNet.Attributes;
using StorageEngine;

namespace EnemiesOfMeasurement;

/// <summary>
/// Enemy 3, system noise: two identical methods over a pre-populated table, so every insert is an overwrite of an
/// existing key (no dictionary growth, no allocation) and the only thing left to vary is the machine around it.
/// The comparison that matters is between runs: Scripts/noisy-vs-isolated.sh runs this class with every core busy,
/// then pinned to one core of an idle machine, and prints the two StdDevs side by side.
/// </summary>
public class E3_OsNoise
{
    private int[] _keys = [];
    private Row[] _rows = [];
    private StripedTable<int, Row> _table = new();

    /// <summary>The table both methods overwrite (exposed for the tests).</summary>
    internal StripedTable<int, Row> Table => _table;

    [GlobalSetup]
    public void Setup()
    {
        _keys = EnemyData.RandomKeys(EnemyData.RowCount, EnemyData.KeySpace);
        _rows = EnemyData.GenerateRows(_keys);
        _table = new StripedTable<int, Row>();
        EnemyData.InsertRows(_table, _keys, _rows); // pre-populate: the timed inserts only overwrite
    }

    [GlobalCleanup]
    public void Cleanup() => _table.Dispose();

    [Benchmark(Baseline = true)]
    public void InsertBaseline() => EnemyData.InsertRows(_table, _keys, _rows);

    [Benchmark]
    public void InsertSame() => EnemyData.InsertRows(_table, _keys, _rows);
}
