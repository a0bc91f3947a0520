using LabReport.Charts;
using LabReport.RunFiles;
using LabStatistics;
using OxyPlot;
using OxyPlot.Axes;
using OxyPlot.Series;

namespace LabReport.Sections;

/// <summary>Post 4: confidence intervals, effect size, micro vs macro — on the raw iterations of the annotated JSON reports.</summary>
public sealed class StatisticsSection : PostSection
{
    private const string FiveIterations = "five-iterations";

    /// <inheritdoc />
    public override string Post => "statistics-that-matter";

    /// <inheritdoc />
    protected override IEnumerable<ClaimRow> Claims(SectionContext context)
    {
        var full = context.Benchmarks();
        var five = context.Benchmarks(FiveIterations);
        yield return Pair(context, "L1-5", five.Find("NoisyComparison", "FilterTernary"), five.Find("NoisyComparison", "FilterBranch"),
            $"{FiveIterations}/ NoisyComparison FilterTernary and FilterBranch");
        yield return Pair(context, "L1-20", full.Find("NoisyComparison", "FilterTernary"), full.Find("NoisyComparison", "FilterBranch"),
            "NoisyComparison FilterTernary and FilterBranch");
        yield return Pair(context, "L2-small", full.Find("EffectSizeDemo", "SumSpan"), full.Find("EffectSizeDemo", "SumArray"), "EffectSizeDemo SumSpan and SumArray");
        yield return Pair(context, "L2-large", full.Find("EffectSizeDemo", "SearchBinary"), full.Find("EffectSizeDemo", "SearchLinear"),
            "EffectSizeDemo SearchBinary and SearchLinear");
        yield return Pair(context, "L3-micro", full.Find("MicroVsMacro", "LookupDictionary"), full.Find("MicroVsMacro", "LookupLinear"),
            "MicroVsMacro LookupDictionary and LookupLinear");
        yield return Pair(context, "L3-macro", full.Find("MicroVsMacro", "PipelineDictionary"), full.Find("MicroVsMacro", "PipelineLinear"),
            "MicroVsMacro PipelineDictionary and PipelineLinear");
        yield return Amdahl(context, full);
    }

    /// <inheritdoc />
    protected override IEnumerable<ChartRef> Charts(SectionContext context)
    {
        var full = context.Benchmarks();
        var five = context.Benchmarks(FiveIterations);
        var samples = new (string Label, BenchmarkResult? Result)[]
        {
            ("Branch, 5 it.", five.Find("NoisyComparison", "FilterBranch")),
            ("Ternary, 5 it.", five.Find("NoisyComparison", "FilterTernary")),
            ("Branch, 20 it.", full.Find("NoisyComparison", "FilterBranch")),
            ("Ternary, 20 it.", full.Find("NoisyComparison", "FilterTernary")),
        };
        if (samples.Any(s => s.Result?.Values is { Count: > 0 }))
        {
            yield return SamplesChart(context, samples);
        }
        else
        {
            context.Problem("statistics-that-matter: no raw iterations (full JSON) for NoisyComparison, so no dot/box plot");
        }

        var chart = AmdahlChart(context, full);
        if (chart is not null)
        {
            yield return chart;
        }
    }

    private static ClaimRow Pair(SectionContext context, string id, BenchmarkResult? candidate, BenchmarkResult? baseline, string names)
    {
        var row = RatioClaim(context, id, candidate, baseline, names);
        if (candidate?.Values is { Count: >= 2 } c && baseline?.Values is { Count: >= 2 } b)
        {
            var welch = WelchTTest.Test(b, c);
            var mw = MannWhitneyUTest.Test(b, c);
            return row with { Measured = $"{row.Measured}; Welch p = {Format.P(welch.PValue)}, Mann-Whitney p = {Format.P(mw.PValue)}" };
        }

        return row;
    }

    // The post's Layer 3 in one rule: a large micro speedup (S ≥ 10) buys a small end-to-end change (Amdahl's prediction
    // and the measured macro speedup both within 10% of 1).
    private static ClaimRow Amdahl(SectionContext context, BenchmarkSet full)
    {
        var claim = context.Published.Claim("amdahl");
        var linear = full.Find("MicroVsMacro", "LookupLinear");
        var dictionary = full.Find("MicroVsMacro", "LookupDictionary");
        var pipelineLinear = full.Find("MicroVsMacro", "PipelineLinear");
        var pipelineDictionary = full.Find("MicroVsMacro", "PipelineDictionary");
        if (linear is null || dictionary is null || pipelineLinear is null || pipelineDictionary is null)
        {
            return Judge.Missing(claim, "MicroVsMacro's four benchmarks are not all in the run");
        }

        double f = linear.MeanNs / pipelineLinear.MeanNs;
        double s = linear.MeanNs / dictionary.MeanNs;
        if (!new[] { linear, dictionary, pipelineLinear, pipelineDictionary }.All(r => r.HasInterval))
        {
            return Judge.Row(claim, $"f = {Format.Number(f)}, S = {Format.Number(s)}", Verdict.NotMeasurableHere, "fewer than two iterations: no interval");
        }

        if (!(f is > 0 and <= 1) || !(s > 0) || !double.IsFinite(s))
        {
            return Judge.Row(claim, $"f = {Format.Number(f)}, S = {Format.Number(s)}", Verdict.NotMeasurableHere, "f must be in (0, 1] and S finite");
        }

        double predicted = AmdahlLaw.OverallSpeedup(f, s);
        double measured = pipelineLinear.MeanNs / pipelineDictionary.MeanNs;
        string shown = $"predicted {Format.Number(predicted)}× (f = {Format.Number(f)}, S = {Format.Number(s)}); measured macro speedup {Format.Number(measured)}×";
        bool small = Math.Abs(predicted - 1) <= 0.10 && Math.Abs(measured - 1) <= 0.10;
        return s >= 10 && small
            ? Judge.Row(claim, shown, Verdict.Reproduced, "S ≥ 10 yet predicted and measured end-to-end speedups within 10% of 1")
            : Judge.Row(claim, shown, Verdict.NotReproduced, "needs S ≥ 10 with predicted and measured end-to-end speedups within 10% of 1");
    }

    private static ChartRef SamplesChart(SectionContext context, (string Label, BenchmarkResult? Result)[] samples)
    {
        var model = ChartFile.Model("Post 4: FilterBranch vs FilterTernary, 5 and 20 iterations",
            "dots: every iteration; boxes: quartiles; bars: 99.9% CI of the mean");
        model.Axes.Add(ChartFile.Categories(AxisPosition.Bottom, samples.Select(s => s.Label).ToList()));
        model.Axes.Add(ChartFile.Linear(AxisPosition.Left, "time per operation (ms)"));
        var boxes = new BoxPlotSeries { Title = "quartiles", Fill = OxyColor.FromAColor(60, ChartFile.Color(0)), BoxWidth = 0.35 };
        var dots = new List<(double, double)>();
        var bars = new List<(double, double, double)>();
        var means = new List<(double, double)>();
        for (int i = 0; i < samples.Length; i++)
        {
            var result = samples[i].Result;
            if (result?.Values is not { Count: > 0 } values)
            {
                continue;
            }

            var ms = values.Select(v => v / 1e6).Order().ToArray();
            boxes.Items.Add(new BoxPlotItem(i, ms[0], Quantile(ms, 0.25), Quantile(ms, 0.5), Quantile(ms, 0.75), ms[^1]));
            dots.AddRange(ms.Select((v, k) => (i - 0.38 + 0.04 * (k % 4), v)));
            means.Add((i + 0.32, result.MeanNs / 1e6));
            if (result.HasInterval)
            {
                bars.Add((i + 0.32, result.LowerNs / 1e6, result.UpperNs / 1e6));
            }
        }

        model.Series.Add(boxes);
        model.Series.Add(ChartFile.Points("iterations", ChartFile.Color(1), MarkerType.Circle, dots));
        model.Series.Add(ChartFile.Points("mean", OxyColors.Black, MarkerType.Diamond, means));
        model.Series.Add(ChartFile.ErrorBars("99.9% CI", OxyColors.Black, bars));
        return new ChartRef(ChartFile.Save(model, context.ChartDirectory, "post4-samples.svg"),
            "The 5- and 20-iteration samples of FilterBranch vs FilterTernary: every iteration, quartiles and the 99.9% CI");
    }

    private static ChartRef? AmdahlChart(SectionContext context, BenchmarkSet full)
    {
        var linear = full.Find("MicroVsMacro", "LookupLinear");
        var dictionary = full.Find("MicroVsMacro", "LookupDictionary");
        var pipelineLinear = full.Find("MicroVsMacro", "PipelineLinear");
        var pipelineDictionary = full.Find("MicroVsMacro", "PipelineDictionary");
        if (linear is null || dictionary is null || pipelineLinear is null || pipelineDictionary is null)
        {
            context.Problem("statistics-that-matter: MicroVsMacro incomplete, so no micro/macro/Amdahl chart");
            return null;
        }

        string[] labels = ["micro speedup S", "macro speedup (measured)", "Amdahl's prediction"];
        double f = linear.MeanNs / pipelineLinear.MeanNs;
        double s = linear.MeanNs / dictionary.MeanNs;
        double[] here = [s, pipelineLinear.MeanNs / pipelineDictionary.MeanNs, AmdahlLaw.OverallSpeedup(Math.Clamp(f, 0, 1), s)];
        var post = context.Published;
        double[] published = [1 / post.Claim("L3-micro").Value, 1 / post.Claim("L3-macro").Value, post.Claim("amdahl").Value];
        var model = ChartFile.Model("Post 4: micro vs macro vs Amdahl", "speedups (baseline time / candidate time), log scale");
        model.Axes.Add(ChartFile.Categories(AxisPosition.Bottom, labels));
        model.Axes.Add(ChartFile.Log(AxisPosition.Left, "speedup (×, log)"));
        model.Series.Add(ChartFile.Points("this run", ChartFile.Color(0), MarkerType.Circle, here.Select((v, i) => ((double)i - 0.05, v))));
        model.Series.Add(ChartFile.Points("post", OxyColors.Black, MarkerType.Diamond, published.Select((v, i) => ((double)i + 0.05, v))));
        return new ChartRef(ChartFile.Save(model, context.ChartDirectory, "post4-micro-macro-amdahl.svg"),
            "Micro speedup vs measured macro speedup vs Amdahl's prediction, this run and the post");
    }

    // Linear interpolation between order statistics (type 7, R's default).
    private static double Quantile(double[] sorted, double q)
    {
        double h = (sorted.Length - 1) * q;
        int lo = (int)Math.Floor(h);
        int hi = Math.Min(lo + 1, sorted.Length - 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }
}
