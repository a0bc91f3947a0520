using MeasurementLab.Caches;
using MeasurementLab;
using StorageEngine;

namespace EnemiesOfMeasurement.Tests;

public sealed class CacheStateTests : IDisposable
{
    private readonly string _sysfs = Directory.CreateTempSubdirectory("enemies-sysfs-").FullName;

    public void Dispose() => Directory.Delete(_sysfs, recursive: true);

    [Fact]
    public void E4_looks_up_100_000_random_keys_that_are_all_in_the_table()
    {
        var bench = new E4_CacheState { TableSize = E4_CacheState.SmallTable };
        bench.Setup();

        bench.LookupKeys.Should().HaveCount(E4_CacheState.LookupCount);
        bench.LookupKeys.Should().OnlyContain(k => k >= 0 && k < E4_CacheState.SmallTable);
        bench.LookupKeys.Distinct().Count().Should().BeGreaterThan(9_000, "100,000 random draws cover nearly all 10,000 keys");
        bench.LookupRandom().Should().Be(Row.Generate(bench.LookupKeys[^1]), "the last lookup's row is returned");
        bench.Cleanup();
    }

    [Fact]
    public void Row_part_of_the_estimate_matches_what_the_runtime_allocates()
    {
        const int entries = 10_000;
        // A first pass pays the one-time costs on this thread (static constructors, type loads, on-stack
        // replacement of the loop), which allocate too and made this count differ by a few KiB now and then. The
        // runtime may still allocate on this thread during a later pass (152 bytes once, a Debug build under
        // nohup): such work only adds, so the rows' own bytes are the smallest count of a few passes.
        GenerateRows(entries);
        long allocated = long.MaxValue;
        for (int pass = 0; pass < 3; pass++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            var rows = GenerateRows(entries);
            allocated = Math.Min(allocated, GC.GetAllocatedBytesForCurrentThread() - before - ArrayBytes(entries));
            GC.KeepAlive(rows);
        }

        allocated.Should().Be(new WorkingSetEstimate(entries).RowsBytes, "a Row is 24 bytes and a byte[n] is 24 + n rounded up to 8");
    }

    private static Row[] GenerateRows(int entries)
    {
        var rows = new Row[entries];
        for (int key = 0; key < entries; key++)
        {
            rows[key] = Row.Generate(key);
        }

        return rows;
    }

    /// <summary>The Row[] itself: the estimate's array header and one reference per entry.</summary>
    private static long ArrayBytes(int entries) => WorkingSetEstimate.ArrayHeaderBytes + ((long)entries * IntPtr.Size);

    [Fact]
    public void On_this_projects_machine_the_post_sizes_land_in_L2_and_DRAM()
    {
        var caches = FakeSysfs(l1d: "48K", l2: "1024K", l3: "32768K");

        var small = new WorkingSetEstimate(E4_CacheState.SmallTable);
        var large = new WorkingSetEstimate(E4_CacheState.LargeTable);

        small.LookupPathLevel(caches).Should().Be("L2");
        small.WholeTableLevel(caches).Should().Be("L3");
        large.LookupPathLevel(caches).Should().Be("DRAM");
        large.WholeTableLevel(caches).Should().Be("DRAM");
    }

    [Fact]
    public void On_the_posts_machine_the_small_table_fits_L3_and_the_large_one_does_not()
    {
        // Xeon E5-2697 v2: 32 KB L1d, 256 KB L2, 30 MB L3 per socket.
        var caches = FakeSysfs(l1d: "32K", l2: "256K", l3: "30720K");

        new WorkingSetEstimate(E4_CacheState.SmallTable).LookupPathLevel(caches).Should().Be("L3");
        new WorkingSetEstimate(E4_CacheState.LargeTable).LookupPathLevel(caches).Should().Be("DRAM");
    }

    [Fact]
    public void A_size_whose_bounds_straddle_a_level_says_so()
    {
        var caches = FakeSysfs(l1d: "48K", l2: "1024K", l3: "32768K");

        // 20,000 entries: 0.94-1.1 MiB, around the 1 MiB L2.
        new WorkingSetEstimate(20_000).LookupPathLevel(caches).Should().Be("L2/L3");
    }

    [Fact]
    public void Cache_report_names_every_level_and_both_table_sizes()
    {
        var caches = FakeSysfs(l1d: "48K", l2: "1024K", l3: "32768K");

        string report = CacheInfoCommand.Report(caches);

        report.Should().Contain("L1d 48 KiB").And.Contain("L2 1 MiB").And.Contain("L3 32 MiB");
        report.Should().Contain("TableSize    10,000").And.Contain("TableSize 2,000,000");
        report.Should().Contain("-> L2").And.Contain("-> DRAM");
    }

    [Fact]
    public void Cache_info_reads_a_copy_of_sysfs_and_warns_when_it_holds_no_caches()
    {
        string root = Path.Combine(_sysfs, "no-caches");
        Directory.CreateDirectory(root);
        using var output = new StringWriter();
        using var error = new StringWriter();

        CacheInfoCommand.Run(["--sysfs", root, "--sweep", "none"], output, error).Should().Be(0);

        error.ToString().Should().StartWith("warning: no cache information").And.Contain("using ");
        output.ToString().Should().Contain("TableSize").And.Contain("E4_CacheState on this machine");
    }

    private CacheTopology FakeSysfs(string l1d, string l2, string l3)
    {
        string root = Path.Combine(_sysfs, Guid.NewGuid().ToString("N"));
        WriteIndex(root, 0, 1, "Data", l1d, "0");
        WriteIndex(root, 1, 1, "Instruction", "32K", "0");
        WriteIndex(root, 2, 2, "Unified", l2, "0");
        WriteIndex(root, 3, 3, "Unified", l3, "0-1");
        return CacheTopology.Read(root);
    }

    private static void WriteIndex(string root, int index, int level, string type, string size, string shared)
    {
        string dir = Path.Combine(root, "cpu0", "cache", $"index{index}");
        Directory.CreateDirectory(dir);
        File.WriteAllText(Path.Combine(dir, "level"), level + "\n");
        File.WriteAllText(Path.Combine(dir, "type"), type + "\n");
        File.WriteAllText(Path.Combine(dir, "size"), size + "\n");
        File.WriteAllText(Path.Combine(dir, "shared_cpu_list"), shared + "\n");
    }
}
