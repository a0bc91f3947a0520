using System.Text.RegularExpressions;
using LabStatistics;

namespace LabReport.RunFiles;

/// <summary>
/// The benchmark results of one folder of a run: the full JSON reports where BenchmarkDotNet wrote them (raw
/// iterations), the markdown tables otherwise. Custom columns (ops/s, PeakConc, Ratio...) always come from the table.
/// </summary>
public sealed partial class BenchmarkSet
{
    private static readonly string[] JsonSuffixes = ["-report-full.json", "-report-full-annotated.json", "-report-full-compressed.json"];
    private static readonly HashSet<string> NotParameters = new(StringComparer.OrdinalIgnoreCase)
    {
        "Method", "Job", "Categories", "Runtime", "Toolchain", "IterationCount", "LaunchCount", "WarmupCount",
    };

    private BenchmarkSet(IReadOnlyList<BenchmarkResult> results, IReadOnlyList<string> files, IReadOnlyList<string> problems)
    {
        Results = results;
        Files = files;
        Problems = problems;
    }

    /// <summary>Every benchmark case found.</summary>
    public IReadOnlyList<BenchmarkResult> Results { get; }

    /// <summary>The files read (full paths).</summary>
    public IReadOnlyList<string> Files { get; }

    /// <summary>Files that could not be used, each "path: problem".</summary>
    public IReadOnlyList<string> Problems { get; }

    /// <summary>The prefix of the folders that hold the rounds a run's planner added (more-4: rounds from 4 on).</summary>
    public const string MoreFolderPrefix = "more-";

    /// <summary>
    /// Loads the reports in <paramref name="directory"/> with their rounds: those of its round-K sub-folders (a step that
    /// runs each round as a run of its own) and of its more-K sub-folders (the rounds a run's planner added); empty when
    /// it does not exist. Other sub-folders are sets of their own.
    /// </summary>
    public static BenchmarkSet Load(string directory)
    {
        var (results, files, problems) = LoadFolder(directory);
        if (Directory.Exists(directory))
        {
            foreach (string folder in Directory.GetDirectories(directory, MoreFolderPrefix + "*").Order(StringComparer.Ordinal))
            {
                var more = LoadFolder(folder);
                files.AddRange(more.Files);
                problems.AddRange(more.Problems);
                results.AddRange(more.Results.Where(r => r.Round > 0));
            }
        }

        return new BenchmarkSet(PoolRounds(results), files, problems);
    }

    // The reports of one folder and its round-K sub-folders, each round its own result (not pooled).
    private static (List<BenchmarkResult> Results, List<string> Files, List<string> Problems) LoadFolder(string directory)
    {
        var results = new List<BenchmarkResult>();
        var files = new List<string>();
        var problems = new List<string>();
        if (!Directory.Exists(directory))
        {
            return (results, files, problems);
        }

        var tables = Directory.GetFiles(directory, "*-report-github.md").Order(StringComparer.Ordinal).ToList();
        // An archived run keeps them gzipped (x.json.gz); a folder with both reads the plain one (it sorts first).
        var jsons = Directory.GetFiles(directory, "*.json").Concat(Directory.GetFiles(directory, "*.json" + RunArchive.GzSuffix))
            .Where(f => JsonSuffixes.Any(s => f.EndsWith(s, StringComparison.Ordinal) || f.EndsWith(s + RunArchive.GzSuffix, StringComparison.Ordinal)))
            .Order(StringComparer.Ordinal)
            .ToList();

        var fromJson = new Dictionary<string, BenchmarkResult>();
        var classesWithJson = new HashSet<string>();
        foreach (string json in jsons)
        {
            string prefix = ReportPrefix(json);
            if (!classesWithJson.Add(prefix))
            {
                continue; // the plain and the annotated full JSON of one class hold the same measurements
            }

            try
            {
                var report = BdnReportReader.Load(json);
                files.Add(json);
                // Keyed by the name the table shows (a [Benchmark(Description)] replaces the method's name there), so a
                // table row and its raw iterations meet as one result.
                foreach (var entry in report.Benchmarks)
                {
                    var result = BenchmarkResult.FromValues(ShortClass(entry.Type), entry.Title, ParseParameters(entry.Parameters), entry.Values, json)
                        with { Round = RoundOf(entry.Job), EngineSeconds = entry.EngineNs / 1e9, WorkloadSeconds = entry.WorkloadNs / 1e9 };
                    fromJson[RoundKey(result)] = result;
                }
            }
            catch (ReportFormatException e)
            {
                classesWithJson.Remove(prefix);
                problems.Add(e.Message);
            }
        }

        foreach (string table in tables)
        {
            files.Add(table);
            var rows = ReadTable(table, problems);
            foreach (var row in rows)
            {
                if (fromJson.TryGetValue(RoundKey(row), out var measured))
                {
                    results.Add(measured with { Columns = row.Columns });
                    fromJson.Remove(RoundKey(row));
                }
                else
                {
                    results.Add(row);
                }
            }
        }

        results.AddRange(fromJson.Values);
        foreach (var (round, folder) in RoundFolders(directory))
        {
            var inRound = LoadFolder(folder);
            files.AddRange(inRound.Files);
            problems.AddRange(inRound.Problems);
            results.AddRange(inRound.Results.Select(r => r.Round > 0 ? r : r with { Round = round }));
        }

        return (results, files, problems);
    }

    /// <summary>The folder a round's results go to when each round ran as a run of its own ("round-3").</summary>
    public static string RoundFolder(int round) => string.Create(System.Globalization.CultureInfo.InvariantCulture, $"round-{round}");

    // A step that runs each round as a separate run (post 2's noisy-vs-isolated.sh) leaves round-K/ sub-folders.
    private static IEnumerable<(int Round, string Folder)> RoundFolders(string directory) =>
        Directory.GetDirectories(directory, "round-*")
            .Select(d => (Round: int.TryParse(Path.GetFileName(d)["round-".Length..], System.Globalization.NumberStyles.None,
                System.Globalization.CultureInfo.InvariantCulture, out int k) ? k : 0, Folder: d))
            .Where(x => x.Round > 0)
            .OrderBy(x => x.Round);

    // A case measured in rounds appears once per round (its job renamed "<job>-R<n>" by MeasurementLab's --rounds):
    // the rounds of one key become one result that keeps them, in the order the cases were first seen.
    private static List<BenchmarkResult> PoolRounds(List<BenchmarkResult> results)
    {
        if (results.All(r => r.Round == 0))
        {
            return results;
        }

        return [.. results.GroupBy(r => r.Key).Select(g => g.Any(r => r.Round > 0) ? BenchmarkResult.FromRounds([.. g.Where(r => r.Round > 0)]) : g.First())];
    }

    private static int RoundOf(string? job) => LabRounds.RoundName.TryParse(job, out _, out int round) ? round : 0;

    // A table row and its JSON entry meet by case and round.
    private static string RoundKey(BenchmarkResult result) => result.Round == 0 ? result.Key : $"{result.Key} #R{result.Round}";

    /// <summary>The first result a case spec picks (its group aside: a set is one folder), or null.</summary>
    public BenchmarkResult? Find(LabRounds.CaseSpec spec)
    {
        ArgumentNullException.ThrowIfNull(spec);
        return Results.FirstOrDefault(r => spec.Matches(r.Class, r.Method, r.Parameters));
    }

    /// <summary>The first result of a class and method whose parameters include every given pair, or null.</summary>
    public BenchmarkResult? Find(string @class, string method, params (string Name, string Value)[] parameters) =>
        Results.FirstOrDefault(r => r.Class == @class && r.Method == method
            && parameters.All(p => string.Equals(r.Parameter(p.Name), p.Value, StringComparison.OrdinalIgnoreCase)));

    private static List<BenchmarkResult> ReadTable(string path, List<string> problems)
    {
        string text;
        try
        {
            text = File.ReadAllText(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            problems.Add($"{path}: cannot be read ({e.Message})");
            return [];
        }

        var table = MarkdownTable.ParseAll(text).FirstOrDefault(t => t.Column("Method") >= 0 && t.Column("Mean") >= 0);
        if (table is null)
        {
            problems.Add($"{path}: no BenchmarkDotNet table (a Method and a Mean column)");
            return [];
        }

        int? iterations = IterationCountOf(text);
        int mean = table.Column("Mean");
        string @class = ShortClass(ReportPrefix(path));
        var results = new List<BenchmarkResult>();
        foreach (var row in table.Rows)
        {
            var parameters = new Dictionary<string, string>(StringComparer.Ordinal);
            for (int i = 0; i < mean && i < row.Count; i++)
            {
                string name = table.Header[i];
                if (!NotParameters.Contains(name) && !name.Contains(' ', StringComparison.Ordinal))
                {
                    parameters[name] = row[i];
                }
            }

            var columns = table.Header.Zip(row).GroupBy(p => p.First).ToDictionary(g => g.Key, g => g.First().Second, StringComparer.Ordinal);
            double meanNs = Quantity.TimeNs(table.Cell(row, "Mean")) ?? double.NaN;
            double errorNs = Quantity.TimeNs(table.Cell(row, "Error")) ?? double.NaN;
            double sdNs = Quantity.TimeNs(table.Cell(row, "StdDev")) ?? double.NaN;
            string method = table.Cell(row, "Method") ?? "";
            results.Add(new BenchmarkResult(@class, method, parameters, meanNs, errorNs, sdNs, iterations, null, columns, path)
            {
                Round = RoundOf(table.Cell(row, "Job")),
            });
        }

        return results;
    }

    // "IterationCount=3" in the job line of the table's header block; smoke runs say 1.
    private static int? IterationCountOf(string text) =>
        IterationCountPattern().Match(text) is { Success: true } m ? int.Parse(m.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture) : null;

    // ".../Namespace.Class-report-github.md" (or -report-full-annotated.json, …) -> "Namespace.Class".
    internal static string ReportPrefix(string path)
    {
        string name = Path.GetFileName(path);
        int dash = name.IndexOf("-report", StringComparison.Ordinal);
        return dash > 0 ? name[..dash] : name;
    }

    // "StatisticsThatMatter.NoisyComparison" -> "NoisyComparison"; nested types keep their last name.
    private static string ShortClass(string type)
    {
        string last = type[(type.LastIndexOf('.') + 1)..];
        return last[(last.LastIndexOf('+') + 1)..];
    }

    // BenchmarkDotNet's JSON "Parameters": "N=20000000&Backend=Lock".
    private static Dictionary<string, string> ParseParameters(string parameters) =>
        parameters.Split('&', StringSplitOptions.RemoveEmptyEntries)
            .Select(p => p.Split('=', 2))
            .Where(p => p.Length == 2)
            .GroupBy(p => p[0])
            .ToDictionary(g => g.Key, g => g.First()[1], StringComparer.Ordinal);

    [GeneratedRegex(@"IterationCount=(\d+)")]
    private static partial Regex IterationCountPattern();
}
