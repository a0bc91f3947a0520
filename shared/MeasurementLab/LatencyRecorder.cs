using System.Diagnostics;
using HdrHistogram;

namespace MeasurementLab;

/// <summary>
/// A latency histogram over clock ticks: HdrHistogram (<see cref="LongHistogram"/>) with 3 significant digits,
/// so every reported value is within 0.1% of what was recorded, from one tick up to <see cref="HighestTrackable"/>.
/// </summary>
/// <remarks>
/// <para>Not thread-safe: recording is a plain increment, which is what keeps it cheap inside a timed loop.
/// Give each recording thread its own recorder and merge them afterwards with <see cref="Add"/>.</para>
/// <para>Ticks are <see cref="Stopwatch"/> ticks unless another tick rate is given (a simulated clock, for example);
/// conversions to <see cref="TimeSpan"/> and the millisecond scaling of the .hgrm output follow <see cref="TicksPerSecond"/>.</para>
/// </remarks>
public sealed class LatencyRecorder
{
    /// <summary>Significant decimal digits kept by the histogram (value quantization at most 0.1%).</summary>
    public const int SignificantDigits = 3;

    /// <summary>Default highest trackable latency.</summary>
    public static readonly TimeSpan DefaultHighestTrackable = TimeSpan.FromSeconds(60);

    /// <summary>Percentile reporting points per halving distance in the .hgrm output (HdrHistogram's usual 5).</summary>
    public const int DefaultPercentileTicksPerHalfDistance = 5;

    private readonly LongHistogram _histogram;
    private readonly long _highestTicks;

    /// <summary>A recorder over <see cref="Stopwatch"/> ticks, tracking up to 60 s.</summary>
    public LatencyRecorder()
        : this(DefaultHighestTrackable)
    {
    }

    /// <summary>A recorder tracking up to <paramref name="highestTrackable"/>.</summary>
    /// <param name="highestTrackable">Largest latency that can be recorded; larger values are rejected.</param>
    /// <param name="ticksPerSecond">Tick rate of the recorded values; 0 (default) means <see cref="Stopwatch.Frequency"/>.</param>
    public LatencyRecorder(TimeSpan highestTrackable, long ticksPerSecond = 0)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(ticksPerSecond);
        TicksPerSecond = ticksPerSecond == 0 ? Stopwatch.Frequency : ticksPerSecond;
        if (highestTrackable <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(highestTrackable), highestTrackable, "The highest trackable latency must be positive.");
        }

        _highestTicks = checked((long)Math.Ceiling(highestTrackable.TotalSeconds * TicksPerSecond));
        if (_highestTicks < 2)
        {
            throw new ArgumentOutOfRangeException(nameof(highestTrackable), highestTrackable, "The highest trackable latency must be at least two ticks.");
        }

        HighestTrackable = highestTrackable;
        _histogram = new LongHistogram(1, _highestTicks, SignificantDigits);
    }

    /// <summary>Ticks per second of the recorded values.</summary>
    public long TicksPerSecond { get; }

    /// <summary>Largest latency this recorder accepts.</summary>
    public TimeSpan HighestTrackable { get; }

    /// <summary>Number of recorded values (including values synthesized by <see cref="RecordWithExpectedInterval"/>).</summary>
    public long Count => _histogram.TotalCount;

    /// <summary>Largest recorded latency (HdrHistogram's highest equivalent value; zero when empty).</summary>
    public TimeSpan Max => Count == 0 ? TimeSpan.Zero : ToTimeSpan(MaxTicks);

    /// <summary>Largest recorded latency in ticks (highest equivalent value; zero when empty).</summary>
    public long MaxTicks => Count == 0 ? 0 : _histogram.GetMaxValue();

    /// <summary>Mean of the recorded latencies (from the histogram, so within its 0.1% resolution; zero when empty).</summary>
    public TimeSpan Mean => Count == 0 ? TimeSpan.Zero : ToTimeSpan(_histogram.GetMean());

    /// <summary>Records one latency of <paramref name="ticks"/> clock ticks.</summary>
    /// <exception cref="ArgumentOutOfRangeException">Negative or above <see cref="HighestTrackable"/>.</exception>
    public void Record(long ticks)
    {
        CheckValue(ticks);
        _histogram.RecordValue(ticks);
    }

    /// <summary>
    /// Records one latency and, when it is longer than <paramref name="expectedIntervalTicks"/>, HdrHistogram's
    /// coordinated-omission correction: the values <c>ticks − k·interval</c> (k = 1, 2, …, while they are at least one
    /// interval) that the requests a constant-rate sender would have issued during the stall would have seen.
    /// </summary>
    /// <param name="ticks">The measured latency.</param>
    /// <param name="expectedIntervalTicks">The interval between requests the measurement intended (1/rate); positive.</param>
    public void RecordWithExpectedInterval(long ticks, long expectedIntervalTicks)
    {
        CheckValue(ticks);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(expectedIntervalTicks);
        _histogram.RecordValueWithExpectedInterval(ticks, expectedIntervalTicks);
    }

    /// <summary>Forgets every recorded value, keeping the range: one recorder reused window after window.</summary>
    public void Reset() => _histogram.Reset();

    /// <summary>Adds every value of <paramref name="other"/> to this recorder (to merge per-thread recorders).</summary>
    /// <exception cref="ArgumentException">The recorders use different tick rates or <paramref name="other"/> holds values above this one's range.</exception>
    public void Add(LatencyRecorder other)
    {
        ArgumentNullException.ThrowIfNull(other);
        if (other.TicksPerSecond != TicksPerSecond)
        {
            throw new ArgumentException(
                $"Cannot merge a recorder of {other.TicksPerSecond} ticks/s into one of {TicksPerSecond} ticks/s.", nameof(other));
        }

        if (other.MaxTicks > _highestTicks)
        {
            throw new ArgumentException(
                $"The other recorder holds {DurationFormat.Milliseconds(other.Max)}, above this recorder's highest trackable {DurationFormat.Milliseconds(HighestTrackable)}.", nameof(other));
        }

        _histogram.Add(other._histogram);
    }

    /// <summary>The latency at or below which <paramref name="percentile"/>% of the values fall (0..100).</summary>
    public TimeSpan ValueAt(double percentile) => ToTimeSpan(ValueAtTicks(percentile));

    /// <summary>Same as <see cref="ValueAt"/>, in ticks (HdrHistogram's highest equivalent value; 0 when empty).</summary>
    public long ValueAtTicks(double percentile)
    {
        if (!(percentile >= 0 && percentile <= 100))
        {
            throw new ArgumentOutOfRangeException(nameof(percentile), percentile, "A percentile is between 0 and 100.");
        }

        return Count == 0 ? 0 : _histogram.GetValueAtPercentile(percentile);
    }

    /// <summary>
    /// Number of values in [<paramref name="from"/>, <paramref name="to"/>). Each histogram bucket is placed by its
    /// highest equivalent value, the same representative the percentiles report, so a value within the 0.1%
    /// resolution of an edge may land on either side of it.
    /// </summary>
    public long CountBetween(TimeSpan from, TimeSpan to)
    {
        long low = ToTicks(from);
        long high = to == TimeSpan.MaxValue ? long.MaxValue : ToTicks(to);
        long count = 0;
        foreach (var step in _histogram.RecordedValues())
        {
            long value = _histogram.HighestEquivalentValue(step.ValueIteratedTo);
            if (value >= low && value < high)
            {
                count += step.CountAtValueIteratedTo;
            }
        }

        return count;
    }

    /// <summary>Count, p50, p90, p99, p99.9 and max.</summary>
    public LatencySummary Summarize() =>
        new(Count, ValueAt(50), ValueAt(90), ValueAt(99), ValueAt(99.9), Max);

    /// <summary>
    /// Writes the full percentile distribution in HdrHistogram's .hgrm text format (HdrHistogram's own
    /// <c>OutputPercentileDistribution</c>), values in milliseconds, so standard HdrHistogram plotters read it.
    /// </summary>
    public void WritePercentileDistribution(TextWriter writer, int percentileTicksPerHalfDistance = DefaultPercentileTicksPerHalfDistance)
    {
        ArgumentNullException.ThrowIfNull(writer);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(percentileTicksPerHalfDistance);
        double ticksPerMillisecond = TicksPerSecond / 1000.0;
        _histogram.OutputPercentileDistribution(writer, percentileTicksPerHalfDistance, ticksPerMillisecond, useCsvFormat: false);
    }

    /// <summary>Converts ticks of this recorder's clock to a <see cref="TimeSpan"/> (100 ns resolution).</summary>
    public TimeSpan ToTimeSpan(long ticks) => ToTimeSpan((double)ticks);

    /// <summary>Converts a <see cref="TimeSpan"/> to ticks of this recorder's clock (rounded to the nearest tick).</summary>
    public long ToTicks(TimeSpan value) => checked((long)Math.Round(value.Ticks * (double)TicksPerSecond / TimeSpan.TicksPerSecond));

    private TimeSpan ToTimeSpan(double ticks) =>
        TimeSpan.FromTicks((long)Math.Round(ticks * TimeSpan.TicksPerSecond / TicksPerSecond));

    private void CheckValue(long ticks)
    {
        if (ticks < 0 || ticks > _highestTicks)
        {
            throw new ArgumentOutOfRangeException(
                nameof(ticks), ticks, $"A latency must be between 0 and the highest trackable {DurationFormat.Milliseconds(HighestTrackable)} ({_highestTicks} ticks).");
        }
    }
}
