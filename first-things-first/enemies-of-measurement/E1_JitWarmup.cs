using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;
using StorageEngine;

namespace EnemiesOfMeasurement;

/// <summary>
/// Enemy 1, JIT optimization level: the same byte-summing loop compiled with and without optimizations.
/// The loops live in the benchmark methods themselves (not in a helper) because the enemy is the machine code of
/// exactly these methods; the DisassemblyDiagnoser shows both listings and their code size.
/// </summary>
[DisassemblyDiagnoser(maxDepth: 3)]
[OptimizeLoopsAtOnce]
public class E1_JitWarmup
{
    private byte[] _payload = [];

    /// <summary>The contiguous payload both methods sum (exposed for the tests).</summary>
    internal ReadOnlySpan<byte> Payload => _payload;

    [GlobalSetup]
    public void Setup()
    {
        using var table = new StripedTable<int, Row>();
        for (int i = 0; i < EnemyData.RowCount; i++)
        {
            table.Insert(i, Row.Generate(i));
        }

        _payload = ConcatenatePayloads(table, EnemyData.RowCount);
    }

    /// <summary>All payloads of keys 0..rowCount-1, back to back in one array (~14.4 MB for 100,000 rows).</summary>
    public static byte[] ConcatenatePayloads(ITable<int, Row> table, int rowCount)
    {
        ArgumentNullException.ThrowIfNull(table);
        long total = 0;
        for (int key = 0; key < rowCount; key++)
        {
            total += table.Get(key).Length;
        }

        var payload = new byte[checked((int)total)];
        int offset = 0;
        for (int key = 0; key < rowCount; key++)
        {
            var row = table.Get(key);
            row.CopyTo(payload.AsSpan(offset, row.Length));
            offset += row.Length;
        }

        return payload;
    }

    // NoOptimization: no register allocation of locals, no bounds-check removal, no vectorization.
    // It is the floor below Tier-0, chosen to make the enemy visible (the post says so too).
    [Benchmark]
    [MethodImpl(MethodImplOptions.NoOptimization)]
    public long SumPayloadCold()
    {
        long sum = 0;
        var data = _payload;
        for (int i = 0; i < data.Length; i++)
        {
            sum += data[i];
        }

        return sum;
    }

    [Benchmark(Baseline = true)]
    public long SumPayloadWarm()
    {
        long sum = 0;
        var data = _payload;
        for (int i = 0; i < data.Length; i++)
        {
            sum += data[i];
        }

        return sum;
    }
}
