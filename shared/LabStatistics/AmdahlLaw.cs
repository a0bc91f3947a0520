namespace LabStatistics;

/// <summary>
/// Amdahl's law: if a fraction f of the time is sped up S times, the whole runs 1 / ((1 - f) + f / S) times faster.
/// The post's Layer 3: a 262× faster lookup that is 5.7% of the pipeline buys about 6%.
/// </summary>
public static class AmdahlLaw
{
    /// <summary>Predicted new time / old time, (1 - f) + f / S.</summary>
    public static double PredictedTimeRatio(double fraction, double localSpeedup)
    {
        Validate(fraction, localSpeedup);
        return 1 - fraction + fraction / localSpeedup;
    }

    /// <summary>Predicted overall speedup, 1 / ((1 - f) + f / S).</summary>
    public static double OverallSpeedup(double fraction, double localSpeedup) => 1 / PredictedTimeRatio(fraction, localSpeedup);

    /// <summary>The speedup as the post states it: (speedup - 1) · 100, e.g. 6.0 for f = 0.057, S = 262.</summary>
    public static double PredictedImprovementPercent(double fraction, double localSpeedup) =>
        (OverallSpeedup(fraction, localSpeedup) - 1) * 100;

    /// <summary>The predicted change of the time, (ratio - 1) · 100: negative when faster (-5.7 for the post's numbers).</summary>
    public static double PredictedTimeChangePercent(double fraction, double localSpeedup) =>
        (PredictedTimeRatio(fraction, localSpeedup) - 1) * 100;

    private static void Validate(double fraction, double localSpeedup)
    {
        if (!(fraction >= 0 && fraction <= 1))
        {
            throw new ArgumentOutOfRangeException(nameof(fraction), fraction, "The fraction f must be between 0 and 1.");
        }

        if (!(localSpeedup > 0) || double.IsInfinity(localSpeedup))
        {
            throw new ArgumentOutOfRangeException(nameof(localSpeedup), localSpeedup, "The local speedup S must be a finite number > 0.");
        }
    }
}
