using System.Globalization;

namespace MeasurementLab;

/// <summary>The usual latency percentiles of one recorder.</summary>
public sealed record LatencySummary(long Count, TimeSpan P50, TimeSpan P90, TimeSpan P99, TimeSpan P999, TimeSpan Max)
{
    /// <summary>Rows in display order: label and value (Count excluded).</summary>
    public IReadOnlyList<(string Label, TimeSpan Value)> Percentiles =>
        [("p50", P50), ("p90", P90), ("p99", P99), ("p99.9", P999), ("max", Max)];

    /// <inheritdoc />
    public override string ToString() =>
        string.Create(CultureInfo.InvariantCulture,
            $"count={Count:N0} p50={DurationFormat.Milliseconds(P50)} p90={DurationFormat.Milliseconds(P90)} p99={DurationFormat.Milliseconds(P99)} p99.9={DurationFormat.Milliseconds(P999)} max={DurationFormat.Milliseconds(Max)}");
}
