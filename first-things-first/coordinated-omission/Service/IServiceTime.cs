namespace CoordinatedOmission;

/// <summary>How the service spends time: burned on a real CPU, or charged to the virtual clock.</summary>
internal interface IServiceTime
{
    /// <summary>The baseline work of one request (about 1 ms).</summary>
    void Work();

    /// <summary>The periodic pause (200 ms by default).</summary>
    void Pause();
}

/// <summary>Real time: a calibrated spin for the work, <see cref="Thread.Sleep(TimeSpan)"/> for the pause (as in the post).</summary>
internal sealed class RealServiceTime(int spinIterations, TimeSpan pause) : IServiceTime
{
    public void Work() => Thread.SpinWait(spinIterations);

    public void Pause() => Thread.Sleep(pause);
}

/// <summary>Virtual time: the work takes exactly <paramref name="work"/>, the pause exactly <paramref name="pause"/>.</summary>
internal sealed class VirtualServiceTime(VirtualClock clock, TimeSpan work, TimeSpan pause) : IServiceTime
{
    private readonly long _workTicks = clock.ToTicks(work);
    private readonly long _pauseTicks = clock.ToTicks(pause);

    public void Work() => clock.Spend(_workTicks);

    public void Pause() => clock.Spend(_pauseTicks);
}
