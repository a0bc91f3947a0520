using LabReport.RunFiles;

namespace LabReport.Tests;

/// <summary>The drift probe (probe.csv at a run's root): its reader on hand-made files, and the flag it puts on a post's rows.</summary>
public class ProbeFileTests
{
    // engine: cpu 100 → 104 ns (4%), fine; why-benchmarks-lie: memory 81 → 130 ns (60.5%), drifted; enemies: memory
    // 130 → 92 ns (29.2%), within the memory point's own noise; coordinated-omission: the CPU loop 101 → 113 ns (11.9%), drifted.
    private const string Probe = """
        label,utc,cpu_ns,memory_ns
        start,2026-11-25T07:18:20Z,100.0,80.0
        engine,2026-11-25T07:22:00Z,104.0,81.0
        why-benchmarks-lie,2026-11-25T07:28:00Z,103.0,130.0
        enemies-of-measurement,2026-11-25T07:40:00Z,101.0,92.0
        coordinated-omission,2026-11-25T07:42:00Z,113.0,93.0
        """;

    private static string Folder(string probe)
    {
        string dir = Path.Combine(Path.GetTempPath(), $"labreport-probe-{Guid.NewGuid():N}");
        Directory.CreateDirectory(dir);
        File.WriteAllText(Path.Combine(dir, ProbeFile.FileName), probe);
        return dir;
    }

    [Fact]
    public void A_post_is_flagged_when_either_time_moved_past_its_threshold_from_the_reading_before_it()
    {
        string dir = Folder(Probe);
        try
        {
            var probe = ProbeFile.Load(dir)!;
            probe.Readings.Should().HaveCount(5);
            probe.Change("engine")!.Value.Cpu.Should().BeApproximately(0.04, 1e-12);
            probe.Drifted("engine").Should().BeFalse();
            probe.Change("why-benchmarks-lie")!.Value.Memory.Should().BeApproximately(49.0 / 81, 1e-12, "memory 81 → 130 ns, against engine's reading, the one before it");
            probe.Drifted("why-benchmarks-lie").Should().BeTrue();
            probe.Drifted("enemies-of-measurement").Should().BeFalse("130 → 92 ns is 29.2%, inside the memory point's own noise (up to 44% on a quiet guest)");
            probe.Drifted("coordinated-omission").Should().BeTrue("the CPU loop moved 11.9%");
            probe.Change("hardware-counters").Should().BeNull("the probe has no reading after that post");
            (ProbeFile.CpuThreshold, ProbeFile.MemoryThreshold).Should().Be((0.10, 0.50));
        }
        finally
        {
            Directory.Delete(dir, recursive: true);
        }
    }

    [Fact]
    public void A_run_without_a_probe_has_none() => ProbeFile.Load(Path.GetTempPath() + Guid.NewGuid().ToString("N")).Should().BeNull();

    [Theory]
    [InlineData("label,utc,cpu_ns\nstart,x,1\n", "no column memory_ns")]
    [InlineData("label,utc,cpu_ns,memory_ns\nengine,x,1,2\n", "the first reading must be labelled 'start'")]
    [InlineData("label,utc,cpu_ns,memory_ns\nstart,x,0,2\n", "positive cpu_ns and memory_ns")]
    [InlineData("label,utc,cpu_ns,memory_ns\nstart,x,abc,2\n", "'abc' in column cpu_ns is not a number")]
    public void A_malformed_probe_is_an_error_naming_the_file(string text, string message)
    {
        string dir = Folder(text);
        try
        {
            var act = () => ProbeFile.Load(dir);
            act.Should().Throw<InvalidDataException>().WithMessage($"*{ProbeFile.FileName}*{message}*");
        }
        finally
        {
            Directory.Delete(dir, recursive: true);
        }
    }

    [Fact]
    public void The_report_shows_the_probe_flags_the_posts_rows_and_counts_them_verdicts_unchanged()
    {
        using var plain = RunFixture.Copy("full");
        string before = ClaimsOnFixturesTests.Report(plain);
        using var run = RunFixture.Copy("full");
        File.WriteAllText(run.File(ProbeFile.FileName), Probe);
        string report = ClaimsOnFixturesTests.Report(run);

        report.Should().Contain("- **drift probe** ([probe.csv](probe.csv))");
        string reading = report.Split('\n').First(l => l.StartsWith("| why-benchmarks-lie ", StringComparison.Ordinal));
        reading.Should().Contain("2026-11-25T07:28:00Z").And.Contain("130 ns").And.Contain("60.5%").And.Contain("machine drifted");
        report.Split('\n').First(l => l.StartsWith("| engine ", StringComparison.Ordinal)).Should().Contain(" 4%, 1.25% |").And.NotContain("drifted");
        report.Split('\n').First(l => l.StartsWith("| enemies-of-measurement ", StringComparison.Ordinal)).Should().Contain("29.2%").And.NotContain("drifted");
        var lazy = ClaimsOnFixturesTests.Row(report, "Lazy (sequential keys, one thread)");
        report.Should().Contain("· machine drifted");
        lazy.Verdict.Should().Be(ClaimsOnFixturesTests.Row(before, "Lazy (sequential keys, one thread)").Verdict, "the flag leaves the verdict as it was");
        report.Split('\n').Single(l => l.StartsWith("| Lazy (sequential keys", StringComparison.Ordinal)).Should().Contain("· machine drifted");
        report.Split('\n').Single(l => l.StartsWith("| E1 SumPayloadCold / SumPayloadWarm", StringComparison.Ordinal)).Should().NotContain("machine drifted");
        int post1Rows = PublishedNumbers.LoadDefault().For("why-benchmarks-lie").Claims.Count;
        int post3Rows = PublishedNumbers.LoadDefault().For("coordinated-omission").Claims.Count;
        GlanceCells(report, "Post 1 — Why Benchmarks Lie")[^1].Should().Be(post1Rows.ToString(System.Globalization.CultureInfo.InvariantCulture));
        GlanceCells(report, "all")[^1].Should().Be((post1Rows + post3Rows).ToString(System.Globalization.CultureInfo.InvariantCulture));
    }

    [Fact]
    public void A_run_without_a_probe_says_so_and_flags_nothing()
    {
        using var run = RunFixture.Copy("full");
        string report = ClaimsOnFixturesTests.Report(run);
        report.Should().Contain("- **drift probe**: none in this run (no probe.csv), so no claim can be flagged \"machine drifted\"");
        report.Should().NotContain("· machine drifted");
    }

    [Fact]
    public void An_unusable_probe_is_one_line_in_the_environment_and_flags_nothing()
    {
        using var run = RunFixture.Copy("full");
        File.WriteAllText(run.File(ProbeFile.FileName), "label,utc,cpu_ns,memory_ns\nengine,x,1,2\n");
        string report = ClaimsOnFixturesTests.Report(run);
        report.Should().Contain("- **drift probe**: probe.csv: the first reading must be labelled 'start'");
        report.Should().NotContain("· machine drifted");
    }

    private static string[] GlanceCells(string report, string post)
    {
        string line = report.Split('\n').First(l => l.StartsWith($"| {post} ", StringComparison.Ordinal) && !l.Contains("**", StringComparison.Ordinal));
        return [.. line.Trim().Trim('|').Split('|').Select(c => c.Trim())];
    }
}
