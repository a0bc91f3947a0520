using System.Text;
using MeasurementLab;
using LabReport.RunFiles;

namespace LabReport;

/// <summary>The report's "Environment" part: the machine in a few lines, each from the run's environment.md or its posts' files.</summary>
public static class EnvironmentLines
{
    private const string CachesLabel = "caches";

    private static readonly (string Label, string[] Rows)[] Lines =
    [
        ("CPU", ["CPU model (full)", "CPU"]),
        ("machine fingerprint", ["machine fingerprint"]),
        ("logical CPUs / sockets / NUMA", ["logical CPUs / sockets / NUMA nodes"]),
        (CachesLabel, ["caches (per instance)"]),
        ("memory", ["RAM"]),
        ("transparent huge pages", ["transparent huge pages"]),
        ("swap / the kernel's own reclaim", ["swap", "kernel memory reclaim (DAMON)"]),
        ("OS / kernel", ["OS", "kernel"]),
        (".NET runtime", [".NET runtimes"]),
        ("BenchmarkDotNet", ["BenchmarkDotNet"]),
        ("GC mode", ["GC mode"]),
        ("WAL filesystem", ["run directory filesystem"]),
        ("disk: sequential write", [StorageEngine.Benchmarks.Claims.EngineSection.DiskSequentialRow]),
        ("disk: 4 KiB write + fdatasync", [StorageEngine.Benchmarks.Claims.EngineSection.DiskSyncRow]),
        ("hardware counters", ["hardware counters (PMU)"]),
        ("code", ["git commit"]),
    ];

    /// <summary>Appends the environment's lines; <paramref name="link"/> makes a file's link relative to report.md.</summary>
    public static void Write(StringBuilder md, RunFolder run, Func<string, string> link, string? chartWarning)
    {
        ArgumentNullException.ThrowIfNull(md);
        ArgumentNullException.ThrowIfNull(run);
        ArgumentNullException.ThrowIfNull(link);
        foreach (var (label, rows) in Lines)
        {
            var values = rows.Select(r => run.Environment.Row(r)).Where(v => !string.IsNullOrWhiteSpace(v)).ToList();
            string? line = label == CachesLabel ? Caches(run, values.FirstOrDefault())
                : values.Count == 0 ? null
                : rows.Length > 1 && rows[0] == "CPU model (full)" ? values[0] : string.Join(" / ", values);
            if (line is not null)
            {
                md.AppendLine($"- **{label}**: {MarkdownText.Escape(line)}");
            }
        }

        if (run.Environment.StealPercent() is double steal)
        {
            md.AppendLine($"- **CPU steal over the run**: {Format.Number(steal)}% of CPU time (from /proc/stat at the start and the end)");
        }
        else
        {
            md.AppendLine("- **CPU steal over the run**: not recorded (the run has no /proc/stat readings at its start and end)");
        }

        if (chartWarning is not null)
        {
            md.AppendLine($"- **charts**: {chartWarning}");
        }

        md.AppendLine($"- full capture: [environment.md]({link(Path.Combine(run.Path, "environment.md"))}); fingerprint from {run.Environment.FingerprintSource}");
    }

    // The run's one cache hierarchy (what every chart and text of the report reads) and where it comes from; each
    // latency sweep checked against it, and the sources the programs themselves used where that differs.
    private static string? Caches(RunFolder run, string? environmentRow)
    {
        if (run.Caches.Hierarchy is not { } hierarchy)
        {
            return environmentRow is null ? null : $"{environmentRow} (environment.md's sysfs row: no post recorded {RunCaches.FileName})";
        }

        var parts = new List<string>
        {
            $"{hierarchy.Levels} ({hierarchy.Origin}): the one hierarchy this report's charts and texts use " +
            $"(sysfs where recorded, else a latency sweep, CPUID last: on a guest CPUID can describe the host)",
        };
        parts.AddRange(run.Caches.Sweeps());
        parts.AddRange(run.Caches.Posts.Where(p => p.Used is not null && p.Used != hierarchy.Source)
            .Select(p => $"{p.Post}'s programs used {p.Used} sizes ({p.Sources.Best}), and its measured numbers follow those"));
        return string.Join("; ", parts) + ".";
    }
}
