using System.Globalization;
using System.Runtime.InteropServices;

namespace LinuxPerf;

/// <summary>What happened to one event.</summary>
public enum CounterStatus
{
    /// <summary>Opened and counting (or counted).</summary>
    Counted,

    /// <summary>The kernel or CPU has no such event: perf's <c>&lt;not supported&gt;</c> (no PMU in most VMs).</summary>
    NotSupported,

    /// <summary>The kernel refused access (perf_event_paranoid, missing CAP_PERFMON, seccomp).</summary>
    NotPermitted,

    /// <summary>The kernel rejected the event description (EINVAL): a wrong type, config or attribute.</summary>
    InvalidConfiguration,

    /// <summary>Opened, but never got a hardware counter while enabled: perf's <c>&lt;not counted&gt;</c>.</summary>
    NotCounted,

    /// <summary>Anything else (no perf_event_open on this OS, thread gone, out of file descriptors…).</summary>
    Unavailable,
}

/// <summary>Turns a failed <c>perf_event_open</c> into a status and one sentence a reader can act on.</summary>
public static class PerfErrors
{
    /// <summary>Where Linux publishes the access policy for perf events.</summary>
    public const string ParanoidPath = "/proc/sys/kernel/perf_event_paranoid";

    /// <summary>The current kernel.perf_event_paranoid, or null when unreadable (not Linux).</summary>
    public static int? ReadParanoidLevel(string path = ParanoidPath)
    {
        try
        {
            return int.TryParse(File.ReadAllText(path).Trim(), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out int level)
                ? level
                : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    /// <summary>The status and explanation of a perf_event_open failure with <paramref name="errno"/>.</summary>
    public static (CounterStatus Status, string Reason) Classify(int errno, PerfEvent perfEvent, int? paranoidLevel)
    {
        ArgumentNullException.ThrowIfNull(perfEvent);
        string paranoid = paranoidLevel?.ToString(CultureInfo.InvariantCulture) ?? "unknown";
        return errno switch
        {
            Errno.ENOENT or Errno.ENODEV or Errno.EOPNOTSUPP when perfEvent.NeedsPmu =>
                (CounterStatus.NotSupported,
                 $"<not supported>: no hardware counter for {perfEvent.Name} (no PMU here: virtual machines often expose none; {Name(errno)})"),
            Errno.ENOENT or Errno.ENODEV or Errno.EOPNOTSUPP =>
                (CounterStatus.NotSupported, $"<not supported>: this kernel does not provide {perfEvent.Name} ({Name(errno)})"),
            Errno.EACCES or Errno.EPERM =>
                (CounterStatus.NotPermitted,
                 $"not permitted (perf_event_paranoid={paranoid}): run as root, grant CAP_PERFMON, or lower it with " +
                 $"'sudo sysctl kernel.perf_event_paranoid=1'; in a container, seccomp may block perf_event_open ({Name(errno)})"),
            Errno.EINVAL or Errno.E2BIG =>
                (CounterStatus.InvalidConfiguration,
                 $"invalid event configuration: the kernel rejected {perfEvent.Name} " +
                 $"(type={(uint)perfEvent.Type}, config=0x{perfEvent.Config:x}; {Name(errno)})"),
            Errno.ENOSYS =>
                (CounterStatus.Unavailable, "perf_event_open is not available here (not Linux, or a kernel without perf events)"),
            Errno.ESRCH =>
                (CounterStatus.Unavailable, "the monitored thread or process has exited (ESRCH)"),
            Errno.EMFILE =>
                (CounterStatus.Unavailable, "too many open files: raise 'ulimit -n' (EMFILE)"),
            Errno.EBUSY =>
                (CounterStatus.Unavailable, "the PMU is in exclusive use by another tool (EBUSY)"),
            _ => (CounterStatus.Unavailable, $"perf_event_open failed: {Name(errno)}"),
        };
    }

    /// <summary>"ENOENT: No such file or directory" style text.</summary>
    public static string Name(int errno)
    {
        string symbol = errno switch
        {
            Errno.EPERM => "EPERM",
            Errno.ENOENT => "ENOENT",
            Errno.ESRCH => "ESRCH",
            Errno.EIO => "EIO",
            Errno.E2BIG => "E2BIG",
            Errno.EBADF => "EBADF",
            Errno.EACCES => "EACCES",
            Errno.EBUSY => "EBUSY",
            Errno.ENODEV => "ENODEV",
            Errno.EINVAL => "EINVAL",
            Errno.EMFILE => "EMFILE",
            Errno.ENOSYS => "ENOSYS",
            Errno.EOPNOTSUPP => "EOPNOTSUPP",
            _ => "errno " + errno.ToString(CultureInfo.InvariantCulture),
        };
        return symbol + ": " + Marshal.GetPInvokeErrorMessage(errno);
    }
}
