namespace HandRolledHarness;

/// <summary>
/// Mark 8 over functions (sections 4.3 and 6): plain ones once; searches and sorts at every size of the sweep,
/// sizes outermost, so the designs compared at one size are timed minutes apart at most, not a whole sweep apart,
/// and the searches at one size share one set of arrays.
/// </summary>
internal static class SizeSweepRunner
{
    /// <summary>
    /// The sweep; <paramref name="order"/>, if given, orders the functions timed together (the plain ones, and those
    /// of one size): a round of interleaved rounds passes its seeded order, so no function always runs first.
    /// </summary>
    public static IEnumerable<Mark8Row> Run(IReadOnlyList<NoteFunction> functions, int maxSize, Mark8 mark8, Mark8Setup mark8Setup,
        Func<IReadOnlyList<NoteFunction>, IReadOnlyList<NoteFunction>>? order = null)
    {
        order ??= f => f;
        foreach (var plain in order([.. functions.OfType<PlainFunction>()]).Cast<PlainFunction>())
        {
            yield return Mark8Row.Of(plain, null, mark8.Run(plain.Name, "", plain.Function));
        }

        var searches = functions.OfType<SearchFunction>().ToList();
        foreach (int size in Sizes(searches.Select(f => f.MaxSize), maxSize))
        {
            var data = new BinarySearchData(size);
            foreach (var search in order([.. searches.Where(f => size <= f.MaxSize)]).Cast<SearchFunction>())
            {
                yield return Mark8Row.Of(search, size, mark8.Run(search.Name, MarkLine.SizeInfo(size), i => search.Function(i, data)));
            }
        }

        var sorts = functions.OfType<SortFunction>().ToList();
        foreach (int size in Sizes(sorts.Select(f => f.MaxSize), maxSize))
        {
            foreach (var sort in order([.. sorts.Where(f => size <= f.MaxSize)]).Cast<SortFunction>())
            {
                yield return Mark8Row.Of(sort, size, mark8Setup.Run(sort.Name, MarkLine.SizeInfo(size), new SortBenchmarkable(sort.Sort, size)));
            }
        }
    }

    private static IEnumerable<int> Sizes(IEnumerable<int> largestOfEach, int maxSize) =>
        SizeSweep.UpTo(Math.Min(maxSize, largestOfEach.DefaultIfEmpty(0).Max()));
}
