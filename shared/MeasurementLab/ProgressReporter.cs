namespace MeasurementLab;

/// <summary>
/// Progress of a long run that is not BenchmarkDotNet's, for a person watching: what runs, how far it got and roughly
/// how long is left, one line at a time on standard error so it never mixes with the tables on standard output.
/// Work is counted in any unit the caller likes (batches, expected seconds); the time left is extrapolated from the
/// rate so far, or taken from the caller's estimate before any work is done.
/// </summary>
public sealed class ProgressReporter
{
    /// <summary>How often <see cref="Report"/> prints at most, unless forced.</summary>
    public static readonly TimeSpan DefaultInterval = TimeSpan.FromSeconds(5);

    private readonly TextWriter _writer;
    private readonly string _title;
    private readonly TimeProvider _time;
    private readonly TimeSpan _interval;
    private readonly TimeSpan? _estimate;
    private long _started;
    private readonly object _gate = new();
    private long? _lastPrinted;

    /// <summary>Starts the clock of a run of <paramref name="totalWork"/> units.</summary>
    /// <param name="writer">Where the lines go (standard error in the programs).</param>
    /// <param name="title">Prefix of every line, e.g. the mode's name.</param>
    /// <param name="totalWork">All the work of the run, in the caller's unit; positive.</param>
    /// <param name="estimate">The expected length of the whole run, used until some work is done.</param>
    /// <param name="time">The clock (tests pass a fake one).</param>
    /// <param name="interval">Least time between two throttled lines.</param>
    public ProgressReporter(TextWriter writer, string title, double totalWork, TimeSpan? estimate = null, TimeProvider? time = null, TimeSpan? interval = null)
    {
        ArgumentNullException.ThrowIfNull(writer);
        ArgumentException.ThrowIfNullOrWhiteSpace(title);
        if (!(totalWork > 0) || !double.IsFinite(totalWork))
        {
            throw new ArgumentOutOfRangeException(nameof(totalWork), totalWork, "The total work must be a positive number.");
        }

        _writer = writer;
        _title = title;
        TotalWork = totalWork;
        _estimate = estimate;
        _time = time ?? TimeProvider.System;
        _interval = interval ?? DefaultInterval;
        _started = _time.GetTimestamp();
    }

    /// <summary>The whole run, in the caller's unit.</summary>
    public double TotalWork { get; }

    /// <summary>Time since the reporter was created.</summary>
    public TimeSpan Elapsed => _time.GetElapsedTime(_started);

    /// <summary>Roughly how long is left after <paramref name="workDone"/> units; null when nothing can be said yet.</summary>
    public TimeSpan? Remaining(double workDone)
    {
        var elapsed = Elapsed;
        if (workDone > 0)
        {
            double left = Math.Max(0, TotalWork - workDone);
            return TimeSpan.FromSeconds(elapsed.TotalSeconds * left / workDone);
        }

        return _estimate is { } estimate ? (estimate > elapsed ? estimate - elapsed : TimeSpan.Zero) : null;
    }

    /// <summary>Starts the clock again, after a preparation whose length says nothing about the work to come.</summary>
    public void Restart()
    {
        lock (_gate)
        {
            _started = _time.GetTimestamp();
            _lastPrinted = null;
        }
    }

    /// <summary>Prints a line at once (a stage starting, the plan of the run).</summary>
    public void Announce(string message) => Write($"[{_title}] {message}");

    /// <summary>
    /// Prints "[title] status: 42% after 1 min 02 s, about 1 min 25 s left" when <paramref name="force"/> is set or the
    /// last line is older than the interval; otherwise nothing. Safe to call from a timer thread.
    /// </summary>
    public void Report(double workDone, string status, bool force = false)
    {
        lock (_gate)
        {
            long now = _time.GetTimestamp();
            if (!force && _lastPrinted is { } last && _time.GetElapsedTime(last, now) < _interval)
            {
                return;
            }

            _lastPrinted = now;
        }

        double percent = Math.Clamp(workDone / TotalWork, 0, 1) * 100;
        string left = Remaining(workDone) is { } remaining ? $"about {DurationFormat.Rough(remaining)} left" : "time left unknown";
        Write(FormattableString.Invariant($"[{_title}] {status}: {percent:0}% after {DurationFormat.Rough(Elapsed)}, {left}"));
    }

    /// <summary>Prints the closing line with the total time.</summary>
    public void Finish(string message) => Write($"[{_title}] {message} in {DurationFormat.Rough(Elapsed)}");

    private void Write(string line)
    {
        lock (_gate)
        {
            _writer.WriteLine(line);
            _writer.Flush();
        }
    }
}
