namespace LabRounds;

/// <summary>
/// Runs sides in the order of a <see cref="RoundSchedule"/> and keeps what each measured, by round. The measurement
/// itself is the caller's (a process, a BenchmarkDotNet run, a fake machine in a test); this is the part every
/// interleaved comparison of the lab shares.
/// </summary>
public static class RoundRunner
{
    /// <summary>
    /// Measures every side once per round, in the schedule's order; <paramref name="measure"/> gets the round (from 1)
    /// and the side and returns its value (a mean time); <paramref name="progress"/>, if given, hears of each step first.
    /// </summary>
    public static RoundMeasurements<TSide> Run<TSide>(RoundSchedule schedule, IReadOnlyList<TSide> sides, Func<int, TSide, double> measure,
        Action<int, TSide>? progress = null)
        where TSide : notnull
    {
        ArgumentNullException.ThrowIfNull(schedule);
        ArgumentNullException.ThrowIfNull(sides);
        ArgumentNullException.ThrowIfNull(measure);
        if (sides.Distinct().Count() != sides.Count)
        {
            throw new ArgumentException("Each side is measured once per round: the sides must be distinct.", nameof(sides));
        }

        var measurements = new RoundMeasurements<TSide>();
        foreach (var (round, side) in schedule.Sequence(sides))
        {
            progress?.Invoke(round, side);
            measurements.Add(side, round, measure(round, side));
        }

        return measurements;
    }
}

/// <summary>What each side measured in each round.</summary>
public sealed class RoundMeasurements<TSide>
    where TSide : notnull
{
    private readonly Dictionary<TSide, SortedDictionary<int, double>> _values = [];

    /// <summary>The sides measured so far.</summary>
    public IReadOnlyCollection<TSide> Sides => _values.Keys;

    /// <summary>Records a side's value in a round (once).</summary>
    public void Add(TSide side, int round, double value)
    {
        if (!_values.TryGetValue(side, out var rounds))
        {
            _values[side] = rounds = [];
        }

        if (!rounds.TryAdd(round, value))
        {
            throw new InvalidOperationException($"Side {side} already has a value for round {round}.");
        }
    }

    /// <summary>A side's values by round (empty when it never ran).</summary>
    public IReadOnlyDictionary<int, double> Of(TSide side) =>
        _values.TryGetValue(side, out var rounds) ? rounds : new SortedDictionary<int, double>();

    /// <summary>numerator / denominator, round by round.</summary>
    public RoundsEstimate Ratio(TSide numerator, TSide denominator, double level = RoundsEstimate.DefaultLevel) =>
        RoundsEstimate.Paired(Of(numerator), Of(denominator), level);
}
