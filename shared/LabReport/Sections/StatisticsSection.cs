using LabReport.Charts;
using LabReport.Claims;
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
        var (branch, ternary) = (full.Find("NoisyComparison", "FilterBranch"), full.Find("NoisyComparison", "FilterTernary"));
        var (sumArray, sumSpan) = (full.Find("EffectSizeDemo", "SumArray"), full.Find("EffectSizeDemo", "SumSpan"));
        var (linear, binary) = (full.Find("EffectSizeDemo", "SearchLinear"), full.Find("EffectSizeDemo", "SearchBinary"));
        yield return Overlap(context, five.Find("NoisyComparison", "FilterTernary"), five.Find("NoisyComparison", "FilterBranch"));
        yield return Pair(context, "L1-20", ternary, branch, "NoisyComparison FilterTernary and FilterBranch");
        yield return Welch(context, ternary, branch);
        yield return Pair(context, "L2-small", sumSpan, sumArray, "EffectSizeDemo SumSpan and SumArray");
        yield return Pair(context, "L2-large", binary, linear, "EffectSizeDemo SearchBinary and SearchLinear");
        yield return CohensD(context, "d-filter", branch, ternary, "FilterBranch and FilterTernary");
        yield return CohensD(context, "d-sum", sumArray, sumSpan, "SumArray and SumSpan");
        yield return CohensD(context, "d-search", linear, binary, "SearchLinear and SearchBinary");
        yield return Pair(context, "L3-micro", full.Find("MicroVsMacro", "LookupDictionary"), full.Find("MicroVsMacro", "LookupLinear"),
            "MicroVsMacro LookupDictionary and LookupLinear");
        yield return Pair(context, "L3-macro", full.Find("MicroVsMacro", "PipelineDictionary"), full.Find("MicroVsMacro", "PipelineLinear"),
            "MicroVsMacro PipelineDictionary and PipelineLinear");
        yield return RatioClaim(context, "lookup-share", full.Find("MicroVsMacro", "LookupLinear"), full.Find("MicroVsMacro", "PipelineLinear"),
            "MicroVsMacro LookupLinear and PipelineLinear");
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

    // Layer 1's five-iteration run, by the post's own test: do the two means' 99.9% intervals overlap? Each round is such a run.
    private static ClaimRow Overlap(SectionContext context, BenchmarkResult? ternary, BenchmarkResult? branch)
    {
        var claim = context.Published.Claim("L1-5");
        if (ternary is null || branch is null)
        {
            return Judge.Missing(claim, $"{FiveIterations}/ NoisyComparison FilterTernary and FilterBranch: not in the run's tables");
        }

        List<(BenchmarkResult, BenchmarkResult)> pairs = ternary.RoundResults is { } t && branch.RoundResults is { } b
            ? [.. t.Join(b, x => x.Round, y => y.Round, (x, y) => (x, y))]
            : [(ternary, branch)];
        string shown = string.Join("; ", pairs.Select(p => $"{Format.MeanWithError(p.Item1)} vs {Format.MeanWithError(p.Item2)}{(p.Item1.Round > 0 ? $" (round {p.Item1.Round})" : "")}"));
        return UnresolvedRule.Judge(pairs) is { } outcome
            ? Judge.From(claim, shown, outcome) with { Estimate = RatioEstimate.Of(ternary, branch) }
            : Judge.Row(claim, shown, Verdict.NotMeasurableHere, "fewer than two iterations: no interval");
    }

    // "A manual Welch t-test on this data gives p < 0.001": the test on the raw iterations (pooled across rounds).
    private static ClaimRow Welch(SectionContext context, BenchmarkResult? ternary, BenchmarkResult? branch)
    {
        var claim = context.Published.Claim("L1-20-welch");
        if (ternary?.Values is not { Count: >= 2 } t || branch?.Values is not { Count: >= 2 } b)
        {
            return ternary is null || branch is null
                ? Judge.Missing(claim, "NoisyComparison FilterTernary and FilterBranch: not in the run's tables")
                : Judge.Row(claim, "—", Verdict.NotMeasurableHere, "no raw iterations (the run kept no full JSON) or fewer than two");
        }

        double p = WelchTTest.Test(b, t).PValue;
        return Judge.Estimate(claim, RatioEstimate.Point(p), $"p = {Format.P(p)} (Welch, {t.Count} vs {b.Count} iterations; a test statistic, no interval)", Format.P);
    }

    // Cohen's d on the raw iterations (pooled across rounds), the post's pooled SD, with the large-sample 95% interval
    // d ± 1.96 · √((n₁ + n₂) / (n₁ n₂) + d² / (2 (n₁ + n₂))) (Hedges & Olkin).
    private static ClaimRow CohensD(SectionContext context, string id, BenchmarkResult? first, BenchmarkResult? second, string names)
    {
        var claim = context.Published.Claim(id);
        if (first?.Values is not { Count: >= 2 } a || second?.Values is not { Count: >= 2 } b)
        {
            return first is null || second is null
                ? Judge.Missing(claim, $"{names}: not in the run's tables")
                : Judge.Row(claim, "—", Verdict.NotMeasurableHere, "no raw iterations (the run kept no full JSON) or fewer than two");
        }

        var (sa, sb) = (SampleSummary.FromValues(a), SampleSummary.FromValues(b));
        double d = StatisticalReport.CohensD(sa.Mean, sa.StdDev, sb.Mean, sb.StdDev);
        double n1 = a.Count;
        double n2 = b.Count;
        double halfWidth = CohensDZ * Math.Sqrt((n1 + n2) / (n1 * n2) + d * d / (2 * (n1 + n2)));
        var estimate = new RatioEstimate(d, Math.Max(0, d - halfWidth), d + halfWidth, true) { Level = CohensDLevel };
        return Judge.Estimate(claim, estimate, $"d = {Interval.Text(estimate, Format.Number)} — {names}, {a.Count} and {b.Count} iterations", Format.Number);
    }

    private const double CohensDLevel = 0.95;
    private const double CohensDZ = 1.959964;

    // Layer 3 in one number: the measured macro speedup over Amdahl's prediction from this run's f (the lookup's share
    // of the linear pipeline) and S (the micro speedup). The prediction is taken as exact: its inputs' spread is far
    // smaller than the macro ratio's.
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
        var macro = RatioEstimate.Of(pipelineLinear, pipelineDictionary);
        string inputs = $"f = {Format.Number(f)}, S = {Format.Number(s)}";
        if (!macro.HasInterval || !(f is > 0 and <= 1) || !(s > 0) || !double.IsFinite(s))
        {
            return Judge.Row(claim, inputs, Verdict.NotMeasurableHere, macro.HasInterval ? "f must be in (0, 1] and S finite" : "fewer than two iterations: no interval");
        }

        double predicted = AmdahlLaw.OverallSpeedup(f, s);
        var ratio = Scaled(macro, 1 / predicted);
        return Judge.Estimate(claim, ratio,
            $"{Interval.Ratio(ratio)} — measured macro speedup {Interval.Ratio(macro)} vs Amdahl's {Format.Number(predicted)}× ({inputs})");
    }
}
