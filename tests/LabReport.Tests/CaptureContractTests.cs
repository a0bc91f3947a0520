using System.Text.Json;
using LabReport.RunFiles;
using LabReport.Sections;

namespace LabReport.Tests;

/// <summary>The capture scripts write what the report reads: the row names, the fingerprint, the steal counters.</summary>
public class CaptureContractTests
{
    [Fact]
    public void Machine_id_json_is_a_fingerprint_and_the_name_matches_it()
    {
        var (code, json, _) = Script("scripts/machine-id.sh", "--json");
        code.Should().Be(0);
        using var doc = JsonDocument.Parse(json);
        string fingerprint = doc.RootElement.GetProperty("fingerprint").GetString()!;
        fingerprint.Should().Contain(doc.RootElement.GetProperty("cacheSignature").GetString()!);
        doc.RootElement.GetProperty("logicalCpus").GetInt32().Should().BePositive();
        Script("scripts/machine-id.sh").Output.Trim().Should().Be(doc.RootElement.GetProperty("name").GetString());
    }

    [Fact]
    public void Capture_rows_are_the_ones_the_report_reads()
    {
        string dir = Path.Combine(Path.GetTempPath(), $"labreport-capture-{Guid.NewGuid():N}");
        Directory.CreateDirectory(dir);
        try
        {
            var (code, start, error) = Script("scripts/capture-env.sh", "--no-disk", "--run-dir", dir);
            code.Should().Be(0, error);
            // /proc/stat counts in ticks of 10 ms (USER_HZ 100): an end capture within the same tick as the start's
            // has no elapsed time, and the steal share is rightly unknown. A run lasts minutes; here, wait a few ticks.
            Thread.Sleep(TimeSpan.FromMilliseconds(100));
            var (_, end, _) = Script("scripts/capture-env.sh", "--end");
            File.WriteAllText(Path.Combine(dir, "environment.md"), start + end);
            var env = RunEnvironment.Load(dir);
            foreach (string row in new[] { "CPU model (full)", "machine fingerprint", "transparent huge pages", "swap", "kernel memory reclaim (DAMON)", EngineSection.DiskSequentialRow, EngineSection.DiskSyncRow })
            {
                env.Row(row).Should().NotBeNullOrWhiteSpace(row);
            }

            env.Row(EngineSection.DiskSequentialRow).Should().Contain("--no-disk");
            env.StealPercent().Should().NotBeNull().And.BeInRange(0, 100);
            Directory.GetFiles(dir).Should().ContainSingle("the capture leaves nothing behind in the run directory");
        }
        finally
        {
            Directory.Delete(dir, recursive: true);
        }
    }

    [Theory]
    [InlineData("scripts/machine-id.sh", "--bogus")]
    [InlineData("scripts/capture-env.sh", "--run-dir", "/nonexistent/dir")]
    public void Bad_arguments_exit_2(params string[] command)
    {
        var (code, _, error) = Script(command[0], command[1..]);
        code.Should().Be(2);
        error.Should().StartWith("error: ");
    }

    // The capture scripts run as a reader runs them (TestSupport's Bash: bash in the repository root).
    [Fact]
    public void Getconf_sizes_are_read_from_its_own_format_and_not_shown_when_sysfs_gives_the_caches()
    {
        // 'getconf -a' on the lab's KVM guest (glibc 2.36): L3 is CPUID leaf 0x80000006's, the host's 320 MiB.
        string file = Path.Combine(Path.GetTempPath(), $"labreport-getconf-{Guid.NewGuid():N}.txt");
        File.WriteAllText(file, """
            LEVEL1_ICACHE_SIZE                 32768
            LEVEL1_ICACHE_ASSOC                
            LEVEL1_DCACHE_SIZE                 32768
            LEVEL1_DCACHE_ASSOC                8
            LEVEL2_CACHE_SIZE                  1048576
            LEVEL3_CACHE_SIZE                  335544320
            LEVEL3_CACHE_ASSOC                 0
            LEVEL4_CACHE_SIZE                  

            """);
        try
        {
            var (code, output, error) = Script("scripts/capture-env.sh", "--parse-getconf", file);
            code.Should().Be(0, error);
            output.Trim().Should().Be("L1d 32 KiB, L2 1 MiB, L3 320 MiB");
        }
        finally
        {
            File.Delete(file);
        }

        if (Directory.Exists("/sys/devices/system/cpu/cpu0/cache/index0"))
        {
            var (_, environment, _) = Script("scripts/capture-env.sh", "--no-disk");
            environment.Should().Contain("| caches: glibc getconf (CPUID leaves; only without sysfs) | not used: sysfs above gives the sizes")
                .And.NotContain("CPUID (getconf)", "the host's L3 is not shown as this machine's");
        }
    }

    private static (int Code, string Output, string Error) Script(string script, params string[] args)
    {
        var result = Bash.Run(script, args);
        return (result.ExitCode, result.Stdout, result.Stderr);
    }
}
