namespace HandRolledHarness;

/// <summary>
/// The note's Timer (section 2): wall-clock seconds since construction. <see cref="Pause"/> banks the interval
/// so far and <see cref="Play"/> starts a new one, so the time between them is left out (Mark8Setup uses this).
/// It reads a <see cref="TimeProvider"/>'s timestamp: <see cref="TimeProvider.System"/> (Stopwatch's high-resolution
/// clock, as the note's C# Timer) in a run, a fake one in the tests.
/// </summary>
public sealed class Timer
{
    private readonly TimeProvider _clock;
    private long _start;
    private long _spent;

    public Timer(TimeProvider clock)
    {
        ArgumentNullException.ThrowIfNull(clock);
        _clock = clock;
        Play();
    }

    /// <summary>Seconds measured: the banked intervals plus the running one.</summary>
    public double Check() => (_clock.GetTimestamp() - _start + _spent) / (double)_clock.TimestampFrequency;

    public void Pause() => _spent += _clock.GetTimestamp() - _start;

    public void Play() => _start = _clock.GetTimestamp();
}
