using LabStatistics;

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

    /// <summary>The (full name, mean in ns) pairs of one report's text (read by LabStatistics' reader); a benchmark without statistics failed.</summary>
    public static IReadOnlyList<(string Name, double Mean)> Parse(string json, string source)
    {
        BdnReport report;
        try
        {
            report = BdnReportReader.Parse(source, json);
        }
        catch (ReportFormatException e)
        {
            throw new SideFailedException($"{source} is not a readable report: {e.Message}");
        }

        return report.Benchmarks.Select(b =>
        {
            string name = b.FullName is { Length: > 0 } full ? full : throw new SideFailedException($"{source}: a benchmark without FullName");
            return b.MeanNs is > 0 and double mean
                ? (name, mean)
                : throw new SideFailedException($"{name} has no measurements in {source} (it failed; see the side's log)");
        }).ToList();
    }
}
