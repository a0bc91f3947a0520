using LabReport.RunFiles;

namespace LabReport.Tests;

/// <summary>The caches a run's posts measured and used: read from each post's caches.json, shown in the environment and on the charts.</summary>
public class RunCachesTests
{
    // Post 2's file: a different measurement of the same machine (a quick sweep), as in the committed full run.
    private const string EnemiesCaches = """
        { "sources": { "sysfs": null, "cpuid": { "L1d": 49152, "L2": 1048576, "L3": 532676608 },
          "measured": { "L1d": 38976, "L2": 1048576, "L3": 5931648, "latencyNs": { "L1d": 1.64, "L2": 4.38, "L3": 18.59, "dram": 203.25 } } },
          "used": "measured" }
        """;

    [Fact]
    public void Each_posts_caches_json_is_read_with_the_source_it_used()
    {
        using var run = WithCaches();
        var caches = RunFolder.Open(run.Path).Caches;
        caches.Posts.Select(p => p.Post).Should().Equal("enemies-of-measurement", "hardware-counters");
        var post5 = caches.Of("hardware-counters")!;
        post5.Used.Should().Be("measured");
        post5.Bytes("L2").Should().Be(881728);
        post5.Describe().Should().Be("L1d 45.3 KiB, L2 861.1 KiB, L3 9.5 MiB (measured, hardware-counters/caches.json)");
        caches.Of("enemies-of-measurement")!.Bytes("L3").Should().Be(5931648);
    }

    [Fact]
    public void The_report_shows_one_hierarchy_and_checks_each_sweep_against_it()
    {
        using var run = WithCaches();
        RunFixture.Run("report", run.Path).Code.Should().Be(0);
        string report = File.ReadAllText(run.File("report.md"));
        // No sysfs in either file: the sweep that reached furthest (post 5's) is the hierarchy; post 2's agrees within 2×.
        report.Should().Contain("- **caches**: L1d 45.3 KiB, L2 861.1 KiB, L3 9.5 MiB (measured, hardware-counters/caches.json): the one hierarchy")
            .And.Contain("enemies-of-measurement's sweep: L1d 38.1 KiB, L2 1 MiB, L3 5.7 MiB (within 2× of hardware-counters's sweep)")
            .And.Contain("hardware-counters's sweep: L1d 45.3 KiB, L2 861.1 KiB, L3 9.5 MiB (the hierarchy above)");
        SvgText.Shown(run.File("post2-enemy-ratios.svg")).Should()
            .Contain(t => t.Contains("E4's caches: L2 861.1 KiB, L3 9.5 MiB (measured, hardware-counters/caches.json, the report's one hierarchy)", StringComparison.Ordinal));
        SvgText.Shown(run.File("post5-ratio-by-n.svg")).Should().Contain("12N = L2 861.1 KiB").And.Contain("12N = L3 9.5 MiB: the predicted cliff");
    }

    [Fact]
    public void Sysfs_is_the_hierarchy_where_recorded_and_a_sweep_off_by_more_than_two_times_is_ambiguous()
    {
        using var run = RunFixture.Copy("full");
        // This lab's guest: sysfs says L3 32 MiB; post 2's sweep stepped at 2 MiB; post 5's found no L3 step.
        File.WriteAllText(run.File(Path.Combine("enemies-of-measurement", "caches.json")), """
            { "sources": { "sysfs": { "L1d": 49152, "L2": 1048576, "L3": 33554432 }, "cpuid": null,
              "measured": { "L1d": 38976, "L2": 741478, "L3": 2097152, "latencyNs": { "L1d": 1.6, "L2": 4.4, "L3": 10.5, "dram": 160 } } }, "used": "measured" }
            """);
        File.WriteAllText(run.File(Path.Combine("hardware-counters", "caches.json")), """
            { "sources": { "sysfs": { "L1d": 49152, "L2": 1048576, "L3": 33554432 }, "cpuid": null,
              "measured": { "L1d": 32768, "L2": 2936012, "L3": null, "latencyNs": { "L1d": 1.4, "L2": 3.9, "L3": null, "dram": 160 } } }, "used": "measured" }
            """);
        var caches = RunFolder.Open(run.Path).Caches;
        caches.Hierarchy!.Source.Should().Be("sysfs");
        caches.Hierarchy.Levels.Should().Be("L1d 48 KiB, L2 1 MiB, L3 32 MiB");
        caches.Sweeps().Should().Equal(
            "enemies-of-measurement's sweep: L1d 38.1 KiB, L2 724.1 KiB, L3 2 MiB (ambiguous: L3 not within 2× of sysfs's; L2, L3 not within 2× of hardware-counters's sweep)",
            "hardware-counters's sweep: L1d 32 KiB, L2 2.8 MiB, L3 not found (ambiguous: L2, L3 not within 2× of sysfs's; L2, L3 not within 2× of enemies-of-measurement's sweep)");
    }

    [Fact]
    public void A_broken_caches_json_is_a_problem_not_a_crash()
    {
        using var run = RunFixture.Copy("full");
        File.WriteAllText(run.File(Path.Combine("hardware-counters", "caches.json")), "{ not json");
        var caches = RunFolder.Open(run.Path).Caches;
        caches.Posts.Should().BeEmpty();
        caches.Problems.Should().ContainSingle().Which.Should().StartWith("hardware-counters/caches.json: not usable");
    }

    private static RunFixture WithCaches()
    {
        var run = RunFixture.Copy("full");
        File.Copy(Path.Combine(RunFixture.FixturesRoot, "sweep", "caches.json"), run.File(Path.Combine("hardware-counters", "caches.json")));
        File.WriteAllText(run.File(Path.Combine("enemies-of-measurement", "caches.json")), EnemiesCaches);
        return run;
    }
}
