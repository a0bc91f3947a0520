using System.Globalization;
using LabReport.Charts;
using LabReport.Claims;
using LabReport.RunFiles;

namespace LabReport.Sections;

/// <summary>The prologue: Sestoft's hand-rolled harness, Mark0 to Mark8, and the note's design lessons (searches, sorts).</summary>
public sealed class HandRolledHarnessSection : PostSection
{
    // The note's binary-search ratio is at its largest size, random_index at 1,638,400; its sorts at 10,000, which the
    // doubling sweep brackets with 12,800 (the n² sort's ratio carried there by n / ln n), its quicksort table from 100.
    private const int SearchSize = 6_553_600;
    private const int RandomIndexSize = 1_638_400;
    private const int SortSize = 12_800;
    private const int SmallestSortSize = 100;

    // The note's Mark1 collapse: 100,000,000 calls.
    private const long DeadLoopCalls = 100_000_000;

    /// <inheritdoc />
    public override string Post => "hand-rolled-harness";

    /// <inheritdoc />
    protected override IEnumerable<ClaimRow> Claims(SectionContext context)
    {
        var steps = Steps(context);
        var sweep = Sweep(context);
        context.File("comparison.md"); // not judged (the note has no BenchmarkDotNet), linked for the reader
        yield return Mark0VsMark8(context, steps);
        yield return DeadLoop(context, steps);
        yield return Multiply(context, Find(sweep, "multiply", null));
        yield return StepsAgree(context, steps);
        yield return SweepRatio(context, "search-pseudorandom-vs-same", sweep, ("binary_search_pseudorandom", SearchSize), ("binary_search_same", SearchSize));
        yield return SweepRatio(context, "random-index", sweep, ("random_index", RandomIndexSize), ("binary_search_same", RandomIndexSize));
        yield return ConstantItemCost(context, sweep);
        yield return SweepRatio(context, "selection-vs-quicksort", sweep, ("selection_sort", SortSize), ("quicksort", SortSize));
        yield return SweepRatio(context, "heapsort-vs-quicksort", sweep, ("heapsort", SortSize), ("quicksort", SortSize));
        yield return SweepRatio(context, "quicksort-scaling", sweep, ("quicksort", SortSize), ("quicksort", SmallestSortSize));
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

    // One call has no spread: the ratio is a point, judged by its value.
    private static ClaimRow Mark0VsMark8(SectionContext context, IReadOnlyList<MarkStep>? steps) =>
        StepRatio(context, "mark0-vs-mark8", steps, 0, 8, (n, d) => $"{Format.Time(n.MeanNs)} (one call) vs {Format.Time(d.MeanNs)} ({d.Calls:N0} calls)");

    // The harness's last step against its first usable one, per call: one number each.
    private static ClaimRow StepsAgree(SectionContext context, IReadOnlyList<MarkStep>? steps) =>
        StepRatio(context, "mark8-vs-mark2", steps, 8, 2, (n, d) => $"{Format.Time(n.MeanNs)} vs {Format.Time(d.MeanNs)}");

    // Two Mark steps' times per call (the last line of step 8, the first of the others): a point ratio.
    private static ClaimRow StepRatio(SectionContext context, string id, IReadOnlyList<MarkStep>? steps, int numerator, int denominator,
        Func<MarkStep, MarkStep, string> detail)
    {
        var claim = context.Published.Claim(id);
        MarkStep? Step(int step) => step == 8 ? steps?.LastOrDefault(s => s.Step == step) : steps?.FirstOrDefault(s => s.Step == step);
        if (Step(numerator) is not { } n || Step(denominator) is not { } d)
        {
            return Judge.Missing(claim, $"{MarkRuns.StepsFile} has no step {numerator} or no step {denominator}");
        }

        var ratio = RatioEstimate.Point(n.MeanNs / d.MeanNs);
        return Judge.Estimate(claim, ratio, $"{Interval.Ratio(ratio)} — {detail(n, d)}");
    }

    // The calls are gone when a call costs less than its 20 multiplications can take on any core (the claim's bound).
    private static ClaimRow DeadLoop(SectionContext context, IReadOnlyList<MarkStep>? steps)
    {
        var claim = context.Published.Claim("dead-loop");
        var mark1 = steps?.FirstOrDefault(s => s.Step == 1 && s.Calls == DeadLoopCalls);
        var mark2 = steps?.FirstOrDefault(s => s.Step == 2);
        if (mark1 is null || mark2 is null)
        {
            return Judge.Missing(claim, $"{MarkRuns.StepsFile} has no step 1 at {DeadLoopCalls:N0} calls or no step 2");
        }

        return Judge.Estimate(claim, RatioEstimate.Point(mark1.MeanNs),
            $"{Format.Time(mark1.MeanNs)} per call (no interval; Mark2, the result used: {Format.Time(mark2.MeanNs)})", Nanoseconds);
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
