using System.Text.Json;

namespace FirstThingsFirst.Ab;

/// <summary>Reads BenchmarkDotNet's full JSON reports (<c>--exporters fulljson</c>): each benchmark's full name and mean time.</summary>
public static class BdnReports
{
    /// <summary>The benchmarks of every <c>*-report-full.json</c> under <paramref name="artifacts"/>/results.</summary>
    public static IReadOnlyDictionary<string, double> Read(string artifacts)
    {
        string results = Path.Combine(artifacts, "results");
        var files = Directory.Exists(results) ? Directory.GetFiles(results, "*-report-full.json").Order(StringComparer.Ordinal).ToList() : [];
        if (files.Count == 0)
        {
            throw new SideFailedException($"BenchmarkDotNet wrote no JSON report in {results}");
        }

        var means = new Dictionary<string, double>(StringComparer.Ordinal);
        foreach (string file in files)
        {
            foreach (var (name, mean) in Parse(File.ReadAllText(file), file))
            {
                means[name] = mean;
            }
        }

        return means;
    }

    /// <summary>The (full name, mean in ns) pairs of one report's text; a benchmark without statistics failed.</summary>
    public static IReadOnlyList<(string Name, double Mean)> Parse(string json, string source)
    {
        try
        {
            using var document = JsonDocument.Parse(json);
            if (!document.RootElement.TryGetProperty("Benchmarks", out var benchmarks) || benchmarks.ValueKind != JsonValueKind.Array)
            {
                throw new SideFailedException($"{source} has no Benchmarks array");
            }

            var list = new List<(string, double)>();
            foreach (var benchmark in benchmarks.EnumerateArray())
            {
                string name = benchmark.TryGetProperty("FullName", out var full) && full.GetString() is { Length: > 0 } n
                    ? n
                    : throw new SideFailedException($"{source}: a benchmark without FullName");
                if (!benchmark.TryGetProperty("Statistics", out var statistics) || statistics.ValueKind != JsonValueKind.Object
                    || !statistics.TryGetProperty("Mean", out var mean) || mean.ValueKind != JsonValueKind.Number || !(mean.GetDouble() > 0))
                {
                    throw new SideFailedException($"{name} has no measurements in {source} (it failed; see the side's log)");
                }

                list.Add((name, mean.GetDouble()));
            }

            return list;
        }
        catch (JsonException e)
        {
            throw new SideFailedException($"{source} is not a readable report: {e.Message}");
        }
    }
}
