// Where does a run's wall time go? For each run folder given, each post's time (timings.md) split by what its run.log
// says BenchmarkDotNet did: the boilerplate builds ("// ***** Done, took"), the benchmark processes ("Benchmark Process
// N has exited"), and the time each stage of those processes spent in the benchmark's code, summed from BenchmarkDotNet's
// per-iteration lines (jitting, pilot, overhead evaluation, warmup, measured). What BenchmarkDotNet's "Global total
// time" holds beyond the builds and the stages is the processes' start, setup and bookkeeping; what the post took
// beyond every "Global total time" ran outside BenchmarkDotNet (the prologue's harness, cache sweeps, perf, the
// latency post's own load generator).
// Usage: dotnet run TimeBudget.cs -- [LABEL=]RUN [...]
using System.Globalization;
using System.Text.RegularExpressions;

if (args.Length == 0)
{
    Console.Error.WriteLine("usage: dotnet run TimeBudget.cs -- [LABEL=]RUN [...] (run folders with timings.md and <post>/run.log)");
    return 2;
}

var inv = CultureInfo.InvariantCulture;
var stage = new Regex(@"^(Overhead|Workload)(Jitting|Pilot|Warmup|Actual)\s+\d+: .*?([0-9.]+) ns,", RegexOptions.Compiled);
var build = new Regex(@"^// \*\*\*\*\* Done, took .*\(([0-9.]+) sec\)", RegexOptions.Compiled);
var total = new Regex(@"^Global total time: .*\(([0-9.]+) sec\)", RegexOptions.Compiled);
var exited = new Regex(@"^// Benchmark Process \d+ has exited", RegexOptions.Compiled);
var row = new Regex(@"^\| ([a-z0-9-]+) \| ok \| ([0-9:]+) \|", RegexOptions.Compiled);
string S(double seconds) => seconds.ToString("0", inv);

foreach (string arg in args)
{
    int eq = arg.IndexOf('=', StringComparison.Ordinal);
    string label = eq > 0 ? arg[..eq] : Path.GetFileName(arg.TrimEnd('/'));
    string run = eq > 0 ? arg[(eq + 1)..] : arg;
    Console.WriteLine($"## {label}");
    Console.WriteLine();
    Console.WriteLine("Seconds. *start/setup* = BenchmarkDotNet's total − builds − the stages; *outside* = the post's wall time − BenchmarkDotNet's totals.");
    Console.WriteLine();
    Console.WriteLine("| step | wall | builds (n) | processes | start/setup | jitting | pilot | overhead eval. | warmup | measured | outside |");
    Console.WriteLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    var sums = new double[10];
    foreach (string line in File.ReadLines(Path.Combine(run, "timings.md")))
    {
        var m = row.Match(line);
        if (!m.Success)
        {
            continue;
        }

        string step = m.Groups[1].Value;
        double wall = m.Groups[2].Value.Split(':').Aggregate(0.0, (acc, part) => acc * 60 + double.Parse(part, inv));
        string log = Path.Combine(run, step, "run.log");
        double builds = 0, totals = 0, jitting = 0, pilot = 0, overhead = 0, warmup = 0, measured = 0;
        int buildCount = 0, processes = 0;
        if (File.Exists(log))
        {
            foreach (string l in File.ReadLines(log))
            {
                if (stage.Match(l) is { Success: true } s)
                {
                    double sec = double.Parse(s.Groups[3].Value, inv) / 1e9;
                    switch (s.Groups[1].Value, s.Groups[2].Value)
                    {
                        case (_, "Jitting"): jitting += sec; break;
                        case ("Workload", "Pilot"): pilot += sec; break;
                        case ("Overhead", _): overhead += sec; break;
                        case ("Workload", "Warmup"): warmup += sec; break;
                        case ("Workload", "Actual"): measured += sec; break;
                    }
                }
                else if (build.Match(l) is { Success: true } b)
                {
                    builds += double.Parse(b.Groups[1].Value, inv);
                    buildCount++;
                }
                else if (total.Match(l) is { Success: true } t)
                {
                    totals += double.Parse(t.Groups[1].Value, inv);
                }
                else if (exited.IsMatch(l))
                {
                    processes++;
                }
            }
        }

        double startSetup = totals > 0 ? totals - builds - jitting - pilot - overhead - warmup - measured : 0;
        double outside = wall - totals;
        double[] values = [wall, builds, buildCount, processes, startSetup, jitting, pilot, overhead, warmup, measured];
        for (int i = 0; i < values.Length; i++)
        {
            sums[i] += values[i];
        }

        Console.WriteLine($"| {step} | {S(wall)} | {S(builds)} ({buildCount}) | {processes} | {S(startSetup)} | {S(jitting)} | {S(pilot)} | {S(overhead)} | {S(warmup)} | {S(measured)} | {S(outside)} |");
    }

    double outsideAll = sums[0] - (sums[1] + sums[4] + sums[5] + sums[6] + sums[7] + sums[8] + sums[9]);
    Console.WriteLine($"| **all** | **{S(sums[0])}** | {S(sums[1])} ({S(sums[2])}) | {S(sums[3])} | {S(sums[4])} | {S(sums[5])} | {S(sums[6])} | {S(sums[7])} | {S(sums[8])} | {S(sums[9])} | {S(outsideAll)} |");
    Console.WriteLine();
    if (sums[3] > 0)
    {
        Console.WriteLine($"A benchmark process: {(sums[4] / sums[3]).ToString("0.00", inv)} s of start and setup, " +
            $"{((sums[5] + sums[6] + sums[7] + sums[8]) / sums[3]).ToString("0.00", inv)} s of jitting, pilot, overhead evaluation and warmup, " +
            $"{(sums[9] / sums[3]).ToString("0.00", inv)} s measured (means over the run's {S(sums[3])} processes).");
        Console.WriteLine();
    }
}

return 0;
