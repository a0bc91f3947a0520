using LabStatistics;

namespace StatisticsThatMatter.Checklist;

/// <summary>The micro/macro line of the checklist: Amdahl's prediction from the micro pair beside the measured macro ratio.</summary>
/// <param name="Micro">The isolated comparison (its baseline is the step the macro pair swaps).</param>
/// <param name="Macro">The end-to-end comparison.</param>
/// <param name="LocalSpeedup">S = T(micro baseline) / T(micro candidate).</param>
/// <param name="Fraction">f, the share of the macro baseline's time spent in the swapped step.</param>
/// <param name="FractionSource">How f was obtained (measured from the report, or given with --fraction).</param>
/// <param name="PredictedRatio">(1 - f) + f / S: Amdahl's predicted macro time ratio.</param>
/// <param name="MeasuredRatio">T(macro candidate) / T(macro baseline).</param>
public sealed record AmdahlCheck(
    PairAnalysis Micro,
    PairAnalysis Macro,
    double LocalSpeedup,
    double Fraction,
    string FractionSource,
    double PredictedRatio,
    double MeasuredRatio)
{
    /// <summary>Default category of the micro pair.</summary>
    public const string MicroCategory = "Micro";

    /// <summary>Default category of the macro pair.</summary>
    public const string MacroCategory = "Macro";

    /// <summary>Predicted overall speedup, 1 / <see cref="PredictedRatio"/>.</summary>
    public double PredictedSpeedup => 1 / PredictedRatio;

    /// <summary>Measured overall speedup, 1 / <see cref="MeasuredRatio"/>.</summary>
    public double MeasuredSpeedup => 1 / MeasuredRatio;

    /// <summary>
    /// Builds the check. f is measured as T(micro baseline) / T(macro baseline) unless <paramref name="givenFraction"/>
    /// is set: that holds when the micro baseline runs exactly the step the macro pair swaps, with the same data
    /// (as in MicroVsMacro, where both call the same method); otherwise measure f with a profiler and pass --fraction.
    /// Returns null with a reason when the pairs lack the data.
    /// </summary>
    public static (AmdahlCheck? Check, string? Problem) Evaluate(PairAnalysis micro, PairAnalysis macro, double? givenFraction)
    {
        ArgumentNullException.ThrowIfNull(micro);
        ArgumentNullException.ThrowIfNull(macro);
        if (micro.Baseline is null || micro.Candidate is null || macro.Baseline is null || macro.Candidate is null)
        {
            return (null, "a micro or macro benchmark has no measurements");
        }

        if (!(micro.Candidate.Mean > 0) || !(micro.Baseline.Mean > 0) || !(macro.Baseline.Mean > 0))
        {
            return (null, "a mean is not positive, so no speedup or fraction can be formed");
        }

        double speedup = micro.Baseline.Mean / micro.Candidate.Mean;
        double fraction;
        string source;
        if (givenFraction is double f)
        {
            fraction = f;
            source = "given with --fraction";
        }
        else
        {
            fraction = micro.Baseline.Mean / macro.Baseline.Mean;
            source = $"measured: T({micro.Pair.Baseline.Method}) / T({macro.Pair.Baseline.Method})";
            if (fraction > 1)
            {
                return (null, $"the micro baseline ({micro.Pair.Baseline.Method}) takes longer than the whole macro baseline " +
                              $"({macro.Pair.Baseline.Method}): f = {fraction:0.###} > 1, so it cannot be one step of it; pass --fraction");
            }
        }

        double predicted = AmdahlLaw.PredictedTimeRatio(fraction, speedup);
        double measured = macro.Candidate.Mean / macro.Baseline.Mean;
        return (new AmdahlCheck(micro, macro, speedup, fraction, source, predicted, measured), null);
    }
}
