using System.Text.Json;

namespace LabReport.RunFiles;

/// <summary>
/// What a run says about its machine: the rows of <c>environment.md</c> and the fingerprint of <c>machine.json</c>
/// (older runs have none: their fingerprint is made from the CPU, core count and cache rows of environment.md).
/// </summary>
public sealed record RunEnvironment(IReadOnlyDictionary<string, string> Rows, string Fingerprint, string FingerprintSource)
{
    /// <summary>A row of environment.md ("CPU", "kernel"...), or null.</summary>
    public string? Row(string name) => Rows.TryGetValue(name, out var v) ? v : null;

    /// <summary>Cache size in bytes of a level ("L2", "L3") from the environment's cache row, or null when unknown.</summary>
    public long? CacheBytes(string level)
    {
        string? caches = Row("caches (per instance)");
        if (caches is null)
        {
            return null;
        }

        foreach (string part in caches.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            string[] words = part.Split(' ', StringSplitOptions.RemoveEmptyEntries);
            if (words.Length >= 2 && words[0] == level && ParseSize(words[1]) is long bytes)
            {
                return bytes;
            }
        }

        return null;
    }

    /// <summary>environment.md row written at the start of a run: "steal S of T ticks" summed over the CPUs of /proc/stat.</summary>
    public const string StealStartRow = "CPU steal counters at start (/proc/stat)";

    /// <summary>The same counters, appended at the end of the run.</summary>
    public const string StealEndRow = "CPU steal counters at end (/proc/stat)";

    /// <summary>Steal time over the run as a percentage of all CPU time, or null without both readings.</summary>
    public double? StealPercent()
    {
        if (Ticks(Row(StealStartRow)) is not var (s0, t0) || Ticks(Row(StealEndRow)) is not var (s1, t1) || t1 <= t0)
        {
            return null;
        }

        return 100.0 * (s1 - s0) / (t1 - t0);
    }

    // "steal 123 of 456789 ticks" -> (123, 456789).
    private static (double Steal, double Total)? Ticks(string? text)
    {
        string[]? words = text?.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        return words is { Length: >= 4 } && words[0] == "steal" && Quantity.Number(words[1]) is double s && Quantity.Number(words[3]) is double t
            ? (s, t)
            : null;
    }

    /// <summary>Reads environment.md (required) and machine.json (optional) of a run folder.</summary>
    public static RunEnvironment Load(string runFolder)
    {
        string path = System.IO.Path.Combine(runFolder, "environment.md");
        var rows = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (var table in MarkdownTable.ParseAll(File.ReadAllText(path)))
        {
            foreach (var row in table.Rows.Where(r => r.Count >= 2))
            {
                rows.TryAdd(row[0], row[1]);
            }
        }

        string machine = System.IO.Path.Combine(runFolder, "machine.json");
        if (File.Exists(machine))
        {
            try
            {
                using var doc = JsonDocument.Parse(File.ReadAllText(machine));
                if (doc.RootElement.TryGetProperty("fingerprint", out var f) && f.ValueKind == JsonValueKind.String)
                {
                    return new RunEnvironment(rows, f.GetString()!, "machine.json");
                }
            }
            catch (JsonException)
            {
                // Falls through to the environment-derived fingerprint; the report names the file as unreadable.
            }
        }

        string derived = string.Join(" | ", new[] { "CPU", "logical CPUs / sockets / NUMA nodes", "caches (per instance)" }
            .Select(k => rows.TryGetValue(k, out var v) ? v.Trim() : "?"));
        return new RunEnvironment(rows, derived, "environment.md (CPU, cores, caches; the run has no machine.json)");
    }

    // "48K", "1024K", "32768K", "32 MiB" -> bytes.
    private static long? ParseSize(string text)
    {
        string t = text.Trim();
        long scale = 1;
        if (t.EndsWith("MiB", StringComparison.Ordinal) || t.EndsWith('M'))
        {
            scale = 1L << 20;
        }
        else if (t.EndsWith("KiB", StringComparison.Ordinal) || t.EndsWith('K'))
        {
            scale = 1L << 10;
        }

        string digits = new(t.TakeWhile(char.IsDigit).ToArray());
        return long.TryParse(digits, out long n) ? n * scale : null;
    }
}
