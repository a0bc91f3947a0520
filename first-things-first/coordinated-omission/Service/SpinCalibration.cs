using System.Diagnostics;

namespace CoordinatedOmission;

/// <summary>The outcome of <see cref="SpinCalibration.Calibrate"/>.</summary>
/// <param name="Iterations">Argument for <see cref="Thread.SpinWait(int)"/>.</param>
/// <param name="Median">Median duration of that spin over <paramref name="Samples"/> fresh samples, taken after the search.</param>
/// <param name="Target">The duration the search aimed at.</param>
/// <param name="Samples">Samples per median.</param>
internal sealed record SpinCalibrationResult(int Iterations, TimeSpan Median, TimeSpan Target, int Samples);

/// <summary>
/// Finds the <see cref="Thread.SpinWait(int)"/> count whose median duration is the target (about 1 ms), on this machine,
/// now: doubling to bracket the target, then a binary search, each probe the median of <c>samples</c> timed spins
/// (the median, because a preempted sample on a busy machine would drag a mean).
/// </summary>
internal static class SpinCalibration
{
    /// <summary>Samples per probe, as in the post.</summary>
    public const int DefaultSamples = 50;

    /// <summary>The search stops when the bracket is narrower than this fraction of its upper end (0.5%).</summary>
    private const double Precision = 0.005;

    public static SpinCalibrationResult Calibrate(TimeSpan target, int samples = DefaultSamples)
    {
        if (target <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(target), target, "The calibration target must be positive.");
        }

        ArgumentOutOfRangeException.ThrowIfLessThan(samples, 1);
        long targetTicks = (long)(target.TotalSeconds * Stopwatch.Frequency);
        var timings = new long[samples];

        int low = 0;
        int high = 1;
        while (MedianTicks(high, timings) < targetTicks)
        {
            low = high;
            if (high > int.MaxValue / 2)
            {
                throw new InvalidOperationException($"Thread.SpinWait({high}) is still shorter than {target}; cannot calibrate.");
            }

            high *= 2;
        }

        while (high - low > Math.Max(1, (int)(high * Precision)))
        {
            int middle = low + ((high - low) / 2);
            if (MedianTicks(middle, timings) < targetTicks)
            {
                low = middle;
            }
            else
            {
                high = middle;
            }
        }

        var median = TimeSpan.FromSeconds(MedianTicks(high, timings) / (double)Stopwatch.Frequency);
        return new SpinCalibrationResult(high, median, target, samples);
    }

    private static long MedianTicks(int iterations, long[] timings)
    {
        for (int i = 0; i < timings.Length; i++)
        {
            long start = Stopwatch.GetTimestamp();
            Thread.SpinWait(iterations);
            timings[i] = Stopwatch.GetTimestamp() - start;
        }

        Array.Sort(timings);
        return timings[timings.Length / 2];
    }
}
