using LabReport.Charts;
using LabReport.RunFiles;
using LabStatistics;

namespace LabReport.Sections;

/// <summary>Post 4: confidence intervals, effect size, micro vs macro — on the raw iterations of the annotated JSON reports.</summary>
public sealed class StatisticsSection : PostSection
{
    internal const string FiveIterations = "five-iterations";

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
    protected override IEnumerable<ChartRef> Charts(SectionContext context) => StatisticsCharts.Draw(context);

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
}
