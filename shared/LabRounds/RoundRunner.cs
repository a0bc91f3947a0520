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
    /// <paramref name="startRound"/>, if given, is asked before each round and ends the run early by answering false (a
    /// time budget spent): the rounds already measured are kept.
    /// </summary>
    public static RoundMeasurements<TSide> Run<TSide>(RoundSchedule schedule, IReadOnlyList<TSide> sides, Func<int, TSide, double> measure,
        Action<int, TSide>? progress = null, Func<int, bool>? startRound = null)
        where TSide : notnull
    {
        ArgumentNullException.ThrowIfNull(measure);
        CheckSides(schedule, sides);
        var measurements = new RoundMeasurements<TSide>();
        for (int round = 1; round <= schedule.Rounds && (startRound?.Invoke(round) ?? true); round++)
        {
            foreach (var side in schedule.Order(round, sides))
            {
                progress?.Invoke(round, side);
                measurements.Add(side, round, measure(round, side));
            }
        }

        return measurements;
    }

    /// <summary>
    /// Measures every side of a round at the same time (duet benchmarking, Bulej et al., ICPE 2020: whatever disturbs
    /// the machine during a round disturbs all its sides alike). <paramref name="measure"/> gets the round and the sides
    /// in the schedule's order for it (the order to start them in) and returns one value per side, in that order.
    /// </summary>
    public static RoundMeasurements<TSide> RunTogether<TSide>(RoundSchedule schedule, IReadOnlyList<TSide> sides,
        Func<int, IReadOnlyList<TSide>, IReadOnlyList<double>> measure, Action<int>? progress = null, Func<int, bool>? startRound = null)
        where TSide : notnull
    {
        ArgumentNullException.ThrowIfNull(measure);
        CheckSides(schedule, sides);
        var measurements = new RoundMeasurements<TSide>();
        for (int round = 1; round <= schedule.Rounds && (startRound?.Invoke(round) ?? true); round++)
        {
            var order = schedule.Order(round, sides);
            progress?.Invoke(round);
            var values = measure(round, order);
            if (values.Count != order.Count)
            {
                throw new InvalidOperationException($"Round {round} measured {values.Count} values for {order.Count} sides.");
            }

            for (int i = 0; i < order.Count; i++)
            {
                measurements.Add(order[i], round, values[i]);
            }
        }

        return measurements;
    }

    private static void CheckSides<TSide>(RoundSchedule schedule, IReadOnlyList<TSide> sides)
    {
        ArgumentNullException.ThrowIfNull(schedule);
        ArgumentNullException.ThrowIfNull(sides);
        if (sides.Distinct().Count() != sides.Count)
        {
            throw new ArgumentException("Each side is measured once per round: the sides must be distinct.", nameof(sides));
        }
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
    public RoundsEstimate Ratio(TSide numerator, TSide denominator) => RoundsEstimate.Paired(Of(numerator), Of(denominator));
}
