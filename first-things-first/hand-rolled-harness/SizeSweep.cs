namespace HandRolledHarness;

/// <summary>Section 6's problem sizes: 100, 200, 400, ... doubling.</summary>
public static class SizeSweep
{
    public const int Smallest = 100;

    /// <summary>Section 4.3's largest binary-search array: 100 · 2^16.</summary>
    public const int LargestSearch = 6_553_600;

    /// <summary>Section 6's largest quicksort array: 100 · 2^14.</summary>
    public const int LargestFastSort = 1_638_400;

    /// <summary>Selection sort is quadratic: at 100 · 2^8 one call already takes tens of milliseconds.</summary>
    public const int LargestSelectionSort = 25_600;

    /// <summary>BenchmarkDotNet's second sort size: selection sort is already far behind, and one call still takes milliseconds.</summary>
    public const int SortComparison = 12_800;

    /// <summary>Every size from <see cref="Smallest"/> up to <paramref name="largest"/>, doubling.</summary>
    public static IEnumerable<int> UpTo(int largest)
    {
        for (long size = Smallest; size <= largest; size *= 2)
        {
            yield return (int)size;
        }
    }
}
