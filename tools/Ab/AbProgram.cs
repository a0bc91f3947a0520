using System.Globalization;

namespace FirstThingsFirst.Ab;

/// <summary>
/// The tool: finds the repository, checks out and builds A and B in private worktrees, checks the selection, runs
/// interleaved rounds until every benchmark is decided or the budget ends, and writes summary.md and summary.json.
/// </summary>
public static class AbProgram
{
    /// <summary>Exit code when <c>--fail-on</c> found what it names.</summary>
    public const int FailOnExitCode = 3;

    /// <summary>Exit code of a wrong command line or input (one line on standard error).</summary>
    public const int UsageExitCode = 2;

    /// <summary>Exit code of a failed build or side.</summary>
    public const int FailedExitCode = 1;

    /// <summary>Exit code of a run stopped by Ctrl-C (128 + SIGINT, as a shell reports it).</summary>
    public const int InterruptedExitCode = 130;

    /// <summary>The usage text.</summary>
    public const string Usage = """
        Usage: dotnet-ab --a REF --b REF --project PATH [--filter PATTERN...] [options] [-- BENCHMARKDOTNET-ARGS]
               dotnet-ab --aa REF --project PATH [...]
               dotnet-ab calibrate --project PATH [...]   (this machine's false and found changes: dotnet-ab calibrate --help)

        Did B make it faster or slower? ab checks out A and B (any commits of the git repository around the current
        directory) into private worktrees, builds the BenchmarkDotNet project in each, and runs the selected benchmarks
        in interleaved rounds (A B, B A, A B, ...), a fresh process per side and round. B/A is judged per benchmark from
        the per-round ratios, with an interval that stays valid whenever the run stops; the rounds stop as soon as every
        benchmark is decided, or when the budget ends.

          --a REF, --b REF      the commits before and after (branch, tag, hash, HEAD~1)
          --aa REF              A/A: one commit against itself, to see how often this machine calls a non-change one
          --project PATH        the BenchmarkDotNet console project (.csproj, or its folder); its Main must hand its
                                arguments to BenchmarkSwitcher, as the usual template does
          --filter P [P...]     BenchmarkDotNet filter patterns (default '*')
          --threshold PCT       the smallest change that counts (default 2%)
          --budget TIME         the rounds' wall-clock budget, e.g. 90s, 10m, 1h (default 10m; builds not counted)
          --max-rounds N        at most N rounds, 3..40 (default 40, the last look of the confidence sequence)
          --iterations N        measured iterations per benchmark, side and round (default 5); --warmups N (default 1)
          --iteration-time MS   target length of an iteration (default 50)
          --method M            interleaved (the default), sequential (every A up to the next look, then every B: as two
                                runs made apart) or duet (A and B at the same time); the others are for calibration
          --fail-on WHAT        exit 3 when a benchmark is: slower, or changed (slower or faster) with 'change'
          --out DIR             the output folder, its summaries replaced (default ./ab-results/<date-time>)
          --a-env NAME=VALUE    an environment variable of A's processes (repeatable); --b-env for B, e.g.
                                --aa HEAD --b-env FTF_CALIBRATION_SCALE=1.05: a known change of one build
          -- ARGS               more BenchmarkDotNet arguments for both sides

        Verdicts: slower / faster when B/A's whole interval lies beyond ±threshold, same when it lies within ±threshold,
        undecided otherwise. Output: summary.md (also printed; a pull-request comment) and summary.json; an aa.md already
        in the output folder is printed beside the verdicts, and an --aa run writes one. Progress goes to standard error. Ctrl-C stops the side
        running and removes the worktrees. Exit codes: 0 done, 1 a build or a side failed, 2 wrong input, 3 --fail-on
        matched, 130 interrupted.

        Example: dotnet-ab --a main --b HEAD --project src/Perf/Perf.csproj --filter '*Parser*' --fail-on slower
        """;

    /// <summary>Runs the tool from <paramref name="currentDirectory"/>; <paramref name="stop"/> acts as Ctrl-C.</summary>
    public static int Run(IReadOnlyList<string> args, TextWriter output, TextWriter error, string currentDirectory, CancellationToken stop)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        CultureInfo.CurrentCulture = CultureInfo.InvariantCulture;
        bool calibrate = args.Count > 0 && args[0] == "calibrate";
        if (args.Count > 0 && args[0] is "--help" or "-h" or "help" || calibrate && args.Skip(1).FirstOrDefault() is "--help" or "-h")
        {
            output.WriteLine(calibrate ? Calibrate.Usage : Usage);
            return 0;
        }

        try
        {
            return calibrate
                ? ExecuteCalibration(Calibrate.Parse([.. args.Skip(1)]), output, error, currentDirectory, stop)
                : Execute(AbArguments.Parse(args), output, error, currentDirectory, stop);
        }
        catch (AbUsageException e)
        {
            error.WriteLine($"ab: {e.Message}");
            return UsageExitCode;
        }
        catch (OperationCanceledException) when (stop.IsCancellationRequested)
        {
            error.WriteLine("ab: interrupted before any round ended: nothing measured (worktrees removed)");
            return InterruptedExitCode;
        }
    }

    /// <summary>The repository, the project, and both sides checked out and built in a private workspace; null when a build failed (said on <paramref name="error"/>).</summary>
    private static (Workspace Workspace, BuiltSide A, BuiltSide B, string Project)? Prepare(AbOptions options, TextWriter error, string currentDirectory, CancellationToken stop)
    {
        string root = Workspace.FindRoot(currentDirectory, stop);
        string project = Workspace.ProjectPath(root, currentDirectory, options.Project);
        string commitA = Workspace.Resolve(root, options.A, stop);
        string commitB = options.IsAa ? commitA : Workspace.Resolve(root, options.B, stop);
        var workspace = Workspace.Create(root, error);
        try
        {
            var a = workspace.Build("a", options.A, commitA, project, stop);
            var b = options.IsAa ? a : workspace.Build("b", options.B, commitB, project, stop);
            var sides = new BdnSide(options, workspace.Directory);
            int listedA = sides.List(a, stop).Count;
            int listedB = options.IsAa ? listedA : sides.List(b, stop).Count;
            error.WriteLine($"ab: {listedA} benchmark(s) in A, {listedB} in B; rounds until every one is decided or {options.Budget.TotalSeconds:0} s");
            return (workspace, a, b, project);
        }
        catch (SideFailedException e)
        {
            error.WriteLine($"ab: {e.Message}");
            workspace.Dispose();
            return null;
        }
        catch
        {
            workspace.Dispose();
            throw;
        }
    }

    private static int Execute(AbOptions options, TextWriter output, TextWriter error, string currentDirectory, CancellationToken stop)
    {
        string folder = OutputFolder(options.Out, currentDirectory);
        if (Prepare(options, error, currentDirectory, stop) is not var (workspace, a, b, project))
        {
            return FailedExitCode;
        }

        using var _ = workspace;
        var sides = new BdnSide(options, workspace.Directory);
        var outcome = Rounds.Run((side, round, token) => sides.Measure(side == "A" ? a : b, side, round, token), options, TimeProvider.System,
            line => error.WriteLine($"ab: {line}"), stop);
        if (outcome.Rounds == 0)
        {
            error.WriteLine(outcome.Reason == StopReason.Interrupted
                ? "ab: interrupted before any round ended: nothing measured (worktrees removed)"
                : $"ab: {outcome.Problem}");
            return outcome.Reason == StopReason.Interrupted ? InterruptedExitCode : FailedExitCode;
        }

        var report = new AbReport(options, a, b, project.Replace('\\', '/'), outcome);
        Directory.CreateDirectory(folder);
        string aaFile = Path.Combine(folder, "aa.md");
        string layoutFile = Path.Combine(folder, "layout.md");
        string markdown = Summary.Markdown(report, File.Exists(aaFile) ? File.ReadAllText(aaFile) : null,
            File.Exists(layoutFile) ? File.ReadAllText(layoutFile) : null);
        File.WriteAllText(Path.Combine(folder, "summary.md"), markdown);
        File.WriteAllText(Path.Combine(folder, "summary.json"), Summary.Json(report));
        if (options.IsAa && options.EnvironmentA.Count + options.EnvironmentB.Count == 0)
        {
            // A true A/A: its figures go beside the verdicts of later runs given this folder, and beside compare's note.
            File.WriteAllText(aaFile, Summary.AaMarkdown(report));
        }

        output.Write(markdown);
        error.WriteLine($"ab: summary.md and summary.json in {folder}");
        return outcome.Reason switch
        {
            StopReason.Interrupted => InterruptedExitCode,
            StopReason.Failed => Fail(error, outcome.Problem),
            _ => AbJudge.FailOnExitCode(outcome.Results, options.FailOn),
        };
    }

    private static int ExecuteCalibration(CalibrationOptions calibration, TextWriter output, TextWriter error, string currentDirectory, CancellationToken stop)
    {
        var options = calibration.Run;
        string folder = OutputFolder(options.Out, currentDirectory);
        if (Prepare(options, error, currentDirectory, stop) is not var (workspace, a, b, project))
        {
            return FailedExitCode;
        }

        using var _ = workspace;
        Directory.CreateDirectory(folder);
        var started = DateTime.UtcNow;
        IReadOnlyList<TrialResult> results;
        using (var tsv = new StreamWriter(Path.Combine(folder, "trials.tsv")))
        {
            results = Calibrate.Run(calibration, (trial, cell) =>
            {
                // Each cell's processes get a folder of their own, removed after it: a campaign runs thousands of them.
                string directory = Path.Combine(workspace.Directory, "cell");
                Directory.CreateDirectory(directory);
                try
                {
                    var sides = new BdnSide(cell, directory);
                    return Rounds.Run((side, round, token) => sides.Measure(side == "A" ? a : b, side, round, token), cell, TimeProvider.System, _ => { }, stop);
                }
                finally
                {
                    Directory.Delete(directory, recursive: true);
                }
            }, tsv, line => error.WriteLine($"ab: {line}"), stop);
        }

        var wall = DateTime.UtcNow - started;
        string header = FormattableString.Invariant(
            $"`{project.Replace('\\', '/')}`, filter `{string.Join(' ', options.Filters)}`; B = {b.Ref} ({b.Commit[..10]}), A = {a.Ref} ({a.Commit[..10]})") +
            (calibration.ScaleVariable is { } scale ? $"; B's processes get `{scale}` = 1 + change, A's 1" : "") +
            FormattableString.Invariant($". {calibration.Trials} trials per cell, the cells of each trial in an order drawn from seed {calibration.Seed}; ") +
            FormattableString.Invariant($"threshold ±{options.Threshold * 100:0.##}%, budget {options.Budget.TotalMinutes:0.##} min per trial, job: {options.Warmups} warm-up and ") +
            FormattableString.Invariant($"{options.Iterations} measured iterations of {options.IterationTimeMs} ms. Took {wall.TotalMinutes:0.#} min") +
            (stop.IsCancellationRequested ? " (interrupted: the trials that ended are counted)." : ".");
        string markdown = Calibrate.Markdown(calibration, results, header);
        File.WriteAllText(Path.Combine(folder, "calibration.md"), markdown);
        if (!options.IsAa)
        {
            File.WriteAllText(Path.Combine(folder, "layout.md"), Calibrate.LayoutMarkdown(calibration, results, $"{a.Ref} ({a.Commit[..10]})", $"{b.Ref} ({b.Commit[..10]})"));
        }

        output.Write(markdown);
        error.WriteLine($"ab: calibration.md and trials.tsv in {folder}");
        return stop.IsCancellationRequested ? InterruptedExitCode : results.Count == 0 ? FailedExitCode : 0;
    }

    private static int Fail(TextWriter error, string? problem)
    {
        error.WriteLine($"ab: {problem}");
        return FailedExitCode;
    }

    private static string OutputFolder(string? given, string currentDirectory)
    {
        if (given is null)
        {
            return Path.Combine(currentDirectory, "ab-results", DateTime.UtcNow.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture));
        }

        // An existing folder is fine: its summaries are replaced, and an aa.md kept there (an A/A run of this machine)
        // is printed beside every later run's verdicts.
        return Path.GetFullPath(Path.Combine(currentDirectory, given));
    }
}
