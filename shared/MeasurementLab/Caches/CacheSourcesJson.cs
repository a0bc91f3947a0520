using System.Text;
using System.Text.Json;

namespace MeasurementLab.Caches;

/// <summary>
/// caches.json, the file <c>caches --write</c> records and <c>--caches</c> / <c>FTF_CACHES_JSON</c> read back, so a
/// run's benchmarks use the sources measured once at its start: {"sources": {"sysfs", "cpuid", "measured"}, "used"}.
/// </summary>
public static class CacheSourcesJson
{
    /// <summary>Reads a caches.json; <paramref name="what"/> names the option or variable in the error.</summary>
    /// <exception cref="UsageException">The file is missing or is not a caches.json.</exception>
    public static CacheSources Load(string path, string what)
    {
        ArgumentNullException.ThrowIfNull(path);
        try
        {
            return Read(File.ReadAllText(path));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or JsonException or KeyNotFoundException or InvalidOperationException or FormatException)
        {
            throw new UsageException($"{what}: '{path}' is not a readable caches.json written by 'caches --write' ({e.Message})");
        }
    }

    /// <summary>Parses the JSON <see cref="Write"/> writes.</summary>
    public static CacheSources Read(string json)
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

    /// <summary>The sources, their measured latencies and the source used, indented.</summary>
    public static string Write(CacheSources sources)
    {
        ArgumentNullException.ThrowIfNull(sources);
        using var stream = new MemoryStream();
        using (var w = new Utf8JsonWriter(stream, new JsonWriterOptions { Indented = true }))
        {
            w.WriteStartObject();
            w.WriteStartObject("sources");
            WriteSizes(w, "sysfs", sources.Sysfs?.Sizes);
            WriteSizes(w, "cpuid", sources.Cpuid);
            if (sources.Measured is not { } measured)
            {
                w.WriteNull("measured");
            }
            else
            {
                w.WriteStartObject("measured");
                WriteLevels(w, measured.Sizes);
                w.WriteStartObject("latencyNs");
                foreach (string level in CacheSizes.LevelNames)
                {
                    WriteNumber(w, level, measured.LatencyOf(level));
                }

                WriteNumber(w, "dram", measured.DramNs);
                w.WriteEndObject();
                w.WriteEndObject();
            }

            w.WriteEndObject();
            if (sources.Used is { } used)
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
