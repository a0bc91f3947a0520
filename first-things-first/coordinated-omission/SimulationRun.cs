using System.Globalization;

namespace CoordinatedOmission;

/// <summary>One run: the settings, what the service was calibrated to, and each client's measurement.</summary>
internal sealed record SimulationResult(
    SimulationSettings Settings,
    string ClockDescription,
    long TicksPerSecond,
    SpinCalibrationResult? Calibration,
    ClosedLoopResult? Closed,
    ClientResult? Open,
    ClientResult? Concurrent,
    DateTimeOffset StartedUtc)
{
    /// <summary>The latency columns of the report, in display order.</summary>
    public IReadOnlyList<(string Name, MeasurementLab.LatencyRecorder Latency)> Columns =>
        new (string, MeasurementLab.LatencyRecorder?)[]
        {
            (ClosedLoopClient.Name, Closed?.Measured.Latency),
            (ClosedLoopResult.CorrectedName, Closed?.Corrected),
            (OpenLoopClient.Name, Open?.Latency),
            (ConcurrentOpenLoopClient.Name, Concurrent?.Latency),
        }
        .Where(c => c.Item2 is not null)
        .Select(c => (c.Item1, c.Item2!))
        .ToList();

    /// <summary>The clients that ran, in display order.</summary>
    public IReadOnlyList<ClientResult> Clients =>
        new[] { Closed?.Measured, Open, Concurrent }.OfType<ClientResult>().ToList();
}

/// <summary>
/// Runs the selected clients one after another, each against a fresh <see cref="SimulatedService"/> (so each sees its
/// pauses at the same request numbers), on the real clock or on a fresh virtual clock per client.
/// </summary>
internal static class Simulation
{
    public static SimulationResult Run(SimulationSettings settings, TextWriter progress)
    {
        ArgumentNullException.ThrowIfNull(settings);
        ArgumentNullException.ThrowIfNull(progress);
        var started = DateTimeOffset.UtcNow;
        var load = settings.Load;
        if (settings.Utilization >= 1)
        {
            progress.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"warning: at {settings.RatePerSecond} req/s the service needs {settings.Utilization:P0} of each second; the open loop's backlog will grow for the whole run."));
        }

        Func<(IClock Clock, SimulatedService Service)> fresh;
        SpinCalibrationResult? calibration = null;
        string clockDescription;
        long ticksPerSecond;
        if (settings.Virtual)
        {
            clockDescription = FormattableString.Invariant(
                $"virtual (deterministic; work exactly {SimulationSettings.BaselineServiceTime.TotalMilliseconds:0.###} ms, pause exactly {settings.PauseMilliseconds} ms)");
            ticksPerSecond = VirtualClock.TicksPerSecond;
            fresh = () =>
            {
                var clock = new VirtualClock();
                return (clock, new SimulatedService(new VirtualServiceTime(clock, SimulationSettings.BaselineServiceTime, settings.Pause), settings.PauseEvery));
            };
        }
        else
        {
            progress.WriteLine(FormattableString.Invariant(
                $"calibrating the {SimulationSettings.BaselineServiceTime.TotalMilliseconds:0.###} ms spin (median of {SpinCalibration.DefaultSamples} samples)..."));
            var cal = SpinCalibration.Calibrate(SimulationSettings.BaselineServiceTime);
            calibration = cal;
            progress.WriteLine(FormattableString.Invariant($"  Thread.SpinWait({cal.Iterations}): median {cal.Median.TotalMilliseconds:0.000} ms"));
            var clock = new RealClock();
            clockDescription = FormattableString.Invariant($"real (Stopwatch, {clock.Frequency:N0} ticks/s)");
            ticksPerSecond = clock.Frequency;
            var time = new RealServiceTime(cal.Iterations, settings.Pause);
            fresh = () => (clock, new SimulatedService(time, settings.PauseEvery));
        }

        ClosedLoopResult? closed = null;
        ClientResult? open = null;
        ClientResult? concurrent = null;
        if (settings.Clients.HasFlag(ClientKinds.Closed))
        {
            Announce(progress, settings, ClosedLoopClient.Name, "back to back, as fast as the service answers");
            var (clock, service) = fresh();
            closed = new ClosedLoopClient(clock, load).Run(service);
        }

        if (settings.Clients.HasFlag(ClientKinds.Open))
        {
            Announce(progress, settings, OpenLoopClient.Name, FormattableString.Invariant($"about {settings.DurationSeconds} s"));
            var (clock, service) = fresh();
            open = new OpenLoopClient(clock, load).Run(service);
        }

        if (settings.Clients.HasFlag(ClientKinds.Concurrent))
        {
            Announce(progress, settings, ConcurrentOpenLoopClient.Name, FormattableString.Invariant($"about {settings.DurationSeconds} s, {settings.Workers} worker(s)"));
            var (clock, service) = fresh();
            concurrent = new ConcurrentOpenLoopClient(clock, load, settings.Workers).Run(service);
        }

        return new SimulationResult(settings, clockDescription, ticksPerSecond, calibration, closed, open, concurrent, started);
    }

    private static void Announce(TextWriter progress, SimulationSettings settings, string client, string howLong)
    {
        if (!settings.Virtual)
        {
            progress.WriteLine(FormattableString.Invariant($"running {client}: {settings.RequestsPerClient:N0} requests ({howLong})..."));
        }
    }
}
