using System.Globalization;

namespace LabReport.Tests;

/// <summary>The cache-sweep chart: drawn from a run's cache-sweep.csv and caches.json, and missing ones said so.</summary>
public class CacheSweepReportTests
{
    [Fact]
    public void A_recorded_sweep_is_charted_with_its_detected_levels_and_each_sources_claims()
    {
        using var run = RunFixture.Copy("full");
        WriteSweep(run.File("hardware-counters"));

        RunFixture.Run("report", run.Path).Code.Should().Be(0);

        var shown = SvgText.Shown(run.File("cache-sweep.svg"));
        foreach (string text in new[] { "Latency per load vs working set", "working set (bytes, log)", "ns per load (log)", "measured", "sweep step L1d: 48 KiB", "sweep step L3: 32 MiB", "CPUID: 48 KiB / 1 MiB / 508 MiB" })
        {
            shown.Should().Contain(t => t.Contains(text, StringComparison.Ordinal), $"the chart shows \"{text}\"");
        }

        string report = File.ReadAllText(run.File("report.md"));
        report.Should().Contain("## Cache hierarchy: measured vs claimed").And.Contain("(cache-sweep.svg)")
            .And.Contain("[hardware-counters/cache-sweep.csv](hardware-counters/cache-sweep.csv)");
    }

    [Fact]
    public void Post_2s_sweep_is_charted_when_post_5_has_none()
    {
        using var run = RunFixture.Copy("full");
        WriteSweep(run.File("enemies-of-measurement"));

        RunFixture.Run("report", run.Path).Code.Should().Be(0);

        File.ReadAllText(run.File("report.md")).Should().Contain("[enemies-of-measurement/cache-sweep.csv]");
    }

    [Fact]
    public void A_run_without_a_sweep_says_where_it_looked()
    {
        using var run = RunFixture.Copy("full");

        RunFixture.Run("report", run.Path).Code.Should().Be(0);

        File.Exists(run.File("cache-sweep.svg")).Should().BeFalse();
        File.ReadAllText(run.File("report.md")).Should().Contain("no cache-sweep.csv in hardware-counters or enemies-of-measurement/");
    }

    // A hand-made hierarchy: 1.6 ns to 48 KiB, 4.5 ns to 1 MiB, 15 ns to 32 MiB, then 110 ns.
    private static void WriteSweep(string folder)
    {
        var csv = new List<string> { "bytes,ns_per_load,min_ns,max_ns" };
        for (int k = 0; k <= 60; k++)
        {
            long bytes = (long)Math.Round(4096 * Math.Pow(2, k / 4.0) / 64) * 64;
            double ns = bytes <= 48 << 10 ? 1.6 : bytes <= 1 << 20 ? 4.5 : bytes <= 32 << 20 ? 15 : 110;
            csv.Add(string.Create(CultureInfo.InvariantCulture, $"{bytes},{ns},{ns * 0.95},{ns * 1.1}"));
        }

        File.WriteAllLines(Path.Combine(folder, "cache-sweep.csv"), csv);
        File.WriteAllText(Path.Combine(folder, "caches.json"), """
            {
              "sources": {
                "sysfs": null,
                "cpuid": { "L1d": 49152, "L2": 1048576, "L3": 532676608 },
                "measured": { "L1d": 49152, "L2": 1048576, "L3": 33554432, "latencyNs": { "L1d": 1.6, "L2": 4.5, "L3": 15, "dram": 110 } }
              },
              "used": "measured"
            }
            """);
    }
}
