#:project ../../shared/LabRounds/LabRounds.csproj
// The two tables of this folder's README, from run folders (their BenchmarkDotNet full JSON reports, one entry per
// case and round, in round order), read by the lab's own LabStatistics reader and judged with LabRounds' interval.
//   components RUN...  every case: the spread of its round means (standard deviation of their logs) and the share
//                      of it the iterations inside a round explain (their variance over their count, over the
//                      variance of the round means). Near 1: more iterations per round would narrow the interval;
//                      near 0: the rounds differ as processes, and only more rounds do (Kalibera & Jones, ISMM 2013).
//   resample RUN...    post 2's E1-E4: their per-round ratios pooled over the runs, redrawn R at a time, and how often
//                      the lab's interval (RoundsEstimate) straddles the threshold each turned borderline on. Two runs
//                      agree on such a claim about p^2 + (1-p)^2 of the time (p: borderline).
// Usage: dotnet run Analyze.cs -- components|resample RUN_FOLDER...
using LabRounds;
using LabStatistics;

if (args.Length < 2 || args[0] is not ("components" or "resample"))
{
    Console.Error.WriteLine("usage: dotnet run Analyze.cs -- components|resample RUN_FOLDER...");
    return 2;
}

var runs = args[1..];
if (args[0] == "components")
{
    Components(runs);
}
else
{
    Resample(runs);
}

return 0;

// Each case's rounds: the logs of its measured iterations, one list per round, keyed "Type.Method(Parameters)".
static Dictionary<string, List<double[]>> Rounds(string reportPath)
{
    var rounds = new Dictionary<string, List<double[]>>();
    foreach (var b in BdnReportReader.Load(reportPath).Benchmarks.Where(b => b.Values.Count >= 2 && b.Values.All(v => v > 0)))
    {
        string key = b.Parameters.Length == 0 ? $"{b.Type}.{b.Method}" : $"{b.Type}.{b.Method}({b.Parameters})";
        (rounds.TryGetValue(key, out var list) ? list : rounds[key] = []).Add([.. b.Values.Select(v => Math.Log(v))]);
    }

    return rounds;
}

static double Variance(IReadOnlyList<double> xs)
{
    double mean = xs.Average();
    return xs.Sum(x => (x - mean) * (x - mean)) / (xs.Count - 1);
}

static void Components(string[] runs)
{
    var rows = new SortedDictionary<string, List<(int Rounds, double Spread, double Share)>>(StringComparer.Ordinal);
    foreach (string run in runs)
    {
        foreach (string report in Directory.GetFiles(run, "*-report-full.json", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
        {
            string post = Path.GetDirectoryName(Path.GetRelativePath(run, report)) ?? "";
            foreach (var (name, rounds) in Rounds(report).Where(r => r.Value.Count >= 3))
            {
                double within = rounds.Average(Variance) / rounds.Average(r => r.Length);
                double between = Variance([.. rounds.Select(r => r.Average())]);
                string key = $"{post} | `{name}`";
                (rows.TryGetValue(key, out var list) ? list : rows[key] = []).Add((rounds.Count, Math.Sqrt(between), between > 0 ? within / between : double.NaN));
            }
        }
    }

    Console.WriteLine("| post | case | rounds per run | spread of the round means (each run) | share the iterations explain (each run) |");
    Console.WriteLine("|---|---|---:|---|---|");
    foreach (var (key, perRun) in rows)
    {
        Console.WriteLine($"| {key} | {perRun[0].Rounds} | {string.Join(", ", perRun.Select(r => $"{r.Spread * 100:F1}%"))} | "
            + $"{string.Join(", ", perRun.Select(r => $"{r.Share:F2}"))} |");
    }
}

static void Resample(string[] runs)
{
    // claim: class, numerator, denominator, the thresholds it was borderline at in the runs of 5819528
    (string Claim, string Class, string Num, string Den, double[] Thresholds)[] claims =
    [
        ("E1", "E1_JitWarmup", "E1_JitWarmup.SumPayloadCold", "E1_JitWarmup.SumPayloadWarm", [3.02]),
        ("E2", "E2_GcPauses", "E2_GcPauses.InsertAllocHeavy", "E2_GcPauses.InsertPreAllocated", [4.50]),
        ("E3", "E3_OsNoise", "E3_OsNoise.InsertSame", "E3_OsNoise.InsertBaseline", [0.95, 1.05]),
        ("E4", "E4_CacheState", "E4_CacheState.LookupRandom(TableSize=2000000)", "E4_CacheState.LookupRandom(TableSize=10000)", [5.88]),
    ];
    Console.WriteLine("| claim | pooled rounds | threshold | rounds per run | P(borderline) | P(two runs agree) |");
    Console.WriteLine("|---|---:|---|---:|---:|---:|");
    foreach (var (claim, cls, num, den, thresholds) in claims)
    {
        var pool = new List<double>();
        foreach (string run in runs)
        {
            var rounds = Rounds(Directory.GetFiles(Path.Combine(run, "enemies-of-measurement"), $"*{cls}-report-full.json").Single());
            var key = rounds.Keys.Single(k => k.EndsWith(num, StringComparison.Ordinal));
            var denKey = rounds.Keys.Single(k => k.EndsWith(den, StringComparison.Ordinal));
            pool.AddRange(rounds[key].Zip(rounds[denKey], (a, b) => a.Average(x => Math.Exp(x)) / b.Average(x => Math.Exp(x))));
        }

        var random = new Random(1);
        foreach (int r in new[] { 3, 4, 5, 8, 10 })
        {
            const int draws = 4000;
            int borderline = Enumerable.Range(0, draws)
                .Select(_ => RoundsEstimate.FromRatios([.. Enumerable.Range(0, r).Select(_ => pool[random.Next(pool.Count)])]))
                .Count(e => thresholds.Any(t => e.Lower < t && t < e.Upper));
            double p = (double)borderline / draws;
            Console.WriteLine($"| {claim} | {pool.Count} | {string.Join(", ", thresholds.Select(t => $"{t}×"))} | {r} | {p:F2} | {p * p + (1 - p) * (1 - p):F2} |");
        }
    }
}
