namespace StatisticsThatMatter.Checklist;

/// <summary>The thresholds a check runs with.</summary>
/// <param name="Sesoi">Smallest effect size of interest as a fraction of the baseline (0.05 = 5%).</param>
/// <param name="Alpha">Significance level both tests must reach.</param>
/// <param name="MinIterations">The checklist's "enough iterations" line.</param>
public sealed record CheckThresholds(double Sesoi, double Alpha, int MinIterations)
{
    /// <summary>The checklist's defaults.</summary>
    public static CheckThresholds Default { get; } = new(ChecklistDefaults.Sesoi, ChecklistDefaults.Alpha, ChecklistDefaults.MinIterations);
}
