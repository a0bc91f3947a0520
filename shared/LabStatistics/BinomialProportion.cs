namespace LabStatistics;

/// <summary>
/// The exact (Clopper–Pearson) interval for a proportion: k events among n independent trials. Each end is the p at
/// which k is just in the tail of a binomial(n, p): the lower end solves P(X ≥ k) = (1 − level)/2, the upper
/// P(X ≤ k) = (1 − level)/2, through P(X ≥ k) = I_p(k, n − k + 1). It covers the true proportion at least
/// <c>level</c> of the time for every p (conservative: a count has no interval of exactly that level), so a verdict on
/// it states its own error rate. k = 0 gives a lower end of 0, k = n an upper end of 1.
/// </summary>
public static class BinomialProportion
{
    /// <summary>The interval of the proportion <paramref name="events"/> / <paramref name="trials"/> at <paramref name="level"/>.</summary>
    public static (double Lower, double Upper) ClopperPearson(long events, long trials, double level)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(trials, 1);
        ArgumentOutOfRangeException.ThrowIfNegative(events);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(events, trials);
        if (!(level > 0 && level < 1))
        {
            throw new ArgumentOutOfRangeException(nameof(level), level, "A level needs 0 < level < 1.");
        }

        double tail = (1 - level) / 2;
        // P(X >= k | p) rises with p: the lower end is where it reaches the tail.
        double lower = events == 0 ? 0
            : SpecialFunctions.Bisect(p => SpecialFunctions.RegularizedIncompleteBeta(p, events, trials - events + 1) < tail, 0, 1);
        // P(X <= k | p) = 1 - P(X >= k + 1 | p) falls with p: the upper end is where it falls to the tail.
        double upper = events == trials ? 1
            : SpecialFunctions.Bisect(p => 1 - SpecialFunctions.RegularizedIncompleteBeta(p, events + 1, trials - events) > tail, 0, 1);
        return (lower, upper);
    }
}
