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
    public void The_environment_line_gives_the_caches_the_posts_used_and_where_from()
    {
        using var run = WithCaches();
        RunFixture.Run("report", run.Path).Code.Should().Be(0);
        string report = File.ReadAllText(run.File("report.md"));
        report.Should().Contain("- **caches**: L1d 38.1 KiB, L2 1 MiB, L3 5.7 MiB (measured, enemies-of-measurement/caches.json); " +
            "L1d 45.3 KiB, L2 861.1 KiB, L3 9.5 MiB (measured, hardware-counters/caches.json); environment.md (sysfs): ");
        SvgText.Shown(run.File("post2-enemy-ratios.svg")).Should()
            .Contain(t => t.Contains("E4's caches: L2 1 MiB, L3 5.7 MiB (measured, enemies-of-measurement/caches.json)", StringComparison.Ordinal));
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
