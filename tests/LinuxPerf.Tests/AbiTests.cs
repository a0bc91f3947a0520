using System.Runtime.InteropServices;

namespace LinuxPerf.Tests;

public class AbiTests
{
    [Fact]
    public void Perf_event_attr_has_the_kernel_layout_of_version_5()
    {
        Marshal.SizeOf<PerfEventAttr>().Should().Be((int)PerfEventAttr.SizeVer5).And.Be(112);
        Offset(nameof(PerfEventAttr.Config)).Should().Be(8);
        Offset(nameof(PerfEventAttr.ReadFormat)).Should().Be(32);
        Offset(nameof(PerfEventAttr.Flags)).Should().Be(40);
        Offset(nameof(PerfEventAttr.Config1)).Should().Be(56);
        Offset(nameof(PerfEventAttr.BranchSampleType)).Should().Be(72);
        Offset(nameof(PerfEventAttr.ClockId)).Should().Be(92);
        Offset(nameof(PerfEventAttr.AuxWatermark)).Should().Be(104);
    }

    [Theory]
    [InlineData(Architecture.X64, 298)]
    [InlineData(Architecture.X86, 336)]
    [InlineData(Architecture.Arm64, 241)]
    [InlineData(Architecture.Arm, 364)]
    [InlineData(Architecture.RiscV64, 241)]
    [InlineData(Architecture.S390x, 331)]
    [InlineData(Architecture.Ppc64le, 319)]
    public void Perf_event_open_has_the_syscall_number_of_each_architecture(Architecture architecture, int number) =>
        PerfAbi.SyscallNumber(architecture).Should().Be(number);

    [Fact]
    public void Unknown_architectures_have_no_syscall_number() =>
        PerfAbi.SyscallNumber(Architecture.Wasm).Should().BeNull();

    [Theory]
    [InlineData(0, Architecture.X64, 0x2400u)] // PERF_EVENT_IOC_ENABLE
    [InlineData(1, Architecture.Arm64, 0x2401u)] // DISABLE
    [InlineData(3, Architecture.X64, 0x2403u)] // RESET
    [InlineData(0, Architecture.Ppc64le, 0x20002400u)]
    public void Ioctl_requests_are_encoded_per_architecture(int request, Architecture architecture, uint code) =>
        PerfAbi.IoctlCode((PerfIoctlRequest)request, architecture).Should().Be((nuint)code);

    [Fact]
    public void Generic_cache_events_encode_cache_operation_and_result()
    {
        PerfEvents.L1DcacheLoads.Config.Should().Be(0x0);
        PerfEvents.L1DcacheLoadMisses.Config.Should().Be(0x10000);
        PerfEvents.LlcLoads.Config.Should().Be(0x2);
        PerfEvents.LlcLoadMisses.Config.Should().Be(0x10002);
        PerfEvents.LlcLoadMisses.Type.Should().Be(PerfEventType.HardwareCache);
    }

    [Fact]
    public void The_default_set_is_the_posts_events_plus_the_software_events()
    {
        PerfEvents.Default.SelectMany(g => g.Events).Select(e => e.Name).Should().Equal(
            "cycles", "instructions", "cache-references", "cache-misses", "branch-instructions", "branch-misses",
            "L1-dcache-loads", "L1-dcache-load-misses", "LLC-loads", "LLC-load-misses",
            "task-clock", "context-switches", "cpu-migrations", "page-faults");
        PerfEvents.HardwareGroups.Should().AllSatisfy(g => g.Events.Should().HaveCount(2, "each ratio's two events share a group"));
    }

    private static int Offset(string field) => (int)Marshal.OffsetOf<PerfEventAttr>(field);
}
