using System.Globalization;
using MeasurementLab;

namespace CoordinatedOmission;

/// <summary>
/// Runs the selected clients one after another, each against a fresh <see cref="SimulatedService"/> (so each sees its
/// pauses at the same request numbers), on the real clock or on a fresh virtual clock per client. Real-clock runs
/// report their progress (client, requests served, time left) on the progress writer every few seconds.
/// </summary>
internal static class SimulationRun
{
    private const string ProgressTitle = "coordinated-omission";

    public static SimulationResult Run(SimulationSettings settings, TextWriter progress, TimeSpan? progressInterval = null)
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

        var plan = Plan(settings);
        var reporter = settings.Virtual ? null : new ProgressReporter(progress, ProgressTitle, plan.Sum(p => p.Seconds),
            estimate: TimeSpan.FromSeconds(plan.Sum(p => p.Seconds)), interval: progressInterval);
        reporter?.Announce(FormattableString.Invariant(
            $"{string.Join(", ", plan.Select(p => p.Client))}: {settings.RequestsPerClient:N0} requests each, about {DurationFormat.Rough(TimeSpan.FromSeconds(plan.Sum(p => p.Seconds)))} in all"));

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
            reporter?.Announce(FormattableString.Invariant(
                $"calibrating the {SimulationSettings.BaselineServiceTime.TotalMilliseconds:0.###} ms spin (median of {SpinCalibration.DefaultSamples} samples)..."));
            var cal = SpinCalibration.Calibrate(SimulationSettings.BaselineServiceTime);
            calibration = cal;
            reporter?.Announce(FormattableString.Invariant($"Thread.SpinWait({cal.Iterations}): median {cal.Median.TotalMilliseconds:0.000} ms"));
            var clock = new RealClock();
            clockDescription = FormattableString.Invariant($"real (Stopwatch, {clock.Frequency:N0} ticks/s)");
            ticksPerSecond = clock.Frequency;
            var time = new RealServiceTime(cal.Iterations, settings.Pause);
            fresh = () => (clock, new SimulatedService(time, settings.PauseEvery));
        }

        reporter?.Restart(); // the calibration's time says nothing about the clients' pace
        var tracker = new Tracker(reporter, plan, settings.RequestsPerClient, progressInterval ?? ProgressReporter.DefaultInterval);
        ClosedLoopResult? closed = null;
        ClientResult? open = null;
        ClientResult? concurrent = null;
        if (settings.Clients.HasFlag(ClientKinds.Closed))
        {
            var (clock, service) = fresh();
            closed = tracker.Run(ClosedLoopClient.Name, service, () => new ClosedLoopClient(clock, load).Run(service));
        }

        if (settings.Clients.HasFlag(ClientKinds.Open))
        {
            var (clock, service) = fresh();
            open = tracker.Run(OpenLoopClient.Name, service, () => new OpenLoopClient(clock, load).Run(service));
        }

        if (settings.Clients.HasFlag(ClientKinds.Concurrent))
        {
            var (clock, service) = fresh();
            concurrent = tracker.Run(ConcurrentOpenLoopClient.Name, service, () => new ConcurrentOpenLoopClient(clock, load, settings.Workers).Run(service));
        }

        reporter?.Finish("all clients done");
        return new SimulationResult(settings, clockDescription, ticksPerSecond, calibration, closed, open, concurrent, started);
    }

    /// <summary>
    /// Each selected client and how long it should take on the real clock: the closed loop as fast as the service
    /// answers (requests × mean service time), an open loop its schedule, or longer when the service cannot keep up.
    /// </summary>
    internal static IReadOnlyList<(string Client, double Seconds)> Plan(SimulationSettings settings)
    {
        ArgumentNullException.ThrowIfNull(settings);
        double meanService = ((settings.PauseEvery - 1) * SimulationSettings.BaselineServiceTime.TotalSeconds + settings.Pause.TotalSeconds) / settings.PauseEvery;
        double busy = settings.RequestsPerClient * meanService;
        var plan = new List<(string, double)>();
        if (settings.Clients.HasFlag(ClientKinds.Closed))
        {
            plan.Add((ClosedLoopClient.Name, busy));
        }

        if (settings.Clients.HasFlag(ClientKinds.Open))
        {
            plan.Add((OpenLoopClient.Name, Math.Max(settings.DurationSeconds, busy)));
        }

        if (settings.Clients.HasFlag(ClientKinds.Concurrent))
        {
            plan.Add((ConcurrentOpenLoopClient.Name, Math.Max(settings.DurationSeconds, busy / settings.Workers)));
        }

        return plan;
    }

    // Counts a client's progress in expected seconds: requests the service has taken so far × the plan's seconds per request.
    private sealed class Tracker(ProgressReporter? reporter, IReadOnlyList<(string Client, double Seconds)> plan, long requests, TimeSpan interval)
    {
        private double _before;

        public T Run<T>(string client, SimulatedService service, Func<T> run)
        {
            if (reporter is null)
            {
                return run();
            }

            double seconds = plan.First(p => p.Client == client).Seconds;
            double before = _before;
            string Status() => FormattableString.Invariant($"{client}: {Math.Min(service.Processed, requests):N0}/{requests:N0} requests");
            double Done() => before + (seconds * Math.Min(service.Processed, requests) / requests);
            reporter.Announce(FormattableString.Invariant($"{client}: {requests:N0} requests, about {DurationFormat.Rough(TimeSpan.FromSeconds(seconds))}"));
            T result;
            using (new Timer(_ => reporter.Report(Done(), Status()), null, interval, interval))
            {
                result = run();
            }

            _before += seconds;
            reporter.Report(_before, Status(), force: true);
            return result;
        }
    }
}
