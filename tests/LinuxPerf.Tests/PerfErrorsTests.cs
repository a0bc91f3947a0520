namespace LinuxPerf.Tests;

public class PerfErrorsTests
{
    [Theory]
    [InlineData(Errno.ENOENT)]
    [InlineData(Errno.EOPNOTSUPP)]
    [InlineData(Errno.ENODEV)]
    public void A_hardware_event_the_kernel_does_not_know_is_not_supported_and_blames_the_missing_PMU(int errno)
    {
        var (status, reason) = PerfErrors.Classify(errno, PerfEvents.Cycles, 2);
        status.Should().Be(CounterStatus.NotSupported);
        reason.Should().Contain("<not supported>").And.Contain("cycles").And.Contain("PMU");
    }

    [Fact]
    public void A_software_event_the_kernel_does_not_know_is_not_supported_without_blaming_a_PMU()
    {
        var (status, reason) = PerfErrors.Classify(Errno.ENOENT, PerfEvents.PageFaults, 2);
        status.Should().Be(CounterStatus.NotSupported);
        reason.Should().Contain("this kernel does not provide page-faults").And.NotContain("PMU");
    }

    [Theory]
    [InlineData(Errno.EACCES)]
    [InlineData(Errno.EPERM)]
    public void Refused_access_names_the_paranoid_level_and_the_ways_out(int errno)
    {
        var (status, reason) = PerfErrors.Classify(errno, PerfEvents.Instructions, 3);
        status.Should().Be(CounterStatus.NotPermitted);
        reason.Should().Contain("not permitted (perf_event_paranoid=3)").And.Contain("CAP_PERFMON").And.Contain("sysctl kernel.perf_event_paranoid");
    }

    [Fact]
    public void An_unknown_paranoid_level_says_so()
    {
        PerfErrors.Classify(Errno.EACCES, PerfEvents.Cycles, null).Reason.Should().Contain("perf_event_paranoid=unknown");
    }

    [Fact]
    public void A_rejected_attribute_is_an_invalid_configuration_with_type_and_config()
    {
        var perfEvent = new PerfEvent("made-up", PerfEventType.Raw, 0xdead);
        var (status, reason) = PerfErrors.Classify(Errno.EINVAL, perfEvent, 2);
        status.Should().Be(CounterStatus.InvalidConfiguration);
        reason.Should().Contain("invalid event configuration").And.Contain("type=4").And.Contain("config=0xdead").And.Contain("EINVAL");
    }

    [Theory]
    [InlineData(Errno.ENOSYS, "not available")]
    [InlineData(Errno.ESRCH, "exited")]
    [InlineData(Errno.EMFILE, "ulimit -n")]
    [InlineData(Errno.EBUSY, "exclusive")]
    [InlineData(Errno.EIO, "EIO")]
    public void Other_failures_are_unavailable_with_a_reason(int errno, string expected)
    {
        var (status, reason) = PerfErrors.Classify(errno, PerfEvents.TaskClock, 2);
        status.Should().Be(CounterStatus.Unavailable);
        reason.Should().Contain(expected);
    }

    [Fact]
    public void The_paranoid_level_is_read_from_the_file_and_null_when_absent()
    {
        string dir = Directory.CreateTempSubdirectory("perf-paranoid-").FullName;
        try
        {
            string file = Path.Combine(dir, "perf_event_paranoid");
            File.WriteAllText(file, "-1\n");
            PerfErrors.ReadParanoidLevel(file).Should().Be(-1);
            File.WriteAllText(file, "garbage");
            PerfErrors.ReadParanoidLevel(file).Should().BeNull();
            PerfErrors.ReadParanoidLevel(Path.Combine(dir, "missing")).Should().BeNull();
        }
        finally
        {
            Directory.Delete(dir, recursive: true);
        }
    }
}
