namespace HandRolledHarness;

/// <summary>
/// The names the note prints, shared by the marks' output, the CSV, and BenchmarkDotNet's Method column
/// (each benchmark's Description), so the comparison can pair them.
/// </summary>
public static class FunctionNames
{
    public const string Multiply = "multiply";
    public const string Pow = "pow";
    public const string Exp = "exp";
    public const string Log = "log";
    public const string Sin = "sin";
    public const string Cos = "cos";
    public const string Tan = "tan";
    public const string Asin = "asin";
    public const string Acos = "acos";
    public const string Atan = "atan";

    /// <summary>Section 4.3's binary_search_success: the same item every call.</summary>
    public const string BinarySearchSame = "binary_search_same";

    /// <summary>Section 11.2's binary_search_success: pre-generated pseudorandom items.</summary>
    public const string BinarySearchPseudorandom = "binary_search_pseudorandom";

    /// <summary>Section 11.1: an item generated inside the loop.</summary>
    public const string BinarySearchGenerated = "binary_search_generated";

    public const string GetPseudorandomItems = "get_pseudorandom_items";
    public const string RandomIndex = "random_index";
    public const string SelectionSort = "selection_sort";
    public const string Quicksort = "quicksort";
    public const string Heapsort = "heapsort";
}
