using LabStatistics;

namespace LabRounds;

/// <summary>
/// Intervals for a mean of per-round logs that stay valid whatever round a run stops at, when it looks at a claim as its
/// rounds grow and stops adding rounds once the interval decides it. An interval at a fixed 95% looked at again and
/// again would miss far more often than 5% (each look is another chance to miss: 32% over 39 looks), so the run looks
/// only at <see cref="Looks"/> (3, 5, 8, 12, 18, 27 and 40 rounds), a group-sequential design with Pocock's constant
/// nominal level at every look: a claim with 7 rounds is judged on its first 5 (its last look), and its next look comes
/// at 8. Looks on a grid rather than after every round cost less width: about 2.4 times a fixed-n 95% interval at 3
/// rounds and 1.7 at 5, against 5.2 and 2.3 for one look per round (investigations/sequential-design).
/// <para>
/// The level is calibrated, not approximated: for normal per-round logs, the t statistics of all the looks have a joint
/// distribution that depends on neither the mean nor the spread, so one simulation fixes <see cref="NominalMiss"/> for
/// every claim, and a test reruns it (<c>ConfidenceSequenceTests</c>): the chance that any look misses the true mean is
/// at most 1 − <see cref="Level"/>.
/// </para>
/// </summary>
public static class ConfidenceSequence
{
    /// <summary>The chance that every interval of the sequence, at every look, holds the true value.</summary>
    public const double Level = 0.95;

    /// <summary>
    /// The nominal two-sided miss rate of each look, calibrated so that the whole sequence misses at most 1 − Level:
    /// 4.90–4.99% in 200,000 simulated sequences for each of four seeds (<see cref="SequentialSimulation.MissRate"/>;
    /// 0.0099 would miss 5.02–5.10%).
    /// </summary>
    public const double NominalMiss = 0.0097;

    /// <summary>The round counts at which a claim is looked at (judged): roughly × 1.5 from the first rounds to the last.</summary>
    public static IReadOnlyList<int> Looks { get; } = [RoundLimits.First, 5, 8, 12, 18, 27, RoundLimits.Max];

    /// <summary>The last look a claim with <paramref name="rounds"/> rounds has had, or null before the first.</summary>
    public static int? LookAt(int rounds) => Looks.LastOrDefault(n => n <= rounds) is int look and > 0 ? look : null;

    /// <summary>The first look after <paramref name="rounds"/> rounds, or null past the last.</summary>
    public static int? NextLook(int rounds) => Looks.FirstOrDefault(n => n > rounds) is int look and > 0 ? look : null;

    /// <summary>The multiple of the standard error that the interval at a look of <paramref name="rounds"/> rounds spans each way.</summary>
    public static double Critical(int rounds)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(rounds, 2);
        return StudentT.Quantile(1 - NominalMiss / 2, rounds - 1);
    }

    /// <summary>
    /// The fewest rounds, a look after <paramref name="rounds"/>, at which an interval of this spread (the standard
    /// deviation of the per-round logs) would lie wholly on one side of a threshold <paramref name="distance"/> away (in
    /// logs) from its centre; null when even the last look could not.
    /// </summary>
    public static int? RoundsToDecide(int rounds, double spread, double distance)
    {
        if (!(spread >= 0) || !(distance > 0) || !double.IsFinite(spread))
        {
            return null;
        }

        foreach (int look in Looks.Where(n => n > rounds))
        {
            if (Critical(look) * spread / Math.Sqrt(look) < distance)
            {
                return look;
            }
        }

        return null;
    }

    /// <summary>
    /// What the last look could still resolve at this spread: the half-width of its interval as a factor (1.04 = a true
    /// value within 4% of a threshold cannot be told from it).
    /// </summary>
    public static double Resolution(double spread) =>
        Math.Exp(Critical(RoundLimits.Max) * spread / Math.Sqrt(RoundLimits.Max));
}
