using System.Globalization;
using LabReport.Charts;
using LabReport.RunFiles;
using OxyPlot;
using OxyPlot.Axes;

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

    // Points drawn at zero (a deleted loop prints 0.0 ns) sit at this floor of the log axis; bars stop at a tenth of their mean.
    private const double FloorNs = 0.01;
    private const double BarFloorFraction = 0.1;

    private static readonly string[] Searches = ["binary_search_same", "binary_search_pseudorandom", "binary_search_generated"];
    private static readonly string[] ItemCosts = ["get_pseudorandom_items", "random_index"];
    private static readonly string[] Sorts = ["selection_sort", "quicksort", "heapsort"];

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
    protected override IEnumerable<ChartRef> Charts(SectionContext context)
    {
        if (Steps(context) is { Count: > 0 } steps)
        {
            yield return StepsChart(context, steps);
        }

        var sweep = Sweep(context);
        if (sweep is null)
        {
            yield break;
        }

        if (SortsChart(context, sweep) is { } sorts)
        {
            yield return sorts;
        }

        if (SearchChart(context, sweep) is { } searches)
        {
            yield return searches;
        }
    }

    private static IReadOnlyList<MarkStep>? Steps(SectionContext context) =>
        context.File(MarkRuns.StepsFile) is { } path ? Read(context, () => MarkRuns.Steps(path)) : null;

    private static IReadOnlyList<BenchmarkResult>? Sweep(SectionContext context)
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

    private static double Size(BenchmarkResult result) => Quantity.Number(result.Parameter(MarkRuns.SizeParameter)) ?? double.NaN;

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

    private static ChartRef StepsChart(SectionContext context, IReadOnlyList<MarkStep> steps)
    {
        steps = MarkRuns.Medians(steps);
        var labels = steps.Select(s => steps.Count(o => o.Step == s.Step) > 1 ? $"Mark{s.Step} {ChartFile.AxisLabel(s.Calls)}" : $"Mark{s.Step}").ToList();
        var model = ChartFile.Model("Prologue: multiply, Mark0 to Mark8", $"mean ns per call, ± sdev bars where the step prints one; 0.0 ns drawn at {FloorNs} ns",
            OxyPlot.Legends.LegendPosition.TopRight);
        model.Axes.Add(ChartFile.Categories(AxisPosition.Bottom, labels, "step"));
        model.Axes.Add(ChartFile.Log(AxisPosition.Left, "ns per call (log)"));
        var points = steps.Select((s, i) => ((double)i, Math.Max(s.MeanNs, FloorNs))).ToList();
        model.Series.Add(ChartFile.Points("mean", ChartFile.Color(0), MarkerType.Circle, points));
        model.Series.Add(ChartFile.ErrorBars("± sdev", ChartFile.Color(0),
            steps.Select((s, i) => Bar(i, s.MeanNs, s.MeanNs - s.SdevNs, s.MeanNs + s.SdevNs))));
        return new ChartRef(ChartFile.Save(model, context.ChartDirectory, "prologue-mark-steps.svg"),
            "multiply per Mark step (ns per call, log), with ± sdev bars: Mark0's one call, Mark1's deleted loop, then the harness settling");
    }

    private static ChartRef? SortsChart(SectionContext context, IReadOnlyList<BenchmarkResult> sweep)
    {
        var model = ChartFile.Model("Prologue: sort time per element by array size", "Mark8Setup on shuffled arrays; ± sdev bars over the sweep's timed loops",
            OxyPlot.Legends.LegendPosition.TopRight);
        model.Axes.Add(ChartFile.Log(AxisPosition.Bottom, "array size (log)"));
        model.Axes.Add(ChartFile.Log(AxisPosition.Left, "ns per element (log)"));
        int drawn = SizedSeries(model, sweep, Sorts, perElement: true);
        if (drawn == 0)
        {
            context.Problem($"hand-rolled-harness: {MarkRuns.SweepFile} has no sort rows, so no sort chart");
            return null;
        }

        return new ChartRef(ChartFile.Save(model, context.ChartDirectory, "prologue-sorts.svg"),
            "Selection sort, quicksort and heapsort: time per element vs array size (both log), with ± sdev bars");
    }

    private static ChartRef? SearchChart(SectionContext context, IReadOnlyList<BenchmarkResult> sweep)
    {
        var model = ChartFile.Model("Prologue: binary search by array size, three designs",
            "solid: the searches; dashed: the cost of fetching or generating an item alone; ± sdev bars");
        model.Axes.Add(ChartFile.Log(AxisPosition.Bottom, "array size (log)"));
        model.Axes.Add(ChartFile.Log(AxisPosition.Left, "ns per search (log)"));
        int drawn = SizedSeries(model, sweep, Searches, perElement: false);
        if (drawn == 0)
        {
            context.Problem($"hand-rolled-harness: {MarkRuns.SweepFile} has no binary-search rows, so no binary-search chart");
            return null;
        }

        SizedSeries(model, sweep, ItemCosts, perElement: false, firstColour: Searches.Length, LineStyle.Dash);
        return new ChartRef(ChartFile.Save(model, context.ChartDirectory, "prologue-binary-search.svg"),
            "Binary search on the same item, on pre-generated pseudorandom items and on an item generated in the loop (ns, log) vs array size (log)");
    }

    // One line and one ± sdev bar series per function found (the spread of the timed loops, as Mark8 prints it); returns how many were drawn.
    private static int SizedSeries(PlotModel model, IReadOnlyList<BenchmarkResult> sweep, string[] functions, bool perElement,
        int firstColour = 0, LineStyle style = LineStyle.Solid)
    {
        int drawn = 0;
        for (int f = 0; f < functions.Length; f++)
        {
            var rows = sweep.Where(r => r.Method == functions[f] && Size(r) > 0 && r.MeanNs > 0).OrderBy(Size).ToList();
            if (rows.Count == 0)
            {
                continue;
            }

            double Scale(BenchmarkResult r) => perElement ? Size(r) : 1;
            var colour = ChartFile.Color(firstColour + f);
            model.Series.Add(ChartFile.Line(functions[f], colour, MarkerType.Circle, rows.Select(r => (Size(r), r.MeanNs / Scale(r))), style));
            model.Series.Add(ChartFile.ErrorBars($"{functions[f]} sdev", colour,
                rows.Select(r => Bar(Size(r), r.MeanNs / Scale(r), (r.MeanNs - r.StdDevNs) / Scale(r), (r.MeanNs + r.StdDevNs) / Scale(r)))));
            drawn++;
        }

        return drawn;
    }

    // A bar on a log axis: its low end kept above zero so the axis stays on the data.
    private static (double X, double Low, double High) Bar(double x, double mean, double low, double high) =>
        (x, Math.Max(low, Math.Max(mean, FloorNs) * BarFloorFraction), Math.Max(high, FloorNs));
}
