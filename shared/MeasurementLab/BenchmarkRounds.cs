using System.Reflection;
using TypeFilter = BenchmarkDotNet.Running.TypeFilter;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.ConsoleArguments;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using LabRounds;

namespace MeasurementLab;

/// <summary>
/// <c>--rounds N</c>: every benchmark case of the run repeated once per round in one BenchmarkDotNet invocation, each
/// round in its own order drawn from the recorded seed (<see cref="RoundSchedule"/>), each case still in its own
/// process with its own warmup and iterations. The job of round r is renamed "&lt;job&gt;-R&lt;r&gt;"
/// (<see cref="RoundName"/>), so BenchmarkDotNet's tables and JSON reports carry the round and the lab report can pair
/// the sides of a claim round by round. One invocation means one boilerplate build for all rounds (a build per round
/// would cost ~20 s each on a 2-core machine). BenchmarkDotNet runs one class at a time, so the rounds interleave the
/// cases of a class: every claim of the lab compares cases of one class.
/// </summary>
public static class BenchmarkRounds
{
    /// <summary>What BenchmarkSwitcher would run for these arguments, expanded into rounds, then run.</summary>
    /// <returns>The summaries, or null when BenchmarkDotNet rejected the arguments (it printed why).</returns>
    public static IReadOnlyList<Summary>? Run(string[] args, IConfig? config, Assembly assembly, RoundSchedule schedule, RoundSelection? selection = null)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(assembly);
        ArgumentNullException.ThrowIfNull(schedule);
        selection ??= RoundSelection.All(schedule);
        var baseConfig = config ?? DefaultConfig.Instance;
        ILogger logger = ConsoleLogger.Default;
        var (parsed, parsedConfig, _) = ConfigParser.Parse(args, logger, baseConfig);
        if (!parsed || parsedConfig is null)
        {
            return null;
        }

        var effective = ManualConfig.Union(baseConfig, parsedConfig);
        var (valid, types) = TypeFilter.GetTypesWithRunnableBenchmarks([], [assembly], logger);
        if (!valid)
        {
            return null;
        }

        var runs = TypeFilter.Filter(effective, types).Select(run => Expand(run, schedule, selection)).Where(r => r.BenchmarksCases.Length > 0).ToArray();
        int rounds = selection.Last - selection.First + 1;
        string which = rounds == schedule.Rounds ? $"{schedule.Rounds} interleaved rounds" : $"rounds {selection.First} to {selection.Last} of {schedule.Rounds}";
        logger.WriteLineInfo($"// Rounds: {which} of {runs.Sum(r => r.BenchmarksCases.Length) / rounds} case(s), seed {schedule.Seed}");
        return runs.Length == 0 ? [] : BenchmarkRunner.Run(runs);
    }

    /// <summary>
    /// A class's cases (those the selection's specs pick, or all), once per selected round, each round in the
    /// schedule's order, each job renamed for its round.
    /// </summary>
    public static BenchmarkRunInfo Expand(BenchmarkRunInfo run, RoundSchedule schedule, RoundSelection? selection = null)
    {
        ArgumentNullException.ThrowIfNull(run);
        ArgumentNullException.ThrowIfNull(schedule);
        selection ??= RoundSelection.All(schedule);
        var names = JobNames(run.BenchmarksCases.Select(c => c.Job));
        var picked = run.BenchmarksCases.Where(selection.Picks).ToArray();
        var cases = schedule.Sequence(picked)
            .Where(step => step.Round >= selection.First && step.Round <= selection.Last)
            .Select(step => BenchmarkCase.Create(step.Side.Descriptor, RoundJob(step.Side.Job, names[step.Side.Job.Id], step.Round),
                step.Side.Parameters, step.Side.Config))
            .ToArray();
        return new BenchmarkRunInfo(cases, run.Type, run.Config);
    }

    private static Job RoundJob(Job job, string name, int round) => job.UnfreezeCopy().WithId(RoundName.Format(name, round)).Freeze();

    // A job named by the user keeps its name ("ShortRun", "FullOpts"); one that BenchmarkDotNet named by its
    // characteristics ("IterationCount=3, WarmupCount=1") becomes "Job" — "Job1", "Job2" when a class has several.
    private static Dictionary<string, string> JobNames(IEnumerable<Job> jobs)
    {
        var ids = jobs.Select(j => j.Id).Distinct().ToList();
        var generated = ids.Where(IsGenerated).ToList();
        return ids.ToDictionary(id => id, id => !IsGenerated(id) ? id
            : generated.Count == 1 ? RoundName.DefaultJob
            : RoundName.DefaultJob + (generated.IndexOf(id) + 1).ToString(System.Globalization.CultureInfo.InvariantCulture));
    }

    private static bool IsGenerated(string id) => id.Contains('=', StringComparison.Ordinal) || id.Contains('(', StringComparison.Ordinal) || id.Contains(' ', StringComparison.Ordinal);
}

/// <summary>
/// Which rounds of a schedule to run (<c>--round K</c>: K to K; <c>--rounds-from K</c>: K to N) and which cases
/// (<c>--case</c>: those a spec picks; none given, every case the filter selected).
/// </summary>
public sealed record RoundSelection(int First, int Last, IReadOnlyList<CaseSpec> Cases)
{
    /// <summary>Every round of <paramref name="schedule"/>, every case.</summary>
    public static RoundSelection All(RoundSchedule schedule)
    {
        ArgumentNullException.ThrowIfNull(schedule);
        return new RoundSelection(1, schedule.Rounds, []);
    }

    /// <summary>True when the case is one to run.</summary>
    public bool Picks(BenchmarkCase benchmarkCase)
    {
        ArgumentNullException.ThrowIfNull(benchmarkCase);
        if (Cases.Count == 0)
        {
            return true;
        }

        var parameters = benchmarkCase.Parameters.Items.ToDictionary(p => p.Name, p => CaseSpec.ValueText(p.Value), StringComparer.Ordinal);
        return Cases.Any(c => c.Matches(benchmarkCase.Descriptor.Type.Name, benchmarkCase.Descriptor.WorkloadMethod.Name, parameters));
    }
}
