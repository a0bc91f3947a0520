using LabReport.Charts;
using LabRounds;
using MeasurementLab;

namespace LabReport.Ab;

/// <summary>What one <c>ab</c> run ended with: its exit code, its outcome (null when nothing was measured) and its folder.</summary>
public sealed record AbRunResult(int ExitCode, AbOutcome? Outcome, string? Folder);

/// <summary>
/// <c>ab</c>: before/after on a noisy machine. Builds A and B (commits in private worktrees, or folders), runs the
/// selection in rounds (interleaved, duet or sequential), judges B/A per benchmark from the rounds, and writes one new
/// folder. The outline is here; each part has its own file (options, builds, side runner, duet pinning, report, A/A).
/// </summary>
public static class AbCommand
{
    /// <summary>Exit code of a run stopped by Ctrl-C (128 + SIGINT, as a shell reports it).</summary>
    public const int InterruptedExitCode = 130;

    /// <summary>Usage of the command.</summary>
    public const string Usage = """
        Usage: LabReport ab --a REF --b REF [selection] [options]
               LabReport ab --aa REF [selection] [options]
               LabReport ab calibrate [options]

        Did B make it faster or slower? On a shared virtual machine two runs made apart differ by the machine's state
        as much as by their code. ab runs A and B in R rounds, a fresh process of each per round, and judges B/A from
        the per-round ratios: their median, and the 95% interval of their mean on the log scale. A benchmark is slower
        or faster only when that whole interval lies beyond ±threshold; otherwise it is "same".

        Builds (REF):
          a commit of this repository (HEAD~1, a branch, a hash): checked out with git worktree into a private directory
              under $FTF_RUN_DIR (default /var/tmp), built with dotnet build -c Release, removed at the end (also on Ctrl-C
              and on a failed build)
          a directory: a build folder holding the program (e.g. shared/Calibration/bin/Release/net10.0), used as it is;
              or a checkout of this repository (such as . for the working tree), built there first
          --aa REF                an A/A run: REF against itself. Prints this machine's false-positive rate at the
                                  threshold and the smallest change it can detect with this budget

        Selection:
          --project DIR           the program: a post folder, shared/StorageEngine.Benchmarks, shared/Calibration
                                  (default: shared/Calibration)
          --filter P [P...]       BenchmarkDotNet filter patterns (default '*'). Each side runs them in-process with a
                                  short job and full JSON reports; a side's value is a benchmark's mean time
          --iterations N          measured iterations per benchmark, side and round, 2..100 (default 5)
          --iteration-time MS     target length of an iteration, 10..5000 ms (default 50)
          --mode NAME             a mode of the program instead, e.g. insert-loop; its options after --
          --value COLUMN          a mode's number: the median of this column of the table it prints on standard
                                  output (a header line naming the columns, then one row per repetition starting
                                  with a whole number), lower is better; e.g. insert-ns
          --skip N                rows of that table left out first, as warm-up (default 2)
          -- ARGS                 passed to the program after ab's own: a mode's options, or more BenchmarkDotNet options

        Sides:
          --a-env NAME=VALUE      environment of A's processes (repeatable); --b-env for B, e.g.
                                  --b-env FTF_CALIBRATION_SCALE=1.05 makes B do 5% more work in shared/Calibration
          --a-args="ARGS"         extra arguments of A's program (split at spaces; with '=', as they start with --);
                                  --b-args= for B, e.g. --b-args='--wal off'

        Method (default: interleaved rounds, each running A and B one after the other in an order drawn per round):
          --duet                  A and B at the same time, each pinned to its own CPU with taskset, swapped every
                                  round; needs 2 CPUs in this process's affinity mask
          --sequential            every round of A, then every round of B, judged by compare's rule (Mann-Whitney on
                                  the pooled iterations): how runs made apart compare, for calibration
          --rounds N              rounds, 2..1000 (default 12)
          --budget TIME           instead of --rounds: as many rounds as fit in TIME (e.g. 90s, 10m, 1h)
          --seed N                the seed of the rounds' order (recorded in command.txt; give it to replay the order)
          --threshold PCT         the smallest change that counts (default 2%, from the committed
                                  calibration on a 2-core guest: no A/A trial of 10 flagged, a 5% change found
                                  in 10 of 10 at 20 s each; a CPU-bound benchmark on a quiet machine, see
                                  shared/LabReport/README.md, "Calibration"; ab calibrate measures yours)

        Output (one new folder, --out DIR, new or empty; default results/<machine>/<date>-ab-<name>):
          summary.md (also printed): per benchmark A, B, B/A with its interval, the verdict, rounds, between-round
          spread and the smallest detectable change; ratio-per-round.svg; rounds.tsv and sides.tsv (every value and
          process); environment.md; command.txt, the command that reproduces the run; aa.md for an A/A run
          --name NAME             the <name> of the default folder (default: the project's folder name)
        Progress goes to standard error. Ctrl-C stops both sides, removes the worktrees and the private directory, and
        writes what was measured. Exit codes: 0 done, 1 a build or a side failed, 2 bad input, 130 interrupted.

        ab calibrate [--a REF] [--trials N] [--budget TIME | --rounds N] [--changes 2,5,10] [--methods sequential,interleaved,duet]
                     [--project DIR] [--filter P...] [--threshold PCT] [--seed N] [--out DIR]
          repeats A/A and known-change runs of shared/Calibration (B doing 2%, 5%, 10% more work, through
          FTF_CALIBRATION_SCALE) with each method at the same wall-clock budget per trial (default 60s; --rounds gives
          every method the same rounds instead), 10 trials per cell by default, the cells of each trial in a random
          order; REF defaults to HEAD, built once; the selection defaults to '*KnownWork.ArithmeticChain'
          '*KnownWork.MemoryWalk'. Writes calibration.md (the table of false-positive and detection rates and the
          command of one trial of each cell), trials.tsv, environment.md and command.txt

        Example: dotnet run --project shared/LabReport -c Release -- ab --a HEAD~1 --b HEAD --project shared/Calibration --filter '*MemoryWalk*'
        """;

    /// <summary>Runs <c>ab</c> on this machine.</summary>
    public static int Run(IReadOnlyList<string> args, TextWriter output, TextWriter error) => Run(args, output, error, AbHost.System);

    /// <summary>Runs <c>ab</c> with a given host; <paramref name="runner"/> replaces the real side runner (tests), <paramref name="stop"/> acts as Ctrl-C.</summary>
    public static int Run(IReadOnlyList<string> args, TextWriter output, TextWriter error, AbHost host,
        Func<ISideRunner, ISideRunner>? runner = null, CancellationToken stop = default)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        // Summaries are compared between runs and read by tests: one number format everywhere.
        System.Globalization.CultureInfo.CurrentCulture = System.Globalization.CultureInfo.InvariantCulture;
        if (args.Count > 0 && args[0] == "calibrate")
        {
            return CalibrateCommand.Run([.. args.Skip(1)], output, error, host, stop);
        }

        var settings = AbOptions.Parse(args);
        using var interrupt = new AbInterrupt(stop);
        return Execute(settings, output, error, host, runner, interrupt.Token, captureEnvironment: host.CaptureEnvironment).ExitCode;
    }

    /// <summary>One run from checked settings (also each trial of <c>ab calibrate</c>).</summary>
    public static AbRunResult Execute(AbSettings settings, TextWriter output, TextWriter error, AbHost host, Func<ISideRunner, ISideRunner>? runner,
        CancellationToken token, bool captureEnvironment)
    {
        ArgumentNullException.ThrowIfNull(settings);
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        ArgumentNullException.ThrowIfNull(host);
        var (root, project) = Builds.Locate(host, settings.Selection.Project, token);
        settings = settings with { Selection = settings.Selection with { Project = project } };
        var pair = settings.Method == AbMethod.Duet ? DuetPinning.Pair(host.AllowedCpus()) : ((int, int)?)null;
        var (folder, created) = AbFolders.Output(settings, host, root, token);
        string privateDirectory = AbFolders.Private(host);
        var measurements = new AbMeasurements();
        var progress = new AbProgress(error, settings.Rounds, settings.Budget, host.Time);
        Side? a = null;
        Side? b = null;
        ulong seed = settings.Seed ?? RoundSchedule.NewSeed();
        var notes = new List<string>();
        string? environment = null;
        var end = AbEnd.Completed;
        string? problem = null;
        long started = 0;
        try
        {
            using var builds = new Builds(host, root, project, privateDirectory, error, token);
            try
            {
                var (buildA, buildB) = builds.Resolve(settings.A, settings.B);
                a = new Side("A", buildA, settings.A.Environment, settings.A.Args);
                b = new Side("B", buildB, settings.B.Environment, settings.B.Args);
                if (!settings.Selection.IsMode)
                {
                    var listA = SelectionCheck.Listed(a, settings.Selection, host, token);
                    var listB = buildA.ProgramPath == buildB.ProgramPath ? listA : SelectionCheck.Listed(b, settings.Selection, host, token);
                    notes.AddRange(SelectionCheck.Differences(listA, listB));
                }

                environment = captureEnvironment ? CaptureEnvironment(root, privateDirectory, token) : null;
                var plan = new AbPlan(settings.Method, new RoundSchedule(settings.Rounds, seed), settings.Budget, a, b, pair);
                ISideRunner sides = new ProcessSideRunner(settings.Selection, settings.Job, host, privateDirectory, () => folder, host.Time);
                sides = runner?.Invoke(sides) ?? sides;
                progress.Announce($"{Plan(settings, seed)}; output in {folder}");
                progress.Restart();
                started = host.Time.GetTimestamp();
                AbRun.Execute(plan, sides, measurements, progress, host.Time, token);
            }
            catch (OperationCanceledException) when (token.IsCancellationRequested)
            {
                end = AbEnd.Interrupted;
            }
            catch (AbFailure e)
            {
                end = AbEnd.Failed;
                problem = e.Message;
            }
        }
        catch (UsageException)
        {
            RemoveIfUnused(folder, created);
            throw;
        }
        finally
        {
            if (!AbFolders.Remove(privateDirectory))
            {
                error.WriteLine($"warning: could not remove {privateDirectory} entirely");
            }
        }

        int code = end switch { AbEnd.Completed => 0, AbEnd.Interrupted => InterruptedExitCode, _ => 1 };
        if (a is null || b is null || measurements.Runs.Count == 0)
        {
            RemoveIfUnused(folder, created);
            error.WriteLine(end == AbEnd.Interrupted
                ? "ab: interrupted before any round ended: nothing measured (worktrees and private files removed)"
                : $"error: {problem ?? "nothing was measured"}");
            return new AbRunResult(code, null, null);
        }

        var wall = started == 0 ? TimeSpan.Zero : host.Time.GetElapsedTime(started);
        var outcome = new AbOutcome(settings, a, b, seed, measurements, AbVerdicts.Judge(measurements, settings.Method, settings.Threshold), end, problem, wall, notes);
        Write(outcome, folder, environment);
        output.Write(File.ReadAllText(Path.Combine(folder, "summary.md")));
        if (problem is not null)
        {
            error.WriteLine($"error: {problem}");
        }

        progress.Finish(end switch
        {
            AbEnd.Completed => $"done: {folder}",
            AbEnd.Interrupted => $"interrupted: what was measured is in {folder}",
            _ => $"stopped by a failure: what was measured is in {folder}",
        });
        return new AbRunResult(code, outcome, folder);
    }

    private static void Write(AbOutcome outcome, string folder, string? environment)
    {
        var ratios = outcome.Measurements.Benchmarks.ToDictionary(k => k,
            k => (IReadOnlyList<RoundRatio>)outcome.Measurements.Of(k).Ratio("B", "A").Ratios, StringComparer.Ordinal);
        string? chart = ratios.Values.Any(r => r.Count > 0)
            ? new ChartWriter(folder).Save(AbChart.Model(ratios, outcome.Settings.Threshold, $"A: {outcome.A.Build.Label}; B: {outcome.B.Label[3..]}"), AbChart.FileName)
            : null;
        File.WriteAllText(Path.Combine(folder, "summary.md"), AbReport.Summary(outcome, chart));
        File.WriteAllText(Path.Combine(folder, "rounds.tsv"), AbReport.RoundsTsv(outcome.Measurements));
        File.WriteAllText(Path.Combine(folder, "sides.tsv"), AbReport.SidesTsv(outcome.Measurements));
        File.WriteAllText(Path.Combine(folder, "command.txt"), AbCommandLine.Text(outcome.Settings, outcome.A.Build, outcome.B.Build, outcome.Seed) + "\n");
        if (environment is not null)
        {
            File.WriteAllText(Path.Combine(folder, "environment.md"), environment);
        }

        if (outcome.Settings.IsAa && AbReport.AaBlock(outcome) is { } aa)
        {
            File.WriteAllText(Path.Combine(folder, AaFile), aa);
        }
    }

    /// <summary>The A/A result's file in a run's folder (compare points to the newest one of the machine).</summary>
    public const string AaFile = "aa.md";

    private static string Plan(AbSettings settings, ulong seed)
    {
        string rounds = settings.Budget is { } budget ? $"rounds for {DurationFormat.Rough(budget)}" : $"{settings.Rounds} rounds";
        string method = settings.Method switch { AbMethod.Duet => "duet", AbMethod.Sequential => "sequential", _ => "interleaved" };
        return $"{rounds}, {method}, seed {seed}";
    }

    private static string CaptureEnvironment(string? root, string runDirectory, CancellationToken token)
    {
        string? script = root is null ? null : Path.Combine(root, "scripts", "capture-env.sh");
        if (script is null || !File.Exists(script))
        {
            return "# Environment\n\nNot captured: scripts/capture-env.sh was not found (ab ran outside the repository).\n";
        }

        var capture = ChildProcess.Run(new ProcessSpec("bash", [script, "--run-dir", runDirectory], root!), token);
        return capture.ExitCode == 0 ? capture.Stdout : $"# Environment\n\nscripts/capture-env.sh failed (exit {capture.ExitCode}):\n\n```\n{capture.Tail()}\n```\n";
    }

    private static void RemoveIfUnused(string folder, bool created)
    {
        if (created && Directory.Exists(folder) && !Directory.EnumerateFileSystemEntries(folder).Any())
        {
            Directory.Delete(folder);
        }
    }
}
