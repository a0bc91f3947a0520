using System.Globalization;

namespace TestSupport;

/// <summary>A fake /sys/devices/system/cpu tree in a temporary directory, for CacheTopology and pinning tests.</summary>
public sealed class SysfsFixture : IDisposable
{
    public SysfsFixture()
    {
        Root = Directory.CreateTempSubdirectory("hc-sysfs-").FullName;
    }

    /// <summary>The directory standing for /sys.</summary>
    public string Root { get; }

    /// <summary>The directory standing for /sys/devices/system/cpu.</summary>
    public string CpuRoot => Path.Combine(Root, "devices", "system", "cpu");

    /// <summary>Adds cache indexN of a CPU; null values leave the file out.</summary>
    public SysfsFixture Cache(int cpu, int index, string? level, string? type, string? size, string? shared)
    {
        string dir = Path.Combine(CpuRoot, Cpu(cpu), "cache", "index" + index.ToString(CultureInfo.InvariantCulture));
        Directory.CreateDirectory(dir);
        Write(dir, "level", level);
        Write(dir, "type", type);
        Write(dir, "size", size);
        Write(dir, "shared_cpu_list", shared);
        return this;
    }

    /// <summary>A CPU with the usual four cache indexes (L1d, L1i, L2, L3).</summary>
    public SysfsFixture CpuWithCaches(int cpu, string l1d, string l2, string l3, string l3Shared, int socket = 0)
    {
        Cache(cpu, 0, "1", "Data", l1d, Str(cpu));
        Cache(cpu, 1, "1", "Instruction", "32K", Str(cpu));
        Cache(cpu, 2, "2", "Unified", l2, Str(cpu));
        Cache(cpu, 3, "3", "Unified", l3, l3Shared);
        return Socket(cpu, socket);
    }

    /// <summary>Sets topology/physical_package_id of a CPU.</summary>
    public SysfsFixture Socket(int cpu, int socket)
    {
        string dir = Path.Combine(CpuRoot, Cpu(cpu), "topology");
        Directory.CreateDirectory(dir);
        File.WriteAllText(Path.Combine(dir, "physical_package_id"), Str(socket) + "\n");
        return this;
    }

    /// <summary>Adds a NUMA node with its cpulist.</summary>
    public SysfsFixture Node(int node, string cpuList)
    {
        string dir = Path.Combine(Root, "devices", "system", "node", "node" + Str(node));
        Directory.CreateDirectory(dir);
        File.WriteAllText(Path.Combine(dir, "cpulist"), cpuList + "\n");
        return this;
    }

    /// <summary>This VM: AMD EPYC, 2 CPUs, L1d 48K, L2 1M per core, one 32M L3.</summary>
    public static SysfsFixture ThisVm() =>
        new SysfsFixture().CpuWithCaches(0, "48K", "1024K", "32768K", "0-1").CpuWithCaches(1, "48K", "1024K", "32768K", "0-1").Node(0, "0-1");

    /// <summary>The post's machine: 2 × Xeon E5-2697 v2, 32K L1d, 256K L2, 30M L3 per socket (CPUs 0-11 and 12-23 here).</summary>
    public static SysfsFixture IvyBridgeEp()
    {
        // Every CPU gets its L3 and socket (what LastLevelInstances and pinning read); only cpu0 needs the full set.
        var f = new SysfsFixture().CpuWithCaches(0, "32K", "256K", "30720K", "0-11");
        for (int cpu = 1; cpu < 24; cpu++)
        {
            f.Cache(cpu, 3, "3", "Unified", "30720K", cpu < 12 ? "0-11" : "12-23").Socket(cpu, cpu < 12 ? 0 : 1);
        }

        return f.Node(0, "0-11").Node(1, "12-23");
    }

    public void Dispose() => Directory.Delete(Root, recursive: true);

    private static void Write(string dir, string name, string? value)
    {
        if (value is not null)
        {
            File.WriteAllText(Path.Combine(dir, name), value + "\n");
        }
    }

    private static string Cpu(int cpu) => "cpu" + Str(cpu);

    private static string Str(int value) => value.ToString(CultureInfo.InvariantCulture);
}
