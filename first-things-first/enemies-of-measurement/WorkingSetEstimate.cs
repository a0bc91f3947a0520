using System.Globalization;
using MeasurementLab.Caches;
using MeasurementLab;
using StorageEngine;

namespace EnemiesOfMeasurement;

/// <summary>
/// What a <c>StripedTable&lt;int, Row&gt;</c> of <see cref="Entries"/> generated rows occupies on a 64-bit runtime, from
/// the object layouts (an estimate, not a measurement; the tests check it against the allocation counter).
/// <list type="bullet">
/// <item>lookup path: what a random <c>Get</c> touches, the dictionary's bucket array and its nodes (E4 returns the
/// row reference without reading the row, so rows and payloads stay out of it);</item>
/// <item>whole table: the lookup path plus the <see cref="Row"/> objects and their payload arrays.</item>
/// </list>
/// </summary>
public sealed record WorkingSetEstimate(int Entries)
{
    /// <summary>Object header + method table pointer of every heap object.</summary>
    public const int ObjectHeaderBytes = 16;

    /// <summary>A ConcurrentDictionary node: header + value ref + next ref + int key + int hash code.</summary>
    public const int NodeBytes = ObjectHeaderBytes + 8 + 8 + 4 + 4;

    /// <summary>One bucket: a single reference to the first node of its chain.</summary>
    public const int BucketBytes = 8;

    /// <summary>A <see cref="Row"/>: header + the reference to its payload.</summary>
    public const int RowObjectBytes = ObjectHeaderBytes + 8;

    /// <summary>A byte[] before its data: header + length (padded to 8).</summary>
    public const int ArrayHeaderBytes = ObjectHeaderBytes + 8;

    // ConcurrentDictionary grows its bucket array to roughly twice the old size whenever a lock's share overflows,
    // so after N inserts it holds between N and 2N buckets (1.45N-1.75N measured on .NET 10 for 10K-2M entries).
    private const double MinBucketsPerEntry = 1.0;
    private const double MaxBucketsPerEntry = 2.0;

    /// <summary>Lower bound of the lookup path (fewest buckets).</summary>
    public long LookupPathMinBytes => (long)Entries * NodeBytes + (long)(Entries * MinBucketsPerEntry * BucketBytes);

    /// <summary>Upper bound of the lookup path (most buckets).</summary>
    public long LookupPathMaxBytes => (long)Entries * NodeBytes + (long)(Entries * MaxBucketsPerEntry * BucketBytes);

    /// <summary>Row objects plus their payload arrays for keys 0..Entries-1 (exact for <see cref="Row.Generate"/>).</summary>
    public long RowsBytes
    {
        get
        {
            long total = 0;
            for (int key = 0; key < Entries; key++)
            {
                total += RowObjectBytes + AlignTo8(ArrayHeaderBytes + Row.GeneratedSize(key));
            }

            return total;
        }
    }

    /// <summary>Upper bound of everything the table keeps alive.</summary>
    public long WholeTableMaxBytes => LookupPathMaxBytes + RowsBytes;

    /// <summary>Where the lookup path lands; "L2/L3" when the bounds straddle a level.</summary>
    public string LookupPathLevel(CacheTopology caches) => Level(caches, LookupPathMinBytes, LookupPathMaxBytes);

    /// <summary>Where the whole table lands.</summary>
    public string WholeTableLevel(CacheTopology caches) =>
        Level(caches, LookupPathMinBytes + RowsBytes, WholeTableMaxBytes);

    /// <summary>"0.5-0.6 MiB" style range of the lookup path.</summary>
    public string LookupPathText =>
        CacheTopology.FormatBytes(LookupPathMinBytes) + " - " + CacheTopology.FormatBytes(LookupPathMaxBytes);

    /// <summary>One line for the E4 report.</summary>
    public string Describe(CacheTopology caches)
    {
        ArgumentNullException.ThrowIfNull(caches);
        return string.Create(CultureInfo.InvariantCulture,
            $"TableSize {Entries,9:N0}: lookup path (buckets + nodes) {LookupPathText,-21} -> {LookupPathLevel(caches),-6}" +
            $" whole table with rows and payloads <= {CacheTopology.FormatBytes(WholeTableMaxBytes),-9} -> {WholeTableLevel(caches)}");
    }

    private static string Level(CacheTopology caches, long min, long max)
    {
        if (!caches.IsKnown)
        {
            return "unknown";
        }

        string low = caches.Classify(min);
        string high = caches.Classify(max);
        return low == high ? low : low + "/" + high;
    }

    private static long AlignTo8(long bytes) => (bytes + 7) & ~7L;
}
