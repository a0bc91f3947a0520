using System.Diagnostics;

namespace HandRolledHarness;

/// <summary>Where <see cref="Timer"/> reads the time: the real clock in a run, a fake one in the tests.</summary>
public interface IClock
{
    /// <summary>Ticks since an arbitrary origin.</summary>
    long Timestamp { get; }

    /// <summary>Ticks per second.</summary>
    long Frequency { get; }
}

/// <summary>The wall clock the note's C# Timer reads: <see cref="Stopwatch"/>'s high-resolution timestamp.</summary>
public sealed class StopwatchClock : IClock
{
    public static StopwatchClock Instance { get; } = new();

    private StopwatchClock()
    {
    }

    public long Timestamp => Stopwatch.GetTimestamp();

    public long Frequency => Stopwatch.Frequency;
}
