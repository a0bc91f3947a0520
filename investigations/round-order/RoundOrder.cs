// Is a run's first round slower than its others? Round 1 of each post starts right after BenchmarkDotNet's build of
// that post (since 664f349 through the C# compiler server, which stays up until the run ends), so a first-round effect
// would bias every claim measured in rounds. For every BenchmarkDotNet full JSON report under each RUN folder: each
// case measured in 3 or more rounds, each round's mean over the median of that case's other rounds; per round number,
// the median of those ratios over the cases and how many cases were more than 5% off either way.
// Usage: dotnet run RoundOrder.cs -- RUN [RUN...]
#:project ../../shared/LabRounds/LabRounds.csproj
#:project ../../shared/LabStatistics/LabStatistics.csproj
using System.Globalization;
using LabRounds;
using LabStatistics;

var inv = CultureInfo.InvariantCulture;

foreach (string run in args)
{
    // case -> round -> the round's mean (ns/op, from its measured iterations). The annotated JSON of post 4 ends in
    // "-annotated.json" and repeats the plain one: the pattern leaves it out.
    var cases = new Dictionary<string, SortedDictionary<int, double>>(StringComparer.Ordinal);
    foreach (string file in Directory.EnumerateFiles(run, "*-report-full.json", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
    {
        foreach (var entry in BdnReportReader.Load(file).Benchmarks)
        {
            if (!RoundName.TryParse(entry.Job, out _, out int round) || entry.Values.Count == 0)
            {
                continue;
            }

            string key = $"{Path.GetRelativePath(run, file)}: {entry.Name}";
            (cases.TryGetValue(key, out var rounds) ? rounds : cases[key] = [])[round] = SampleSummary.FromValues(entry.Values).Mean;
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
