using System.Globalization;

namespace MeasurementLab;

/// <summary>The usual latency percentiles of one recorder.</summary>
public sealed record LatencySummary(long Count, TimeSpan P50, TimeSpan P90, TimeSpan P99, TimeSpan P999, TimeSpan Max)
{
    /// <summary>Rows in display order: label and value (Count excluded).</summary>
    public IReadOnlyList<(string Label, TimeSpan Value)> Percentiles =>
        [("p50", P50), ("p90", P90), ("p99", P99), ("p99.9", P999), ("max", Max)];

    /// <summary>Formats a latency as milliseconds with two decimals ("200.15 ms").</summary>
    public static string Milliseconds(TimeSpan value) => LatencyRecorder.FormatMilliseconds(value);

    /// <inheritdoc />
    public override string ToString() =>
        string.Create(CultureInfo.InvariantCulture,
            $"count={Count:N0} p50={Milliseconds(P50)} p90={Milliseconds(P90)} p99={Milliseconds(P99)} p99.9={Milliseconds(P999)} max={Milliseconds(Max)}");
}
