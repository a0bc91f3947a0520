using System.Globalization;
using System.Text;
using LabRounds;
using LabStatistics;

namespace FirstThingsFirst.Ab;

/// <summary>The options of <c>dotnet-ab calibrate</c>: the known changes, the methods, the trials; the rest is a run's.</summary>
public sealed record CalibrationOptions
{
    /// <summary>The options every trial's rounds run with (commits, project, filter, threshold, budget per trial, job).</summary>
    public required AbOptions Run { get; init; }

    /// <summary>The environment variable that scales the benchmarks' work (B gets 1 + change, A gets 1).</summary>
    public string? ScaleVariable { get; init; }

    /// <summary>The known changes, as fractions (0 is an A/A).</summary>
    public IReadOnlyList<double> Changes { get; init; } = [0];

    /// <summary>The methods compared.</summary>
    public IReadOnlyList<AbMethod> Methods { get; init; } = [AbMethod.Interleaved];

    /// <summary>Trials per cell (method × change).</summary>
    public int Trials { get; init; } = 10;

    /// <summary>The seed of the cells' order within each trial.</summary>
    public int Seed { get; init; } = 1;
}

/// <summary>One benchmark's verdict in one trial of one cell: a line of trials.tsv.</summary>
public sealed record TrialResult(int Trial, AbMethod Method, double Change, string Benchmark, AbVerdict Verdict, double Ratio, double Lower, double Upper,
    int Rounds, double WallSeconds, StopReason Stop)
{
    /// <summary>The standard deviation of ln(B/A) between the trial's rounds: what its interval's width rests on.</summary>
    public double RoundSpread { get; init; } = double.NaN;

    /// <summary>Whether an A/A trial called it changed, or a trial of a known slowdown called it anything but slower.</summary>
    public bool Flagged => Verdict is AbVerdict.Slower or AbVerdict.Faster;

    /// <summary>The smallest slowdown this trial's interval would have called slower: its half-width beyond the threshold.</summary>
    public double Detectable(double threshold) =>
        double.IsFinite(Lower) && Lower > 0 ? (1 + threshold) * Math.Sqrt(Upper / Lower) - 1 : double.PositiveInfinity;
}

/// <summary>
/// <c>dotnet-ab calibrate</c>: how often this machine and these settings call a non-change a change, and find a known one.
/// A and B are built once; B's processes get <c>NAME=1+change</c> for a project whose benchmarks scale their work by that
/// variable (this repository's <c>tools/Calibration</c>); every trial runs each cell (method × change) to its own stop,
/// in an order drawn from the seed, with the planner's stop rule and the budget per trial. With <c>--a</c>/<c>--b</c> of a
/// program changed in one benchmark, the others' B/A is the change's effect on code it did not touch (layout.md).
/// </summary>
public static class Calibrate
{
    /// <summary>The usage text of the subcommand.</summary>
    public const string Usage = """
        Usage: dotnet-ab calibrate --project PATH [--aa REF | --a REF --b REF] [--scale-env NAME] [--changes PCT,...]
                                   [--methods M,...] [--trials N] [--seed N] [run options] [-- BENCHMARKDOTNET-ARGS]

        How often does ab, on this machine, call a non-change a change, and find a known one? A and B are built once;
        every trial runs each cell (a method and a change) to its own stop, the cells in an order drawn from the seed.

          --scale-env NAME      the variable that scales the benchmarks' work: B's processes get NAME=1+change, A's NAME=1
                                (this repository's tools/Calibration reads FTF_CALIBRATION_SCALE); needed for a change
          --changes PCT,...     the known changes of B (default 0: an A/A), e.g. 0,2,5,10
          --methods M,...       interleaved (the default), sequential, duet, e.g. interleaved,sequential,duet
          --trials N            trials per cell, 1..1000 (default 10)
          --seed N              the seed of the cells' order (default 1)
          --a REF --b REF       two commits instead of --aa (default --aa HEAD): a program changed in one benchmark, whose
                                others' B/A is then the change's effect on code it did not touch (written to layout.md)
          run options           as for a run: --filter, --threshold, --budget (per trial), --iterations, --out, ...

        Output: trials.tsv (a line per benchmark and trial, written as they end), calibration.md (per benchmark, method and
        change: verdicts, the rate flagged or found, rounds and wall per trial, the spread of B/A between trials, the change
        each trial could have detected), and layout.md with --a/--b. Example (this repository):
        dotnet-ab calibrate --project tools/Calibration --scale-env FTF_CALIBRATION_SCALE --filter '*ArithmeticChain' --changes 0,5 --trials 20
        """;

    private static readonly string[] Own = ["--scale-env", "--changes", "--methods", "--trials", "--seed"];

    /// <summary>Splits the calibration's own options from a run's and checks them.</summary>
    public static CalibrationOptions Parse(IReadOnlyList<string> args)
    {
        ArgumentNullException.ThrowIfNull(args);
        var own = new Dictionary<string, string>(StringComparer.Ordinal);
        var rest = new List<string>();
        for (int i = 0; i < args.Count; i++)
        {
            if (args[i] == "--")
            {
                rest.AddRange(args.Skip(i));
                break;
            }

            string name = args[i].Split('=', 2)[0];
            if (!Own.Contains(name))
            {
                rest.Add(args[i]);
                continue;
            }

            string? value = args[i].Contains('=', StringComparison.Ordinal) ? args[i].Split('=', 2)[1]
                : i + 1 < args.Count && !args[i + 1].StartsWith("--", StringComparison.Ordinal) ? args[++i] : null;
            if (string.IsNullOrWhiteSpace(value))
            {
                throw new AbUsageException($"{name} needs a value");
            }

            if (!own.TryAdd(name, value))
            {
                throw new AbUsageException($"{name} is given twice");
            }
        }

        if (!rest.Any(a => a.Split('=')[0] is "--aa" or "--a" or "--b"))
        {
            rest.InsertRange(0, ["--aa", "HEAD"]);
        }

        var run = AbArguments.Parse(rest);
        if (run.Method != AbMethod.Interleaved)
        {
            throw new AbUsageException("--method is a run's: a calibration compares --methods (e.g. --methods interleaved,duet)");
        }

        double[] changes = own.TryGetValue("--changes", out var c) ? [.. c.Split(',').Select(ParseChange)] : [0];
        string? scale = own.GetValueOrDefault("--scale-env");
        if (changes.Any(x => x != 0) && scale is null)
        {
            throw new AbUsageException("--changes other than 0 need --scale-env NAME (the variable that scales the benchmarks' work, e.g. FTF_CALIBRATION_SCALE)");
        }

        if (scale is not null && (scale.Length == 0 || scale.Contains('=', StringComparison.Ordinal)))
        {
            throw new AbUsageException($"--scale-env '{scale}' is not a variable name");
        }

        return new CalibrationOptions
        {
            Run = run,
            ScaleVariable = scale,
            Changes = changes.Distinct().ToList(),
            Methods = own.TryGetValue("--methods", out var m) ? [.. m.Split(',').Select(x => AbArguments.ParseMethod(x, "--methods")).Distinct()] : [AbMethod.Interleaved],
            Trials = own.TryGetValue("--trials", out var t) ? AbArguments.ParseInt("--trials", t, 1, 1000) : 10,
            Seed = own.TryGetValue("--seed", out var s) ? AbArguments.ParseInt("--seed", s, 0, int.MaxValue) : 1,
        };
    }

    /// <summary>The cells of trial <paramref name="trial"/> in their drawn order: every method with every change.</summary>
    public static IReadOnlyList<(AbMethod Method, double Change)> Cells(CalibrationOptions options, int trial)
    {
        ArgumentNullException.ThrowIfNull(options);
        var cells = options.Methods.SelectMany(m => options.Changes.Select(c => (m, c))).ToArray();
        new Random(HashCode.Combine(options.Seed, trial)).Shuffle(cells);
        return cells;
    }

    /// <summary>The options of one cell's rounds: its method, and the scale of each side.</summary>
    public static AbOptions CellOptions(CalibrationOptions options, AbMethod method, double change)
    {
        ArgumentNullException.ThrowIfNull(options);
        if (options.ScaleVariable is not { } name)
        {
            return options.Run with { Method = method };
        }

        return options.Run with
        {
            Method = method,
            EnvironmentA = new Dictionary<string, string>(options.Run.EnvironmentA) { [name] = "1" },
            EnvironmentB = new Dictionary<string, string>(options.Run.EnvironmentB) { [name] = (1 + change).ToString("0.####", CultureInfo.InvariantCulture) },
        };
    }

    /// <summary>Runs the campaign: <paramref name="trial"/> runs one cell's rounds and returns how they ended.</summary>
    public static IReadOnlyList<TrialResult> Run(CalibrationOptions options, Func<int, AbOptions, RoundsOutcome> trial, TextWriter tsv, Action<string> progress,
        CancellationToken token)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(trial);
        ArgumentNullException.ThrowIfNull(tsv);
        ArgumentNullException.ThrowIfNull(progress);
        var results = new List<TrialResult>();
        tsv.WriteLine("trial\tmethod\tchange\tbenchmark\tverdict\tratio\tlower\tupper\trounds\twall_s\tstop\tround_spread");
        for (int t = 1; t <= options.Trials && !token.IsCancellationRequested; t++)
        {
            foreach (var (method, change) in Cells(options, t))
            {
                var outcome = trial(t, CellOptions(options, method, change));
                if (outcome.Reason is StopReason.Interrupted or StopReason.Failed)
                {
                    // An interrupted or failed cell judged nothing: what the earlier cells found is kept.
                    progress($"trial {t}, {Rounds.Word(method)} {Change(options, change)}: {Summary.StopWord(outcome.Reason)} {outcome.Problem?.Split('\n')[0]}");
                    return results;
                }

                foreach (var r in outcome.Results)
                {
                    var row = new TrialResult(t, method, change, r.Name, r.Verdict, r.Ratio, r.Lower, r.Upper, r.Rounds, outcome.Wall.TotalSeconds, outcome.Reason)
                    {
                        RoundSpread = Spread(r.Ratios),
                    };
                    results.Add(row);
                    tsv.WriteLine(string.Join('\t', row.Trial, Rounds.Word(method), Change(options, change), row.Benchmark, Rounds.Word(row.Verdict), F(row.Ratio), F(row.Lower),
                        F(row.Upper), row.Rounds, F(row.WallSeconds), Summary.StopWord(row.Stop), F(row.RoundSpread)));
                }

                tsv.Flush();
                progress($"trial {t}/{options.Trials}, {Rounds.Word(method)} {Change(options, change)}: " +
                    string.Join(", ", outcome.Results.Select(r => $"{Short(r.Name)} {Rounds.Word(r.Verdict)} {r.Ratio:0.000}")) +
                    $" ({outcome.Rounds} rounds, {outcome.Wall.TotalSeconds:0} s)");
            }
        }

        return results;
    }

    /// <summary>calibration.md: per benchmark, method and change, how the trials ended.</summary>
    public static string Markdown(CalibrationOptions options, IReadOnlyList<TrialResult> results, string header)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(results);
        double threshold = options.Run.Threshold;
        var md = new StringBuilder();
        md.AppendLine("# ab calibration: flagged non-changes and found changes, by method");
        md.AppendLine();
        md.AppendLine(header.Trim());
        md.AppendLine();
        md.AppendLine("| benchmark | method | change | trials | slower | same | faster | undecided | flagged (A/A) or found | rounds (median) | wall per trial (median; max) | B/A (median) | spread of B/A between trials | spread between rounds (median) | detectable change (median) |");
        md.AppendLine("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        foreach (var cell in results.GroupBy(r => (r.Benchmark, r.Method, r.Change)).OrderBy(g => g.Key.Benchmark, StringComparer.Ordinal)
            .ThenBy(g => g.Key.Method).ThenBy(g => g.Key.Change))
        {
            var rows = cell.ToList();
            int n = rows.Count;
            int hits = cell.Key.Change == 0 ? rows.Count(r => r.Flagged) : rows.Count(r => r.Verdict == AbVerdict.Slower);
            md.AppendLine(CultureInfo.InvariantCulture,
                $"| {Short(cell.Key.Benchmark)} | {Rounds.Word(cell.Key.Method)} | {Change(options, cell.Key.Change)} | {n} | {Tally(rows, AbVerdict.Slower)} | {Tally(rows, AbVerdict.Same)} | " +
                $"{Tally(rows, AbVerdict.Faster)} | {Tally(rows, AbVerdict.Undecided)} | {(cell.Key.Change == 0 ? "flagged " : "found ")}{hits}/{n} ({100.0 * hits / n:0}%) | " +
                $"{Median(rows.Select(r => (double)r.Rounds)):0.#} | {Median(rows.Select(r => r.WallSeconds)):0} s; {rows.Max(r => r.WallSeconds):0} s | " +
                $"{Median(rows.Select(r => r.Ratio)):0.000} | {Pct(Spread(rows.Select(r => r.Ratio)))} | {Pct(Median(rows.Select(r => r.RoundSpread)))} | {Pct(Median(rows.Select(r => r.Detectable(threshold))))} |");
        }

        md.AppendLine();
        md.AppendLine(CultureInfo.InvariantCulture,
            $"*flagged*: an A/A trial (change 0) called the benchmark slower or faster at ±{Pct(threshold)}; *found*: a trial of a known slowdown called it slower. " +
            $"A trial stops when every selected benchmark is decided (at a look of the confidence sequence: 3, 5, 8, 12, 18, 27, 40 rounds) or at the budget. " +
            $"*spread between trials*: the standard deviation of ln(B/A) between the cell's trials; *between rounds*: of ln(B/A) between a trial's rounds. *detectable change*: the smallest slowdown the trial's final interval " +
            $"would have called slower, (1 + threshold) × its half-width (as a ratio) − 1; the memory-bound benchmark's figure when it stays undecided.");
        return md.ToString();
    }

    /// <summary>layout.md: how far the benchmarks of a changed program moved, one line per benchmark over every trial (A/A of code it did not touch).</summary>
    public static string LayoutMarkdown(CalibrationOptions options, IReadOnlyList<TrialResult> results, string a, string b)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(results);
        var md = new StringBuilder();
        md.AppendLine(CultureInfo.InvariantCulture, $"Layout calibration: {b} against {a}, {options.Trials} trials; B/A of every benchmark (the one the change touched moves by it; " +
            $"the others by the change's effect on code it did not touch):");
        md.AppendLine();
        md.AppendLine("| benchmark | trials | B/A (median) | each trial's B/A and interval | flagged |");
        md.AppendLine("|---|---:|---:|---|---:|");
        foreach (var bench in results.GroupBy(r => r.Benchmark).OrderBy(g => g.Key, StringComparer.Ordinal))
        {
            var rows = bench.OrderBy(r => r.Trial).ToList();
            string trials = string.Join("; ", rows.Select(r => double.IsFinite(r.Lower)
                ? FormattableString.Invariant($"{r.Ratio:0.000} [{r.Lower:0.000}; {r.Upper:0.000}]")
                : FormattableString.Invariant($"{r.Ratio:0.000}")));
            md.AppendLine(CultureInfo.InvariantCulture,
                $"| {Short(bench.Key)} | {rows.Count} | {Median(rows.Select(r => r.Ratio)):0.000} | {trials} | {rows.Count(r => r.Flagged)}/{rows.Count} |");
        }

        md.AppendLine();
        md.AppendLine(CultureInfo.InvariantCulture,
            $"*flagged*: called slower or faster at ±{Pct(options.Run.Threshold)}. A benchmark the change did not touch that is flagged, or whose B/A " +
            $"sits apart from 1 in every trial, moved because the change moved its code or its data: real for that build, but not the change's own cost.");

        return md.ToString();
    }

    private static int Tally(List<TrialResult> rows, AbVerdict verdict) => rows.Count(r => r.Verdict == verdict);

    private static double Median(IEnumerable<double> values) => RoundsEstimate.MedianOf([.. values]);

    /// <summary>The standard deviation of ln(ratio); NaN with fewer than two.</summary>
    private static double Spread(IEnumerable<double> ratios)
    {
        double[] logs = [.. ratios.Where(r => r > 0).Select(r => Math.Log(r))];
        return logs.Length < 2 ? double.NaN : SampleSummary.FromValues(logs).StdDev;
    }

    // No known change is an A/A of one build; of two commits (a layout calibration), B as it was built.
    private static string Change(CalibrationOptions options, double change) =>
        change != 0 ? "+" + (change * 100).ToString("0.##", CultureInfo.InvariantCulture) + "%" : options.Run.IsAa ? "A/A" : "as built";

    private static string Pct(double fraction) => double.IsFinite(fraction) ? (fraction * 100).ToString("0.0#", CultureInfo.InvariantCulture) + "%" : "n/a";

    private static string F(double value) => double.IsFinite(value) ? value.ToString("0.#####", CultureInfo.InvariantCulture) : "";

    /// <summary>A benchmark's name without its namespace: the class and method.</summary>
    private static string Short(string name)
    {
        string plain = name.Split('(')[0];
        string[] parts = plain.Split('.');
        return parts.Length >= 2 ? string.Join('.', parts[^2..]) + name[plain.Length..] : name;
    }

    private static double ParseChange(string text)
    {
        string number = text.Trim().TrimEnd('%');
        return double.TryParse(number, NumberStyles.Float, CultureInfo.InvariantCulture, out double percent) && percent >= 0 && percent <= 100
            ? percent / 100
            : throw new AbUsageException($"--changes '{text}' is not a percentage from 0 to 100 (e.g. --changes 0,2,5,10)");
    }

}
