#:project ../../shared/LabStatistics/LabStatistics.csproj
// How many interleaved rounds would decide each borderline claim of a run, if every round kept the spread between
// rounds that the run measured? Reads the run's verdicts.json; prints one markdown row per borderline claim.
// Usage: dotnet run RoundsNeeded.cs -- RUN [RUN...]
using System.Globalization;
using System.Text.Json;
using LabStatistics;

const double Level = 0.95;
const int Cap = 10_000;
var inv = CultureInfo.InvariantCulture;
Console.WriteLine("| run | claim | kind | measured [interval], rounds | threshold | spread between rounds (log SD) | distance to the threshold (log) | rounds that would decide it |");
Console.WriteLine("|---|---|---|---|---|---:|---:|---:|");
foreach (string run in args)
{
    using var doc = JsonDocument.Parse(File.ReadAllText(Path.Combine(run, "verdicts.json")));
    foreach (var c in doc.RootElement.GetProperty("claims").EnumerateArray())
    {
        if (c.GetProperty("verdict").GetString() != "borderline")
        {
            continue;
        }

        string id = $"{c.GetProperty("post").GetString()}/{c.GetProperty("id").GetString()}";
        string threshold = c.GetProperty("threshold").GetString() ?? "";
        string kind = c.GetProperty("kind").GetString() ?? "";
        if (!c.TryGetProperty("value", out var v) || !c.TryGetProperty("rounds", out var r) || r.GetInt32() < 2)
        {
            Console.WriteLine($"| {Path.GetFileName(run)} | {id} | {kind} | no interval from rounds | {threshold} | | | n/a |");
            continue;
        }

        double value = v.GetDouble(), lower = c.GetProperty("lower").GetDouble(), upper = c.GetProperty("upper").GetDouble();
        int rounds = r.GetInt32();
        double level = c.GetProperty("level").GetDouble();
        string measured = string.Create(inv, $"{value:G3} [{lower:G3}; {upper:G3}], {rounds}");
        var edges = Edges(threshold, value);
        if (level != Level || edges.Count == 0 || !(lower > 0))
        {
            // A median with the rounds' range (p, d), a shape, an overlap test: not a t interval on logs.
            Console.WriteLine($"| {Path.GetFileName(run)} | {id} | {kind} | {measured} | {threshold} | | | n/a (not a t interval on logs) |");
            continue;
        }

        // The interval is exp(mean ± t(R−1) · s / √R) on the logs: its half-width gives s back.
        double half = Math.Log(upper / lower) / 2;
        double s = half * Math.Sqrt(rounds) / StudentT.Quantile((1 + Level) / 2, rounds - 1);
        double distance = edges.Min(e => Math.Abs(Math.Log(value / e)));
        int needed = 2;
        while (needed < Cap && StudentT.Quantile((1 + Level) / 2, needed - 1) * s / Math.Sqrt(needed) >= distance)
        {
            needed++;
        }

        string n = needed >= Cap ? $"> {Cap:N0}" : needed.ToString("N0", inv);
        Console.WriteLine(string.Create(inv, $"| {Path.GetFileName(run)} | {id} | {kind} | {measured} | {threshold} | {s:0.000} | {distance:0.000} | {n} |"));
    }
}

// The thresholds a verdict turns on, from the row's text: "1", "4.50×", "±5%" (both edges of the band 1 ± 5%).
static List<double> Edges(string threshold, double value)
{
    var inv = CultureInfo.InvariantCulture;
    string t = threshold.Trim();
    if (t.StartsWith('±') && t.EndsWith('%') && double.TryParse(t[1..^1], NumberStyles.Float, inv, out double pct))
    {
        return [1 - pct / 100, 1 + pct / 100];
    }

    t = t.TrimEnd('×');
    return double.TryParse(t, NumberStyles.Float, inv, out double x) && x > 0 ? [x] : [];
}
