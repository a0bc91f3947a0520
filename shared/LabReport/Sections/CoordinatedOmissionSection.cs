using System.Text.RegularExpressions;
using LabReport.Charts;
using LabReport.RunFiles;

namespace LabReport.Sections;

/// <summary>Post 3: closed vs open loop latency, from the run's HdrHistogram distributions (.hgrm, milliseconds).</summary>
public sealed partial class CoordinatedOmissionSection : PostSection
{
    internal static readonly (string File, string Name)[] Clients =
    [
        ("closed-loop.hgrm", "closed loop"),
        ("closed-loop-corrected.hgrm", "corrected"),
        ("open-loop.hgrm", "open loop"),
        ("concurrent-open-loop.hgrm", "concurrent"),
    ];

    /// <inheritdoc />
    public override string Post => "coordinated-omission";

    /// <inheritdoc />
    protected override IEnumerable<ClaimRow> Claims(SectionContext context)
    {
        // The percentiles depend on the load (rate, pause pattern), not on how long it runs; the pause count does.
        string? load = SettingsDiffer(context, "durationSeconds");
        if (load is not null)
        {
            foreach (var claim in context.Published.Claims)
            {
                yield return Judge.Row(claim, "—", Verdict.NotMeasurableHere, $"this run's load differs from the post's ({load}, configuration.json)");
            }

            yield break;
        }

        var percentiles = new Percentiles(context);
        yield return Percentile(context, "closed-p99", percentiles, "Closed-loop", 0.99);
        yield return Percentile(context, "open-p90", percentiles, "Open-loop", 0.90);
        yield return Percentile(context, "open-p99", percentiles, "Open-loop", 0.99);
        yield return PercentileRatio(context, "p99-jump", percentiles, "Open-loop", "Closed-loop", 0.99);
        yield return PercentileRatio(context, "p50-same", percentiles, "Open-loop", "Closed-loop", 0.50);
        yield return SettingsDiffer(context) is string duration
            ? Judge.Row(context.Published.Claim("pauses"), "—", Verdict.NotMeasurableHere, $"the count depends on the run's length ({duration}, configuration.json)")
            : Pauses(context);
        yield return PercentileRatio(context, "corrected-p99", percentiles, "Corrected", "Closed-loop", 0.99);
    }

    /// <inheritdoc />
    protected override IEnumerable<ChartRef> Charts(SectionContext context) => CoordinatedOmissionCharts.Draw(context);

    // The post's numbers hold for its load (450 req/s for 30 s, a 200 ms pause every 500th request); a smoke or quick
    // run that shortens it measures something else. Null when configuration.json matches or is absent.
    private static string? SettingsDiffer(SectionContext context, string? ignore = null)
    {
        string? path = context.File("configuration.json");
        if (path is null)
        {
            return null;
        }

        try
        {
            using var doc = System.Text.Json.JsonDocument.Parse(File.ReadAllText(path));
            var differ = context.Published.Settings
                .Where(s => s.Key != ignore && doc.RootElement.TryGetProperty(s.Key, out var v) && v.ValueKind == System.Text.Json.JsonValueKind.Number && v.GetDouble() != s.Value)
                .Select(s => $"{s.Key} {doc.RootElement.GetProperty(s.Key).GetDouble():0.###} instead of {s.Value:0.###}")
                .ToList();
            return differ.Count == 0 ? null : string.Join(", ", differ);
        }
        catch (System.Text.Json.JsonException e)
        {
            context.Problem($"{path}: not valid JSON ({e.Message})");
            return null;
        }
    }

    internal static Hgrm? Load(SectionContext context, string file)
    {
        string? path = context.File(file);
        if (path is null)
        {
            return null;
        }

        try
        {
            return Hgrm.Load(path);
        }
        catch (Exception e) when (e is InvalidDataException or IOException or UnauthorizedAccessException)
        {
            context.Problem(e is InvalidDataException ? e.Message : $"{path}: cannot be read ({e.Message})");
            return null;
        }
    }

    private static ClaimRow Percentile(SectionContext context, string id, Percentiles percentiles, string client, double percentile)
    {
        var claim = context.Published.Claim(id);
        if (percentiles.At(client, percentile) is not var (value, source))
        {
            return Judge.Missing(claim, $"{client} p{percentile * 100:0.#}: neither report.md nor the .hgrm file has it");
        }

        return Judge.Value(claim, value, $"{value.ToString("0.##", System.Globalization.CultureInfo.InvariantCulture)} ms ({source}; one run, no interval)");
    }

    private static ClaimRow PercentileRatio(SectionContext context, string id, Percentiles percentiles, string numerator, string denominator, double percentile)
    {
        var claim = context.Published.Claim(id);
        if (percentiles.At(numerator, percentile) is not var (n, _) || percentiles.At(denominator, percentile) is not var (d, source))
        {
            return Judge.Missing(claim, $"{numerator} or {denominator} p{percentile * 100:0.#}: not in the run");
        }

        return Judge.Ratio(claim, RatioEstimate.Point(n / d), $"{Format.Number(n)} / {Format.Number(d)} ms ({source})");
    }

    private static ClaimRow Pauses(SectionContext context)
    {
        var claim = context.Published.Claim("pauses");
        string? report = context.File("report.md");
        if (report is null)
        {
            return Judge.Missing(claim, "report.md is not in the run");
        }

        var match = PausePattern().Match(File.ReadAllText(report));
        return match.Success && Quantity.Number(match.Groups[1].Value) is double pauses
            ? Judge.Value(claim, pauses, $"{pauses:N0} (closed loop, report.md)")
            : Judge.Missing(claim, "report.md has no \"N of them hit a pause\" line");
    }

    /// <summary>
    /// The clients' percentiles: from report.md's "Side by side" table (HdrHistogram's exact values), else from the
    /// .hgrm files, whose percentile ticks only bracket a value (p99 lies between two ticks).
    /// </summary>
    private sealed class Percentiles(SectionContext context)
    {
        private static readonly Dictionary<string, string> HgrmOf = new(StringComparer.Ordinal)
        {
            ["Closed-loop"] = "closed-loop.hgrm",
            ["Corrected"] = "closed-loop-corrected.hgrm",
            ["Open-loop"] = "open-loop.hgrm",
            ["Concurrent"] = "concurrent-open-loop.hgrm",
        };

        private readonly MarkdownTable? _table = SideBySide(context);

        public (double Ms, string Source)? At(string client, double percentile)
        {
            string metric = $"p{(percentile * 100).ToString("0.#", System.Globalization.CultureInfo.InvariantCulture)}";
            var row = _table?.Rows.FirstOrDefault(r => r.Count > 0 && r[0] == metric);
            if (row is not null && Quantity.TimeNs(_table!.Cell(row, client)) is double ns)
            {
                return (ns / 1e6, "report.md");
            }

            return Load(context, HgrmOf[client]) is { } hgrm ? (hgrm.At(percentile), HgrmOf[client]) : null;
        }

        private static MarkdownTable? SideBySide(SectionContext context)
        {
            string? report = context.File("report.md");
            return report is null
                ? null
                : MarkdownTable.ParseAll(File.ReadAllText(report)).FirstOrDefault(t => t.Column("Metric") >= 0 && t.Column("Closed-loop") >= 0 && t.Column("Open-loop") >= 0);
        }
    }

    [GeneratedRegex(@"([\d,]+) of them hit a pause")]
    private static partial Regex PausePattern();
}
