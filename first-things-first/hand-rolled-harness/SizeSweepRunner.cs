namespace HandRolledHarness;

/// <summary>
/// Mark 8 over functions (sections 4.3 and 6): plain ones once; searches and sorts at every size of the sweep,
/// sizes outermost, so the designs compared at one size are timed minutes apart at most, not a whole sweep apart,
/// and the searches at one size share one set of arrays.
/// </summary>
internal static class SizeSweepRunner
{
    public static IEnumerable<Mark8Row> Run(IReadOnlyList<NoteFunction> functions, int maxSize, Mark8 mark8, Mark8Setup mark8Setup)
    {
        foreach (var plain in functions.OfType<PlainFunction>())
        {
            yield return Mark8Row.Of(plain, null, mark8.Run(plain.Name, "", plain.Function));
        }

        var searches = functions.OfType<SearchFunction>().ToList();
        foreach (int size in Sizes(searches.Select(f => f.MaxSize), maxSize))
        {
            var data = new BinarySearchData(size);
            foreach (var search in searches.Where(f => size <= f.MaxSize))
            {
                yield return Mark8Row.Of(search, size, mark8.Run(search.Name, MarkLine.SizeInfo(size), i => search.Function(i, data)));
            }
        }

        var sorts = functions.OfType<SortFunction>().ToList();
        foreach (int size in Sizes(sorts.Select(f => f.MaxSize), maxSize))
        {
            foreach (var sort in sorts.Where(f => size <= f.MaxSize))
            {
                yield return Mark8Row.Of(sort, size, mark8Setup.Run(sort.Name, MarkLine.SizeInfo(size), new SortBenchmarkable(sort.Sort, size)));
            }
        }
    }

    private static IEnumerable<int> Sizes(IEnumerable<int> largestOfEach, int maxSize) =>
        SizeSweep.UpTo(Math.Min(maxSize, largestOfEach.DefaultIfEmpty(0).Max()));
}
