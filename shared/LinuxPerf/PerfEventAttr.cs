using System.Runtime.InteropServices;

namespace LinuxPerf;

/// <summary>
/// <c>struct perf_event_attr</c> from <c>linux/perf_event.h</c>, up to <c>PERF_ATTR_SIZE_VER5</c> (112 bytes).
/// Older kernels accept it when the fields they do not know are zero, newer kernels accept any smaller known size,
/// so this layout works from Linux 4.1 onwards. Only counting fields are used; the sampling fields stay zero.
/// </summary>
[StructLayout(LayoutKind.Sequential)]
internal struct PerfEventAttr
{
    /// <summary>Size the kernel must be told in <see cref="Size"/>.</summary>
    public const uint SizeVer5 = 112;

    public uint Type;
    public uint Size;
    public ulong Config;
    public ulong SamplePeriodOrFreq;
    public ulong SampleType;
    public ulong ReadFormat;
    public ulong Flags;
    public uint WakeupEventsOrWatermark;
    public uint BreakpointType;
    public ulong Config1;
    public ulong Config2;
    public ulong BranchSampleType;
    public ulong SampleRegsUser;
    public uint SampleStackUser;
    public int ClockId;
    public ulong SampleRegsIntr;
    public uint AuxWatermark;
    public ushort SampleMaxStack;
    public ushort Reserved2;
}

/// <summary>Bits of <see cref="PerfEventAttr.Flags"/> (the C bit-field, least significant bit first).</summary>
[Flags]
internal enum PerfAttrFlags : ulong
{
    None = 0,
    Disabled = 1UL << 0,
    Inherit = 1UL << 1,
    Pinned = 1UL << 2,
    Exclusive = 1UL << 3,
    ExcludeUser = 1UL << 4,
    ExcludeKernel = 1UL << 5,
    ExcludeHv = 1UL << 6,
    ExcludeIdle = 1UL << 7,
}

/// <summary><c>PERF_FORMAT_*</c>: what one <c>read()</c> of a counter returns.</summary>
[Flags]
internal enum PerfReadFormat : ulong
{
    None = 0,

    /// <summary>Time the event was enabled (for scaling when counters are multiplexed).</summary>
    TotalTimeEnabled = 1 << 0,

    /// <summary>Time the event was really on a counter.</summary>
    TotalTimeRunning = 1 << 1,
    Id = 1 << 2,
    Group = 1 << 3,
}
