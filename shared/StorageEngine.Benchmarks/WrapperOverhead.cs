using System.Collections.Concurrent;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace StorageEngine.Benchmarks;

/// <summary>
/// Target: the tables cost nothing measurable over the collections they wrap. Same 500K random-key inserts
/// (steady-state overwrites, one thread), table vs bare collection, one category per pair.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class WrapperOverhead
{
    private int[] _keys = [];
    private Row[] _rows = [];
    private ConcurrentDictionary<int, Row> _concurrent = new();
    private StripedTable<int, Row> _striped = new();
    private Dictionary<int, Row> _dictionary = [];
    private readonly Lock _dictionaryLock = new();
    private LockTable<int, Row> _locked = new();

    [GlobalSetup]
    public void Setup()
    {
        (_keys, _rows) = Workload.Generate();
        _concurrent = new ConcurrentDictionary<int, Row>();
        _striped = new StripedTable<int, Row>();
        _dictionary = [];
        _locked = new LockTable<int, Row>();
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Workload.N)]
    [BenchmarkCategory("Striped")]
    public void BareConcurrentDictionary()
    {
        var map = _concurrent;
        for (int i = 0; i < _keys.Length; i++)
        {
            map[_keys[i]] = _rows[i];
        }
    }

    [Benchmark(OperationsPerInvoke = Workload.N)]
    [BenchmarkCategory("Striped")]
    public void StripedTable()
    {
        var table = _striped;
        for (int i = 0; i < _keys.Length; i++)
        {
            table.Insert(_keys[i], _rows[i]);
        }
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Workload.N)]
    [BenchmarkCategory("Lock")]
    public void BareDictionaryWithLock()
    {
        var map = _dictionary;
        for (int i = 0; i < _keys.Length; i++)
        {
            lock (_dictionaryLock)
            {
                map[_keys[i]] = _rows[i];
            }
        }
    }

    [Benchmark(OperationsPerInvoke = Workload.N)]
    [BenchmarkCategory("Lock")]
    public void LockTable()
    {
        var table = _locked;
        for (int i = 0; i < _keys.Length; i++)
        {
            table.Insert(_keys[i], _rows[i]);
        }
    }
}
