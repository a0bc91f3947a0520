namespace HandRolledHarness;

/// <summary>
/// BenchmarkDotNet invokes a benchmark once per operation; this index plays the role of the marks' loop variable i,
/// kept non-negative so <c>i % n</c> stays a valid index however many operations run.
/// </summary>
public abstract class IndexedBenchmark
{
    private int _next;

    protected int NextIndex()
    {
        int i = _next;
        _next = (i + 1) & int.MaxValue;
        return i;
    }
}
