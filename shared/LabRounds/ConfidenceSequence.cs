using LabStatistics;

namespace LabRounds;

/// <summary>
/// Intervals for a mean of per-round logs that stay valid however many rounds a run ends at, when it looks after
/// every round and stops a claim once its interval decides it. An interval at a fixed 95% looked at after each round
/// would miss far more often than 5% (each look is another chance to miss), so each look spends a small share of the
/// 5%: a group-sequential design with one look per round from 2 to <see cref="RoundLimits.Max"/>, its nominal levels
/// rising slowly with the rounds, between Pocock's constant level (the cheapest early looks) and O'Brien and Fleming's
/// steep rise (the cheapest late ones); investigations/sequential-design compares them. The price of looking after
/// every round is width: about twice a fixed-n 95% interval at 5 rounds, 1.5 times at 20.
/// <para>
/// The levels are calibrated, not approximated: for normal per-round logs, the t statistics of all the looks have a
/// joint distribution that depends on neither the mean nor the spread, so one simulation fixes the constant below for
/// every claim, and a test reruns it (<c>ConfidenceSequenceTests</c>): the chance that any look from 2 rounds to
/// <see cref="RoundLimits.Max"/> misses the true mean is at most 1 − <see cref="Level"/>.
/// </para>
/// </summary>
public static class ConfidenceSequence
{
    /// <summary>The chance that every interval of the sequence, at every look, holds the true value.</summary>
    public const double Level = 0.95;

    /// <summary>How the nominal miss rate grows with the rounds: α'(n) = <see cref="Scale"/> · ((n − 1) / (Max − 1))^Power.</summary>
    public const double Power = 0.5;

    /// <summary>
    /// The nominal miss rate of the last look, calibrated so that the whole sequence misses at most 1 − Level: 4.95% in
    /// 200,000 simulated sequences for each of three seeds (SequentialSimulation.MissRate).
    /// </summary>
    public const double Scale = 0.0090;

    /// <summary>The nominal two-sided miss rate of the look at <paramref name="rounds"/> rounds.</summary>
    public static double NominalMiss(int rounds)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(rounds, 2);
        int n = Math.Min(rounds, RoundLimits.Max);
        return Scale * Math.Pow((n - 1) / (double)(RoundLimits.Max - 1), Power);
    }

    /// <summary>The multiple of the standard error that the interval at <paramref name="rounds"/> rounds spans each way.</summary>
    public static double Critical(int rounds) => StudentT.Quantile(1 - NominalMiss(rounds) / 2, rounds - 1);

    /// <summary>
    /// The fewest rounds, more than <paramref name="rounds"/> and at most <see cref="RoundLimits.Max"/>, at which an
    /// interval of this spread (the standard deviation of the per-round logs) would lie wholly on one side of a threshold
    /// <paramref name="distance"/> away (in logs) from its centre; null when even the last look could not.
    /// </summary>
    public static int? RoundsToDecide(int rounds, double spread, double distance)
    {
        if (!(spread >= 0) || !(distance > 0) || !double.IsFinite(spread))
        {
            return null;
        }

        for (int n = Math.Max(rounds + 1, 2); n <= RoundLimits.Max; n++)
        {
            if (Critical(n) * spread / Math.Sqrt(n) < distance)
            {
                return n;
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
