// Where does one benchmark process's time go? Reads a BenchmarkDotNet log whose lines carry the second they arrived
// ("12.345 <line>", written by command.txt's timestamping loop) and, for each benchmark process, splits its wall time:
//   start     "// Benchmark:" (the host spawns it) to the child's "// BeforeAnythingElse" (runtime and BenchmarkDotNet up)
//   setup     from there to the end of the first stage line (GlobalSetup, then the first jitting invocation)
//   stages    from there to "// AfterAll": the remaining pilot, overhead, warmup and measured iterations
//   in code   what the per-iteration lines say ran in the benchmark (their ns, the first line included)
//   between   stages + the first line's ns - in code: what runs between iterations (BenchmarkDotNet's forced GCs,
//             [IterationSetup]/[IterationCleanup], the host's bookkeeping)
//   after     "// AfterAll" to "has exited" (GlobalCleanup, diagnosers that attach before exit, process teardown)
// TimeBudget's "start/setup" is start + setup + between + after, minus the first line's ns.
// Usage: dotnet run ProcessTimeline.cs -- LOG [...]
using System.Globalization;
using System.Text.RegularExpressions;

if (args.Length == 0)
{
    Console.Error.WriteLine("usage: dotnet run ProcessTimeline.cs -- LOG [...] (logs of '<seconds> <line>' lines)");
    return 2;
}

var inv = CultureInfo.InvariantCulture;
var line = new Regex(@"^\s*([0-9]+\.[0-9]+) (.*)$", RegexOptions.Compiled);
var jobDescription = new Regex(@": [\w-]+\([^)]*\)", RegexOptions.Compiled);
var stage = new Regex(@"^(Overhead|Workload)(Jitting|Pilot|Warmup|Actual)\s+\d+: .*?([0-9.]+) ns,", RegexOptions.Compiled);
string F(double seconds) => seconds.ToString("0.00", inv);

foreach (string log in args)
{
    if (!File.Exists(log))
    {
        Console.Error.WriteLine($"ProcessTimeline: LOG '{log}' does not exist");
        return 2;
    }

    var processes = new List<Proc>();
    Proc? current = null;
    foreach (string raw in File.ReadLines(log))
    {
        var m = line.Match(raw);
        if (!m.Success)
        {
            continue;
        }

        double t = double.Parse(m.Groups[1].Value, inv);
        string text = m.Groups[2].Value;
        if (text.StartsWith("// Benchmark: ", StringComparison.Ordinal))
        {
            // "Class.Method: Job-R1(...) [Param=...]": the job's description is the same for every process of a log.
            string name = jobDescription.Replace(text["// Benchmark: ".Length..], string.Empty);
            current = new Proc(name, t);
            processes.Add(current);
        }
        else if (current is null)
        {
            continue;
        }
        else if (text.StartsWith("// BeforeAnythingElse", StringComparison.Ordinal))
        {
            current.Up = t;
        }
        else if (stage.Match(text) is { Success: true } s)
        {
            double ns = double.Parse(s.Groups[3].Value, inv) / 1e9;
            if (current.FirstStage is null)
            {
                current.FirstStage = t;
                current.FirstNs = ns;
            }

            current.InCode += ns;
        }
        else if (text.StartsWith("// AfterAll", StringComparison.Ordinal))
        {
            current.AfterAll = t;
        }
        else if (text.Contains("has exited with code", StringComparison.Ordinal))
        {
            current.Exited = t;
            current = null;
        }
    }

    var done = processes.Where(p => p.Up is not null && p.FirstStage is not null && p.AfterAll is not null && p.Exited is not null).ToList();
    Console.WriteLine($"## {log}");
    Console.WriteLine();
    Console.WriteLine("Seconds per benchmark process (see ProcessTimeline.cs for the columns).");
    Console.WriteLine();
    Console.WriteLine("| benchmark | start | setup | stages | in code | between | after | total | TimeBudget's start/setup |");
    Console.WriteLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    double[] sums = new double[8];
    foreach (var p in done)
    {
        double start = p.Up!.Value - p.Start;
        double setup = p.FirstStage!.Value - p.Up.Value;
        double stages = p.AfterAll!.Value - p.FirstStage.Value;
        double between = stages + p.FirstNs - p.InCode;
        double after = p.Exited!.Value - p.AfterAll.Value;
        double total = p.Exited.Value - p.Start;
        double startSetup = total - p.InCode;
        double[] row = [start, setup, stages, p.InCode, between, after, total, startSetup];
        for (int i = 0; i < row.Length; i++)
        {
            sums[i] += row[i];
        }

        Console.WriteLine($"| {p.Name} | {string.Join(" | ", row.Select(F))} |");
    }

    Console.WriteLine($"| **all {done.Count}** | {string.Join(" | ", sums.Select(v => $"**{F(v)}**"))} |");
    if (done.Count > 0)
    {
        Console.WriteLine($"| mean | {string.Join(" | ", sums.Select(v => F(v / done.Count)))} |");
    }

    Console.WriteLine();
}

return 0;

sealed class Proc(string name, double start)
{
    public string Name { get; } = name;
    public double Start { get; } = start;
    public double? Up { get; set; }
    public double? FirstStage { get; set; }
    public double FirstNs { get; set; }
    public double InCode { get; set; }
    public double? AfterAll { get; set; }
    public double? Exited { get; set; }
}
