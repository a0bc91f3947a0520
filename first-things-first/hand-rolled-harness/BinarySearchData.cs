using MeasurementLab;

namespace HandRolledHarness;

/// <summary>
/// One problem size of the binary-search benchmarks (sections 4.3, 11.1, 11.2): the dense sorted array 0..n-1,
/// the fixed item of section 4.3, n pre-generated pseudorandom items, and a generator for items made in the loop.
/// </summary>
public sealed class BinarySearchData
{
    public BinarySearchData(int size)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(size, 1);
        Sorted = SearchAndSort.FillIntArray(size);
        SuccessItem = SuccessItemFor(size);
        Items = SearchAndSort.PseudorandomItems(size, LabSeed.Value); // every run searches for the same sequence
    }

    public int[] Sorted { get; }

    public int SuccessItem { get; }

    public int[] Items { get; }

    /// <summary>Unseeded, like the note's <c>new java.util.Random()</c>: what a reader would write in the loop.</summary>
    public Random Generator { get; } = new();

    /// <summary>
    /// Section 4.3's item, just before the middle. Searched again and again, it walks the same few array slots,
    /// which stay in every cache (section 11.1's objection); at n = 100 it is even the first probe.
    /// </summary>
    public static int SuccessItemFor(int size) => (int)(0.49 * size);
}
