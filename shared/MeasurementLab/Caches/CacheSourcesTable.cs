using System.Text;

namespace MeasurementLab.Caches;

/// <summary>The sources as the <c>caches</c> mode shows them: one row per level, the disagreements flagged, then which source the lab uses and why.</summary>
public static class CacheSourcesTable
{
    /// <summary>The markdown table and the sentence naming the source used.</summary>
    public static string Markdown(CacheSources sources)
    {
        ArgumentNullException.ThrowIfNull(sources);
        var table = new MarkdownTable("level", "sysfs", "CPUID", "measured", "measured latency", "sources within 2×");
        foreach (string level in CacheSizes.LevelNames)
        {
            var claims = sources.Claims(level);
            table.Row(level, Size(claims[0], sources.Sysfs is null), Size(claims[1], sources.Cpuid is null), Size(claims[2], sources.Measured is null),
                Latency(sources.Measured, m => m.LatencyOf(level)),
                claims.Count(c => c is not null) < 2 ? "-" : sources.Disagree(level) ? "**no: disagree >2×**" : "yes");
        }

        table.Row("DRAM", "", "", "", Latency(sources.Measured, m => m.DramNs), "");
        var text = new StringBuilder(table.ToString());
        text.AppendLine();
        text.AppendLine(sources.UsedSentence());
        return text.ToString();
    }

    private static string Size(long? bytes, bool sourceMissing) =>
        sourceMissing ? "n/a" : bytes is { } b ? CacheTopology.FormatBytes(b) : "not detected";

    private static string Latency(MeasuredHierarchy? measured, Func<MeasuredHierarchy, double?> of) =>
        measured is null ? "not measured"
        : of(measured) is { } ns ? DurationFormat.Format(ns, DurationUnit.Nanoseconds, 1)
        : "not detected";
}
