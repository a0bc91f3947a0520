using LabStatistics;

namespace StatisticsThatMatter.Checklist;

/// <summary>Writes the checklist: one block per pair, the micro/macro block, then one verdict line per pair.</summary>
internal sealed class ChecklistPrinter(TextWriter output, CheckThresholds settings)
{
    private const int LabelWidth = 18;

    public void Header(IEnumerable<BdnReport> reports)
    {
        output.WriteLine($"Before you ship the number — SESOI {ChecklistFormat.Percent(settings.Sesoi)}, alpha {ChecklistFormat.Number(settings.Alpha)} " +
                         $"(99.9% intervals), enough iterations >= {settings.MinIterations}");
        foreach (var report in reports)
        {
            output.WriteLine($"  report: {report.Path} ({report.Benchmarks.Count} benchmarks" +
                             (report.HasBaselineMarkers ? ", baseline markers present)" : ", no baseline markers)"));
        }

        output.WriteLine();
    }

    public void Pair(int number, int count, PairAnalysis analysis)
    {
        var pair = analysis.Pair;
        output.WriteLine($"[{number}/{count}] {pair.Title}");
        if (analysis.Baseline is null || analysis.Candidate is null)
        {
            Line("verdict", $"{analysis.Verdict.Describe()} ({analysis.Reason})");
            output.WriteLine();
            return;
        }

        var unit = MeasurementLab.DurationFormat.UnitFor(analysis.Baseline.Mean);
        var b = analysis.Baseline;
        var c = analysis.Candidate;
        bool enough = b.N >= settings.MinIterations && c.N >= settings.MinIterations;
        Line("iterations", $"baseline {Iterations(b.N, pair.Baseline)}, candidate {Iterations(c.N, pair.Candidate)}" +
                           (enough ? $"  [ok: >= {settings.MinIterations}]" : $"  [CHECK: fewer than {settings.MinIterations}: wide intervals, the result may be noise]"));
        Line("values", pair.Baseline.ValueSource);

        int nameWidth = Math.Max(pair.Baseline.Method.Length, pair.Candidate.Method.Length);
        if (analysis.BaselineCi is { } bci && analysis.CandidateCi is { } cci)
        {
            Line("99.9% CI", Interval(pair.Baseline, bci, unit, nameWidth));
            Line("", Interval(pair.Candidate, cci, unit, nameWidth));
            Line("", analysis.IntervalsOverlap == true
                ? "overlap: yes -> suggests noise, not proof of no difference (see the tests)"
                : "overlap: no -> a difference likely exists (a conservative screen; the tests decide)");
        }
        else
        {
            Line("99.9% CI", $"n/a (needs >= 2 iterations per benchmark; {pair.Baseline.Method}: {b.N}, {pair.Candidate.Method}: {c.N})");
        }

        if (analysis.Welch is { } w)
        {
            string direction = w.T < 0 ? "candidate slower" : w.T > 0 ? "candidate faster" : "no difference";
            Line("Welch t-test", $"t = {ChecklistFormat.Fixed(w.T, 2)}, df = {ChecklistFormat.Fixed(w.DegreesOfFreedom, 1)}, p = {ChecklistFormat.P(w.PValue)}  " +
                                 $"(t = (baseline - candidate) / SE: {direction}){Mark(w.PValue)}");
        }
        else
        {
            Line("Welch t-test", "n/a (needs >= 2 iterations per benchmark)");
        }

        if (analysis.MannWhitney is { } mw)
        {
            string method = mw.Method == MannWhitneyMethod.Exact ? "exact" : mw.HasTies ? "normal approx., tie-corrected" : "normal approx.";
            Line("Mann-Whitney U", $"U = {ChecklistFormat.Number(mw.U)} (baseline {ChecklistFormat.Number(mw.U1)}, candidate {ChecklistFormat.Number(mw.U2)}), " +
                                   $"z = {(double.IsNaN(mw.Z) ? "n/a" : ChecklistFormat.Fixed(mw.Z, 2))}, p = {ChecklistFormat.P(mw.PValue)} {method}" +
                                   (analysis.Welch is null ? "" : Mark(mw.PValue)));
        }

        if (analysis.Ratio is double ratio)
        {
            double change = ratio - 1;
            string side = Math.Abs(change) >= settings.Sesoi ? "|change| at or above" : "|change| below";
            Line("ratio", $"{ChecklistFormat.Ratio(ratio)} (candidate / baseline, {(change >= 0 ? "+" : "")}{ChecklistFormat.Percent(change)} time; " +
                          $"{(ratio > 0 ? ChecklistFormat.Number(Math.Round(1 / ratio, 3)) + "x speed" : "")}) -> {side} the SESOI of {ChecklistFormat.Percent(settings.Sesoi)}");
        }
        else
        {
            Line("ratio", "n/a (the baseline's mean is not positive)");
        }

        if (analysis.Effect is { } effect && b.N >= 2 && c.N >= 2)
        {
            Line("Cohen's d", $"{ChecklistFormat.Fixed(effect.D, 2)} ({effect.Label.ToString().ToLowerInvariant()}; pooled SD = sqrt((s1^2 + s2^2) / 2))");
            if (effect.Warning is not null)
            {
                Line("", "caveat: " + effect.Warning);
            }
        }
        else
        {
            Line("Cohen's d", "n/a (a standard deviation needs >= 2 iterations per benchmark)");
        }

        if (pair.Baseline.BdnErrorNs is double bdnError && analysis.BaselineCi is { } ci && bdnError > 0)
        {
            Line("cross-check", $"BenchmarkDotNet's own Error for {pair.Baseline.Method}: ± {MeasurementLab.DurationFormat.Precise(bdnError, unit)} (this tool: ± {MeasurementLab.DurationFormat.Precise(ci.HalfWidth, unit)})");
        }

        Line("verdict", $"{analysis.Verdict.Describe()} ({analysis.Reason})");
        output.WriteLine();
    }

    public void Notes(IEnumerable<string> notes)
    {
        foreach (string note in notes)
        {
            output.WriteLine("note: " + note);
        }
    }

    public void Amdahl(AmdahlCheck? check, string? problem, string microSelector, string macroSelector)
    {
        output.WriteLine($"Micro = Macro? (Amdahl's law; micro pair '{microSelector}', macro pair '{macroSelector}')");
        if (check is null)
        {
            Line("n/a", problem ?? "no micro/macro pair");
            output.WriteLine();
            return;
        }

        Line("micro", $"{check.Micro.Pair.Title}: local speedup S = {ChecklistFormat.Fixed(check.LocalSpeedup, 1)}x");
        Line("fraction f", $"{ChecklistFormat.Fixed(check.Fraction, 4)} ({ChecklistFormat.Percent(check.Fraction)} of the macro baseline; {check.FractionSource})");
        Line("Amdahl", $"predicted macro ratio (1 - f) + f / S = {ChecklistFormat.Ratio(check.PredictedRatio)}: " +
                       $"{ChecklistFormat.Percent(check.PredictedRatio - 1)} time, speedup {ChecklistFormat.Fixed(check.PredictedSpeedup, 3)}x ({ChecklistFormat.SignedPercent(check.PredictedSpeedup - 1)})");
        Line("measured", $"{check.Macro.Pair.Title}: ratio {ChecklistFormat.Ratio(check.MeasuredRatio)}: " +
                         $"{ChecklistFormat.Percent(check.MeasuredRatio - 1)} time, speedup {ChecklistFormat.Fixed(check.MeasuredSpeedup, 3)}x ({ChecklistFormat.SignedPercent(check.MeasuredSpeedup - 1)}); " +
                         $"macro verdict: {check.Macro.Verdict.Describe()}");
        double gap = check.PredictedRatio - check.MeasuredRatio;
        string reading = Math.Abs(gap) < 0.005
            ? "the end-to-end change is what the step's share allows"
            : gap > 0
                ? "the pipeline gained more than the step's share allows: the change also helped other steps (e.g. caches), or f is underestimated"
                : "the pipeline gained less than predicted: the step costs less inside the pipeline than alone, or other steps got slower";
        Line("reading", $"{ChecklistFormat.Fixed(gap * 100, 1)} points between prediction and measurement: {reading}. " +
                        $"The micro speedup of {ChecklistFormat.Fixed(check.LocalSpeedup, 1)}x is what the isolated function gets; the user sees the macro ratio.");
        if (check.Macro.Verdict == PairVerdict.Unresolved)
        {
            Line("", "caution: the macro pair itself is unresolved, so its measured ratio may still be noise; resolve it before reading the gap.");
        }

        output.WriteLine();
    }

    public void Verdicts(IReadOnlyList<PairAnalysis> analyses)
    {
        output.WriteLine($"Verdicts (SESOI {ChecklistFormat.Percent(settings.Sesoi)}, alpha {ChecklistFormat.Number(settings.Alpha)}):");
        foreach (var a in analyses)
        {
            output.WriteLine($"  {a.Verdict.Describe(),-22} {a.Pair.Title}");
        }
    }

    private static string Iterations(int n, BenchmarkEntry entry) =>
        entry.ActualIterations is int actual && actual != n ? $"{n} (of {actual} measured; BDN removed {actual - n} outlier(s))" : n.ToString(System.Globalization.CultureInfo.InvariantCulture);

    private static string Interval(BenchmarkEntry entry, ConfidenceInterval ci, MeasurementLab.DurationUnit unit, int width) =>
        $"{entry.Method.PadRight(width)}  {MeasurementLab.DurationFormat.Precise(ci.Mean, unit)} ± {MeasurementLab.DurationFormat.Precise(ci.HalfWidth, unit)}  [{MeasurementLab.DurationFormat.Precise(ci.Lower, unit)}, {MeasurementLab.DurationFormat.Precise(ci.Upper, unit)}]";

    private string Mark(double p) => p < settings.Alpha ? $"  [p < {ChecklistFormat.Number(settings.Alpha)}]" : $"  [p >= {ChecklistFormat.Number(settings.Alpha)}]";

    private void Line(string label, string text) => output.WriteLine($"  {label.PadRight(LabelWidth)}{text}");
}
