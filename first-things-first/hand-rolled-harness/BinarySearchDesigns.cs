namespace HandRolledHarness;

/// <summary>
/// What one call of each binary-search benchmark does, given the call's index i. The hand-rolled marks and
/// BenchmarkDotNet both call these, so the two harnesses time the same code.
/// </summary>
public static class BinarySearchDesigns
{
    /// <summary>Section 4.3: the same item every time.</summary>
    public static double SameItem(int i, BinarySearchData data) =>
        SearchAndSort.BinarySearch(data.SuccessItem, data.Sorted);

    /// <summary>Section 11.2: the i-th pre-generated pseudorandom item, read sequentially.</summary>
    public static double PseudorandomItem(int i, BinarySearchData data) =>
        SearchAndSort.BinarySearch(data.Items[i % data.Items.Length], data.Sorted);

    /// <summary>Section 11.1's second remedy: a fresh pseudorandom item generated inside the loop.</summary>
    public static double GeneratedItem(int i, BinarySearchData data) =>
        SearchAndSort.BinarySearch(data.Generator.Next(data.Sorted.Length), data.Sorted);

    /// <summary>Section 11.2's overhead check: retrieving the pre-generated item alone.</summary>
    public static double GetPseudorandomItem(int i, BinarySearchData data) => data.Items[i % data.Items.Length];

    /// <summary>Section 11.2's random_index: generating the item alone.</summary>
    public static double RandomIndex(int i, BinarySearchData data) => data.Generator.Next(data.Sorted.Length);
}
