using BenchmarkDotNet.Attributes;
using MeasurementLab;

namespace HandRolledHarness;

/// <summary>
/// The three sorts of a shuffled array. [IterationSetup] is BenchmarkDotNet's Mark8Setup: it reshuffles outside the
/// measurement, which forces one invocation per iteration, so each iteration times a single sort. That leaves the
/// tiered JIT no time to optimize the sorts before the job ends, so this class runs with it off
/// (<see cref="FullyOptimizedHarnessConfig"/>).
/// </summary>
[Config(typeof(FullyOptimizedHarnessConfig))]
public class SortBenchmarks
{
    private int[] _array = [];
    private Random _random = null!;

    /// <summary>The sweep's smallest size, and the size where selection sort is already far behind.</summary>
    public static IEnumerable<int> Sizes => [SizeSweep.Smallest, SizeSweep.SortComparison];

    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    [GlobalSetup]
    public void CreateArray()
    {
        _array = SearchAndSort.FillIntArray(Size);
        _random = new Random(LabSeed.Value);
    }

    [IterationSetup]
    public void Shuffle() => SearchAndSort.Shuffle(_array, _random);

    [Benchmark(Description = FunctionNames.SelectionSort)]
    public void SelectionSort() => SearchAndSort.SelectionSort(_array);

    [Benchmark(Description = FunctionNames.Quicksort)]
    public void Quicksort() => SearchAndSort.Quicksort(_array);

    [Benchmark(Description = FunctionNames.Heapsort)]
    public void Heapsort() => SearchAndSort.Heapsort(_array);
}
