namespace MeasurementLab.Caches;

/// <summary>The per-core data cache sizes one source claims (null: the source does not say).</summary>
public sealed record CacheSizes(long? L1d, long? L2, long? L3)
{
    /// <summary>The level names, innermost first, as the JSON and the tables spell them.</summary>
    public static readonly IReadOnlyList<string> LevelNames = ["L1d", "L2", "L3"];

    /// <summary>The size of a level by name.</summary>
    public long? Of(string level) => level switch
    {
        "L1d" => L1d,
        "L2" => L2,
        "L3" => L3,
        _ => throw new ArgumentOutOfRangeException(nameof(level), level, "Expected L1d, L2 or L3."),
    };

    /// <summary>The sizes that are known.</summary>
    public IEnumerable<long> KnownSizes() => new[] { L1d, L2, L3 }.Where(s => s is > 0).Select(s => s!.Value);

    /// <summary>As a topology the prediction and E4 can classify working sets with.</summary>
    public CacheTopology ToTopology(string source, int lastLevelInstances = 1)
    {
        var levels = new List<CacheLevel>();
        if (L1d is > 0)
        {
            levels.Add(new CacheLevel(1, "Data", L1d.Value, "?"));
        }

        if (L2 is > 0)
        {
            levels.Add(new CacheLevel(2, "Unified", L2.Value, "?"));
        }

        if (L3 is > 0)
        {
            levels.Add(new CacheLevel(3, "Unified", L3.Value, "?"));
        }

        return CacheTopology.FromLevels(levels, source, lastLevelInstances);
    }
}
