using System.Globalization;
using LabStatistics;

namespace LabReport.Ab;

/// <summary>
/// What a side's process measured. Benchmarks: every full JSON report BenchmarkDotNet wrote, one sample per benchmark
/// case (its Workload/Result iterations and their mean). A mode: the table it prints on standard output — a header line
/// naming the columns, then one row per repetition whose first field is a whole number (insert-loop's batch) — whose
/// value is the median of one column over the rows after the first few (warm-up).
/// </summary>
public static class SideResults
{
    /// <summary>The benchmark cases of the reports under <paramref name="artifacts"/>, keyed "Class.Method [Parameters]".</summary>
    /// <exception cref="AbFailure">No report, an unreadable one, or a case without measurements.</exception>
    public static IReadOnlyDictionary<string, BenchmarkSample> FromReports(string artifacts)
    {
        string results = Path.Combine(artifacts, "results");
        var files = Directory.Exists(results)
            ? Directory.GetFiles(results, "*-report-full.json").Order(StringComparer.Ordinal).ToList()
            : [];
        if (files.Count == 0)
        {
            throw new AbFailure($"no BenchmarkDotNet report in {results}");
        }

        var entries = new List<BenchmarkEntry>();
        foreach (string file in files)
        {
            try
            {
                entries.AddRange(BdnReportReader.Load(file).Benchmarks);
            }
            catch (ReportFormatException e)
            {
                throw new AbFailure(e.Message);
            }
        }

        var samples = new Dictionary<string, BenchmarkSample>(StringComparer.Ordinal);
        var byName = entries.GroupBy(NameOf).ToList();
        foreach (var group in byName)
        {
            bool severalJobs = group.Count() > 1;
            foreach (var entry in group)
            {
                if (entry.Values.Count == 0)
                {
                    throw new AbFailure($"{entry.Name} produced no measurements (it failed; see the log)");
                }

                samples[severalJobs ? $"{group.Key} ({entry.Job})" : group.Key] = new BenchmarkSample(entry.Values.Average(), entry.Values);
            }
        }

        return samples;
    }

    /// <summary>The key of a benchmark case: "KnownWork.MemoryWalk", "DurableBatch.InsertBatchThenSync [Target=Sqlite]".</summary>
    public static string NameOf(BenchmarkEntry entry)
    {
        ArgumentNullException.ThrowIfNull(entry);
        string parameters = string.Join(", ", entry.Parameters.Split('&', StringSplitOptions.RemoveEmptyEntries));
        return parameters.Length == 0 ? $"{entry.Type}.{entry.Title}" : $"{entry.Type}.{entry.Title} [{parameters}]";
    }

    /// <summary>A mode's number from its standard output: the key is "MODE COLUMN".</summary>
    /// <exception cref="AbFailure">No header with the column, or no row left after the skipped ones.</exception>
    public static IReadOnlyDictionary<string, BenchmarkSample> FromTable(string stdout, Selection selection)
    {
        ArgumentNullException.ThrowIfNull(stdout);
        ArgumentNullException.ThrowIfNull(selection);
        var lines = stdout.Split('\n').Select(l => l.Split(' ', '\t').Where(w => w.Length > 0).ToArray()).ToList();
        int header = lines.FindIndex(words => words.Contains(selection.ValueColumn, StringComparer.Ordinal));
        if (header < 0)
        {
            throw new AbFailure($"{selection.Mode} printed no table with a column '{selection.ValueColumn}' (--value names a word of its header line)");
        }

        int column = Array.IndexOf(lines[header], selection.ValueColumn);
        var values = lines.Skip(header + 1)
            .TakeWhile(words => words.Length > 0 && long.TryParse(words[0], NumberStyles.None, CultureInfo.InvariantCulture, out _))
            .Select(words => column < words.Length && double.TryParse(words[column], NumberStyles.Float, CultureInfo.InvariantCulture, out double v) ? v : double.NaN)
            .Skip(selection.SkipRows)
            .ToList();
        if (values.Count == 0 || values.Any(double.IsNaN))
        {
            throw new AbFailure(values.Count == 0
                ? $"{selection.Mode} printed no row of '{selection.ValueColumn}' after the first {selection.SkipRows} (--skip); give it more repetitions"
                : $"{selection.Mode}'s column '{selection.ValueColumn}' holds a value that is not a number");
        }

        return new Dictionary<string, BenchmarkSample>(StringComparer.Ordinal)
        {
            [$"{selection.Mode} {selection.ValueColumn}"] = new(AbVerdicts.Median(values), values),
        };
    }
}
