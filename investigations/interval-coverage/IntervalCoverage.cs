// Do a run's 95% intervals know how far the next run of the same code lands? For every pair of runs given (A B, C D,
// ...), each claim both judged from interleaved rounds with a 95% Student-t interval on the log scale: the interval's
// standard error, se = half-width / t(0.975, rounds − 1), and the two runs' distance in standard errors,
// z = (centre_A − centre_B) / √(se_A² + se_B²), centres and half-widths read off the printed interval in verdicts.json
// (log scale). If the intervals covered the variation between runs, z would be about standard normal: |z| > 1.96 for
// about 5% of the claims and an RMS of about 1. The RMS of z is the factor the intervals would need to widen by.
// Usage: dotnet run IntervalCoverage.cs -- [LABEL=]RUN_A [LABEL=]RUN_B [...] (a label names the run in the legend)
#:project ../../shared/LabRounds/LabRounds.csproj
#:project ../../shared/LabStatistics/LabStatistics.csproj
using System.Globalization;
using System.Text.Json;
using LabRounds;
using LabStatistics;

if (args.Length == 0 || args.Length % 2 != 0)
{
    Console.Error.WriteLine("usage: dotnet run IntervalCoverage.cs -- RUN_A RUN_B [RUN_C RUN_D ...] (pairs of run folders with verdicts.json)");
    return 2;
}

var inv = CultureInfo.InvariantCulture;
var all = new List<double>();
Console.WriteLine("| pair | claims | abs(z) > 1.96 | median abs(z) | RMS z |");
Console.WriteLine("|---|---:|---:|---:|---:|");
var worst = new List<(string Pair, string Claim, double Z)>();
var legend = new List<string>();
for (int i = 0; i < args.Length; i += 2)
{
    var (labelA, a) = Load(args[i]);
    var (labelB, b) = Load(args[i + 1]);
    var zs = new List<(string Claim, double Z)>();
    foreach (var (claim, ea) in a)
    {
        if (b.TryGetValue(claim, out var eb))
        {
            zs.Add((claim, (ea.Centre - eb.Centre) / Math.Sqrt(ea.Se * ea.Se + eb.Se * eb.Se)));
        }
    }

    string pair = $"({i / 2 + 1})";
    legend.Add($"{pair} {labelA} vs {labelB}");
    all.AddRange(zs.Select(z => z.Z));
    worst.AddRange(zs.Select(z => (pair, z.Claim, z.Z)));
    Console.WriteLine(Row(pair, [.. zs.Select(z => z.Z)]));
}

Console.WriteLine(Row("all pairs", all));
Console.WriteLine();
Console.WriteLine("Standard normal: 5% beyond 1.96, median abs(z) 0.67, RMS 1.");
Console.WriteLine();
foreach (string line in legend)
{
    Console.WriteLine($"- {line}");
}

Console.WriteLine();
Console.WriteLine("By post, over all pairs:");
Console.WriteLine();
Console.WriteLine("| post | claims | abs(z) > 1.96 | median abs(z) | RMS z |");
Console.WriteLine("|---|---:|---:|---:|---:|");
foreach (var post in worst.GroupBy(w => w.Claim[..w.Claim.IndexOf('/', StringComparison.Ordinal)]).OrderBy(g => g.Key, StringComparer.Ordinal))
{
    Console.WriteLine(Row(post.Key, [.. post.Select(w => w.Z)]));
}

Console.WriteLine();
Console.WriteLine("The claims furthest apart (abs(z) > 3):");
Console.WriteLine();
Console.WriteLine("| pair | claim | z |");
Console.WriteLine("|---|---|---:|");
foreach (var (pair, claim, z) in worst.Where(w => Math.Abs(w.Z) > 3).OrderByDescending(w => Math.Abs(w.Z)))
{
    Console.WriteLine(string.Create(inv, $"| {pair} | {claim} | {z:0.0} |"));
}

return 0;

// LABEL=RUN or RUN: the label, and claim -> (centre, standard error) on the log scale, for the claims with a 95%
// interval from 3 or more rounds.
static (string Label, Dictionary<string, (double Centre, double Se)> Claims) Load(string arg)
{
    int eq = arg.IndexOf('=', StringComparison.Ordinal);
    string label = eq > 0 ? arg[..eq] : arg, run = eq > 0 ? arg[(eq + 1)..] : arg;
    using var doc = JsonDocument.Parse(File.ReadAllText(Path.Combine(run, "verdicts.json")));
    var result = new Dictionary<string, (double, double)>(StringComparer.Ordinal);
    foreach (var c in doc.RootElement.GetProperty("claims").EnumerateArray())
    {
        if (Number(c, "level") is not 0.95 || Number(c, "rounds") is not { } rounds || rounds < 3
            || Number(c, "lower") is not { } lower || Number(c, "upper") is not { } upper || lower <= 0 || !(upper > lower))
        {
            continue;
        }

        double half = (Math.Log(upper) - Math.Log(lower)) / 2;
        double se = half / StudentT.Quantile(0.975, rounds - 1);
        result[$"{c.GetProperty("post").GetString()}/{c.GetProperty("id").GetString()}"] = ((Math.Log(upper) + Math.Log(lower)) / 2, se);
    }

    return (label, result);
}

static double? Number(JsonElement e, string name) =>
    e.TryGetProperty(name, out var v) && v.ValueKind == JsonValueKind.Number && double.IsFinite(v.GetDouble()) ? v.GetDouble() : null;

// One line of a summary table: how many z, how many beyond 1.96, the median |z| and the RMS.
static string Row(string label, IReadOnlyList<double> zs)
{
    int beyond = zs.Count(z => Math.Abs(z) > 1.96);
    double rms = zs.Count == 0 ? double.NaN : Math.Sqrt(zs.Sum(z => z * z) / zs.Count);
    return string.Create(CultureInfo.InvariantCulture,
        $"| {label} | {zs.Count} | {beyond} ({100.0 * beyond / zs.Count:0}%) | {RoundsEstimate.MedianOf([.. zs.Select(Math.Abs)]):0.00} | {rms:0.00} |");
}
