using LabStatistics;

namespace LabRounds;

/// <summary>
/// A ratio of two sides measured in the same rounds, estimated from the rounds themselves (Kalibera &amp; Jones, ISMM
/// 2013: the variation between process launches is a level of its own, and the interval belongs to that level). Each
/// round gives one ratio; the estimate is their median, and the interval is Student's t on the logs of the per-round
/// ratios, exp(mean ± c(n) · s / √n), widened to hold the median if a lopsided round pushes the mean away. c(n) is
/// the <see cref="ConfidenceSequence"/>'s, not a fixed-n t quantile: the run looks at a claim as its rounds grow and
/// stops adding rounds once it decides, and the interval stays valid at whatever round that happens. The estimate is
/// made at the last look the rounds have reached (3, 5, 8… rounds, in round order): the rounds past it wait for the
/// next look. A machine state that lasts minutes slows both sides of a round alike and cancels in its ratio; a state
/// that changes between the sides of a round widens the interval instead of moving the estimate.
/// </summary>
public sealed record RoundsEstimate
{
    /// <summary>The confidence level of intervals from rounds: the confidence sequence's, over every look.</summary>
    public const double DefaultLevel = ConfidenceSequence.Level;

    private RoundsEstimate(IReadOnlyList<RoundRatio> all, IReadOnlyList<RoundRatio> ratios, double median, double lower, double upper, double logMean, double logSpread)
    {
        _all = all;
        Ratios = ratios;
        Median = median;
        Lower = lower;
        Upper = upper;
        LogMean = logMean;
        LogSpread = logSpread;
    }

    /// <summary>The rounds the estimate is made from (up to the last look), in round order.</summary>
    public IReadOnlyList<RoundRatio> Ratios { get; }

    /// <summary>How many rounds the estimate is made from: the last look's count (every round before the first look).</summary>
    public int Count => Ratios.Count;

    private readonly IReadOnlyList<RoundRatio> _all;

    /// <summary>How many rounds gave a ratio; those past <see cref="Count"/> wait for the next look.</summary>
    public int Measured => _all.Count;

    /// <summary>The median of the per-round ratios (NaN without rounds).</summary>
    public double Median { get; }

    /// <summary>Low end of the interval (NaN with fewer than two rounds or a ratio at or below zero).</summary>
    public double Lower { get; }

    /// <summary>High end of the interval.</summary>
    public double Upper { get; }

    /// <summary>The interval's confidence level.</summary>
    public double Level => DefaultLevel;

    /// <summary>The mean of the logs of the per-round ratios: the centre of the interval on the log scale.</summary>
    public double LogMean { get; }

    /// <summary>The standard deviation of the logs of the per-round ratios: the between-round spread (0.05 ≈ 5%).</summary>
    public double LogSpread { get; }

    /// <summary>True when the rounds give an interval: a look reached (at least the first rounds), every ratio positive and finite.</summary>
    public bool HasInterval => double.IsFinite(Lower) && double.IsFinite(Upper);

    /// <summary>The estimate from per-round ratios (in round order; rounds numbered from 1).</summary>
    public static RoundsEstimate FromRatios(IReadOnlyList<double> ratios)
    {
        ArgumentNullException.ThrowIfNull(ratios);
        return FromRatios([.. ratios.Select((r, i) => new RoundRatio(i + 1, r))]);
    }

    /// <summary>The estimate from per-round ratios that carry their round numbers.</summary>
    public static RoundsEstimate FromRatios(IReadOnlyList<RoundRatio> ratios)
    {
        ArgumentNullException.ThrowIfNull(ratios);
        var ordered = ratios.OrderBy(r => r.Round).ToList();
        // Judged at the last look reached: before the first look, on every round (too few for an interval).
        var used = ConfidenceSequence.LookAt(ordered.Count) is int look ? ordered.Take(look).ToList() : ordered;
        var values = used.Select(r => r.Ratio).ToArray();
        double median = MedianOf(values);
        if (ConfidenceSequence.LookAt(values.Length) is null || !values.All(v => v > 0 && double.IsFinite(v)))
        {
            return new RoundsEstimate(ordered, used, median, double.NaN, double.NaN, double.NaN, double.NaN);
        }

        var logs = SampleSummary.FromValues([.. values.Select(v => Math.Log(v))]);
        double halfWidth = ConfidenceSequence.Critical(logs.N) * logs.StandardError;
        double lower = Math.Min(Math.Exp(logs.Mean - halfWidth), median);
        double upper = Math.Max(Math.Exp(logs.Mean + halfWidth), median);
        return new RoundsEstimate(ordered, used, median, lower, upper, logs.Mean, logs.StdDev);
    }

    /// <summary>
    /// The ratio Π numerators / Π denominators, per round, over the rounds every side measured: one side is a map from
    /// round number to that round's value (a mean time, a rate). A ratio of ratios (a speedup with one setting over the
    /// speedup with another) is two numerators and two denominators.
    /// </summary>
    public static RoundsEstimate Paired(IReadOnlyList<IReadOnlyDictionary<int, double>> numerators,
        IReadOnlyList<IReadOnlyDictionary<int, double>> denominators)
    {
        ArgumentNullException.ThrowIfNull(numerators);
        ArgumentNullException.ThrowIfNull(denominators);
        if (numerators.Count == 0 || denominators.Count == 0)
        {
            throw new ArgumentException("A ratio needs at least one numerator and one denominator.", nameof(numerators));
        }

        var sides = numerators.Concat(denominators).ToList();
        var rounds = sides.Skip(1).Aggregate(new SortedSet<int>(sides[0].Keys), (common, side) =>
        {
            common.IntersectWith(side.Keys);
            return common;
        });
        var ratios = rounds.Select(r => new RoundRatio(r,
            numerators.Aggregate(1.0, (p, side) => p * side[r]) / denominators.Aggregate(1.0, (p, side) => p * side[r]))).ToList();
        return FromRatios(ratios);
    }

    /// <summary>The ratio of one side over another measured in the same rounds.</summary>
    public static RoundsEstimate Paired(IReadOnlyDictionary<int, double> numerator, IReadOnlyDictionary<int, double> denominator) =>
        Paired([numerator], [denominator]);

    /// <summary>The reciprocal (a throughput ratio from a time ratio): every round inverted.</summary>
    public RoundsEstimate Inverse() => FromRatios([.. _all.Select(r => r with { Ratio = 1 / r.Ratio })]);

    /// <summary>
    /// Before/after at a threshold, for this time ratio (after / before): <see cref="Shift.Slower"/> when the whole
    /// interval lies above 1 + <paramref name="threshold"/>, <see cref="Shift.Faster"/> when it lies below
    /// 1 / (1 + threshold) (the same distance on the log scale), <see cref="Shift.Within"/> when it lies between the
    /// two (no change of that size), else <see cref="Shift.Undecided"/> — also when there is no interval.
    /// </summary>
    public Shift Classify(double threshold)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(threshold);
        if (!HasInterval)
        {
            return Shift.Undecided;
        }

        double high = 1 + threshold, low = 1 / (1 + threshold);
        return Lower > high ? Shift.Slower
            : Upper < low ? Shift.Faster
            : Lower >= low && Upper <= high ? Shift.Within
            : Shift.Undecided;
    }

    /// <summary>
    /// The fewest rounds at which this spread would decide <see cref="Classify"/> at <paramref name="threshold"/>: the
    /// nearest edge (1 + threshold, 1 / (1 + threshold), or for an interval across an edge the edge itself) cleared; null
    /// when decided already, or when no count up to <see cref="RoundLimits.Max"/> would.
    /// </summary>
    public int? RoundsToClassify(double threshold)
    {
        if (!HasInterval || Classify(threshold) != Shift.Undecided)
        {
            return null;
        }

        double edge = Math.Log(1 + threshold);
        double distance = Math.Min(Math.Abs(LogMean - edge), Math.Abs(LogMean + edge));
        return ConfidenceSequence.RoundsToDecide(Measured, LogSpread, distance);
    }

    /// <summary>The median of <paramref name="values"/> (the mean of the middle two for an even count); NaN when empty.</summary>
    public static double MedianOf(IReadOnlyList<double> values)
    {
        ArgumentNullException.ThrowIfNull(values);
        if (values.Count == 0)
        {
            return double.NaN;
        }

        var sorted = values.Order().ToArray();
        int mid = sorted.Length / 2;
        return sorted.Length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}

/// <summary>One round's ratio.</summary>
public readonly record struct RoundRatio(int Round, double Ratio);

/// <summary>What a before/after comparison found at its threshold.</summary>
public enum Shift
{
    /// <summary>Not decided yet: the interval reaches across an edge of ±threshold (or there is none).</summary>
    Undecided,

    /// <summary>After is faster: the whole interval is below 1 / (1 + threshold).</summary>
    Faster,

    /// <summary>After is slower: the whole interval is above 1 + threshold.</summary>
    Slower,

    /// <summary>No change of the threshold's size: the whole interval lies within [1 / (1 + threshold); 1 + threshold].</summary>
    Within,
}
