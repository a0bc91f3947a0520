using System.Globalization;

namespace MeasurementLab.Caches;

/// <summary>
/// The data caches of CPU 0, read from <c>/sys/devices/system/cpu/cpu0/cache</c>, and where a working set of a
/// given size should land. Sizes are per cache instance (what one core can use), not summed over the machine.
/// </summary>
public sealed class CacheTopology
{
    /// <summary>Default sysfs root.</summary>
    public const string SysfsCpuRoot = "/sys/devices/system/cpu";

    /// <summary>The source name of sizes read from sysfs.</summary>
    public const string SysfsSource = "sysfs";

    private CacheTopology(IReadOnlyList<CacheLevel> levels, int lastLevelInstances, string source)
    {
        Levels = levels;
        LastLevelInstances = lastLevelInstances;
        Source = source;
    }

    /// <summary>Where the sizes come from: "sysfs", "cpuid" or "measured" (<see cref="CacheSources"/>).</summary>
    public string Source { get; }

    /// <summary>Sizes from another source (CPUID, the latency sweep), innermost first.</summary>
    public static CacheTopology FromLevels(IEnumerable<CacheLevel> levels, string source, int lastLevelInstances = 1)
    {
        ArgumentNullException.ThrowIfNull(levels);
        var list = levels.OrderBy(l => l.Level).ToList();
        return new CacheTopology(list, list.Count == 0 ? 0 : lastLevelInstances, source);
    }

    /// <summary>The data and unified cache sizes by level.</summary>
    public CacheSizes Sizes => new(L1?.SizeBytes, L2?.SizeBytes, L3?.SizeBytes);

    /// <summary>Data and unified caches, innermost first (instruction caches are left out).</summary>
    public IReadOnlyList<CacheLevel> Levels { get; }

    /// <summary>How many separate last-level caches the machine has (sockets or core complexes).</summary>
    public int LastLevelInstances { get; }

    /// <summary>True when sysfs described at least one cache.</summary>
    public bool IsKnown => Levels.Count > 0;

    /// <summary>L1 data cache, if known.</summary>
    public CacheLevel? L1 => Levels.FirstOrDefault(l => l.Level == 1);

    /// <summary>L2, if known.</summary>
    public CacheLevel? L2 => Levels.FirstOrDefault(l => l.Level == 2);

    /// <summary>L3, if known.</summary>
    public CacheLevel? L3 => Levels.FirstOrDefault(l => l.Level == 3);

    /// <summary>The outermost cache.</summary>
    public CacheLevel? LastLevel => Levels.Count == 0 ? null : Levels[^1];

    /// <summary>Reads the topology; an empty topology when sysfs has no cache information (non-Linux, some containers).</summary>
    public static CacheTopology Read(string sysfsCpuRoot = SysfsCpuRoot)
    {
        var levels = new List<CacheLevel>();
        string cpu0 = Path.Combine(sysfsCpuRoot, "cpu0", "cache");
        if (Directory.Exists(cpu0))
        {
            foreach (string index in Directory.GetDirectories(cpu0, "index*").Order(StringComparer.Ordinal))
            {
                if (TryReadLevel(index) is { } level && !level.Type.StartsWith("Instruction", StringComparison.Ordinal))
                {
                    levels.Add(level);
                }
            }
        }

        levels.Sort((a, b) => a.Level.CompareTo(b.Level));
        return new CacheTopology(levels, CountLastLevelInstances(sysfsCpuRoot, levels), SysfsSource);
    }

    /// <summary>Where a working set of <paramref name="bytes"/> should live: "L1d", "L2", "L3" or "DRAM".</summary>
    public string Classify(long bytes)
    {
        foreach (var level in Levels)
        {
            if (bytes <= level.SizeBytes)
            {
                return level.Name;
            }
        }

        return "DRAM";
    }

    /// <summary>Parses sysfs sizes such as "48K", "1024K", "32M", "1G" or plain bytes.</summary>
    public static long ParseSize(string text)
    {
        string s = text.Trim();
        if (s.Length == 0)
        {
            throw new FormatException("Empty cache size.");
        }

        long multiplier = char.ToUpperInvariant(s[^1]) switch
        {
            'K' => 1024L,
            'M' => 1024L * 1024,
            'G' => 1024L * 1024 * 1024,
            _ => 1L,
        };
        string digits = multiplier == 1 ? s : s[..^1];
        return long.Parse(digits, NumberStyles.None, CultureInfo.InvariantCulture) * multiplier;
    }

    /// <summary>Human-readable size: 48 KiB, 1 MiB, 32 MiB.</summary>
    public static string FormatBytes(long bytes) => bytes switch
    {
        >= 1L << 30 => (bytes / (double)(1L << 30)).ToString("0.#", CultureInfo.InvariantCulture) + " GiB",
        >= 1L << 20 => (bytes / (double)(1L << 20)).ToString("0.#", CultureInfo.InvariantCulture) + " MiB",
        >= 1L << 10 => (bytes / (double)(1L << 10)).ToString("0.#", CultureInfo.InvariantCulture) + " KiB",
        _ => bytes.ToString(CultureInfo.InvariantCulture) + " B",
    };

    /// <inheritdoc />
    public override string ToString() =>
        IsKnown ? string.Join(", ", Levels.Select(l => $"{l.Name} {FormatBytes(l.SizeBytes)}")) : $"cache sizes unknown (no {Source} cache information)";

    private static CacheLevel? TryReadLevel(string indexDirectory)
    {
        try
        {
            int level = int.Parse(ReadTrimmed(indexDirectory, "level"), NumberStyles.None, CultureInfo.InvariantCulture);
            string type = ReadTrimmed(indexDirectory, "type");
            long size = ParseSize(ReadTrimmed(indexDirectory, "size"));
            string shared = File.Exists(Path.Combine(indexDirectory, "shared_cpu_list"))
                ? ReadTrimmed(indexDirectory, "shared_cpu_list")
                : "?";
            return new CacheLevel(level, type, size, shared);
        }
        catch (Exception e) when (e is IOException or FormatException or OverflowException or UnauthorizedAccessException)
        {
            return null; // a half-populated index directory is skipped, not fatal
        }
    }

    private static int CountLastLevelInstances(string root, List<CacheLevel> levels)
    {
        if (levels.Count == 0 || !Directory.Exists(root))
        {
            return 0;
        }

        int lastLevel = levels[^1].Level;
        var groups = new HashSet<string>(StringComparer.Ordinal);
        foreach (string cpu in Directory.GetDirectories(root, "cpu*"))
        {
            string cache = Path.Combine(cpu, "cache");
            if (!Directory.Exists(cache) || !int.TryParse(Path.GetFileName(cpu).AsSpan(3), NumberStyles.None, CultureInfo.InvariantCulture, out _))
            {
                continue;
            }

            foreach (string index in Directory.GetDirectories(cache, "index*"))
            {
                if (TryReadLevel(index) is { } level && level.Level == lastLevel && !level.Type.StartsWith("Instruction", StringComparison.Ordinal))
                {
                    groups.Add(level.SharedCpuList);
                }
            }
        }

        return Math.Max(groups.Count, 1);
    }

    private static string ReadTrimmed(string directory, string file) => File.ReadAllText(Path.Combine(directory, file)).Trim();
}
