using System.Globalization;
using System.Text.RegularExpressions;
using LabReport;
using LabReport.Charts;
using LabReport.Claims;
using LabReport.RunFiles;
using LabReport.Sections;
using LabRounds;

namespace HandRolledHarness.Claims;

/// <summary>The prologue: Sestoft's hand-rolled harness, Mark0 to Mark8, and the note's design lessons (searches, sorts).</summary>
public sealed partial class HandRolledHarnessSection : PostSection
{
    // The note's binary-search ratio is at its largest size, random_index at 1,638,400; its sorts at 10,000, which the
    // doubling sweep brackets with 12,800 (the n² sort's ratio carried there by n / ln n), its quicksort table from 100.
    private const int SearchSize = 6_553_600;
    private const int RandomIndexSize = 1_638_400;
    private const int SortSize = 12_800;
    private const int SmallestSortSize = 100;

    // The note's Mark1 collapse: 100,000,000 calls; its first, still "implausibly low" Mark1: 1,000,000 calls.
    private const long DeadLoopCalls = 100_000_000;
    private const long Mark1FirstCalls = 1_000_000;

    // The note's "quite reliable" Mark7 functions: all of the math group but multiply, which it sets apart.
    private const string MathGroup = "math";
    private const string SortGroup = "sort";

    /// <inheritdoc />
    public override string Post => "hand-rolled-harness";

    /// <inheritdoc />
    protected override IEnumerable<ClaimRow> Claims(SectionContext context)
    {
        var steps = Steps(context);
        var sweep = Sweep(context);
        // Not judged (the note has no BenchmarkDotNet), linked for the reader when the profile ran it (not quick).
        string comparison = Path.Combine(context.PostFolder, "comparison.md");
        if (File.Exists(comparison))
        {
            context.Read(comparison);
        }
        yield return Mark0VsMark8(context, steps);
        yield return DeadLoop(context, steps);
        yield return Mark1Low(context, steps);
        yield return Mark3Spread(context);
        yield return StepSpread(context, "mark4-cv", steps, 4);
        yield return StepRatio(context, "mark5-converges", Lines(steps, 5), Lines(steps, 4), "step 5 or step 4", (n, d) => $"{Format.Time(n)} (Mark5's last count) vs {Format.Time(d)} (Mark4)");
        yield return StepRatio(context, "mark6-delegate-free", Lines(steps, 6), Lines(steps, 5), "step 6 or step 5", (n, d) => $"{Format.Time(n)} (Mark6) vs {Format.Time(d)} (Mark5)");
        yield return Multiply(context, Find(sweep, "multiply", null));
        yield return LargestSpread(context, "math-cv", sweep?.Where(r => r.Column("group") == MathGroup && r.Method != "multiply").ToList(), "Mark7 function but multiply");
        yield return SweepRatio(context, "search-same-dip-100", sweep, ("binary_search_same", 200), ("binary_search_same", 100));
        yield return StepsAgree(context, steps);
        yield return SweepRatio(context, "search-pseudorandom-vs-same", sweep, ("binary_search_pseudorandom", SearchSize), ("binary_search_same", SearchSize));
        yield return SweepRatio(context, "random-index", sweep, ("random_index", RandomIndexSize), ("binary_search_same", RandomIndexSize));
        yield return ConstantItemCost(context, sweep);
        yield return SweepRatio(context, "item-fetch-negligible", sweep, ("get_pseudorandom_items", SearchSize), ("binary_search_pseudorandom", SearchSize));
        yield return SweepRatio(context, "selection-vs-quicksort", sweep, ("selection_sort", SortSize), ("quicksort", SortSize));
        yield return SweepRatio(context, "heapsort-vs-quicksort", sweep, ("heapsort", SortSize), ("quicksort", SortSize));
        yield return SweepRatio(context, "quicksort-scaling", sweep, ("quicksort", SortSize), ("quicksort", SmallestSortSize));
        yield return LargestSpread(context, "sort-sd-under-3pct", sweep?.Where(r => r.Column("group") == SortGroup).ToList(), "sort");
    }

    /// <inheritdoc />
    protected override IEnumerable<ChartRef> Charts(SectionContext context) => HandRolledHarnessCharts.Draw(context);

    internal static IReadOnlyList<MarkStep>? Steps(SectionContext context) =>
        context.File(MarkRuns.StepsFile) is { } path ? Read(context, () => MarkRuns.Steps(path)) : null;

    internal static IReadOnlyList<BenchmarkResult>? Sweep(SectionContext context)
    {
        string? path = context.File(MarkRuns.SweepFile);
        if (path is null)
        {
            return null;
        }

        int? repeats = context.File(MarkRuns.CommandFile) is { } commands ? MarkRuns.SweepRepeats(commands) : null;
        if (repeats is null)
        {
            context.Problem($"{context.Run.Relative(path)}: command.txt does not give the sweep's --repeats, so its means have no interval");
        }

        // With rounds, every round of the sweep (mark8-rounds.csv); mark8.csv then holds their medians.
        if (File.Exists(Path.Combine(context.PostFolder, MarkRuns.SweepRoundsFile)))
        {
            context.File(MarkRuns.SweepRoundsFile);
        }

        return Read(context, () => MarkRuns.SweepOf(context.PostFolder, repeats));
    }

    private static T? Read<T>(SectionContext context, Func<T> read)
        where T : class
    {
        try
        {
            return read();
        }
        catch (Exception e) when (e is InvalidDataException or IOException or UnauthorizedAccessException)
        {
            context.Problem(e.Message);
            return null;
        }
    }

    private static BenchmarkResult? Find(IReadOnlyList<BenchmarkResult>? sweep, string function, int? size) =>
        sweep?.FirstOrDefault(r => r.Method == function && r.Parameter(MarkRuns.SizeParameter) == size?.ToString(CultureInfo.InvariantCulture));

    internal static double Size(BenchmarkResult result) => Quantity.Number(result.Parameter(MarkRuns.SizeParameter)) ?? double.NaN;

    // Mark0's one call over Mark8's time per call: per round when the steps ran in rounds, else one point.
    private static ClaimRow Mark0VsMark8(SectionContext context, IReadOnlyList<MarkStep>? steps) =>
        StepRatio(context, "mark0-vs-mark8", Lines(steps, 0), Lines(steps, 8), "step 0 or step 8",
            (n, d) => $"{Format.Time(n)} (one call) vs {Format.Time(d)} per call (Mark8)");

    // The harness's last step against its first usable one, per call.
    private static ClaimRow StepsAgree(SectionContext context, IReadOnlyList<MarkStep>? steps) =>
        StepRatio(context, "mark8-vs-mark2", Lines(steps, 8), Lines(steps, 2), "step 8 or step 2", (n, d) => $"{Format.Time(n)} vs {Format.Time(d)}");

    private static ClaimRow StepRatio(SectionContext context, string id, IReadOnlyList<MarkStep> numerator, IReadOnlyList<MarkStep> denominator,
        string missing, Func<double, double, string> detail)
    {
        var claim = context.Published.Claim(id);
        if (numerator.Count == 0 || denominator.Count == 0)
        {
            return Judge.Missing(claim, $"{MarkRuns.StepsFile} has no {missing}");
        }

        RatioEstimate ratio = numerator.All(l => l.Round > 0) && denominator.All(l => l.Round > 0)
            ? RatioEstimate.FromRounds(RoundsEstimate.FromRatios([.. numerator.Join(denominator, n => n.Round, d => d.Round, (n, d) => new RoundRatio(n.Round, n.MeanNs / d.MeanNs))]))
            : RatioEstimate.Once(Time(numerator).Value / Time(denominator).Value);
        return Judge.Estimate(claim, ratio, $"{Interval.Ratio(ratio)} — {detail(Time(numerator).Value, Time(denominator).Value)}");
    }

    // A step's lines: one per round when it ran in rounds, else its last line (Mark8 prints its result last).
    private static IReadOnlyList<MarkStep> Lines(IReadOnlyList<MarkStep>? steps, int step, long? calls = null)
    {
        var lines = steps?.Where(s => s.Step == step && (calls is null || s.Calls == calls)).ToList() ?? [];
        var rounds = lines.Where(s => s.Round > 0).ToList();
        return rounds.Count > 0 ? rounds : lines.Count > 0 ? [lines[^1]] : [];
    }

    // A step's time per call: the median of its rounds with their 95% interval, or its one line as a point.
    private static RatioEstimate Time(IReadOnlyList<MarkStep> lines) => lines.Count == 1 && lines[0].Round == 0
        ? RatioEstimate.Once(lines[0].MeanNs)
        : RatioEstimate.FromRounds(RoundsEstimate.FromRatios([.. lines.Select(l => new RoundRatio(l.Round, l.MeanNs))]));

    // The calls are gone when a call costs less than its 20 multiplications can take on any core (the claim's bound).
    private static ClaimRow DeadLoop(SectionContext context, IReadOnlyList<MarkStep>? steps)
    {
        var claim = context.Published.Claim("dead-loop");
        var mark1 = Lines(steps, 1, DeadLoopCalls);
        var mark2 = Lines(steps, 2);
        if (mark1.Count == 0 || mark2.Count == 0)
        {
            return Judge.Missing(claim, $"{MarkRuns.StepsFile} has no step 1 at {DeadLoopCalls:N0} calls or no step 2");
        }

        var time = Time(mark1);
        return Judge.Estimate(claim, time, $"{Interval.Text(time, Format.Time)} per call (Mark2, the result used: {Format.Time(Time(mark2).Value)})", Nanoseconds);
    }

    // Mark1 at the note's first count, result unused, over Mark2 with it used: Mark1 at 1,000,000 calls runs once.
    private static ClaimRow Mark1Low(SectionContext context, IReadOnlyList<MarkStep>? steps) =>
        StepRatio(context, "mark1-1m-low", Lines(steps, 1, Mark1FirstCalls), Lines(steps, 2), $"step 1 at {Mark1FirstCalls:N0} calls or step 2",
            (n, d) => $"{Format.Time(n)} (Mark1, result unused) vs {Format.Time(d)} (Mark2, result used) per call");

    // Every step's printed output (mark-steps.csv keeps Mark3's mean only; its ten runs are printed here).
    private const string StepsText = "mark-steps.txt";

    // Mark3's ten runs as it printed them (its last run in the file): the slowest over the fastest, less 1.
    private static ClaimRow Mark3Spread(SectionContext context)
    {
        var claim = context.Published.Claim("mark3-spread");
        var runs = context.OptionalFile(StepsText) is { } path ? PrintedRuns(path, 3) : [];
        if (runs.Count < 2)
        {
            return Judge.Missing(claim, $"the run has no {StepsText} with Mark3's runs");
        }

        double spread = runs.Max() / runs.Min() - 1;
        return Judge.Estimate(claim, RatioEstimate.Once(spread),
            $"{Format.Percent(spread)} ({runs.Count} runs, {Format.Time(runs.Min())}–{Format.Time(runs.Max())}, {StepsText})", Format.Percent);
    }

    // The "  30.7 ns" lines of the last output of `mark <step>` in mark-steps.txt (each output follows its "$ dotnet run … mark N" line).
    private static List<double> PrintedRuns(string path, int step)
    {
        List<double> last = [];
        List<double>? current = null;
        foreach (string line in File.ReadLines(path))
        {
            if (line.StartsWith('$'))
            {
                current = CommandPattern().Match(line) is { Success: true } m && m.Groups["step"].Value == step.ToString(CultureInfo.InvariantCulture) ? [] : null;
                if (current is not null)
                {
                    last = current;
                }
            }
            else if (current is not null && RunLinePattern().Match(line) is { Success: true } run)
            {
                current.Add(double.Parse(run.Groups["ns"].Value, CultureInfo.InvariantCulture));
            }
        }

        return last;
    }

    [GeneratedRegex(@"-- mark (?<step>\d+)(\s|$)")]
    private static partial Regex CommandPattern();

    [GeneratedRegex(@"^\s*(?<ns>\d+(\.\d+)?) ns\s*$")]
    private static partial Regex RunLinePattern();

    // A step's standard deviation over its mean, per round when it ran in rounds, else its one line.
    private static ClaimRow StepSpread(SectionContext context, string id, IReadOnlyList<MarkStep>? steps, int step)
    {
        var claim = context.Published.Claim(id);
        var lines = Lines(steps, step).Where(l => double.IsFinite(l.SdevNs)).ToList();
        if (lines.Count == 0)
        {
            return Judge.Missing(claim, $"{MarkRuns.StepsFile} has no step {step} with a standard deviation");
        }

        var spread = lines.Count == 1 && lines[0].Round == 0
            ? RatioEstimate.Once(lines[0].SdevNs / lines[0].MeanNs)
            : RatioEstimate.FromRounds(RoundsEstimate.FromRatios([.. lines.Select(l => new RoundRatio(l.Round, l.SdevNs / l.MeanNs))]));
        return Judge.Estimate(claim, spread, $"{Interval.Text(spread, Format.Percent)} of the mean (Mark{step}: {Format.Time(lines[^1].MeanNs)} ± {Format.Time(lines[^1].SdevNs)})", Format.Percent);
    }

    // The largest standard deviation over its mean among the sweep's rows: per round when the sweep ran in rounds (each
    // round is one run of the harness), else of its one run, a point.
    private static ClaimRow LargestSpread(SectionContext context, string id, IReadOnlyList<BenchmarkResult>? rows, string what)
    {
        var claim = context.Published.Claim(id);
        if (rows is not { Count: > 0 })
        {
            return Judge.Missing(claim, $"{MarkRuns.SweepFile} has no {what} row");
        }

        static double Spread(BenchmarkResult r) => r.StdDevNs / r.MeanNs;
        // Each measured row: a round's, or the one run's (a result from rounds has no standard deviation of its own).
        var measured = rows.SelectMany(r => r.RoundResults ?? [r]).Where(r => double.IsFinite(Spread(r))).ToList();
        if (measured.Count == 0)
        {
            return Judge.Missing(claim, $"{MarkRuns.SweepFile}'s {what} rows have no standard deviation");
        }

        var rounds = measured.Where(r => r.Round > 0).GroupBy(r => r.Round).Select(g => new RoundRatio(g.Key, g.Max(Spread))).ToList();
        var spread = rounds.Count > 0 ? RatioEstimate.FromRounds(RoundsEstimate.FromRatios(rounds)) : RatioEstimate.Point(measured.Max(Spread));
        var widest = measured.MaxBy(Spread)!;
        string size = widest.Parameter(MarkRuns.SizeParameter) is { Length: > 0 } ? $" at {Size(widest):N0}" : "";
        string round = widest.Round > 0 ? $", round {widest.Round}" : "";
        return Judge.Estimate(claim, spread, $"{Interval.Text(spread, Format.Percent)} of the mean, the largest of {rows.Count} rows " +
            $"(widest: {widest.Method}{size}{round}, {Format.Time(widest.StdDevNs)} of {Format.Time(widest.MeanNs)})", Format.Percent);
    }

    private static ClaimRow Multiply(SectionContext context, BenchmarkResult? result)
    {
        var claim = context.Published.Claim("multiply");
        return result is null
            ? Judge.Missing(claim, $"{MarkRuns.SweepFile} has no row for it")
            : Judge.Info(claim, Format.MeanWithError(result), "an absolute time of the note's laptop and JVM: shown, not judged (the ratios around it carry across machines)");
    }

    // "Completely constant over very different items array sizes": the largest size's cost over the smallest's.
    private static ClaimRow ConstantItemCost(SectionContext context, IReadOnlyList<BenchmarkResult>? sweep)
    {
        const string Function = "get_pseudorandom_items";
        var rows = sweep?.Where(r => r.Method == Function && Size(r) > 0).OrderBy(Size).ToList();
        if (rows is not { Count: >= 2 })
        {
            return Judge.Missing(context.Published.Claim("get-pseudorandom-items"), $"{MarkRuns.SweepFile} has {Function} at fewer than two sizes");
        }

        return SizedRatio(context, "get-pseudorandom-items", rows[^1], rows[0]);
    }

    private static ClaimRow SweepRatio(SectionContext context, string id, IReadOnlyList<BenchmarkResult>? sweep, (string Function, int Size) numerator,
        (string Function, int Size) denominator)
    {
        var n = Find(sweep, numerator.Function, numerator.Size);
        var d = Find(sweep, denominator.Function, denominator.Size);
        if (sweep is not null && (n is null || d is null))
        {
            double largest = sweep.Where(r => r.Method == numerator.Function || r.Method == denominator.Function).Select(Size).DefaultIfEmpty(double.NaN).Max();
            return Judge.Missing(context.Published.Claim(id), $"{MarkRuns.SweepFile} has no {numerator.Function} at {numerator.Size:N0} and " +
                $"{denominator.Function} at {denominator.Size:N0} (its sweep stops at {largest:N0})");
        }

        return n is null || d is null
            ? Judge.Missing(context.Published.Claim(id), $"{MarkRuns.SweepFile}: not in the run")
            : SizedRatio(context, id, n, d);
    }

    private static ClaimRow SizedRatio(SectionContext context, string id, BenchmarkResult numerator, BenchmarkResult denominator)
    {
        string At(BenchmarkResult r) => $"{r.Method} at {Size(r):N0}";
        var row = RatioClaim(context, id, numerator, denominator, $"{At(numerator)} and {At(denominator)}");
        return row with { Measured = $"{row.Measured} ({At(numerator)} / {At(denominator)})" };
    }

    private static string Nanoseconds(double ns) => $"{Format.Number(ns)} ns";
}
