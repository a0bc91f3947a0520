namespace HandRolledHarness;

/// <summary>Section 5's sort benchmark: setup reshuffles the array, the call sorts it.</summary>
public sealed class SortBenchmarkable(Action<int[]> sort, int size, int seed = SortBenchmarkable.ShuffleSeed) : Benchmarkable
{
    /// <summary>Seed of the shuffles, so every run sorts the same sequence of permutations.</summary>
    public const int ShuffleSeed = 42;

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
