// Is a run's first round slower than its others? Round 1 of each post starts right after BenchmarkDotNet's build of
// that post (since 664f349 through the C# compiler server, which stays up until the run ends), so a first-round effect
// would bias every claim measured in rounds. For every BenchmarkDotNet full JSON report under each RUN folder: each
// case measured in 3 or more rounds, each round's mean over the median of that case's other rounds; per round number,
// the median of those ratios over the cases and how many cases were more than 5% off either way.
// Usage: dotnet run RoundOrder.cs -- RUN [RUN...]
#:project ../../shared/LabRounds/LabRounds.csproj
using System.Globalization;
using System.Text.Json;
using System.Text.RegularExpressions;
using LabRounds;

var inv = CultureInfo.InvariantCulture;
var roundTag = new Regex(@"-R(\d+)\b", RegexOptions.CultureInvariant);

foreach (string run in args)
{
    // case -> round -> BenchmarkDotNet's mean (ns). The annotated JSON of post 4 repeats the plain one: skipped.
    var cases = new Dictionary<string, SortedDictionary<int, double>>(StringComparer.Ordinal);
    foreach (string file in Directory.EnumerateFiles(run, "*-report-full.json", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
    {
        using var doc = JsonDocument.Parse(File.ReadAllText(file));
        foreach (var benchmark in doc.RootElement.GetProperty("Benchmarks").EnumerateArray())
        {
            string display = benchmark.GetProperty("DisplayInfo").GetString() ?? "";
            var tag = roundTag.Match(display);
            if (!tag.Success || !benchmark.TryGetProperty("Statistics", out var statistics) || statistics.ValueKind != JsonValueKind.Object)
            {
                continue;
            }

            string key = Path.GetRelativePath(run, file) + ": " + roundTag.Replace(display, "");
            int round = int.Parse(tag.Groups[1].Value, inv);
            (cases.TryGetValue(key, out var rounds) ? rounds : cases[key] = [])[round] = statistics.GetProperty("Mean").GetDouble();
        }
    }

    var measured = cases.Values.Where(r => r.Count >= 3).ToList();
    Console.WriteLine($"## {run}");
    Console.WriteLine();
    Console.WriteLine($"{measured.Count} cases measured in 3 rounds or more.");
    Console.WriteLine();
    Console.WriteLine("| round | cases | median of (this round / the other rounds' median) | cases > 1.05 | cases < 0.95 |");
    Console.WriteLine("|---:|---:|---:|---:|---:|");
    foreach (int round in measured.SelectMany(r => r.Keys).Distinct().Order())
    {
        double[] ratios = [.. measured.Where(r => r.ContainsKey(round))
            .Select(r => r[round] / RoundsEstimate.MedianOf([.. r.Where(p => p.Key != round).Select(p => p.Value)]))];
        Console.WriteLine(string.Create(inv,
            $"| {round} | {ratios.Length} | {RoundsEstimate.MedianOf(ratios):0.000} | {ratios.Count(x => x > 1.05)} | {ratios.Count(x => x < 0.95)} |"));
    }

    Console.WriteLine();
}
