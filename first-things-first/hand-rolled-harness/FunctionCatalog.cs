namespace HandRolledHarness;

/// <summary>Every function the note measures, in the note's order, by name.</summary>
public static class FunctionCatalog
{
    public static IReadOnlyList<NoteFunction> All { get; } =
    [
        new PlainFunction(FunctionNames.Multiply, NoteFunctions.Multiply),
        new PlainFunction(FunctionNames.Pow, NoteFunctions.Pow),
        new PlainFunction(FunctionNames.Exp, NoteFunctions.Exp),
        new PlainFunction(FunctionNames.Log, NoteFunctions.Log),
        new PlainFunction(FunctionNames.Sin, NoteFunctions.Sin),
        new PlainFunction(FunctionNames.Cos, NoteFunctions.Cos),
        new PlainFunction(FunctionNames.Tan, NoteFunctions.Tan),
        new PlainFunction(FunctionNames.Asin, NoteFunctions.Asin),
        new PlainFunction(FunctionNames.Acos, NoteFunctions.Acos),
        new PlainFunction(FunctionNames.Atan, NoteFunctions.Atan),
        new SearchFunction(FunctionNames.BinarySearchSame, BinarySearchDesigns.SameItem, SizeSweep.LargestSearch),
        new SearchFunction(FunctionNames.BinarySearchPseudorandom, BinarySearchDesigns.PseudorandomItem, SizeSweep.LargestSearch),
        new SearchFunction(FunctionNames.BinarySearchGenerated, BinarySearchDesigns.GeneratedItem, SizeSweep.LargestSearch),
        new SearchFunction(FunctionNames.GetPseudorandomItems, BinarySearchDesigns.GetPseudorandomItem, SizeSweep.LargestSearch),
        new SearchFunction(FunctionNames.RandomIndex, BinarySearchDesigns.RandomIndex, SizeSweep.LargestSearch),
        new SortFunction(FunctionNames.SelectionSort, SearchAndSort.SelectionSort, SizeSweep.LargestSelectionSort),
        new SortFunction(FunctionNames.Quicksort, SearchAndSort.Quicksort, SizeSweep.LargestFastSort),
        new SortFunction(FunctionNames.Heapsort, SearchAndSort.Heapsort, SizeSweep.LargestFastSort),
    ];

    public static NoteFunction? Find(string name) => All.FirstOrDefault(f => f.Name == name);
}
