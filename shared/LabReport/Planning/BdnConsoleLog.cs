using System.Globalization;
using System.Text.RegularExpressions;
using LabReport.RunFiles;

namespace LabReport.Planning;

/// <summary>
/// What BenchmarkDotNet's console output (a post's run.log, which scripts/run-all.sh writes as the run goes) says about
/// costs that its JSON reports cannot: how long each class's processes took in all ("Run time: … sec" after the class's
/// summary) and how long each invocation's build took ("Done, took … sec"). A class's time less the nanoseconds of the
/// iterations it printed is what its processes cost outside BenchmarkDotNet's engine: start, JIT, a [GlobalSetup] that
/// builds a 2M-entry table, teardown. Only round jobs (Job-R1, ShortRun-R2, …) count, since the planner's steps run nothing else;
/// an in-process run (no "// Execute:" line) starts no process and is left out.
/// </summary>
public sealed partial class BdnConsoleLog
{
    /// <summary>The post's log file in its folder (plain, or gzipped by <c>LabReport archive</c>).</summary>
    public const string FileName = "run.log";

    private readonly Dictionary<string, (double Seconds, int Processes)> _outside = new(StringComparer.Ordinal);
    private readonly List<double> _builds = [];

    /// <summary>An empty log (no run.log, or no BenchmarkDotNet output in it).</summary>
    public static BdnConsoleLog Empty { get; } = new();

    /// <summary>Seconds of the builds of the invocations that started processes, in log order.</summary>
    public IReadOnlyList<double> Builds => _builds;

    /// <summary>The classes with processes in the log (short names).</summary>
    public IEnumerable<string> Classes => _outside.Keys;

    /// <summary>Mean seconds a process of <paramref name="class"/> (short name) took outside the engine, or null when the log has none.</summary>
    public double? OutsideEngine(string @class) =>
        _outside.TryGetValue(@class, out var o) && o.Processes > 0 ? Math.Max(0, o.Seconds / o.Processes) : null;

    /// <summary>Reads a post folder's run.log (or run.log.gz); an absent file is an empty log.</summary>
    public static BdnConsoleLog Load(string postFolder)
    {
        return RunArchive.Find(Path.Combine(postFolder, FileName)) is { } path ? Parse(RunArchive.ReadLines(path)) : Empty;
    }

    /// <summary>Parses the log's lines.</summary>
    public static BdnConsoleLog Parse(IEnumerable<string> lines)
    {
        ArgumentNullException.ThrowIfNull(lines);
        var log = new BdnConsoleLog();
        double engine = 0;
        int processes = 0;
        string? @class = null;
        double? build = null;
        foreach (string line in lines)
        {
            if (Build().Match(line) is { Success: true } b)
            {
                build = Number(b.Groups[1].Value);
            }
            else if (line.StartsWith("// Execute: ", StringComparison.Ordinal))
            {
                processes++;
                if (build is double seconds)
                {
                    log._builds.Add(seconds); // a build followed by processes: an out-of-process invocation's
                    build = null;
                }
            }
            else if (Benchmark().Match(line) is { Success: true } m)
            {
                string display = m.Groups[1].Value;
                @class = LabRounds.RoundName.TryParse(m.Groups[2].Value, out _, out _)
                    ? LabRounds.CaseSpec.ShortName(display[..Math.Max(0, display.LastIndexOf('.'))])
                    : null;
            }
            else if (Stage().Match(line) is { Success: true } s)
            {
                engine += Number(s.Groups[1].Value) / 1e9;
            }
            else if (RunTime().Match(line) is { Success: true } r)
            {
                if (processes > 0 && @class is { Length: > 0 })
                {
                    var (sum, count) = log._outside.GetValueOrDefault(@class);
                    log._outside[@class] = (sum + Number(r.Groups[1].Value) - engine, count + processes);
                }

                (engine, processes, @class) = (0, 0, null);
            }
        }

        return log;
    }

    private static double Number(string text) => double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);

    [GeneratedRegex(@"^// \*+ Done, took .*\(([\d.]+) sec\)")]
    private static partial Regex Build();

    // A benchmark and its job: "// Benchmark: E4_CacheState.LookupRandom: Job-R1(IterationCount=3, …) [TableSize=…]".
    [GeneratedRegex(@"^// Benchmark: (\S+?): ([\w-]+)")]
    private static partial Regex Benchmark();

    // An iteration of the engine, every stage but Result (Actual less the overhead, not an iteration of its own).
    [GeneratedRegex(@"^(?:Overhead|Workload)(?:Jitting|Pilot|Warmup|Actual)\s+\d+: .*?, ([\d.]+) ns,")]
    private static partial Regex Stage();

    [GeneratedRegex(@"^Run time: .*\(([\d.]+) sec\), executed benchmarks: \d+")]
    private static partial Regex RunTime();
}
