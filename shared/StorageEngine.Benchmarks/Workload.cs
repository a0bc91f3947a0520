using MeasurementLab;

namespace StorageEngine.Benchmarks;

/// <summary>The realistic workload of the series: random keys, variable-size rows, generated once.</summary>
public static class Workload
{
    /// <summary>Inserts per invocation.</summary>
    public const int N = 500_000;

    /// <summary>Keys are drawn from [0, KeySpace).</summary>
    public const int KeySpace = 1_000_000;

    /// <summary>N keys uniform in [0, KeySpace) from the lab's seed, and <c>Row.Generate(key)</c> for each.</summary>
    public static (int[] Keys, Row[] Rows) Generate()
    {
        var random = new Random(LabSeed.Value);
        var keys = new int[N];
        var rows = new Row[N];
        for (int i = 0; i < N; i++)
        {
            keys[i] = random.Next(0, KeySpace);
            rows[i] = Row.Generate(keys[i]);
        }

        return (keys, rows);
    }
}
