using LabReport;
using LabReport.Charts;
using LabReport.Claims;
using LabReport.RunFiles;
using LabReport.Sections;
using OxyPlot;
using OxyPlot.Axes;

namespace HandRolledHarness.Claims;

/// <summary>
/// The prologue's charts: which Mark step first gives a time per call to trust (multiply, Mark0 to Mark8)? How does each
/// sort's time per element grow with the array? What does each binary-search design measure, next to the cost of
/// fetching or generating an item alone?
/// </summary>
internal static class HandRolledHarnessCharts
{
    // Points drawn at zero (a deleted loop prints 0.0 ns) sit at this floor of the log axis; bars stop at a tenth of their mean.
    private const double FloorNs = 0.01;
    private const double BarFloorFraction = 0.1;

    private static readonly string[] Searches = ["binary_search_same", "binary_search_pseudorandom", "binary_search_generated"];
    private static readonly string[] ItemCosts = ["get_pseudorandom_items", "random_index"];
    private static readonly string[] Sorts = ["selection_sort", "quicksort", "heapsort"];

    public static IEnumerable<ChartRef> Draw(SectionContext context)
    {
        if (HandRolledHarnessSection.Steps(context) is { Count: > 0 } steps)
        {
            yield return StepsChart(context, steps);
        }

        var sweep = HandRolledHarnessSection.Sweep(context);
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

    private static ChartRef StepsChart(SectionContext context, IReadOnlyList<MarkStep> steps)
    {
        steps = MarkRuns.Medians(steps);
        var labels = steps.Select(s => steps.Count(o => o.Step == s.Step) > 1 ? $"Mark{s.Step}\n{ChartStyle.AxisLabel(s.Calls)} calls" : $"Mark{s.Step}").ToList();
        var model = ChartStyle.Model("Prologue: multiply, Mark0 to Mark8",
            $"mean ns per call, ± sdev bars where the step prints one; 0.0 ns drawn at {FloorNs} ns");
        model.IsLegendVisible = false;
        model.Axes.Add(ChartStyle.Categories(AxisPosition.Bottom, labels, "step"));
        model.Axes.Add(ChartStyle.Log(AxisPosition.Left, "ns per call (log)"));
        var points = steps.Select((s, i) => ((double)i, Math.Max(s.MeanNs, FloorNs))).ToList();
        model.Series.Add(ChartStyle.Points("mean", ChartStyle.Color(0), MarkerType.Circle, points));
        model.Series.Add(ChartStyle.ErrorBars("± sdev", ChartStyle.Color(0),
            steps.Select((s, i) => Bar(i, s.MeanNs, s.MeanNs - s.SdevNs, s.MeanNs + s.SdevNs))));
        return new ChartRef(context.Charts.Save(model, "prologue-mark-steps.svg"),
            "multiply per Mark step (ns per call, log), with ± sdev bars: Mark0's one call, Mark1's deleted loop, then the harness settling");
    }

    private static ChartRef? SortsChart(SectionContext context, IReadOnlyList<BenchmarkResult> sweep)
    {
        var model = ChartStyle.Model("Prologue: sort time per element by array size", "Mark8Setup on shuffled arrays; ± sdev bars over the sweep's timed loops");
        model.Axes.Add(ChartStyle.Log(AxisPosition.Bottom, "array size (log)"));
        model.Axes.Add(ChartStyle.Log(AxisPosition.Left, "ns per element (log)"));
        int drawn = SizedSeries(model, sweep, Sorts, perElement: true);
        if (drawn == 0)
        {
            context.Problem($"hand-rolled-harness: {MarkRuns.SweepFile} has no sort rows, so no sort chart");
            return null;
        }

        return new ChartRef(context.Charts.Save(model, "prologue-sorts.svg"),
            "Selection sort, quicksort and heapsort: time per element vs array size (both log), with ± sdev bars");
    }

    private static ChartRef? SearchChart(SectionContext context, IReadOnlyList<BenchmarkResult> sweep)
    {
        var model = ChartStyle.Model("Prologue: binary search by array size, three designs",
            "solid: the searches; dashed: the cost of fetching or generating an item alone; ± sdev bars");
        model.Axes.Add(ChartStyle.Log(AxisPosition.Bottom, "array size (log)"));
        model.Axes.Add(ChartStyle.Log(AxisPosition.Left, "ns per search (log)"));
        int drawn = SizedSeries(model, sweep, Searches, perElement: false);
        if (drawn == 0)
        {
            context.Problem($"hand-rolled-harness: {MarkRuns.SweepFile} has no binary-search rows, so no binary-search chart");
            return null;
        }

        SizedSeries(model, sweep, ItemCosts, perElement: false, firstColour: Searches.Length, LineStyle.Dash);
        return new ChartRef(context.Charts.Save(model, "prologue-binary-search.svg"),
            "Binary search on the same item, on pre-generated pseudorandom items and on an item generated in the loop (ns, log) vs array size (log)");
    }

    // One line and one ± sdev bar series per function found (the spread of the timed loops, as Mark8 prints it); returns how many were drawn.
    private static int SizedSeries(PlotModel model, IReadOnlyList<BenchmarkResult> sweep, string[] functions, bool perElement,
        int firstColour = 0, LineStyle style = LineStyle.Solid)
    {
        int drawn = 0;
        for (int f = 0; f < functions.Length; f++)
        {
            var rows = sweep.Where(r => r.Method == functions[f] && HandRolledHarnessSection.Size(r) > 0 && r.MeanNs > 0).OrderBy(HandRolledHarnessSection.Size).ToList();
            if (rows.Count == 0)
            {
                continue;
            }

            double Size(BenchmarkResult r) => HandRolledHarnessSection.Size(r);
            double Scale(BenchmarkResult r) => perElement ? Size(r) : 1;
            var colour = ChartStyle.Color(firstColour + f);
            model.Series.Add(ChartStyle.Line(functions[f], colour, MarkerType.Circle, rows.Select(r => (Size(r), r.MeanNs / Scale(r))), style));
            model.Series.Add(ChartStyle.ErrorBars($"{functions[f]} sdev", colour,
                rows.Select(r => Bar(Size(r), r.MeanNs / Scale(r), (r.MeanNs - r.StdDevNs) / Scale(r), (r.MeanNs + r.StdDevNs) / Scale(r)))));
            drawn++;
        }

        return drawn;
    }

    // A bar on a log axis: its low end kept above zero so the axis stays on the data.
    private static (double X, double Low, double High) Bar(double x, double mean, double low, double high) =>
        (x, Math.Max(low, Math.Max(mean, FloorNs) * BarFloorFraction), Math.Max(high, FloorNs));
}
