// Were the measured iterations of a run's benchmark processes still settling? For every BenchmarkDotNet full JSON
// report under each RUN folder, per benchmark class: how many processes (one per case and round) had a measured
// iteration that was not yet the process's steady speed. And, for the prologue's Mark8 sweep (mark8-rounds.csv), how
// much slower round 1 timed each function at the smallest size than the median of the other rounds.
// Usage: dotnet run Settling.cs -- RUN [RUN...]
#:project ../../shared/LabRounds/LabRounds.csproj
using System.Globalization;
using System.Text.Json;
using LabRounds;

// A process counts as "still settling" when its first measured iteration took more than this times its fastest one,
// or its last warmup more than this times the median of its measured iterations: the JIT's tiers, not noise, at the
// sizes seen here (steady processes stay within a few percent).
const double Settling = 1.25;
var inv = CultureInfo.InvariantCulture;

foreach (string run in args)
{
    Console.WriteLine($"## {run}");
    Console.WriteLine();
    Console.WriteLine("| post | class | warmups | measured iterations | processes | still settling |");
    Console.WriteLine("|---|---|---:|---:|---:|---:|");
    foreach (string file in Directory.EnumerateFiles(run, "*-report-full.json", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
    {
        string post = Path.GetRelativePath(run, Path.GetDirectoryName(file)!);
        using var doc = JsonDocument.Parse(File.ReadAllText(file));
        var byClass = new SortedDictionary<string, (int Processes, int Settling, int Warmups, int Actual)>(StringComparer.Ordinal);
        foreach (var benchmark in doc.RootElement.GetProperty("Benchmarks").EnumerateArray())
        {
            var workload = benchmark.GetProperty("Measurements").EnumerateArray()
                .Where(m => m.GetProperty("IterationMode").GetString() == "Workload")
                .Select(m => (Stage: m.GetProperty("IterationStage").GetString(),
                    Ns: m.GetProperty("Nanoseconds").GetDouble() / m.GetProperty("Operations").GetDouble()))
                .ToList();
            double[] actual = [.. workload.Where(m => m.Stage == "Actual").Select(m => m.Ns)];
            double[] warmup = [.. workload.Where(m => m.Stage == "Warmup").Select(m => m.Ns)];
            if (actual.Length == 0)
            {
                continue;
            }

            bool settling = actual[0] > Settling * actual.Min() || (warmup.Length > 0 && warmup[^1] > Settling * RoundsEstimate.MedianOf(actual));
            string type = benchmark.GetProperty("Type").GetString() ?? "?";
            var c = byClass.GetValueOrDefault(type);
            byClass[type] = (c.Processes + 1, c.Settling + (settling ? 1 : 0), Math.Max(c.Warmups, warmup.Length), Math.Max(c.Actual, actual.Length));
        }

        foreach (var (type, c) in byClass)
        {
            Console.WriteLine(string.Create(inv, $"| {post} | {type} | {c.Warmups} | {c.Actual} | {c.Processes} | {c.Settling} |"));
        }
    }

    string mark8 = Path.Combine(run, "hand-rolled-harness", "mark8-rounds.csv");
    if (File.Exists(mark8))
    {
        Console.WriteLine();
        Console.WriteLine("Mark8 sweep, smallest size (and the plain functions): round 1 / median of the other rounds");
        Console.WriteLine();
        Console.WriteLine("| function | round 1 (ns) | other rounds, median (ns) | ratio |");
        Console.WriteLine("|---|---:|---:|---:|");
        // round,group,function,size,mean_ns,sdev_ns,count
        var rows = File.ReadLines(mark8).Skip(1).Select(l => l.Split(','))
            .Select(f => (Round: int.Parse(f[0], inv), Function: f[2], Size: f[3], Ns: double.Parse(f[4], inv)))
            .ToList();
        string smallest = rows.Where(r => r.Size.Length > 0).Select(r => int.Parse(r.Size, inv)).DefaultIfEmpty(0).Min().ToString(inv);
        foreach (var g in rows.Where(r => r.Size.Length == 0 || r.Size == smallest).GroupBy(r => r.Function).OrderBy(g => g.Key, StringComparer.Ordinal))
        {
            double first = g.Where(r => r.Round == 1).Select(r => r.Ns).DefaultIfEmpty(double.NaN).First();
            double[] others = [.. g.Where(r => r.Round > 1).Select(r => r.Ns)];
            if (others.Length == 0)
            {
                continue;
            }

            double median = RoundsEstimate.MedianOf(others);
            Console.WriteLine(string.Create(inv, $"| {g.Key} | {first:F2} | {median:F2} | {first / median:F2}× |"));
        }
    }

    Console.WriteLine();
}

