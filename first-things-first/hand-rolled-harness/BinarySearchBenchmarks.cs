using BenchmarkDotNet.Attributes;

namespace HandRolledHarness;

/// <summary>The three binary-search designs and the two overheads, at the sweep's smallest and largest size.</summary>
[Config(typeof(HarnessConfig))]
public class BinarySearchBenchmarks : IndexedBenchmark
{
    private BinarySearchData _data = null!;

    public static IEnumerable<int> Sizes => [SizeSweep.Smallest, SizeSweep.LargestSearch];

    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    [GlobalSetup]
    public void CreateArrays() => _data = new BinarySearchData(Size);

    [Benchmark(Description = FunctionNames.BinarySearchSame)]
    public double SameItem() => BinarySearchDesigns.SameItem(NextIndex(), _data);

    [Benchmark(Description = FunctionNames.BinarySearchPseudorandom)]
    public double PseudorandomItem() => BinarySearchDesigns.PseudorandomItem(NextIndex(), _data);

    [Benchmark(Description = FunctionNames.BinarySearchGenerated)]
    public double GeneratedItem() => BinarySearchDesigns.GeneratedItem(NextIndex(), _data);

    [Benchmark(Description = FunctionNames.GetPseudorandomItems)]
    public double GetPseudorandomItem() => BinarySearchDesigns.GetPseudorandomItem(NextIndex(), _data);

    [Benchmark(Description = FunctionNames.RandomIndex)]
    public double RandomIndex() => BinarySearchDesigns.RandomIndex(NextIndex(), _data);
}
