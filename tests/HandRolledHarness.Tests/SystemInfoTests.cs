namespace HandRolledHarness.Tests;

public class SystemInfoTests
{
    private const string CpuInfo = """
        processor	: 0
        vendor_id	: AuthenticAMD
        cpu family	: 26
        model		: 2
        model name	: AMD EPYC 9R45 96-Core Processor
        stepping	: 1

        processor	: 1
        model name	: AMD EPYC 9R45 96-Core Processor
        """;

    [Fact]
    public void The_platform_is_four_comment_lines_with_os_runtime_cpu_and_date()
    {
        var lines = SystemInfo.Lines(new DateTimeOffset(2026, 11, 23, 14, 25, 2, TimeSpan.FromHours(1)), CpuInfo);

        lines.Should().HaveCount(4).And.OnlyContain(l => l.StartsWith("# ", StringComparison.Ordinal));
        lines[0].Should().StartWith("# OS:");
        lines[1].Should().StartWith("# Runtime:").And.Contain(".NET");
        lines[2].Should().Be($"# CPU:     AMD EPYC 9R45 96-Core Processor (family 26, model 2, stepping 1); {Environment.ProcessorCount} \"procs\"");
        lines[3].Should().Be("# Date:    2026-11-23T14:25:02+01:00");
    }

    [Fact]
    public void Without_cpuinfo_the_model_is_unknown()
    {
        SystemInfo.Lines(DateTimeOffset.UnixEpoch, null)[2].Should().StartWith("# CPU:     unknown model;");
    }
}
