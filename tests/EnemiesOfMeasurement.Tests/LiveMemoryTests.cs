using StorageEngine;

namespace EnemiesOfMeasurement.Tests;

/// <summary>Tests that read the whole heap's size: they run alone, after the parallel ones.</summary>
[CollectionDefinition(nameof(LiveMemoryCollection), DisableParallelization = true)]
public sealed class LiveMemoryCollection;

[Collection(nameof(LiveMemoryCollection))]
public class LiveMemoryTests
{
    [Fact]
    public void Lookup_path_estimate_brackets_what_the_dictionary_keeps_alive()
    {
        const int entries = 200_000;
        var rows = Enumerable.Range(0, entries).Select(Row.Generate).ToArray();
        long before = GC.GetTotalMemory(forceFullCollection: true);
        var table = new StripedTable<int, Row>();
        for (int key = 0; key < entries; key++)
        {
            table.Insert(key, rows[key]);
        }

        long live = GC.GetTotalMemory(forceFullCollection: true) - before;
        GC.KeepAlive(table);
        GC.KeepAlive(rows);
        var estimate = new WorkingSetEstimate(entries);

        // Rows already existed, so what the table adds is its lookup path: nodes, buckets and a few lock arrays.
        live.Should().BeInRange((long)(estimate.LookupPathMinBytes * 0.95), (long)(estimate.LookupPathMaxBytes * 1.05));
    }
}
