namespace HandRolledHarness;

/// <summary>
/// The note's Timer (section 2): wall-clock seconds since construction. <see cref="Pause"/> banks the interval
/// so far and <see cref="Play"/> starts a new one, so the time between them is left out (Mark8Setup uses this).
/// </summary>
public sealed class Timer
{
    private readonly IClock _clock;
    private long _start;
    private long _spent;

    public Timer(IClock clock)
    {
        ArgumentNullException.ThrowIfNull(clock);
        _clock = clock;
        Play();
    }

    /// <summary>Seconds measured: the banked intervals plus the running one.</summary>
    public double Check() => (_clock.Timestamp - _start + _spent) / (double)_clock.Frequency;

    public void Pause() => _spent += _clock.Timestamp - _start;

    public void Play() => _start = _clock.Timestamp;
}
