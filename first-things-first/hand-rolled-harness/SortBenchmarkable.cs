using MeasurementLab;

namespace HandRolledHarness;

/// <summary>
/// Section 5's sort benchmark: setup reshuffles the array, the call sorts it. The shuffles draw from the lab's seed,
/// so every run sorts the same sequence of permutations.
/// </summary>
public sealed class SortBenchmarkable(Action<int[]> sort, int size, int seed = LabSeed.Value) : Benchmarkable
{
    private readonly int[] _array = SearchAndSort.FillIntArray(size);
    private readonly Random _random = new(seed);

    /// <summary>The array the calls sort (for tests).</summary>
    internal int[] Array => _array;

    public override void Setup() => SearchAndSort.Shuffle(_array, _random);

    public override double Call(int i)
    {
        sort(_array);
        return 0.0;
    }
}
