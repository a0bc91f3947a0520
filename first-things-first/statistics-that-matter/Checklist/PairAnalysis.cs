using LabStatistics;

namespace StatisticsThatMatter.Checklist;

/// <summary>Every number the checklist prints for one pair.</summary>
public sealed record PairAnalysis(
    BenchmarkPair Pair,
    SampleSummary? Baseline,
    SampleSummary? Candidate,
    ConfidenceInterval? BaselineCi,
    ConfidenceInterval? CandidateCi,
    WelchResult? Welch,
    MannWhitneyResult? MannWhitney,
    double? Ratio,
    EffectSize? Effect,
    PairVerdict Verdict,
    string Reason)
{
    /// <summary>Whether the 99.9% intervals overlap (null without intervals).</summary>
    public bool? IntervalsOverlap => BaselineCi is not null && CandidateCi is not null ? BaselineCi.Overlaps(CandidateCi) : null;

    /// <summary>Runs every check of the post's list on one pair.</summary>
    public static PairAnalysis Analyze(BenchmarkPair pair, CheckThresholds settings)
    {
        ArgumentNullException.ThrowIfNull(pair);
        ArgumentNullException.ThrowIfNull(settings);
        var b = pair.Baseline.Values;
        var c = pair.Candidate.Values;
        if (b.Count == 0 || c.Count == 0)
        {
            string missing = b.Count == 0 ? pair.Baseline.Method : pair.Candidate.Method;
            return Empty(pair, $"{missing} has no measurements in the report (did it fail?)");
        }

        var baseline = SampleSummary.FromValues(b);
        var candidate = SampleSummary.FromValues(c);
        double? ratio = baseline.Mean > 0 ? candidate.Mean / baseline.Mean : null;
        var effect = StatisticalReport.Evaluate(baseline, candidate);
        if (baseline.N < 2 || candidate.N < 2)
        {
            return new PairAnalysis(pair, baseline, candidate, null, null, null, MannWhitneyUTest.Test(b, c), ratio, effect,
                PairVerdict.Unresolved, $"{baseline.N} and {candidate.N} iteration(s): no interval or t-test is possible below 2 (the checklist asks for >= {settings.MinIterations})");
        }

        var baselineCi = ConfidenceInterval.ForMean(baseline);
        var candidateCi = ConfidenceInterval.ForMean(candidate);
        var welch = WelchTTest.Test(baseline, candidate); // t < 0 when the candidate is slower, as in the post
        var mannWhitney = MannWhitneyUTest.Test(b, c);
        bool real = welch.PValue < settings.Alpha && mannWhitney.PValue < settings.Alpha;
        PairVerdict verdict;
        string reason;
        if (!real)
        {
            verdict = PairVerdict.Unresolved;
            reason = $"Welch p = {ChecklistFormat.P(welch.PValue)} and Mann-Whitney p = {ChecklistFormat.P(mannWhitney.PValue)}: not both below alpha = {ChecklistFormat.Number(settings.Alpha)}";
        }
        else if (ratio is null)
        {
            verdict = PairVerdict.Unresolved;
            reason = "the baseline's mean is not positive, so there is no ratio to hold against the SESOI";
        }
        else
        {
            double change = Math.Abs(ratio.Value - 1);
            verdict = change >= settings.Sesoi ? PairVerdict.RealAndAboveSesoi : PairVerdict.RealButBelowSesoi;
            reason = $"both tests p < {ChecklistFormat.Number(settings.Alpha)}; |ratio - 1| = {ChecklistFormat.Percent(change)} {(change >= settings.Sesoi ? ">=" : "<")} SESOI {ChecklistFormat.Percent(settings.Sesoi)}";
        }

        return new PairAnalysis(pair, baseline, candidate, baselineCi, candidateCi, welch, mannWhitney, ratio, effect, verdict, reason);
    }

    private static PairAnalysis Empty(BenchmarkPair pair, string reason) =>
        new(pair, null, null, null, null, null, null, null, null, PairVerdict.Unresolved, reason);
}
