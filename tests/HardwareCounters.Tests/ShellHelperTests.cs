namespace HardwareCounters.Tests;

/// <summary>scripts/lib/pinning.sh and perf.sh on fixture inputs.</summary>
public class ShellHelperTests
{
    [Fact]
    public void A_single_node_machine_gets_only_the_unpinned_run_and_a_note_saying_why()
    {
        using var sysfs = SysfsFixture.ThisVm().Socket(0, 0).Socket(1, 0);

        var placements = Helpers("lab_pin_placements; lab_pin_note", sysfs);

        placements.ExitCode.Should().Be(0, placements.Stderr);
        placements.Stdout.Should().StartWith("unpinned\t\n").And.Contain("Only the unpinned run is made");
        placements.Stdout.Should().NotContain("taskset").And.NotContain("numactl");
    }

    [Fact]
    public void Two_numa_nodes_without_numactl_are_pinned_with_taskset_and_a_warning()
    {
        using var sysfs = SysfsFixture.IvyBridgeEp();
        using var path = new PathWithout(["numactl"]);

        var result = Helpers("lab_pin_placements", sysfs, path);

        result.Stdout.Should().Be("unpinned\t\nnode0\ttaskset -c 0-11\nnode1\ttaskset -c 12-23\n");
        result.Stderr.Should().Contain("numactl not installed").And.Contain("memory not bound");
    }

    [Fact]
    public void Two_numa_nodes_with_numactl_bind_cpus_and_memory()
    {
        using var sysfs = SysfsFixture.IvyBridgeEp();
        using var path = new PathWithout(["numactl"], stubs: ["numactl"]);

        var result = Helpers("lab_pin_placements; lab_pin_note", sysfs, path);

        result.Stdout.Should().StartWith("unpinned\t\nnode0\tnumactl --cpunodebind=0 --membind=0\nnode1\tnumactl --cpunodebind=1 --membind=1\n")
            .And.Contain("2 socket(s) and 2 NUMA node(s)");
    }

    [Fact]
    public void Two_sockets_without_a_numa_split_are_pinned_per_socket()
    {
        using var sysfs = SysfsFixture.IvyBridgeEp();
        Directory.Delete(Path.Combine(sysfs.Root, "devices", "system", "node", "node1"), recursive: true);
        File.WriteAllText(Path.Combine(sysfs.Root, "devices", "system", "node", "node0", "cpulist"), "0-23\n");

        var result = Helpers("lab_pin_placements", sysfs);

        result.Stdout.Should().Be("unpinned\t\nsocket0\ttaskset -c 0-11\nsocket1\ttaskset -c 12-23\n");
    }

    [Fact]
    public void Cpu_lists_are_compressed_to_ranges()
    {
        var result = Bash.WithHelpers("printf '5\\n0\\n1\\n2\\n7\\n8\\n11\\n' | lab_cpulist_compress");

        result.Stdout.Should().Be("0-2,5,7-8,11\n");
    }

    [Fact]
    public void Perf_script_output_folds_into_stacks_with_dotnet_names_and_dso_fallbacks()
    {
        const string script = """
            HardwareCounter 4242 [001] 100.000001:   10101010 cpu-clock:
            	    7f0000001000 instance int64 [HardwareCounters] HardwareCounters.AccessPatterns::SumRandom()[OptimizedTier1]+0x1c (/tmp/perf-4242.map)
            	    7f0000002000 [unknown] (/memfd:doublemapper (deleted))
            	    7f0000003000 __libc_start_call_main+0x80 (/usr/lib/x86_64-linux-gnu/libc.so.6)

            HardwareCounter 4242 [001] 100.010001:   10101010 cpu-clock:
            	    7f0000001000 instance int64 [HardwareCounters] HardwareCounters.AccessPatterns::SumRandom()[OptimizedTier1]+0x20 (/tmp/perf-4242.map)
            	    7f0000002000 [unknown] (/memfd:doublemapper (deleted))
            	    7f0000003000 __libc_start_call_main+0x80 (/usr/lib/x86_64-linux-gnu/libc.so.6)

            dotnet 4243 [000] 100.020001:   10101010 cpu-clock:
            	    ffffffff81000000 clear_page_erms+0x7 ([kernel.kallsyms])

            """;
        string file = Path.GetTempFileName();
        try
        {
            File.WriteAllText(file, script.Replace("\r", "", StringComparison.Ordinal));

            var result = Bash.WithHelpers($"lab_perf_collapse < '{file}' | sort");

            result.ExitCode.Should().Be(0, result.Stderr);
            result.Stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries).Should().Equal(
                "HardwareCounter;__libc_start_call_main;[memfd:doublemapper (deleted)];instance int64 [HardwareCounters] HardwareCounters.AccessPatterns::SumRandom()[OptimizedTier1] 2",
                "dotnet;clear_page_erms 1");
        }
        finally
        {
            File.Delete(file);
        }
    }

    [Theory]
    [InlineData("2", "user space only")]
    [InlineData("3", "may not use perf events at all")]
    [InlineData("-1", "no restrictions")]
    public void The_paranoid_level_is_explained(string level, string expected)
    {
        string file = Path.GetTempFileName();
        try
        {
            File.WriteAllText(file, level + "\n");

            var result = Bash.WithHelpers("lab_perf_explain_paranoid", new Dictionary<string, string> { ["LAB_PERF_PARANOID_FILE"] = file });

            result.Stdout.Should().Contain($"perf_event_paranoid={level}").And.Contain(expected);
        }
        finally
        {
            File.Delete(file);
        }
    }

    [Fact]
    public void The_perf_stat_event_list_is_the_posts_plus_the_software_events() =>
        Bash.WithHelpers("lab_perf_event_list").Stdout.Trim().Should().Be(
            "cycles,instructions,cache-references,cache-misses,branch-instructions,branch-misses,L1-dcache-loads,L1-dcache-load-misses,LLC-loads,LLC-load-misses,task-clock,context-switches,cpu-migrations,page-faults");

    private static ScriptResult Helpers(string code, SysfsFixture sysfs, PathWithout? path = null)
    {
        var environment = new Dictionary<string, string> { ["LAB_SYSFS_ROOT"] = sysfs.Root };
        if (path is not null)
        {
            environment["PATH"] = path.Directory;
        }

        return Bash.WithHelpers(code, environment);
    }
}
