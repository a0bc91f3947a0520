using System.Text.Json;
using MeasurementLab.Caches;

namespace MeasurementLab.Tests.Caches;

/// <summary>Which source the lab uses, the 2× disagreement flag, and the JSON the issue fixes.</summary>
public class CacheSourcesTests
{
    private const long KiB = 1024, MiB = 1024 * KiB;

    private static readonly CacheSizes EpycGuestCpuid = new(48 * KiB, MiB, 532_676_608);

    [Fact]
    public void Sysfs_is_used_when_it_agrees_with_the_measurement()
    {
        using var sysfs = SysfsFixture.ThisVm();
        var sources = new CacheSources(CacheTopology.Read(sysfs.CpuRoot), EpycGuestCpuid, Measured(45 * KiB, 861 * KiB, 20 * MiB));

        sources.Used.Should().Be("sysfs");
        sources.Best.Should().BeSameAs(sources.Sysfs);
        sources.UsedSentence().Should().Contain("consistent");
    }

    [Fact]
    public void Sysfs_stays_the_answer_when_the_sweep_disagrees_by_more_than_two_times_and_the_sentence_says_so()
    {
        using var sysfs = SysfsFixture.ThisVm(); // L3 32 MiB
        var sources = new CacheSources(CacheTopology.Read(sysfs.CpuRoot), EpycGuestCpuid, Measured(45 * KiB, 861 * KiB, 9 * MiB));

        sources.Used.Should().Be("sysfs");
        sources.Best.Source.Should().Be("sysfs");
        sources.Best.L3!.SizeBytes.Should().Be(32 * MiB);
        sources.UsedSentence().Should().Contain("disagrees by more than 2×").And.Contain("not used");
        sources.Disagree("L3").Should().BeTrue();
        sources.Disagree("L1d").Should().BeFalse();
    }

    [Fact]
    public void A_machine_without_sysfs_cache_information_uses_the_measurement_and_flags_cpuids_l3()
    {
        using var sysfs = new SysfsFixture(); // no cpu0/cache at all, like today's VM
        var empty = CacheTopology.Read(sysfs.CpuRoot);
        var sources = new CacheSources(empty.IsKnown ? empty : null, EpycGuestCpuid, Measured(45 * KiB, 724 * KiB, 9 * MiB));

        sources.Used.Should().Be("measured");
        sources.Best.ToString().Should().Be("L1d 45 KiB, L2 724 KiB, L3 9 MiB");
        sources.Disagree("L3").Should().BeTrue("CPUID claims the host's 508 MiB");
        sources.Disagree("L2").Should().BeFalse("724 KiB is within 2x of 1 MiB");
        string table = CacheSourcesTable.Markdown(sources);
        table.Should().Contain("| L3    |").And.Contain("508 MiB").And.Contain("**no: disagree >2×**").And.Contain("no sysfs cache information");
    }

    [Fact]
    public void Without_a_measurement_sysfs_then_cpuid_then_nothing()
    {
        using var sysfs = SysfsFixture.ThisVm();
        var topology = CacheTopology.Read(sysfs.CpuRoot);

        new CacheSources(topology, EpycGuestCpuid, null).Used.Should().Be("sysfs");
        new CacheSources(null, EpycGuestCpuid, null).Used.Should().Be("cpuid");
        new CacheSources(null, null, null).Used.Should().BeNull();
        new CacheSources(null, null, null).Best.IsKnown.Should().BeFalse();
    }

    [Fact]
    public void A_sweep_that_found_no_steps_does_not_outvote_sysfs_or_cpuid()
    {
        var flat = new MeasuredHierarchy(new CacheSizes(null, null, null), new Dictionary<string, double>(), null, []);

        new CacheSources(null, EpycGuestCpuid, flat).Used.Should().Be("cpuid");
    }

    [Fact]
    public void The_json_has_exactly_the_issues_shape_and_reads_back()
    {
        var sources = new CacheSources(null, EpycGuestCpuid, Measured(45 * KiB, 724 * KiB, null));

        string json = CacheSourcesJson.Write(sources);

        using var document = JsonDocument.Parse(json);
        var root = document.RootElement;
        root.EnumerateObject().Select(p => p.Name).Should().Equal("sources", "used");
        root.GetProperty("used").GetString().Should().Be("measured");
        var s = root.GetProperty("sources");
        s.EnumerateObject().Select(p => p.Name).Should().Equal("sysfs", "cpuid", "measured");
        s.GetProperty("sysfs").ValueKind.Should().Be(JsonValueKind.Null);
        s.GetProperty("cpuid").GetProperty("L3").GetInt64().Should().Be(532_676_608);
        var m = s.GetProperty("measured");
        m.EnumerateObject().Select(p => p.Name).Should().Equal("L1d", "L2", "L3", "latencyNs");
        m.GetProperty("L3").ValueKind.Should().Be(JsonValueKind.Null);
        m.GetProperty("latencyNs").EnumerateObject().Select(p => p.Name).Should().Equal("L1d", "L2", "L3", "dram");
        m.GetProperty("latencyNs").GetProperty("dram").GetDouble().Should().Be(200);

        var back = CacheSourcesJson.Read(json);
        CacheSourcesJson.Write(back).Should().Be(json);
        back.Used.Should().Be("measured");
    }

    [Fact]
    public void A_file_that_is_not_a_caches_json_is_a_usage_error_naming_the_option()
    {
        using var dir = new TempDirectory();
        string path = Path.Combine(dir.Path, "bogus.json");
        File.WriteAllText(path, "{\"x\": 1}");

        FluentActions.Invoking(() => CacheSourcesJson.Load(path, "--caches")).Should().Throw<UsageException>().WithMessage("--caches: '*bogus.json' is not a readable caches.json*");
    }

    private static MeasuredHierarchy Measured(long l1d, long l2, long? l3)
    {
        var latency = new Dictionary<string, double> { ["L1d"] = 1.6, ["L2"] = 4.5 };
        if (l3 is not null)
        {
            latency["L3"] = 16;
        }

        return new MeasuredHierarchy(new CacheSizes(l1d, l2, l3), latency, 200, []);
    }
}
