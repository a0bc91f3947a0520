using System.Globalization;
using LabReport.Charts;
using LabReport.RunFiles;

namespace LabReport.Sections;

/// <summary>The prologue: Sestoft's hand-rolled harness, Mark0 to Mark8, and the note's design lessons (searches, sorts).</summary>
public sealed class HandRolledHarnessSection : PostSection
{
    // The note's binary-search ratio is at its largest size; its sorts at 10,000, which the doubling sweep brackets with 12,800.
    private const int SearchSize = 6_553_600;
    private const int SortSize = 12_800;

    // A loop whose work was deleted runs far faster than the same calls whose result is used.
    private const double DeadLoopFraction = 0.1;

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
        yield return ValueClaim(context, "multiply", Find(sweep, "multiply", null));
        yield return SizedRatio(context, "search-pseudorandom-vs-same", sweep, "binary_search_pseudorandom", "binary_search_same", SearchSize);
        yield return ValueClaim(context, "random-index", Largest(sweep, "random_index"));
        yield return ValueClaim(context, "get-pseudorandom-items", Largest(sweep, "get_pseudorandom_items"));
        yield return SizedRatio(context, "selection-vs-quicksort", sweep, "selection_sort", "quicksort", SortSize);
        yield return SizedRatio(context, "heapsort-vs-quicksort", sweep, "heapsort", "quicksort", SortSize);
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

    // The cost of fetching or generating an item does not depend on the array: the largest size is the most warmed up.
    private static BenchmarkResult? Largest(IReadOnlyList<BenchmarkResult>? sweep, string function) =>
        sweep?.Where(r => r.Method == function).MaxBy(Size);

    internal static double Size(BenchmarkResult result) => Quantity.Number(result.Parameter(MarkRuns.SizeParameter)) ?? double.NaN;

    private static ClaimRow Mark0VsMark8(SectionContext context, IReadOnlyList<MarkStep>? steps)
    {
        var claim = context.Published.Claim("mark0-vs-mark8");
        var mark0 = steps?.FirstOrDefault(s => s.Step == 0);
        var mark8 = steps?.LastOrDefault(s => s.Step == 8);
        if (mark0 is null || mark8 is null)
        {
            return Judge.Missing(claim, $"{MarkRuns.StepsFile} has no step 0 or no step 8");
        }

        // One call has no spread: the ratio is a point, judged by its value.
        return Judge.Ratio(claim, RatioEstimate.Point(mark0.MeanNs / mark8.MeanNs),
            $"{Format.Time(mark0.MeanNs)} (one call) vs {Format.Time(mark8.MeanNs)} ({mark8.Calls:N0} calls)");
    }

    private static ClaimRow DeadLoop(SectionContext context, IReadOnlyList<MarkStep>? steps)
    {
        var claim = context.Published.Claim("dead-loop");
        var mark1 = steps?.FirstOrDefault(s => s.Step == 1 && s.Calls == DeadLoopCalls);
        var mark2 = steps?.FirstOrDefault(s => s.Step == 2);
        if (mark1 is null || mark2 is null)
        {
            return Judge.Missing(claim, $"{MarkRuns.StepsFile} has no step 1 at {DeadLoopCalls:N0} calls or no step 2");
        }

        string shown = $"{Format.Time(mark1.MeanNs)} vs {Format.Time(mark2.MeanNs)} (Mark2, {mark2.Calls:N0} calls)";
        double fraction = mark1.MeanNs / mark2.MeanNs;
        string rule = $"{Format.Number(fraction * 100)}% of Mark2's time";
        return fraction < DeadLoopFraction
            ? Judge.Row(claim, shown, Verdict.Reproduced, $"{rule}: below {DeadLoopFraction * 100:0}%, the work was deleted")
            : Judge.Row(claim, shown, Verdict.NotReproduced, $"{rule}: not below {DeadLoopFraction * 100:0}%, the loop still does the work");
    }

    private static ClaimRow ValueClaim(SectionContext context, string id, BenchmarkResult? result)
    {
        var claim = context.Published.Claim(id);
        if (result is null)
        {
            return Judge.Missing(claim, $"{MarkRuns.SweepFile} has no row for it");
        }

        string at = result.Parameter(MarkRuns.SizeParameter) is { } size ? $" at size {Quantity.Number(size):N0}" : "";
        return Judge.Value(claim, result.MeanNs, $"{Format.MeanWithError(result)}{at}");
    }

    private static ClaimRow SizedRatio(SectionContext context, string id, IReadOnlyList<BenchmarkResult>? sweep, string numerator, string denominator, int size)
    {
        var n = Find(sweep, numerator, size);
        var d = Find(sweep, denominator, size);
        if (sweep is not null && (n is null || d is null))
        {
            double largest = sweep.Where(r => r.Method == numerator || r.Method == denominator).Select(Size).DefaultIfEmpty(double.NaN).Max();
            return Judge.Missing(context.Published.Claim(id), $"{MarkRuns.SweepFile} has no {numerator} and {denominator} at {size:N0} (its sweep stops at {largest:N0})");
        }

        return RatioClaim(context, id, n, d, $"{numerator} and {denominator} at {size:N0}");
    }
}
