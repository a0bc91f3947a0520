using BenchmarkDotNet.Attributes;
using MeasurementLab;

namespace StatisticsThatMatter;

/// <summary>
/// Layer 1 — confidence intervals. Two filters over 20M ints that differ by about 2%: with 5 iterations
/// (<c>--iterationCount 5 --warmupCount 3</c>) the 99.9% intervals overlap and the difference is unresolved; the job's
/// 20 iterations separate them. The disassembly shows both runs execute the same machine code.
/// </summary>
[PostJob]
[DisassemblyDiagnoser]
[ChecklistReport]
public class NoisyComparison
{
    /// <summary>Share of positive values (the branch is taken ~95% of the time, so it predicts well).</summary>
    public const double PositiveShare = 0.95;

    /// <summary>Values are 1..999 and -1..-999.</summary>
    public const int MaxMagnitude = 999;

    [Params(20_000_000)]
    public int N { get; set; }

    private int[] _data = [];

    /// <summary>Builds the data once per process.</summary>
    [GlobalSetup]
    public void Setup() => _data = CreateData(N, LabSeed.Value);

    /// <summary>Skips non-positive values with a branch.</summary>
    [Benchmark(Baseline = true)]
    public long FilterBranch()
    {
        long sum = 0;
        int[] data = _data;
        for (int i = 0; i < data.Length; i++)
        {
            if (data[i] > 0)
            {
                sum += data[i];
            }
        }

        return sum;
    }

    /// <summary>Always adds: the value or zero.</summary>
    [Benchmark]
    public long FilterTernary()
    {
        long sum = 0;
        int[] data = _data;
        for (int i = 0; i < data.Length; i++)
        {
            int v = data[i];
            sum += v > 0 ? v : 0;
        }

        return sum;
    }

    /// <summary>~95% values in 1..999, the rest in -999..-1, from a seeded generator.</summary>
    internal static int[] CreateData(int count, int seed)
    {
        var random = new Random(seed);
        var data = new int[count];
        for (int i = 0; i < data.Length; i++)
        {
            int magnitude = random.Next(1, MaxMagnitude + 1);
            data[i] = random.NextDouble() < PositiveShare ? magnitude : -magnitude;
        }

        return data;
    }
}
