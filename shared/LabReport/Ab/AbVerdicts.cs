using LabReport.RunFiles;
using LabRounds;

namespace LabReport.Ab;

/// <summary>One benchmark judged: B/A with its interval and what it says at the threshold.</summary>
/// <param name="Key">The benchmark ("KnownWork.MemoryWalk", "insert-loop insert-ns").</param>
/// <param name="Rounds">Rounds that gave a ratio (for the sequential method: rounds of each side).</param>
/// <param name="MedianA">A's median over rounds (ns per operation, or the mode's unit).</param>
/// <param name="MedianB">B's median over rounds.</param>
/// <param name="Ratio">B/A: the median of the per-round ratios (sequential: the ratio of the pooled means).</param>
/// <param name="Lower">Low end of the interval (NaN without one).</param>
/// <param name="Upper">High end.</param>
/// <param name="Level">The interval's confidence level.</param>
/// <param name="Change">Faster, slower, same or not measurable at the threshold.</param>
/// <param name="Spread">The between-round spread: the standard deviation of the logs of the per-round ratios (NaN for sequential).</param>
/// <param name="SmallestDetectable">The smallest slowdown this run could have called slower (see <see cref="AaStatistics"/>).</param>
/// <param name="Test">How the verdict was reached, in words.</param>
public sealed record BenchmarkVerdict(string Key, int Rounds, double MedianA, double MedianB, double Ratio, double Lower, double Upper,
    double Level, Change Change, double Spread, double SmallestDetectable, string Test);

/// <summary>
/// Judges every benchmark of a run. Interleaved and duet: from the rounds (<see cref="RoundsEstimate"/>, the same
/// engine as the verdicts' rounds): a change is reported only when the whole 95% interval of the per-round ratios lies
/// beyond ±threshold. Sequential: as <c>compare</c> judges two runs (<see cref="Comparison.Decide"/>: a one-sided
/// Mann-Whitney test against A shifted by the threshold, on the iterations of all rounds pooled), so the calibration
/// compares the methods and not two ways of deciding.
/// </summary>
public static class AbVerdicts
{
    /// <summary>A verdict per benchmark that both sides measured, in key order.</summary>
    public static IReadOnlyList<BenchmarkVerdict> Judge(AbMeasurements measurements, AbMethod method, double threshold)
    {
        ArgumentNullException.ThrowIfNull(measurements);
        var verdicts = new List<BenchmarkVerdict>();
        foreach (string key in measurements.Benchmarks)
        {
            var rounds = measurements.Of(key);
            if (rounds.Of("A").Count == 0 || rounds.Of("B").Count == 0)
            {
                continue;
            }

            double medianA = Median(rounds.Of("A").Values);
            double medianB = Median(rounds.Of("B").Values);
            verdicts.Add(method == AbMethod.Sequential
                ? Pooled(key, measurements, rounds, medianA, medianB, threshold)
                : FromRounds(key, rounds.Ratio("B", "A"), medianA, medianB, threshold));
        }

        return verdicts;
    }

    private static BenchmarkVerdict FromRounds(string key, RoundsEstimate estimate, double medianA, double medianB, double threshold)
    {
        var change = !estimate.HasInterval ? Change.NotMeasurable : estimate.Classify(threshold) switch
        {
            LabRounds.Shift.Faster => Change.Faster,
            LabRounds.Shift.Slower => Change.Slower,
            _ => Change.Same,
        };
        return new BenchmarkVerdict(key, estimate.Count, medianA, medianB, estimate.Median, estimate.Lower, estimate.Upper, estimate.Level,
            change, estimate.LogSpread, AaStatistics.SmallestDetectable(estimate, threshold),
            $"{estimate.Level * 100:0}% interval of {estimate.Count} per-round ratios vs ±{threshold * 100:0.##}%");
    }

    private static BenchmarkVerdict Pooled(string key, AbMeasurements measurements, RoundMeasurements<string> rounds, double medianA, double medianB,
        double threshold)
    {
        var a = BenchmarkResult.FromValues("A", key, new Dictionary<string, string>(), measurements.Iterations(key, "A"), "A");
        var b = BenchmarkResult.FromValues("B", key, new Dictionary<string, string>(), measurements.Iterations(key, "B"), "B");
        var decision = Comparison.Decide(key, a, b, threshold);
        int n = Math.Min(rounds.Of("A").Count, rounds.Of("B").Count);
        return new BenchmarkVerdict(key, n, medianA, medianB, decision.Ratio.Value, decision.Ratio.Lower, decision.Ratio.Upper, decision.Ratio.Level,
            decision.Change, double.NaN, double.NaN, $"compare's rule on {a.Values!.Count} + {b.Values!.Count} pooled iterations: {decision.Test}");
    }

    /// <summary>The median (NaN of nothing): of a side's rounds, a mode's rows, the detectable changes of an A/A run.</summary>
    public static double Median(IEnumerable<double> values)
    {
        var sorted = values.Order().ToArray();
        int mid = sorted.Length / 2;
        return sorted.Length == 0 ? double.NaN : sorted.Length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
