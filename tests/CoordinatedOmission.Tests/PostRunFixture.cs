namespace CoordinatedOmission.Tests;

/// <summary>The post's settings (450 req/s, 30 s, 200 ms every 500th) on the virtual clock, every client, run once per test class.</summary>
public sealed class PostRunFixture
{
    internal static readonly SimulationSettings PostSettings = new() { Virtual = true, Clients = ClientKinds.All };

    public PostRunFixture()
    {
        Result = SimulationRun.Run(PostSettings, TextWriter.Null);
    }

    internal SimulationResult Result { get; }

    internal ClosedLoopResult Closed => Result.Closed!;

    internal ClientResult Open => Result.Open!;

    internal ClientResult Concurrent => Result.Concurrent!;

    internal static long Ticks(double milliseconds) => (long)Math.Round(milliseconds * VirtualClock.TicksPerSecond / 1000);

    /// <summary>1/rate exactly, as a rational: ticks per second over rate (virtual ticks are ns).</summary>
    internal static long ScheduleOffset(long index, int rate) => (long)((Int128)index * VirtualClock.TicksPerSecond / rate);
}
