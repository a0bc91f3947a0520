using System.Globalization;
using System.Text;
using System.Text.Json;

namespace MeasurementLab;

/// <summary>
/// Every source of cache sizes side by side — sysfs, CPUID and the latency sweep — and the one the prediction and E4
/// use: sysfs when present and consistent with the measurement, otherwise the measurement; CPUID only when nothing
/// else is known (on a guest it may report the host's whole package, as this lab's VM does).
/// </summary>
/// <param name="Sysfs">Sizes from /sys (null when it has no cache information).</param>
/// <param name="Cpuid">Sizes from CPUID (null on a non-x86 CPU or when the leaves are empty).</param>
/// <param name="Measured">The sweep's reading (null when no sweep ran).</param>
public sealed record CacheSources(CacheTopology? Sysfs, CacheSizes? Cpuid, MeasuredHierarchy? Measured)
{
    /// <summary>Two sources disagree on a level when one claims more than this many times the other.</summary>
    public const double DisagreementFactor = 2.0;

    /// <summary>The environment variable naming a caches.json (written by <c>caches --write</c>) to use instead of measuring again.</summary>
    public const string FileVariable = "FTF_CACHES_JSON";

    /// <summary>"sysfs", "cpuid", "measured", or null when no source knows anything.</summary>
    public string? Used
    {
        get
        {
            bool sysfs = Sysfs is { IsKnown: true };
            bool measured = Measured is { Detected: true };
            if (sysfs && (!measured || Consistent(Sysfs!.Sizes, Measured!.Sizes)))
            {
                return CacheTopology.SysfsSource;
            }

            if (measured)
            {
                return MeasuredHierarchy.Source;
            }

            return Cpuid is not null && Cpuid.KnownSizes().Any() ? CpuidCaches.Source : null;
        }
    }

    /// <summary>The topology of the source used (an empty one naming the sources when none knows anything).</summary>
    public CacheTopology Best => Used switch
    {
        CacheTopology.SysfsSource => Sysfs!,
        MeasuredHierarchy.Source => Measured!.Sizes.ToTopology(MeasuredHierarchy.Source),
        CpuidCaches.Source => Cpuid!.ToTopology(CpuidCaches.Source),
        _ => CacheTopology.FromLevels([], "sysfs, CPUID or measured"),
    };

    /// <summary>True when every level that both claim is within <see cref="DisagreementFactor"/>.</summary>
    public static bool Consistent(CacheSizes a, CacheSizes b)
    {
        ArgumentNullException.ThrowIfNull(a);
        ArgumentNullException.ThrowIfNull(b);
        return CacheSizes.LevelNames.All(level => !Disagree(a.Of(level), b.Of(level)));
    }

    /// <summary>True when any two sources claim sizes for <paramref name="level"/> more than 2× apart.</summary>
    public bool Disagree(string level)
    {
        var claims = Claims(level).Where(c => c is not null).ToList();
        return claims.Any(a => claims.Any(b => Disagree(a, b)));
    }

    /// <summary>The sizes of <paramref name="level"/> as sysfs, CPUID and the sweep claim them (nulls where silent).</summary>
    public IReadOnlyList<long?> Claims(string level) =>
        [Sysfs?.Sizes.Of(level), Cpuid?.Of(level), Measured?.Sizes.Of(level)];

    /// <summary>Every size any source claims (the sweep goes past the largest).</summary>
    public IEnumerable<long> ClaimedSizes() =>
        (Sysfs?.Sizes.KnownSizes() ?? []).Concat(Cpuid?.KnownSizes() ?? []);

    /// <summary>
    /// Reads sysfs and CPUID and, unless <paramref name="sweep"/> is null, runs the sweep past the largest claimed
    /// size (capped by <paramref name="maxBytes"/> when given). Returns the sources and the sweep's points.
    /// </summary>
    public static (CacheSources Sources, SweepResult? Sweep) Detect(
        string sysfsCpuRoot, Func<long, SweepSettings>? sweep, long? maxBytes = null, Action<string>? progress = null, CancellationToken cancel = default)
    {
        var sysfs = CacheTopology.Read(sysfsCpuRoot);
        var cpuid = CpuidCaches.Read();
        var partial = new CacheSources(sysfs.IsKnown ? sysfs : null, cpuid, null);
        if (sweep is null)
        {
            return (partial, null);
        }

        long max = LatencySweep.MaxBytesFor(partial.ClaimedSizes());
        var result = LatencySweep.Run(sweep(maxBytes is { } cap ? Math.Min(max, cap) : max), progress, cancel);
        return (partial with { Measured = StepDetector.Detect(result.Points) }, result);
    }

    /// <summary>The sources for a benchmark run: the file <see cref="FileVariable"/> names, or this machine with a quick sweep (once per process).</summary>
    public static CacheSources ForThisRun() => ThisRun.Value;

    /// <summary>The recorded sources (<see cref="FileVariable"/>) or sysfs and CPUID alone: for a benchmark process, which must not sweep.</summary>
    public static CacheSources WithoutSweep() =>
        Environment.GetEnvironmentVariable(FileVariable) is { Length: > 0 } file
            ? Load(file, FileVariable)
            : Detect(CacheTopology.SysfsCpuRoot, null).Sources;

    private static readonly Lazy<CacheSources> ThisRun = new(() =>
        Environment.GetEnvironmentVariable(FileVariable) is { Length: > 0 } file
            ? Load(file, FileVariable)
            : Detect(CacheTopology.SysfsCpuRoot, SweepSettings.Quick).Sources);

    /// <summary>Reads a caches.json; <paramref name="what"/> names the option or variable in the error.</summary>
    /// <exception cref="UsageException">The file is missing or is not a caches.json.</exception>
    public static CacheSources Load(string path, string what)
    {
        ArgumentNullException.ThrowIfNull(path);
        try
        {
            return FromJson(File.ReadAllText(path));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or JsonException or KeyNotFoundException or InvalidOperationException or FormatException)
        {
            throw new UsageException($"{what}: '{path}' is not a readable caches.json written by 'caches --write' ({e.Message})");
        }
    }

    /// <summary>Parses the JSON <see cref="ToJson"/> writes.</summary>
    public static CacheSources FromJson(string json)
    {
        using var document = JsonDocument.Parse(json);
        var sources = document.RootElement.GetProperty("sources");
        var sysfs = SizesOf(sources.GetProperty("sysfs"));
        var cpuid = SizesOf(sources.GetProperty("cpuid"));
        MeasuredHierarchy? measured = null;
        var m = sources.GetProperty("measured");
        if (m.ValueKind == JsonValueKind.Object)
        {
            var latency = m.GetProperty("latencyNs");
            var byLevel = new Dictionary<string, double>();
            foreach (string level in CacheSizes.LevelNames)
            {
                if (NumberOf(latency, level) is { } ns)
                {
                    byLevel[level] = ns;
                }
            }

            measured = new MeasuredHierarchy(SizesOf(m)!, byLevel, NumberOf(latency, "dram"), []);
        }

        return new CacheSources(sysfs?.ToTopology(CacheTopology.SysfsSource), cpuid, measured);
    }

    /// <summary>The JSON: {"sources": {"sysfs", "cpuid", "measured"}, "used"}.</summary>
    public string ToJson()
    {
        using var stream = new MemoryStream();
        using (var w = new Utf8JsonWriter(stream, new JsonWriterOptions { Indented = true }))
        {
            w.WriteStartObject();
            w.WriteStartObject("sources");
            WriteSizes(w, "sysfs", Sysfs?.Sizes);
            WriteSizes(w, "cpuid", Cpuid);
            if (Measured is null)
            {
                w.WriteNull("measured");
            }
            else
            {
                w.WriteStartObject("measured");
                WriteLevels(w, Measured.Sizes);
                w.WriteStartObject("latencyNs");
                foreach (string level in CacheSizes.LevelNames)
                {
                    WriteNumber(w, level, Measured.LatencyOf(level));
                }

                WriteNumber(w, "dram", Measured.DramNs);
                w.WriteEndObject();
                w.WriteEndObject();
            }

            w.WriteEndObject();
            if (Used is { } used)
            {
                w.WriteString("used", used);
            }
            else
            {
                w.WriteNull("used");
            }

            w.WriteEndObject();
        }

        return Encoding.UTF8.GetString(stream.ToArray());
    }

    /// <summary>The sources as a markdown table, the disagreements flagged, and which one the lab uses and why.</summary>
    public string ToMarkdown()
    {
        var table = new MarkdownTable("level", "sysfs", "CPUID", "measured", "measured latency", "sources within 2×");
        foreach (string level in CacheSizes.LevelNames)
        {
            var claims = Claims(level);
            table.Row(level, Size(claims[0], Sysfs is null), Size(claims[1], Cpuid is null), Size(claims[2], Measured is null),
                Measured is null ? "not measured" : Nanoseconds(Measured.LatencyOf(level)),
                claims.Count(c => c is not null) < 2 ? "-" : Disagree(level) ? "**no: disagree >2×**" : "yes");
        }

        table.Row("DRAM", "", "", "", Measured is null ? "not measured" : Nanoseconds(Measured.DramNs), "");
        var text = new StringBuilder(table.ToString());
        text.AppendLine();
        text.AppendLine(UsedSentence());
        return text.ToString();
    }

    /// <summary>One sentence: the source used and why.</summary>
    public string UsedSentence() => Used switch
    {
        CacheTopology.SysfsSource when Measured is { Detected: true } => "Used: sysfs (consistent with the measurement within 2× at every level both give).",
        CacheTopology.SysfsSource => "Used: sysfs (no measurement to check it against).",
        MeasuredHierarchy.Source when Sysfs is { IsKnown: true } => "Used: measured (sysfs disagrees with the measurement by more than 2×).",
        MeasuredHierarchy.Source => "Used: measured (this machine has no sysfs cache information).",
        CpuidCaches.Source => "Used: CPUID (no sysfs cache information and the sweep found no steps; on a guest CPUID may describe the host).",
        _ => "Used: none (no source knows this machine's caches).",
    };

    private static bool Disagree(long? a, long? b) =>
        a is > 0 && b is > 0 && Math.Max(a.Value, b.Value) > DisagreementFactor * Math.Min(a.Value, b.Value);

    private static string Size(long? bytes, bool sourceMissing) =>
        sourceMissing ? "n/a" : bytes is { } b ? CacheTopology.FormatBytes(b) : "not detected";

    private static string Nanoseconds(double? ns) =>
        ns is { } v ? v.ToString("0.0", CultureInfo.InvariantCulture) + " ns" : "not detected";

    private static CacheSizes? SizesOf(JsonElement e) =>
        e.ValueKind == JsonValueKind.Null ? null : new CacheSizes(IntegerOf(e, "L1d"), IntegerOf(e, "L2"), IntegerOf(e, "L3"));

    private static long? IntegerOf(JsonElement e, string name) =>
        e.GetProperty(name) is { ValueKind: JsonValueKind.Number } v ? v.GetInt64() : null;

    private static double? NumberOf(JsonElement e, string name) =>
        e.GetProperty(name) is { ValueKind: JsonValueKind.Number } v ? v.GetDouble() : null;

    private static void WriteSizes(Utf8JsonWriter w, string name, CacheSizes? sizes)
    {
        if (sizes is null)
        {
            w.WriteNull(name);
            return;
        }

        w.WriteStartObject(name);
        WriteLevels(w, sizes);
        w.WriteEndObject();
    }

    private static void WriteLevels(Utf8JsonWriter w, CacheSizes sizes)
    {
        foreach (string level in CacheSizes.LevelNames)
        {
            if (sizes.Of(level) is { } bytes)
            {
                w.WriteNumber(level, bytes);
            }
            else
            {
                w.WriteNull(level);
            }
        }
    }

    private static void WriteNumber(Utf8JsonWriter w, string name, double? value)
    {
        if (value is { } v)
        {
            w.WriteNumber(name, Math.Round(v, 2));
        }
        else
        {
            w.WriteNull(name);
        }
    }
}
