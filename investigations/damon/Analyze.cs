#:project ../../shared/LabRounds/LabRounds.csproj
// Reads what ab.sh and sample.sh wrote and prints the tables of this folder's README.
// 1. ab/probes.csv: per round, the median probe with DAMON on over the median with it off (CPU loop and memory
//    point), and the rounds' estimate: the median ratio with its 95% interval from the spread between rounds
//    (LabRounds' RoundsEstimate, the interval every claim of the lab gets).
// 2. samples.csv (kdamond's CPU ticks, the scheme's paged-out bytes, the kernel's fault counters every 30 s) over
//    each run's span, from its probe.csv's first and last rows.
// Usage: dotnet run Analyze.cs -- PROBES_CSV SAMPLES_CSV RUN_FOLDER...
using System.Globalization;
using LabRounds;

if (args.Length < 2)
{
    Console.Error.WriteLine("usage: dotnet run Analyze.cs -- PROBES_CSV SAMPLES_CSV [RUN_FOLDER...]");
    return 2;
}

var inv = CultureInfo.InvariantCulture;
double Median(IEnumerable<double> values) => RoundsEstimate.MedianOf([.. values]);

// label r<round>-<on|off>, utc, cpu_ns, memory_ns
var probes = File.ReadLines(args[0]).Skip(1).Select(l => l.Split(','))
    .Select(f => (Round: int.Parse(f[0][1..f[0].IndexOf('-', StringComparison.Ordinal)], inv),
        On: f[0].EndsWith("-on", StringComparison.Ordinal), Cpu: double.Parse(f[2], inv), Mem: double.Parse(f[3], inv)))
    .ToList();
var rounds = probes.GroupBy(p => p.Round).OrderBy(g => g.Key).ToList();
Console.WriteLine("| round | CPU loop off (ns) | on (ns) | on/off | memory point off (ns) | on (ns) | on/off |");
Console.WriteLine("|---:|---:|---:|---:|---:|---:|---:|");
var cpuRatios = new List<double>();
var memRatios = new List<double>();
foreach (var round in rounds)
{
    double cpuOff = Median(round.Where(p => !p.On).Select(p => p.Cpu)), cpuOn = Median(round.Where(p => p.On).Select(p => p.Cpu));
    double memOff = Median(round.Where(p => !p.On).Select(p => p.Mem)), memOn = Median(round.Where(p => p.On).Select(p => p.Mem));
    cpuRatios.Add(cpuOn / cpuOff);
    memRatios.Add(memOn / memOff);
    Console.WriteLine(string.Create(inv,
        $"| {round.Key} | {cpuOff:0.0000} | {cpuOn:0.0000} | {cpuOn / cpuOff:0.000} | {memOff:0.0} | {memOn:0.0} | {memOn / memOff:0.000} |"));
}

Console.WriteLine();
Console.WriteLine("| probe | rounds | on/off, median | 95% interval | spread between rounds |");
Console.WriteLine("|---|---:|---:|---|---:|");
foreach (var (name, ratios) in new[] { ("CPU loop", cpuRatios), ("memory point", memRatios) })
{
    var estimate = RoundsEstimate.FromRatios(ratios);
    Console.WriteLine(string.Create(inv,
        $"| {name} | {estimate.Count} | {estimate.Median:0.000}× | [{estimate.Lower:0.000}×; {estimate.Upper:0.000}×] | {estimate.LogSpread:P1} |"));
}

// epoch,kdamond_utime,kdamond_stime,sz_applied,nr_applied,sz_tried,pgmajfault,pgfault,workingset_refault_file,nr_file_pages
var samples = File.ReadLines(args[1]).Skip(1).Select(l => l.Split(',').Select(f => double.Parse(f, inv)).ToArray()).ToList();
if (args.Length > 2)
{
    Console.WriteLine();
    Console.WriteLine("| run | span | kdamond CPU | of the span | paged out by the scheme | major faults | file pages refaulted |");
    Console.WriteLine("|---|---:|---:|---:|---:|---:|---:|");
}

foreach (string run in args.Skip(2))
{
    var utc = File.ReadLines(Path.Combine(run, "probe.csv")).Skip(1)
        .Select(l => DateTimeOffset.Parse(l.Split(',')[1], inv, DateTimeStyles.AssumeUniversal).ToUnixTimeSeconds()).ToList();
    // The samples that bracket the run: the last at or before its first probe, the first at or after its last.
    var first = samples.LastOrDefault(s => s[0] <= utc[0]);
    var last = samples.FirstOrDefault(s => s[0] >= utc[^1]);
    if (first is null || last is null)
    {
        Console.Error.WriteLine($"error: {run} is not inside the samples' span");
        return 1;
    }

    double span = last[0] - first[0];
    double cpuSeconds = (last[1] + last[2] - first[1] - first[2]) / 100.0; // USER_HZ, getconf CLK_TCK
    Console.WriteLine(string.Create(inv,
        $"| {Path.GetFileName(run)} | {TimeSpan.FromSeconds(span):m\\:ss} | {cpuSeconds:0.00} s | {cpuSeconds / span:P3} | {(last[3] - first[3]) / 1048576:0} MiB | {last[6] - first[6]:0} | {last[8] - first[8]:0} |"));
}

return 0;
