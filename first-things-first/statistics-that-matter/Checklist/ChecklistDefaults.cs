namespace StatisticsThatMatter.Checklist;

/// <summary>
/// The thresholds of the post's "Before you ship the number" checklist, defined once: the check command's defaults
/// and BenchmarkDotNet's own statistical test column on the benchmarks use the same values.
/// </summary>
public static class ChecklistDefaults
{
    /// <summary>Smallest effect size of interest: a change smaller than this is not worth a code change.</summary>
    public const double Sesoi = 0.05;

    /// <summary><see cref="Sesoi"/> as BenchmarkDotNet's threshold syntax.</summary>
    public const string SesoiText = "5%";

    /// <summary>Significance level of the tests: 0.001, the complement of the 99.9% interval behind BDN's Error column.</summary>
    public const double Alpha = 0.001;

    /// <summary>The post's "enough iterations" line: at least 15 in this setup (its jobs run 20).</summary>
    public const int MinIterations = 15;
}
