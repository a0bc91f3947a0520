using System.Globalization;
using System.Text;
using Calibration;
using LabRounds;
using MeasurementLab;

namespace LabReport.Ab;

/// <summary>
/// <c>ab calibrate</c>: the table that says how far to trust ab on this machine. shared/Calibration is built once;
/// then, trial after trial, every method (sequential, interleaved, duet) runs A/A and each known change (B doing 2%,
/// 5%, 10% more work, set by <see cref="CalibrationScale"/>) at the same wall-clock budget. The cells of a trial run
/// in an order drawn from the rounds engine's schedule (the calibration is itself interleaved), so a machine that
/// changes over the hour lands on every method alike. Writes calibration.md (the table, the commands of one trial of
/// each cell), trials.tsv (every benchmark's verdict in every trial), environment.md and command.txt.
/// </summary>
public static class CalibrateCommand
{
    /// <summary>Trials per cell when --trials is not given (the issue asks for at least 10).</summary>
    public const int DefaultTrials = 10;

    /// <summary>The calibration's selection when --filter is not given: one core-bound and one memory-bound benchmark.</summary>
    public static readonly IReadOnlyList<string> DefaultFilters = ["*KnownWork.ArithmeticChain", "*KnownWork.MemoryWalk"];

    /// <summary>The budget of one trial when --budget is not given.</summary>
    public static readonly TimeSpan DefaultBudget = TimeSpan.FromSeconds(60);

    /// <summary>Runs the calibration.</summary>
    public static int Run(IReadOnlyList<string> args, TextWriter output, TextWriter error, AbHost host, CancellationToken stop)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        ArgumentNullException.ThrowIfNull(host);
        var own = args.ToList();
        var filters = new List<string>();
        int at = own.IndexOf("--filter");
        if (at >= 0)
        {
            filters.AddRange(own.Skip(at + 1).TakeWhile(a => !a.StartsWith("--", StringComparison.Ordinal)));
            own.RemoveRange(at, filters.Count + 1);
            if (filters.Count == 0)
            {
                throw new UsageException("--filter needs at least one pattern, e.g. --filter '*KnownWork*'");
            }
        }

        var options = new OptionReader(own);
        string buildRef = options.String("--a", "HEAD")!;
        string project = options.String("--project", AbOptions.DefaultProject)!;
        int trials = (int)options.Integer("--trials", DefaultTrials, 2, 1000);
        string? budgetText = options.String("--budget");
        string? roundsText = options.String("--rounds");
        if (budgetText is not null && roundsText is not null)
        {
            throw new UsageException("give --rounds or --budget, not both (every method gets the same budget, or the same rounds)");
        }

        TimeSpan? budget = roundsText is not null ? null : budgetText is null ? DefaultBudget : AbOptions.ParseDuration("--budget", budgetText);
        int rounds = roundsText is null ? AbOptions.MaxRounds : (int)OptionReader.ParseInteger("Option --rounds", roundsText, AbOptions.MinRounds, AbOptions.MaxRounds);
        var changes = options.IntegerList("--changes", [2, 5, 10], 1, 100);
        string methodsText = options.String("--methods", "sequential,interleaved,duet")!;
        double threshold = options.String("--threshold") is { } t ? CompareCommand.ParseThreshold(t) : AbOptions.DefaultThreshold;
        ulong? seed = options.String("--seed") is { } s ? (RoundSchedule.TryParseSeed(s, out ulong parsed) ? parsed : throw new UsageException($"--seed '{s}' must be a whole number from 0 to {long.MaxValue}")) : null;
        string? outDir = options.String("--out");
        options.EnsureAllConsumed();
        var methods = ParseMethods(methodsText);
        if (methods.Contains(AbMethod.Duet))
        {
            DuetPinning.Pair(host.AllowedCpus());
        }

        var cells = methods.SelectMany(m => new[] { 0 }.Concat(changes).Distinct().Select(c => new CalibrationCell(m, c))).ToList();
        ulong order = seed ?? RoundSchedule.NewSeed();
        var settings = new AbSettings
        {
            A = new SideSpec("A", buildRef, new Dictionary<string, string>(), []),
            B = new SideSpec("B", buildRef, new Dictionary<string, string>(), []),
            Selection = new Selection(project, filters.Count > 0 ? filters : DefaultFilters, null, "", 0, []),
            Rounds = rounds,
            Budget = budget,
            Threshold = threshold,
            Job = JobSettings.Default,
            Out = outDir,
            Name = "calibration",
        };

        using var interrupt = new AbInterrupt(stop);
        var token = interrupt.Token;
        var (root, located) = Builds.Locate(host, settings.Selection.Project, token);
        var (folder, _) = AbFolders.Output(settings, host, root, token);
        string privateDirectory = AbFolders.Private(host);
        var rows = new List<CalibrationRow>();
        var commands = new Dictionary<CalibrationCell, string>();
        var started = host.Time.GetTimestamp();
        bool interrupted = false;
        try
        {
            using var builds = new Builds(host, root, located, privateDirectory, error, token);
            var (build, _) = builds.Resolve(settings.A, settings.B);
            string buildFolder = Path.GetDirectoryName(build.ProgramPath)!;
            if (host.CaptureEnvironment)
            {
                var env = ChildProcess.Run(new ProcessSpec("bash", [Path.Combine(root!, "scripts", "capture-env.sh"), "--run-dir", privateDirectory], root!), token);
                File.WriteAllText(Path.Combine(folder, "environment.md"), env.ExitCode == 0 ? env.Stdout : $"capture-env.sh failed:\n{env.Tail()}\n");
            }

            var progress = new ProgressReporter(error, "ab calibrate", trials * cells.Count);
            int done = 0;
            progress.Announce($"{trials} trials of {cells.Count} cells ({string.Join(", ", cells)}), " +
                (budget is { } each ? $"{DurationFormat.Rough(each)} each: about {DurationFormat.Rough(each * trials * cells.Count)}" : $"{rounds} rounds each") +
                $"; build {build.Label}; output in {folder}");
            RoundRunner.Run(new RoundSchedule(trials, order), cells, (trial, cell) =>
            {
                var trialSettings = settings with
                {
                    // A/A: no variable at all, so the trial is ab --aa; a change: A at exactly 1, B at 1 + change.
                    A = settings.A with { Ref = buildFolder, Environment = cell.ChangePercent == 0 ? [] : Scale(0) },
                    B = settings.B with { Ref = buildFolder, Environment = cell.ChangePercent == 0 ? [] : Scale(cell.ChangePercent) },
                    Selection = settings.Selection with { Project = located },
                    IsAa = cell.ChangePercent == 0,
                    Method = cell.Method,
                    Seed = null,
                    Out = Path.Combine(privateDirectory, $"trial-{trial}-{cell}"),
                };
                var quiet = new StringWriter();
                var result = AbCommand.Execute(trialSettings, TextWriter.Null, quiet, host with { RunDirectory = privateDirectory }, null, token, captureEnvironment: false);
                if (result.Outcome is not { } outcome)
                {
                    throw new AbFailure($"trial {trial} of {cell} measured nothing:\n{quiet}");
                }

                if (outcome.End != AbEnd.Completed)
                {
                    token.ThrowIfCancellationRequested();
                    throw new AbFailure($"trial {trial} of {cell} stopped: {outcome.Problem}");
                }

                // The command names the build as given (a commit by its hash), not this run's private copy of it.
                commands.TryAdd(cell, AbCommandLine.Text(trialSettings, build, build, outcome.Seed));
                rows.AddRange(outcome.Verdicts.Select(v => new CalibrationRow(cell, trial, v, outcome.Wall)));
                AbFolders.Remove(result.Folder!);
                done++;
                var flagged = outcome.Verdicts.Where(v => v.Change != Change.Same).Select(v => $"{v.Key} {AbReport.Name(v.Change)}").ToList();
                progress.Report(done, $"trial {trial}/{trials} {cell}: {outcome.Measurements.CompleteRounds} rounds, " +
                    (flagged.Count == 0 ? "all same" : string.Join(", ", flagged)), force: true);
                return outcome.Wall.TotalSeconds;
            });
        }
        catch (OperationCanceledException) when (token.IsCancellationRequested)
        {
            interrupted = true;
        }
        finally
        {
            AbFolders.Remove(privateDirectory);
        }

        if (rows.Count == 0)
        {
            AbFolders.Remove(folder);
            error.WriteLine(interrupted ? "ab calibrate: interrupted before a trial ended; nothing written" : "error: no trial was judged");
            return interrupted ? AbCommand.InterruptedExitCode : 1;
        }

        var allChanges = new[] { 0 }.Concat(changes).Distinct().ToList();
        string text = Report(rows, methods, allChanges, threshold, budget, trials, order, commands, host.Time.GetElapsedTime(started), interrupted);
        File.WriteAllText(Path.Combine(folder, "calibration.md"), text);
        File.WriteAllText(Path.Combine(folder, "trials.tsv"), Tsv(rows));
        File.WriteAllText(Path.Combine(folder, "command.txt"), AbCommandLine.Invocation + " calibrate " + string.Join(' ', args.Select(ShellWord.Quote)) +
            (seed is null ? $" --seed {order}" : "") + "\n");
        output.Write(text);
        error.WriteLine($"[ab calibrate] wrote {folder}");
        return interrupted ? AbCommand.InterruptedExitCode : 0;
    }

    private static Dictionary<string, string> Scale(int percent) =>
        new(StringComparer.Ordinal) { [CalibrationScale.Variable] = (1 + percent / 100.0).ToString("0.###", CultureInfo.InvariantCulture) };

    private static List<AbMethod> ParseMethods(string text)
    {
        var methods = new List<AbMethod>();
        foreach (string word in text.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries))
        {
            var method = word switch
            {
                "sequential" => AbMethod.Sequential,
                "interleaved" => AbMethod.Interleaved,
                "duet" => AbMethod.Duet,
                _ => throw new UsageException($"--methods: '{word}' is not a method (allowed: sequential, interleaved, duet)"),
            };
            if (!methods.Contains(method))
            {
                methods.Add(method);
            }
        }

        return methods.Count > 0 ? methods : throw new UsageException("--methods needs at least one of sequential, interleaved, duet");
    }

    private static string Report(IReadOnlyList<CalibrationRow> rows, IReadOnlyList<AbMethod> methods, IReadOnlyList<int> changes, double threshold,
        TimeSpan? budget, int trials, ulong seed, IReadOnlyDictionary<CalibrationCell, string> commands, TimeSpan wall, bool interrupted)
    {
        var md = new StringBuilder();
        md.AppendLine("# ab calibration: false positives and detected changes, by method");
        md.AppendLine();
        var benchmarks = rows.Select(r => r.Verdict.Key).Distinct().Order(StringComparer.Ordinal).ToList();
        md.AppendLine($"{string.Join(", ", benchmarks.Select(k => $"`{k}`"))}; B does exactly 0% (A/A), " +
            $"{string.Join(", ", changes.Where(c => c != 0).Select(c => $"{c}%"))} more work than A ({CalibrationScale.Variable}). Every method gets the same " +
            (budget is { } each ? $"wall-clock budget per trial, {DurationFormat.Rough(each)}" : "rounds per trial (not the same wall-clock time: a duet round runs both sides at once)") +
            $"; {trials} trials per cell, the cells of each trial in an order drawn from seed {seed}; " +
            $"threshold ±{Format.Percent(threshold)}. Took {DurationFormat.Rough(wall)}" + (interrupted ? " (interrupted: the table holds the trials that ended)." : "."));
        md.AppendLine();
        md.Append(CalibrationTable.Markdown(CalibrationTable.Rows(rows, methods, changes), changes, threshold));
        md.AppendLine();
        md.AppendLine("A false positive is a benchmark called faster or slower in an A/A trial; a detection is a benchmark called slower when B " +
            "does more work (\"wrong way\": called faster). Sequential runs every round of A, then every round of B, and judges them as `compare` " +
            "judges two runs; interleaved and duet judge the per-round ratios' 95% interval against the threshold. The A/A spread is the standard " +
            "deviation, between trials, of the logarithm of each benchmark's B/A estimate (pooled over benchmarks); accuracy vs sequential is " +
            "sequential's spread divided by the method's.");
        md.AppendLine();
        md.AppendLine("Per benchmark (detections of the largest change, false positives):");
        md.AppendLine();
        int largest = changes.Max();
        var table = new MarkdownTable(["benchmark", .. methods.Select(m => m.ToString().ToLowerInvariant())],
            [ColumnAlignment.Left, .. methods.Select(_ => ColumnAlignment.Right)]);
        foreach (string key in benchmarks)
        {
            table.Row([key, .. methods.Select(m =>
            {
                var mine = rows.Where(r => r.Cell.Method == m && r.Verdict.Key == key).ToList();
                int fp = mine.Count(r => r.Cell.ChangePercent == 0 && r.Verdict.Change is Change.Faster or Change.Slower);
                int aa = mine.Count(r => r.Cell.ChangePercent == 0);
                int hit = mine.Count(r => r.Cell.ChangePercent == largest && r.Verdict.Change == Change.Slower);
                int n = mine.Count(r => r.Cell.ChangePercent == largest);
                return string.Create(CultureInfo.InvariantCulture, $"+{largest}%: {hit}/{n}, A/A: {fp}/{aa}");
            })]);
        }

        md.Append(table);
        md.AppendLine();
        md.AppendLine("The command of one trial of each cell (every trial of a cell differs only in its seed):");
        md.AppendLine();
        md.AppendLine("```");
        foreach (var (cell, command) in commands.OrderBy(c => c.Key.Method).ThenBy(c => c.Key.ChangePercent))
        {
            md.AppendLine($"# {cell}");
            md.AppendLine(command);
        }

        md.AppendLine("```");
        return md.ToString();
    }

    private static string Tsv(IReadOnlyList<CalibrationRow> rows)
    {
        var tsv = new StringBuilder("method\tchange_pct\ttrial\tbenchmark\trounds\tratio\tlower\tupper\tverdict\twall_s\n");
        foreach (var r in rows)
        {
            var v = r.Verdict;
            tsv.Append(
                $"{r.Cell.Method.ToString().ToLowerInvariant()}\t{r.Cell.ChangePercent}\t{r.Trial}\t{v.Key}\t{v.Rounds}\t{v.Ratio:G6}\t{v.Lower:G6}\t{v.Upper:G6}\t{AbReport.Name(v.Change)}\t{r.Wall.TotalSeconds:0.0}\n");
        }

        return tsv.ToString();
    }
}
