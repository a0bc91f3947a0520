namespace LabScripts.Tests;

/// <summary>scripts/lib/pinning.sh on fixture topologies.</summary>
public class PinningTests
{
    [Fact]
    public void A_single_node_machine_gets_only_the_unpinned_run_and_a_note_saying_why()
    {
        using var sysfs = SysfsFixture.ThisVm();

        var result = Bash.Code("lab_pin_placements; lab_pin_note", Env(sysfs));

        result.ExitCode.Should().Be(0, result.ToString());
        result.Stdout.Should().StartWith("unpinned\t\n").And.Contain("Only the unpinned run is made");
        result.Stdout.Should().NotContain("taskset").And.NotContain("numactl");
    }

    [Fact]
    public void Two_numa_nodes_without_numactl_are_pinned_with_taskset_and_a_warning()
    {
        using var sysfs = SysfsFixture.IvyBridgeEp();
        using var path = new PathWithout(["numactl"]);

        var result = Bash.Code("lab_pin_placements", Env(sysfs, path));

        result.Stdout.Should().Be("unpinned\t\nnode0\ttaskset -c 0-11\nnode1\ttaskset -c 12-23\n");
        result.Stderr.Should().Contain("numactl not installed").And.Contain("memory not bound");
    }

    [Fact]
    public void Two_numa_nodes_with_numactl_bind_cpus_and_memory()
    {
        using var sysfs = SysfsFixture.IvyBridgeEp();
        using var path = new PathWithout(["numactl"], stubs: ["numactl"]);

        var result = Bash.Code("lab_pin_placements; lab_pin_note", Env(sysfs, path));

        result.Stdout.Should().StartWith("unpinned\t\nnode0\tnumactl --cpunodebind=0 --membind=0\nnode1\tnumactl --cpunodebind=1 --membind=1\n")
            .And.Contain("2 socket(s) and 2 NUMA node(s)");
    }

    [Fact]
    public void Two_sockets_without_a_numa_split_are_pinned_per_socket()
    {
        using var sysfs = SysfsFixture.IvyBridgeEp();
        Directory.Delete(Path.Combine(sysfs.Root, "devices", "system", "node", "node1"), recursive: true);
        sysfs.Node(0, "0-23");

        var result = Bash.Code("lab_pin_placements", Env(sysfs));

        result.Stdout.Should().Be("unpinned\t\nsocket0\ttaskset -c 0-11\nsocket1\ttaskset -c 12-23\n");
    }

    [Fact]
    public void One_node_pinning_is_nothing_on_a_single_node_machine()
    {
        using var sysfs = SysfsFixture.ThisVm();

        var result = Bash.Code("lab_pin_one_node | wc -l", Env(sysfs));

        result.Stdout.Trim().Should().Be("0");
    }

    [Fact]
    public void One_node_pinning_keeps_a_run_on_the_first_node_of_a_numa_machine()
    {
        using var sysfs = SysfsFixture.IvyBridgeEp();
        using var path = new PathWithout(["numactl"], stubs: ["numactl"]);

        var result = Bash.Code("lab_pin_one_node", Env(sysfs, path));

        result.Stdout.Should().Be("numactl\n--cpunodebind=0\n--membind=0\n");
    }

    [Fact]
    public void An_explicit_cpu_list_overrides_the_topology()
    {
        using var sysfs = SysfsFixture.IvyBridgeEp();
        var environment = Env(sysfs);
        environment["FTF_PIN_CPUS"] = "0";

        var result = Bash.Code("lab_pin_one_node", environment);

        result.Stdout.Should().Be("taskset\n-c\n0\n");
    }

    [Theory]
    [InlineData("99999")]
    [InlineData("zero")]
    [InlineData("-1")]
    public void An_explicit_cpu_list_this_machine_lacks_is_a_usage_error(string cpus)
    {
        using var sysfs = SysfsFixture.ThisVm();
        var environment = Env(sysfs);
        environment["FTF_PIN_CPUS"] = cpus;

        Bash.Code("lab_pin_one_node", environment).ShouldBeUsageError($"FTF_PIN_CPUS='{cpus}'");
    }

    private static Dictionary<string, string> Env(SysfsFixture sysfs, PathWithout? path = null)
    {
        var environment = new Dictionary<string, string> { ["LAB_SYSFS_ROOT"] = sysfs.Root };
        if (path is not null)
        {
            environment["PATH"] = path.Directory;
        }

        return environment;
    }

    [Fact]
    public void Cpu_lists_are_compressed_to_ranges() =>
        Bash.Code("printf '5\\n0\\n1\\n2\\n7\\n8\\n11\\n' | lab_cpulist_compress").Stdout.Should().Be("0-2,5,7-8,11\n");
}
