using LabReport;
using LabReport.Charts;
using LabReport.Claims;
using LabReport.RunFiles;
using LabReport.Sections;
using OxyPlot;
using OxyPlot.Axes;

namespace StorageEngine.Benchmarks.Claims;

/// <summary>
/// The engine's chart: how close does a durable batch come to the disk's ceiling, and how far above SQLite? Inserts/s of
/// DurableBatch's rows with their intervals, against the one ceiling the claims use: DurableBatch's
/// <see cref="EngineSection.CeilingTarget"/> row, drawn with the half of it the engine's target asks for.
/// </summary>
internal static class EngineCharts
{
    // DurableBatch's rows, top to bottom; the ceiling is drawn as a line, not a row.
    private static readonly string[] Rows =
    [
        "LockTable", "StripedTable", EngineSection.Striped2Threads, EngineSection.Fresh2Threads, EngineSection.SqliteTarget,
    ];

    public static IEnumerable<ChartRef> Draw(SectionContext context)
    {
        var set = context.Benchmarks();
        BenchmarkResult? Row(string target) =>
            set.Find("DurableBatch", "InsertBatchThenSync", ("Target", target)) is { MeanNs: > 0 } r ? r : null;
        var found = Rows.Select(name => (Name: name, Result: Row(name))).Where(r => r.Result is not null).ToList();
        if (found.Count == 0)
        {
            context.Problem("engine: no DurableBatch results, so no durable-batch chart");
            yield break;
        }

        string interval = ChartStyle.IntervalLabel(found.Select(f => f.Result!));
        var model = ChartStyle.Model("Engine: durable batch inserts/s against the disk's ceiling",
            $"500K inserts + one fdatasync; bars: {interval}; the ceiling is DurableBatch's \"Disk ceiling\" row:\nthe batch's WAL bytes written sequentially, then one fdatasync, per insert");
        // Categories read top to bottom: the first row at the top.
        var labels = found.Select(f => f.Name).Reverse().ToList();
        model.Axes.Add(ChartStyle.Categories(AxisPosition.Left, labels));
        var x = ChartStyle.Log(AxisPosition.Bottom, "inserts/s (log)");
        model.Axes.Add(x);
        var points = found.Select((f, i) => (Rate: 1e9 / f.Result!.MeanNs, Y: (double)(found.Count - 1 - i), f.Result)).ToList();
        model.Series.Add(ChartStyle.Points("mean inserts/s", ChartStyle.Color(0), MarkerType.Square, points.Select(p => (p.Rate, p.Y))));
        model.Series.Add(ChartStyle.ErrorBars(interval, ChartStyle.Color(0),
            points.Where(p => p.Result!.HasInterval).Select(p => { var (lo, hi) = PostSection.RateInterval(p.Result!); return (p.Y, lo, hi); }), horizontal: true));
        if (Row(EngineSection.CeilingTarget) is { } ceiling)
        {
            double rate = 1e9 / ceiling.MeanNs;
            ChartStyle.AddReference(model, vertical: true, rate, $"disk ceiling: {Format.Rate(rate)}/s", style: 1);
            ChartStyle.AddReference(model, vertical: true, rate / 2, $"half of it: {Format.Rate(rate / 2)}/s,\nthe 2-thread target", style: 0);
            // The lines are annotations, which do not widen the axis: the ceiling must stay on the chart.
            x.Maximum = Math.Max(rate, points.Max(p => PostSection.RateInterval(p.Result!).High is var h && double.IsFinite(h) ? h : p.Rate)) * 1.3;
        }
        else
        {
            context.Problem($"engine chart: no DurableBatch \"{EngineSection.CeilingTarget}\" row, so no ceiling is drawn");
        }

        yield return new ChartRef(context.Charts.Save(model, "engine-durable-batch.svg"),
            "Durable batch inserts/s (log) of LockTable, StripedTable and SQLite against the disk's ceiling (DurableBatch's \"Disk ceiling\" row) and half of it, the engine's target");
    }
}
