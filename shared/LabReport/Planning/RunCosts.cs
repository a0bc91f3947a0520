using LabReport.RunFiles;
using LabRounds;
using LabStatistics;

namespace LabReport.Planning;

/// <summary>
/// What a round of each case costs on this machine, measured by the run itself: a BenchmarkDotNet case's time inside
/// BenchmarkDotNet's engine (every stage, from its full JSON report) plus what a process of its class costs outside
/// the engine, and what starting an invocation costs (its build); a step the hook runs itself, its own logged time.
/// Both overheads come first from the post's own BenchmarkDotNet log (<see cref="BdnConsoleLog"/>: each class's
/// time per process less its iterations, each invocation's build), since they differ by class: post 2's E4 builds a
/// 2M-entry table in every process, 7 s outside the engine where other classes take 1 s (investigations/planner-costs).
/// Without a log, they come from the run's invocations (steps.tsv: wall time, processes, engine time), as the
/// least-squares line overhead = <see cref="StepOverhead"/> + <see cref="ProcessOverhead"/> × processes. Either way a
/// slower machine (or a slower state of it) plans with its own costs; every step the planner adds is logged too and
/// sharpens them.
/// </summary>
public sealed class RunCosts
{
    /// <summary>What starting an invocation costs when the run has too few to tell (a boilerplate build kept between rounds).</summary>
    public const double DefaultStepOverhead = 10;

    /// <summary>What starting a process costs when the run has too few invocations to tell.</summary>
    public const double DefaultProcessOverhead = 1;

    /// <summary>What a step is taken to cost when the run never timed it.</summary>
    public const double DefaultStepSeconds = 5;

    private readonly Dictionary<string, StepLog> _logs = new(StringComparer.Ordinal);
    private readonly Dictionary<string, BdnConsoleLog> _consoleLogs = new(StringComparer.Ordinal);
    private readonly Dictionary<string, BenchmarkSet> _sets = new(StringComparer.Ordinal);
    private readonly Dictionary<string, IReadOnlySet<string>> _moreSteps = new(StringComparer.Ordinal);

    private RunCosts(RunFolder run) => Run = run;

    /// <summary>The run.</summary>
    public RunFolder Run { get; }

    /// <summary>Seconds to start a BenchmarkDotNet invocation (its build, its host).</summary>
    public double StepOverhead { get; private set; } = DefaultStepOverhead;

    /// <summary>Seconds per process beyond its time in BenchmarkDotNet's engine (start, JIT, teardown).</summary>
    public double ProcessOverhead { get; private set; } = DefaultProcessOverhead;

    /// <summary>Reads a run's costs (every post's steps.tsv and the JSON reports it names).</summary>
    public static RunCosts Of(RunFolder run)
    {
        ArgumentNullException.ThrowIfNull(run);
        var costs = new RunCosts(run);
        costs.Fit();
        return costs;
    }

    /// <summary>The unit a claim's cases run in: its BenchmarkDotNet group, or its post's steps; null when it reads nothing a run can repeat.</summary>
    public PlanUnit? UnitOf(string post, PublishedClaim claim)
    {
        ArgumentNullException.ThrowIfNull(claim);
        var benchmarks = claim.Cases.Where(c => c.IsBenchmark).ToList();
        // A group under a step's folder ("noisy-vs-isolated/noisy") is written by that step (post 2's E3 pair): more
        // rounds of it are more rounds of the step, however many of its groups the claim reads.
        var owners = benchmarks.Select(c => StepOwning(post, c.Group)).Distinct(StringComparer.Ordinal).ToList();
        if (benchmarks.Count > 0 && owners is [string owner])
        {
            return new PlanUnit(post, "", true, [owner]);
        }

        if (benchmarks.Count > 0)
        {
            string group = benchmarks[0].Group;
            return benchmarks.All(c => c.Group == group) ? new PlanUnit(post, group, false, [.. benchmarks.Select(c => c.Text)]) : null;
        }

        var steps = claim.Cases.Select(c => c.Step!).ToList();
        return steps.Count > 0 && steps.All(MoreSteps(post).Contains) ? new PlanUnit(post, "", true, steps) : null;
    }

    /// <summary>Seconds one more round of a case takes (a BenchmarkDotNet spec, or a step's name).</summary>
    public double SecondsPerRound(PlanUnit unit, string @case)
    {
        ArgumentNullException.ThrowIfNull(unit);
        if (unit.Steps)
        {
            var times = Log(unit.Post).Steps.Where(s => s.Name == @case).Select(s => s.Seconds).ToList();
            return times.Count > 0 ? times.Average() : DefaultStepSeconds;
        }

        var spec = CaseSpec.Parse(@case);
        var result = Set(unit.Post, unit.Group).Find(spec);
        int rounds = result?.RoundResults?.Count ?? (result is null ? 0 : 1);
        double engine = rounds > 0 && result!.EngineSeconds > 0 ? result.EngineSeconds / rounds : DefaultStepSeconds;
        return engine + ProcessOverheadOf(unit.Post, spec.Class);
    }

    /// <summary>Seconds a process of a post's class costs outside the engine: its own, from the post's log, else the run's fit.</summary>
    public double ProcessOverheadOf(string post, string @class) => ConsoleLog(post).OutsideEngine(@class) ?? ProcessOverhead;

    /// <summary>Seconds to start one step of the unit: a BenchmarkDotNet invocation's build (the post's, from its log, else the run's fit), nothing for the hook's own steps.</summary>
    public double Overhead(PlanUnit unit)
    {
        ArgumentNullException.ThrowIfNull(unit);
        if (unit.Steps)
        {
            return 0;
        }

        var builds = ConsoleLog(unit.Post).Builds;
        return builds.Count > 0 ? builds.Average() : StepOverhead;
    }

    /// <summary>The highest round number a case of the unit has so far (0 for none).</summary>
    public int RoundsSoFar(PlanUnit unit, string @case)
    {
        ArgumentNullException.ThrowIfNull(unit);
        if (unit.Steps)
        {
            return Log(unit.Post).Steps.Where(s => s.Name == @case).Select(s => s.Round).DefaultIfEmpty(0).Max();
        }

        var result = Set(unit.Post, unit.Group).Find(CaseSpec.Parse(@case));
        return result?.RoundResults?.Max(r => r.Round) ?? (result is null ? 0 : 1);
    }

    /// <summary>The round number the unit's next step starts at: past every round any of its cases has.</summary>
    public int NextRound(PlanUnit unit)
    {
        ArgumentNullException.ThrowIfNull(unit);
        int highest = unit.Steps
            ? Log(unit.Post).Steps.Select(s => s.Round).DefaultIfEmpty(0).Max()
            : Set(unit.Post, unit.Group).Results.SelectMany(r => r.RoundResults ?? [r]).Select(r => r.Round).DefaultIfEmpty(0).Max();
        return highest + 1;
    }

    /// <summary>The steps a post's hook can run again (its more-steps.txt, written when the hook starts).</summary>
    public IReadOnlySet<string> MoreSteps(string post)
    {
        if (!_moreSteps.TryGetValue(post, out var steps))
        {
            string path = Path.Combine(Run.PostPath(post), MoreStepsFile);
            _moreSteps[post] = steps = File.Exists(path)
                ? File.ReadAllLines(path).Select(l => l.Trim()).Where(l => l.Length > 0).ToHashSet(StringComparer.Ordinal)
                : new HashSet<string>(StringComparer.Ordinal);
        }

        return steps;
    }

    /// <summary>The step of the post that writes a results group (its first folder names the step), else null.</summary>
    private string? StepOwning(string post, string group)
    {
        int slash = group.IndexOf('/', StringComparison.Ordinal);
        string top = slash < 0 ? group : group[..slash];
        return top.Length > 0 && MoreSteps(post).Contains(top) ? top : null;
    }

    /// <summary>The file in which a hook lists the steps it can run again, one name per line.</summary>
    public const string MoreStepsFile = "more-steps.txt";

    private StepLog Log(string post)
    {
        if (!_logs.TryGetValue(post, out var log))
        {
            _logs[post] = log = StepLog.Load(Run.PostPath(post));
        }

        return log;
    }

    private BdnConsoleLog ConsoleLog(string post)
    {
        if (!_consoleLogs.TryGetValue(post, out var log))
        {
            _consoleLogs[post] = log = BdnConsoleLog.Load(Run.PostPath(post));
        }

        return log;
    }

    private BenchmarkSet Set(string post, string group)
    {
        string key = post + "/" + group;
        if (!_sets.TryGetValue(key, out var set))
        {
            _sets[key] = set = BenchmarkSet.Load(Path.Combine(Run.PostPath(post), group));
        }

        return set;
    }

    // Every invocation's overhead (wall − engine time) against its processes, fitted as a line; kept positive and sane.
    private void Fit()
    {
        var points = new List<(double Processes, double Overhead)>();
        foreach (string post in Directory.Exists(Run.Path) ? Directory.GetDirectories(Run.Path).Select(Path.GetFileName).OfType<string>() : [])
        {
            foreach (var step in Log(post).Invocations)
            {
                double engine = 0;
                int processes = 0;
                // A class's annotated report repeats its plain one's measurements: each class counts once.
                foreach (string report in step.Reports.DistinctBy(BenchmarkSet.ReportPrefix, StringComparer.Ordinal))
                {
                    // An archived run keeps its reports gzipped in place.
                    string path = Path.Combine(Run.PostPath(post), report);
                    path = RunArchive.Find(path) ?? path;

                    try
                    {
                        var entries = BdnReportReader.Load(path).Benchmarks;
                        processes += entries.Count;
                        engine += entries.Sum(e => e.EngineNs) / 1e9;
                    }
                    catch (Exception e) when (e is ReportFormatException or IOException or UnauthorizedAccessException)
                    {
                        // A report that cannot be read tells nothing about costs; the others still do.
                    }
                }

                if (processes > 0)
                {
                    points.Add((processes, Math.Max(0, step.Seconds - engine)));
                }
            }
        }

        if (points.Count >= 2 && points.Select(p => p.Processes).Distinct().Count() >= 2)
        {
            double mx = points.Average(p => p.Processes), my = points.Average(p => p.Overhead);
            double slope = points.Sum(p => (p.Processes - mx) * (p.Overhead - my)) / points.Sum(p => (p.Processes - mx) * (p.Processes - mx));
            ProcessOverhead = Math.Clamp(slope, 0.2, 10);
            StepOverhead = Math.Clamp(my - ProcessOverhead * mx, 0, 60);
        }
        else if (points.Count > 0)
        {
            ProcessOverhead = Math.Clamp((points.Sum(p => p.Overhead) - points.Count * DefaultStepOverhead) / points.Sum(p => p.Processes), 0.2, 10);
        }
    }
}

/// <summary>
/// Where a claim's cases run: a post's BenchmarkDotNet group (its results' sub-folder, "" for the post's own) or the
/// post's own steps, and the cases of the claim there.
/// </summary>
public sealed record PlanUnit(string Post, string Group, bool Steps, IReadOnlyList<string> Cases)
{
    /// <summary>The unit's key for the planner: "post|bdn:group" or "post|steps".</summary>
    public string Key => Steps ? $"{Post}|steps" : $"{Post}|bdn:{Group}";
}
