using System.Runtime.InteropServices;

namespace LinuxPerf;

/// <summary>
/// The libc calls the counters need. glibc has no <c>perf_event_open</c> wrapper, so it goes through
/// <c>syscall(2)</c> with the number of the running architecture. Every argument of the variadic
/// <c>syscall</c> and <c>ioctl</c> is passed as a full machine word, which is how the Linux x86-64,
/// arm64 and riscv64 calling conventions pass variadic integers.
/// </summary>
internal static partial class LibC
{
    private const string Library = "libc";

    [LibraryImport(Library, EntryPoint = "syscall", SetLastError = true)]
    private static partial nint Syscall5(nint number, nint arg1, nint arg2, nint arg3, nint arg4, nint arg5);

    [LibraryImport(Library, EntryPoint = "ioctl", SetLastError = true)]
    private static partial int Ioctl(int fd, nuint request, nint argument);

    [LibraryImport(Library, EntryPoint = "read", SetLastError = true)]
    private static unsafe partial nint Read(int fd, void* buffer, nuint count);

    [LibraryImport(Library, EntryPoint = "close", SetLastError = true)]
    internal static partial int Close(int fd);

    /// <summary>perf_event_open(2): returns the new fd, or -1 with <paramref name="errno"/> set.</summary>
    public static unsafe int PerfEventOpen(ref PerfEventAttr attr, int pid, int cpu, int groupFd, out int errno)
    {
        errno = 0;
        if (!PerfAbi.IsSupportedPlatform)
        {
            errno = Errno.ENOSYS;
            return -1;
        }

        nint result;
        fixed (PerfEventAttr* p = &attr)
        {
            result = Syscall5(PerfAbi.PerfEventOpenSyscall, (nint)p, pid, cpu, groupFd, 0);
        }

        if (result < 0)
        {
            errno = Marshal.GetLastPInvokeError();
            return -1;
        }

        return (int)result;
    }

    /// <summary>One of the PERF_EVENT_IOC_* requests; false with <paramref name="errno"/> on failure.</summary>
    public static bool PerfIoctl(int fd, PerfIoctlRequest request, bool wholeGroup, out int errno)
    {
        errno = 0;
        int rc = Ioctl(fd, PerfAbi.IoctlCode(request), wholeGroup ? 1 : 0);
        if (rc < 0)
        {
            errno = Marshal.GetLastPInvokeError();
            return false;
        }

        return true;
    }

    /// <summary>Reads value, time enabled and time running (PERF_FORMAT_TOTAL_TIME_ENABLED | _RUNNING, no group).</summary>
    public static unsafe bool ReadCounter(int fd, out ulong value, out ulong timeEnabled, out ulong timeRunning, out int errno)
    {
        ulong* buffer = stackalloc ulong[3];
        nint n = Read(fd, buffer, 3 * sizeof(ulong));
        if (n != 3 * sizeof(ulong))
        {
            errno = n < 0 ? Marshal.GetLastPInvokeError() : Errno.EIO;
            value = timeEnabled = timeRunning = 0;
            return false;
        }

        errno = 0;
        value = buffer[0];
        timeEnabled = buffer[1];
        timeRunning = buffer[2];
        return true;
    }
}

/// <summary>PERF_EVENT_IOC_* request numbers (the <c>nr</c> of <c>_IO('$', nr)</c>).</summary>
internal enum PerfIoctlRequest : uint
{
    Enable = 0,
    Disable = 1,
    Reset = 3,
}

/// <summary>The parts of the perf ABI that differ between architectures.</summary>
internal static class PerfAbi
{
    /// <summary>True when this process can call perf_event_open (Linux on an architecture whose syscall number we know).</summary>
    public static bool IsSupportedPlatform => OperatingSystem.IsLinux() && SyscallNumber(RuntimeInformation.ProcessArchitecture) is not null;

    /// <summary>__NR_perf_event_open of the running process.</summary>
    public static nint PerfEventOpenSyscall =>
        SyscallNumber(RuntimeInformation.ProcessArchitecture) ?? throw new PlatformNotSupportedException(
            $"perf_event_open: unknown syscall number for {RuntimeInformation.ProcessArchitecture}.");

    /// <summary>__NR_perf_event_open per architecture (arch/*/include/uapi/asm/unistd*.h and the generic table).</summary>
    public static int? SyscallNumber(Architecture architecture) => architecture switch
    {
        Architecture.X64 => 298,
        Architecture.X86 => 336,
        Architecture.Arm64 => 241, // asm-generic table, shared by riscv64 and loongarch64
        Architecture.RiscV64 => 241,
        Architecture.LoongArch64 => 241,
        Architecture.Arm => 364,
        Architecture.S390x => 331,
        Architecture.Ppc64le => 319,
        _ => null,
    };

    /// <summary>
    /// <c>_IO('$', nr)</c>. The generic encoding puts no direction bits in a no-argument request; PowerPC encodes
    /// "none" as 1 in bits 29..31.
    /// </summary>
    public static nuint IoctlCode(PerfIoctlRequest request, Architecture? architecture = null)
    {
        uint code = ('$' << 8) | (uint)request;
        var arch = architecture ?? RuntimeInformation.ProcessArchitecture;
        return arch == Architecture.Ppc64le ? (nuint)(code | (1u << 29)) : code;
    }
}

/// <summary>The errno values this library tells apart (same numbers on every Linux architecture we support).</summary>
internal static class Errno
{
    public const int EPERM = 1;
    public const int ENOENT = 2;
    public const int ESRCH = 3;
    public const int EIO = 5;
    public const int E2BIG = 7;
    public const int EBADF = 9;
    public const int EACCES = 13;
    public const int EBUSY = 16;
    public const int ENODEV = 19;
    public const int EINVAL = 22;
    public const int EMFILE = 24;
    public const int ENOSYS = 38;
    public const int EOPNOTSUPP = 95;
}
