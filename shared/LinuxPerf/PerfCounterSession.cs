using System.Globalization;

namespace LinuxPerf;

/// <summary>
/// A set of <c>perf_event_open</c> counters on one thread or on every thread of a process, opened disabled,
/// enabled and disabled together, read with the enabled/running times so multiplexed counts are scaled.
/// Opening never throws for an event the machine cannot count: its reading carries the status and the reason
/// (<see cref="CounterStatus"/>), so a VM without a PMU still gets its software counters.
/// </summary>
public sealed class PerfCounterSession : IDisposable
{
    private const PerfReadFormat ReadFormat = PerfReadFormat.TotalTimeEnabled | PerfReadFormat.TotalTimeRunning;

    private readonly List<EventState> _events = [];
    private readonly List<int> _leaders = [];
    private readonly Lock _gate = new();
    private bool _disposed;

    private PerfCounterSession(string target) => Target = target;

    /// <summary>What is monitored, e.g. "process 4242 (17 threads, new threads inherited)".</summary>
    public string Target { get; }

    /// <summary>How many threads got counters.</summary>
    public int ThreadCount { get; private set; }

    /// <summary>True when the kernel only allowed user-space counting (perf_event_paranoid ≥ 2 without privileges).</summary>
    public bool UserSpaceOnly { get; private set; }

    /// <summary>The kernel's perf_event_paranoid when the session was opened.</summary>
    public int? ParanoidLevel { get; private set; }

    /// <summary>Per event: counted (zero so far) or why it could not be opened.</summary>
    public IReadOnlyList<CounterReading> Availability => _events.Select(e => e.ToReading(0, 0, 1)).ToList();

    /// <summary>Counters on the calling thread only (no inheritance): deterministic, used by tests and micro-measurements.</summary>
    public static PerfCounterSession OpenForCurrentThread(IEnumerable<PerfEventGroup> groups) =>
        Open([0], groups, inherit: false, "the calling thread", customize: null);

    /// <summary>
    /// Counters on every thread that <paramref name="pid"/> has now (from <c>/proc/PID/task</c>), each with
    /// <c>inherit</c> so threads they start later are counted too.
    /// </summary>
    public static PerfCounterSession OpenForProcess(int pid, IEnumerable<PerfEventGroup> groups)
    {
        var threads = ThreadsOf(pid);
        if (threads.Count == 0)
        {
            threads = [pid]; // not Linux, or the process is gone: the open reports why
        }

        return Open(threads, groups, inherit: true,
            string.Create(CultureInfo.InvariantCulture, $"process {pid} ({threads.Count} threads, new threads inherited)"), customize: null);
    }

    /// <summary>Thread ids of a process, or empty when /proc has none (exited, not Linux).</summary>
    public static IReadOnlyList<int> ThreadsOf(int pid)
    {
        string dir = string.Create(CultureInfo.InvariantCulture, $"/proc/{pid}/task");
        try
        {
            return Directory.Exists(dir)
                ? Directory.GetDirectories(dir)
                    .Select(d => int.TryParse(Path.GetFileName(d), NumberStyles.None, CultureInfo.InvariantCulture, out int tid) ? tid : -1)
                    .Where(tid => tid > 0)
                    .Order()
                    .ToList()
                : [];
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return [];
        }
    }

    /// <summary>Opens the groups on the given threads (0 = calling thread). <paramref name="customize"/> lets tests break an attribute.</summary>
    internal static PerfCounterSession Open(IReadOnlyList<int> threads, IEnumerable<PerfEventGroup> groups, bool inherit, string target,
        Func<PerfEvent, PerfEventAttr, PerfEventAttr>? customize)
    {
        ArgumentNullException.ThrowIfNull(groups);
        var session = new PerfCounterSession(target) { ParanoidLevel = PerfErrors.ReadParanoidLevel() };
        var groupList = groups.ToList();
        try
        {
            session.ChooseKernelExclusion(threads[0], inherit);
            var opened = new HashSet<int>();
            foreach (var group in groupList)
            {
                var states = group.Events.Select(e => new EventState(e)).ToList();
                session._events.AddRange(states);
                foreach (int tid in threads)
                {
                    if (session.OpenGroupOnThread(states, tid, inherit, customize))
                    {
                        opened.Add(tid);
                    }
                }
            }

            session.ThreadCount = opened.Count;
            return session;
        }
        catch
        {
            session.Dispose();
            throw;
        }
    }

    /// <summary>Starts counting (every group at once).</summary>
    public void Enable() => ForEachLeader(PerfIoctlRequest.Enable);

    /// <summary>Stops counting; the counts stay readable.</summary>
    public void Disable() => ForEachLeader(PerfIoctlRequest.Disable);

    /// <summary>Zeroes the counts (not the enabled/running times, which are only used as a ratio).</summary>
    public void Reset() => ForEachLeader(PerfIoctlRequest.Reset);

    /// <summary>Reads every event, summed over threads (inherited children included) and scaled for multiplexing.</summary>
    public CounterSnapshot Read()
    {
        lock (_gate)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            var readings = new List<CounterReading>(_events.Count);
            foreach (var state in _events)
            {
                readings.Add(state.Read());
            }

            return new CounterSnapshot(readings);
        }
    }

    /// <summary>Closes every counter.</summary>
    public void Dispose()
    {
        lock (_gate)
        {
            if (_disposed)
            {
                return;
            }

            _disposed = true;
            foreach (var state in _events)
            {
                foreach (int fd in state.Fds)
                {
                    _ = LibC.Close(fd);
                }

                state.Fds.Clear();
            }

            _leaders.Clear();
        }
    }

    /// <inheritdoc />
    public override string ToString() => $"{Target}: {string.Join("; ", Availability)}";

    // With perf_event_paranoid >= 2 an unprivileged user may only count user space: probe once with a software
    // event, and count user space only for every event if the kernel insists (so all counts mean the same thing).
    private void ChooseKernelExclusion(int tid, bool inherit)
    {
        var attr = Attributes(PerfEvents.TaskClock, inherit, excludeKernel: false);
        int fd = LibC.PerfEventOpen(ref attr, tid, -1, -1, out int errno);
        if (fd >= 0)
        {
            _ = LibC.Close(fd);
            return;
        }

        if (errno is Errno.EACCES or Errno.EPERM)
        {
            attr = Attributes(PerfEvents.TaskClock, inherit, excludeKernel: true);
            fd = LibC.PerfEventOpen(ref attr, tid, -1, -1, out _);
            if (fd >= 0)
            {
                _ = LibC.Close(fd);
                UserSpaceOnly = true;
            }
        }
    }

    // Opens one group on one thread. The first event that opens leads; events after it join its group. An event
    // that fails is marked once (same answer on every thread) and skipped on the others. False when the thread is gone.
    private bool OpenGroupOnThread(List<EventState> states, int tid, bool inherit, Func<PerfEvent, PerfEventAttr, PerfEventAttr>? customize)
    {
        int leader = -1;
        bool any = false;
        foreach (var state in states)
        {
            if (state.Status is not null)
            {
                continue;
            }

            var attr = Attributes(state.Event, inherit, UserSpaceOnly);
            if (customize is not null)
            {
                attr = customize(state.Event, attr);
            }

            int fd = LibC.PerfEventOpen(ref attr, tid, -1, leader, out int errno);
            if (fd < 0)
            {
                if (errno == Errno.ESRCH)
                {
                    return any; // the thread exited between listing and opening: nothing to count on it
                }

                (state.Status, state.Reason) = PerfErrors.Classify(errno, state.Event, ParanoidLevel);
                continue;
            }

            any = true;
            state.Fds.Add(fd);
            if (leader < 0)
            {
                leader = fd;
                _leaders.Add(fd);
            }
        }

        return any;
    }

    private static PerfEventAttr Attributes(PerfEvent perfEvent, bool inherit, bool excludeKernel)
    {
        var flags = PerfAttrFlags.Disabled | PerfAttrFlags.ExcludeHv;
        if (inherit)
        {
            flags |= PerfAttrFlags.Inherit;
        }

        if (excludeKernel)
        {
            flags |= PerfAttrFlags.ExcludeKernel;
        }

        return new PerfEventAttr
        {
            Type = (uint)perfEvent.Type,
            Size = PerfEventAttr.SizeVer5,
            Config = perfEvent.Config,
            ReadFormat = (ulong)ReadFormat,
            Flags = (ulong)flags,
        };
    }

    private void ForEachLeader(PerfIoctlRequest request)
    {
        lock (_gate)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            foreach (int fd in _leaders)
            {
                // A leader whose thread exited still answers; a failure here would only mean a closed fd.
                _ = LibC.PerfIoctl(fd, request, wholeGroup: true, out _);
            }
        }
    }

    private sealed class EventState(PerfEvent perfEvent)
    {
        public PerfEvent Event { get; } = perfEvent;

        public List<int> Fds { get; } = [];

        public CounterStatus? Status { get; set; }

        public string? Reason { get; set; }

        public CounterReading ToReading(double value, ulong raw, double runningFraction)
        {
            if (Status is { } failed)
            {
                return new CounterReading(Event, failed, 0, 0, 0, Reason);
            }

            return Fds.Count == 0
                ? new CounterReading(Event, CounterStatus.Unavailable, 0, 0, 0, "no monitored thread could be opened (all exited?)")
                : new CounterReading(Event, CounterStatus.Counted, value, raw, runningFraction, null);
        }

        public CounterReading Read()
        {
            if (Status is not null || Fds.Count == 0)
            {
                return ToReading(0, 0, 0);
            }

            double scaled = 0;
            ulong raw = 0;
            double minFraction = 1;
            int enabledThreads = 0, neverScheduled = 0;
            foreach (int fd in Fds)
            {
                if (!LibC.ReadCounter(fd, out ulong value, out ulong enabled, out ulong running, out _))
                {
                    continue;
                }

                raw += value;
                if (enabled == 0)
                {
                    continue; // this thread never ran while counting
                }

                enabledThreads++;
                if (running == 0)
                {
                    neverScheduled++;
                    minFraction = 0;
                    continue;
                }

                double fraction = Math.Min(1.0, running / (double)enabled);
                minFraction = Math.Min(minFraction, fraction);
                scaled += value / fraction;
            }

            if (enabledThreads > 0 && neverScheduled == enabledThreads)
            {
                return new CounterReading(Event, CounterStatus.NotCounted, 0, raw, 0,
                    "<not counted>: enabled but never got a hardware counter (more events than the PMU has counters?)");
            }

            return ToReading(scaled, raw, minFraction);
        }
    }
}
