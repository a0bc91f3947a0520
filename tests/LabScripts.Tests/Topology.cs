using System.Globalization;

namespace LabScripts.Tests;

/// <summary>A fake /sys with the CPU topology pinning.sh reads: sockets (physical_package_id) and NUMA nodes (cpulist).</summary>
internal sealed class Topology : IDisposable
{
    public Topology() => Root = Directory.CreateTempSubdirectory("lab-sysfs-").FullName;

    /// <summary>The directory standing for /sys (LAB_SYSFS_ROOT).</summary>
    public string Root { get; }

    /// <summary>This VM: 2 CPUs, one socket, one node.</summary>
    public static Topology OneNode() => new Topology().Socket(0, 0).Socket(1, 0).Node(0, "0-1");

    /// <summary>The post's machine: 2 sockets of 12 CPUs (0-11 and 12-23), one NUMA node each.</summary>
    public static Topology TwoNodes()
    {
        var t = new Topology();
        for (int cpu = 0; cpu < 24; cpu++)
        {
            t.Socket(cpu, cpu < 12 ? 0 : 1);
        }

        return t.Node(0, "0-11").Node(1, "12-23");
    }

    public Topology Socket(int cpu, int socket)
    {
        string dir = Path.Combine(Root, "devices", "system", "cpu", "cpu" + Str(cpu), "topology");
        Directory.CreateDirectory(dir);
        File.WriteAllText(Path.Combine(dir, "physical_package_id"), Str(socket) + "\n");
        return this;
    }

    public Topology Node(int node, string cpuList)
    {
        string dir = Path.Combine(Root, "devices", "system", "node", "node" + Str(node));
        Directory.CreateDirectory(dir);
        File.WriteAllText(Path.Combine(dir, "cpulist"), cpuList + "\n");
        return this;
    }

    public Dictionary<string, string> Environment(PathWithout? path = null)
    {
        var environment = new Dictionary<string, string> { ["LAB_SYSFS_ROOT"] = Root };
        if (path is not null)
        {
            environment["PATH"] = path.Directory;
        }

        return environment;
    }

    public void Dispose() => Directory.Delete(Root, recursive: true);

    private static string Str(int value) => value.ToString(CultureInfo.InvariantCulture);
}
