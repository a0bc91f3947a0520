using MeasurementLab;

namespace HardwareCounters;

/// <summary>
/// The post's data: N values in 1..999 from <c>new Random(42)</c>, then a Fisher-Yates shuffle of 0..N−1 drawn
/// from the same generator. Both benchmarks sum the same values; only the order of the loads differs.
/// </summary>
public static class AccessData
{
    public const int MinValue = 1;

    public const int MaxValue = 999;

    /// <summary>Bytes per element of the data array (long).</summary>
    public const int DataElementBytes = sizeof(long);

    /// <summary>Bytes per element of the index array (int).</summary>
    public const int IndexElementBytes = sizeof(int);

    /// <summary>Values and permutation for <paramref name="n"/> elements, as the benchmark's global setup builds them.</summary>
    public static (long[] Values, int[] Permutation) Create(int n, int seed = LabSeed.Value)
    {
        var random = new Random(seed);
        long[] values = CreateValues(n, random);
        int[] permutation = CreatePermutation(n, random);
        return (values, permutation);
    }

    /// <summary>The values alone (identical to <see cref="Create"/>'s, which draws them first).</summary>
    public static long[] CreateValues(int n, int seed = LabSeed.Value) => CreateValues(n, new Random(seed));

    /// <summary>N values in [<see cref="MinValue"/>, <see cref="MaxValue"/>].</summary>
    public static long[] CreateValues(int n, Random random)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(n);
        ArgumentNullException.ThrowIfNull(random);
        var values = new long[n];
        for (int i = 0; i < values.Length; i++)
        {
            values[i] = random.Next(MinValue, MaxValue + 1);
        }

        return values;
    }

    /// <summary>A uniformly random permutation of 0..N−1 (Fisher-Yates, from the last element down).</summary>
    public static int[] CreatePermutation(int n, Random random)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(n);
        ArgumentNullException.ThrowIfNull(random);
        var permutation = new int[n];
        for (int i = 0; i < permutation.Length; i++)
        {
            permutation[i] = i;
        }

        for (int i = permutation.Length - 1; i > 0; i--)
        {
            int j = random.Next(i + 1);
            (permutation[i], permutation[j]) = (permutation[j], permutation[i]);
        }

        return permutation;
    }

    /// <summary>Bytes SumSequential walks: the long[] only.</summary>
    public static long SequentialWorkingSetBytes(long n) => n * DataElementBytes;

    /// <summary>Bytes SumRandom touches: the long[] plus the int[] of indices.</summary>
    public static long RandomWorkingSetBytes(long n) => n * (DataElementBytes + IndexElementBytes);
}
