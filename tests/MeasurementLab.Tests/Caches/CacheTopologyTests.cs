using MeasurementLab.Caches;

namespace MeasurementLab.Tests.Caches;

/// <summary>MeasurementLab's sysfs cache parser on fixture trees (the prediction stands on it).</summary>
public class CacheTopologyTests
{
    [Fact]
    public void This_vms_caches_are_read_innermost_first_without_the_instruction_cache()
    {
        using var sysfs = SysfsFixture.ThisVm();

        var caches = CacheTopology.Read(sysfs.CpuRoot);

        caches.IsKnown.Should().BeTrue();
        caches.Levels.Select(l => (l.Name, l.SizeBytes)).Should().Equal(("L1d", 48 * 1024L), ("L2", 1024 * 1024L), ("L3", 32L * 1024 * 1024));
        caches.LastLevel!.Name.Should().Be("L3");
        caches.LastLevelInstances.Should().Be(1);
        caches.ToString().Should().Be("L1d 48 KiB, L2 1 MiB, L3 32 MiB");
    }

    [Fact]
    public void Two_sockets_have_two_last_level_caches()
    {
        using var sysfs = SysfsFixture.IvyBridgeEp();

        var caches = CacheTopology.Read(sysfs.CpuRoot);

        caches.L3!.SizeBytes.Should().Be(30L * 1024 * 1024);
        caches.L3.SharedCpuList.Should().Be("0-11");
        caches.LastLevelInstances.Should().Be(2);
    }

    [Theory]
    [InlineData(48 * 1024, "L1d")]
    [InlineData(48 * 1024 + 1, "L2")]
    [InlineData(1024 * 1024, "L2")]
    [InlineData(12_000_000, "L3")]
    [InlineData(32L * 1024 * 1024, "L3")]
    [InlineData(32L * 1024 * 1024 + 1, "DRAM")]
    public void A_working_set_lands_in_the_first_level_that_holds_it(long bytes, string level)
    {
        using var sysfs = SysfsFixture.ThisVm();

        CacheTopology.Read(sysfs.CpuRoot).Classify(bytes).Should().Be(level);
    }

    [Fact]
    public void No_cache_directory_means_unknown_caches()
    {
        using var sysfs = new SysfsFixture();

        var caches = CacheTopology.Read(sysfs.CpuRoot);

        caches.IsKnown.Should().BeFalse();
        caches.LastLevel.Should().BeNull();
        caches.ToString().Should().Contain("unknown");
    }

    [Fact]
    public void A_half_populated_index_is_skipped_not_fatal()
    {
        using var sysfs = new SysfsFixture()
            .Cache(0, 0, "1", "Data", "32K", "0")
            .Cache(0, 2, "2", "Unified", size: null, "0") // no size file
            .Cache(0, 3, "3", "Unified", "lots", "0-3"); // unparsable size

        var caches = CacheTopology.Read(sysfs.CpuRoot);

        caches.Levels.Select(l => l.Name).Should().Equal("L1d");
    }

    [Theory]
    [InlineData("48K", 48 * 1024L)]
    [InlineData("1024K", 1024 * 1024L)]
    [InlineData("32M", 32L * 1024 * 1024)]
    [InlineData("1G", 1024L * 1024 * 1024)]
    [InlineData("512", 512L)]
    [InlineData(" 30720K\n", 30720L * 1024)]
    public void Sysfs_sizes_parse(string text, long bytes) => CacheTopology.ParseSize(text).Should().Be(bytes);

    [Theory]
    [InlineData("")]
    [InlineData("K")]
    [InlineData("-5K")]
    public void Malformed_sizes_are_rejected(string text) =>
        FluentActions.Invoking(() => CacheTopology.ParseSize(text)).Should().Throw<FormatException>();
}
