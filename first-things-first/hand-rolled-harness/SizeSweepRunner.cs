namespace HandRolledHarness;

/// <summary>Mark 8 over functions: plain ones once, searches and sorts at every size of the sweep (sections 4.3 and 6).</summary>
internal static class SizeSweepRunner
{
    public static IEnumerable<Mark8Row> Run(IEnumerable<NoteFunction> functions, int maxSize, Mark8 mark8, Mark8Setup mark8Setup)
    {
        foreach (var function in functions)
        {
            switch (function)
            {
                case PlainFunction plain:
                    yield return Mark8Row.Of(plain, null, mark8.Run(plain.Name, "", plain.Function));
                    break;
                case SearchFunction search:
                    foreach (int size in SizeSweep.UpTo(Math.Min(maxSize, search.MaxSize)))
                    {
                        var data = new BinarySearchData(size);
                        yield return Mark8Row.Of(search, size, mark8.Run(search.Name, MarkLine.SizeInfo(size), i => search.Function(i, data)));
                    }

                    break;
                case SortFunction sort:
                    foreach (int size in SizeSweep.UpTo(Math.Min(maxSize, sort.MaxSize)))
                    {
                        var benchmarkable = new SortBenchmarkable(sort.Sort, size);
                        yield return Mark8Row.Of(sort, size, mark8Setup.Run(sort.Name, MarkLine.SizeInfo(size), benchmarkable));
                    }

                    break;
            }
        }
    }
}
