using BenchmarkDotNet.Attributes;
using StorageEngine;

namespace EnemiesOfMeasurement;

/// <summary>
/// Enemy 6, dead code elimination: the same checksum loop, once with its result thrown away and once returned.
/// The loops stay in the benchmark methods (not a helper) because what the JIT removes is decided per method;
/// the DisassemblyDiagnoser and the Code Size column show what survived.
/// </summary>
[DisassemblyDiagnoser(maxDepth: 3)]
[OptimizeLoopsAtOnce]
public class E6_DeadCode
{
    /// <summary>The post's loop length.</summary>
    public const int DefaultN = 10_000_000;

    [Params(DefaultN)]
    public int N { get; set; }

    [Benchmark]
    public void ChecksumEliminated()
    {
        long checksum = 0;
        for (int i = 0; i < N; i++)
        {
            checksum += Row.MinGeneratedSize + (i % Row.GeneratedSizeSpread); // 32 + (i % 225), nobody reads it
        }
    }

    [Benchmark(Baseline = true)]
    public long ChecksumPreserved()
    {
        long checksum = 0;
        for (int i = 0; i < N; i++)
        {
            checksum += Row.MinGeneratedSize + (i % Row.GeneratedSizeSpread);
        }

        return checksum;
    }

    /// <summary>Sum of 32 + i % 225 for i &lt; n in closed form: 32n + 25,200 per full cycle of 225 + the partial cycle.</summary>
    public static long ExpectedChecksum(long n)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(n);
        long spread = Row.GeneratedSizeSpread;
        long fullCycles = n / spread;
        long rest = n % spread;
        return (Row.MinGeneratedSize * n) + (fullCycles * (spread * (spread - 1) / 2)) + (rest * (rest - 1) / 2);
    }
}
